// A window with a subsurface over it whose main surface then redraws a band of rows across the
// subsurface, frame after frame, damaging only that band: the test that a commit with a subsurface
// showing is copied in part (not whole) and keeps the subsurface over the rows copied.
//   main surface: 240 × 160, blue; each frame rows 40..<120 redrawn (two shades of blue in turn)
//   subsurface:   80 × 60 at (80, 50), red, desynchronized, committed once
// Prints "frames N" once N frames have been shown, then stays until it is closed.
#include "fixture-client.h"

enum { W = 240, H = 160, SW = 80, SH = 60, SX = 80, SY = 50, BAND0 = 40, BAND1 = 120, FRAMES = 30 };

static int configured, frames;
static struct wl_surface *surface;
static struct wl_buffer *shades[2];

static void frame_done(void *data, struct wl_callback *cb, uint32_t time);
static const struct wl_callback_listener frame_listener = {frame_done};

/// Redraws the band: the other shade's buffer, with only the band's rows damaged.
static void redraw(void) {
    wl_surface_attach(surface, shades[frames % 2], 0, 0);
    wl_surface_damage_buffer(surface, 0, BAND0, W, BAND1 - BAND0);
    struct wl_callback *cb = wl_surface_frame(surface);
    wl_callback_add_listener(cb, &frame_listener, NULL);
    wl_surface_commit(surface);
}

static void frame_done(void *data, struct wl_callback *cb, uint32_t time) {
    (void)data;
    (void)time;
    wl_callback_destroy(cb);
    frames++;
    if (frames == FRAMES) {
        printf("frames %d\n", frames);
        fflush(stdout);
    }
    if (frames < FRAMES) redraw();
}

int main(void) {
    struct wl_display *display = fixture_connect();
    if (!display) return 2;
    surface = wl_compositor_create_surface(compositor);
    fixture_toplevel(surface, "Subsurface", &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) >= 0) {}
    shades[0] = fixture_filled(W, H, 0xFF0000FF);
    shades[1] = fixture_filled(W, H, 0xFF0000C0);
    struct wl_surface *child = wl_compositor_create_surface(compositor);
    struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, child, surface);
    wl_subsurface_set_position(sub, SX, SY);
    wl_subsurface_set_desync(sub);
    wl_surface_attach(child, fixture_filled(SW, SH, 0xFFFF0000), 0, 0);
    wl_surface_damage_buffer(child, 0, 0, SW, SH);
    wl_surface_commit(child);
    // The first picture whole, then the band frame after frame.
    wl_surface_attach(surface, shades[1], 0, 0);
    wl_surface_damage_buffer(surface, 0, 0, W, H);
    wl_surface_commit(surface);
    redraw();
    while (!closed && wl_display_dispatch(display) >= 0) {}
    return 0;
}
