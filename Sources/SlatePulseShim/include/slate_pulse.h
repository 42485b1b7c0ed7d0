// The default sink's volume and mute through libpulse (PulseAudio, or PipeWire's pipewire-pulse), on
// libpulse's own threaded main loop: what Swift cannot call comfortably (callbacks into C structures,
// the main loop's lock) stays here, behind five calls.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/// Told, on libpulse's thread, what the default sink is now: whether there is one (0: no sound server
/// or no sink), its volume (0…1 of the sink's 100 %, the channels' average) and whether it is muted.
typedef void (*slate_pulse_callback)(void *user, int available, double volume, int muted);

typedef struct slate_pulse slate_pulse;

/// Connects to the sound server at `server` (NULL: libpulse's default, `PULSE_SERVER` or the user's
/// runtime socket), never starting one, and starts following the default sink; `callback` hears
/// every change (and once, unavailable, when there is no server). NULL when libpulse fails to start.
slate_pulse *slate_pulse_start(const char *server, const char *app_name, slate_pulse_callback callback, void *user);

/// Sets the default sink's volume on every channel (0…1 of its 100 %).
void slate_pulse_set_volume(slate_pulse *p, double volume);

/// Mutes or unmutes the default sink.
void slate_pulse_set_mute(slate_pulse *p, int muted);

/// Disconnects and stops libpulse's thread; no callback comes after it returns.
void slate_pulse_stop(slate_pulse *p);

#ifdef __cplusplus
}
#endif
