// What the client shim's files share: the connection's and windows' state, and the few functions
// and listeners one concern's file lends another. Not part of the shim's face (`slate_client.h`).
#ifndef SLATE_CLIENT_PRIVATE_H
#define SLATE_CLIENT_PRIVATE_H

#include "slate_client.h"

#include <stdint.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "slate-scene-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define SHIM_HIDDEN __attribute__((visibility("hidden")))

/// Buffers a window draws into in turn (one shown, one drawn).
enum { BUFFERS = 2 };

struct buffer {
    struct wl_buffer *wl;
    uint8_t *data;
    size_t size;
    int width, height;
    int busy;
    /// Rows `stale0 ..< stale1` changed in the window's picture since this buffer was last written
    /// (the other buffer took them): they are copied into it with the next picture's damage.
    int stale0, stale1;
};

struct slate_window {
    slate_client *client;
    struct wl_surface *surface;
    struct xdg_surface *xdg;
    struct xdg_toplevel *toplevel;
    struct slate_scene_v1 *scene;
    struct wl_callback *frame;
    struct buffer buffers[BUFFERS];
    int configured;
    int pending_width, pending_height, pending_activated;
    struct wl_list link;
};

struct slate_client {
    slate_client_callbacks cb;
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct wl_output *output;
    struct slate_scene_manager_v1 *scenes;
    struct wl_data_device_manager *data_manager;
    struct wl_data_device *data_device;
    /// The selection offered by another program (NULL: none), and whether it has text.
    struct wl_data_offer *selection;
    const char *selection_mime;
    /// Our own selection, while we hold it.
    struct wl_data_source *source;
    char *source_text;
    /// The serial of the last input event (a selection must name one).
    uint32_t serial;
    /// The serial of the pointer's last press, and whether it is still held (a drag starts from it).
    uint32_t button_serial;
    int button_held;
    /// The serial of the first finger's down (the compositor lets a drag start from it while that
    /// finger is the only one down), and whether the last press was a finger's rather than the
    /// pointer's.
    uint32_t touch_serial;
    int last_press_touch;
    /// The touch point a drag under way started from (-1: none, or the pointer's).
    int drag_touch;
    /// A drag over one of the app's windows (another program's or the app's own): its offer, the
    /// serial of its enter, and the window.
    struct wl_data_offer *drop_offer;
    uint32_t drop_serial;
    slate_window *drop_window;
    /// The app's drag under way (NULL: none), and its icon's surface and buffer.
    struct wl_data_source *drag;
    struct wl_surface *drag_icon;
    struct buffer drag_icon_buffer;
    struct wl_pointer *pointer;
    struct wl_touch *touch;
    struct wl_keyboard *keyboard;
    struct xkb_context *xkb;
    struct xkb_keymap *keymap;
    struct xkb_state *xkb_state;
    int scale;
    int failed;
    struct wl_list windows;
    slate_window *pointer_window, *keyboard_window;
    double pointer_x, pointer_y;
    /// The window each touch point went down on (wl_touch ids are small).
    slate_window *touch_windows[16];
};

// ---- Lent between the files ---------------------------------------------------------------------

/// `window.c`: a buffer of `width` × `height` pixels in shared memory (0, or -1 when it cannot be
/// made), and one let go.
SHIM_HIDDEN int shim_buffer_make(slate_client *c, struct buffer *b, int width, int height);
SHIM_HIDDEN void shim_buffer_free(struct buffer *b);

/// `input.c`: the window a surface shows (NULL: not one of the app's), an input event handed to
/// the app, how many fingers are down, and the seat's devices' listeners.
SHIM_HIDDEN slate_window *shim_window_of(struct wl_surface *surface);
SHIM_HIDDEN void shim_emit_pointer(slate_client *c, slate_window *w, slate_pointer_kind kind, int id, double x,
                                   double y);
SHIM_HIDDEN int shim_touches_down(slate_client *c);
SHIM_HIDDEN extern const struct wl_pointer_listener shim_pointer_listener;
SHIM_HIDDEN extern const struct wl_touch_listener shim_touch_listener;
SHIM_HIDDEN extern const struct wl_keyboard_listener shim_keyboard_listener;

/// `data.c`: an offer let go, and the data device's listener (the clipboard and drops).
SHIM_HIDDEN void shim_offer_free(struct wl_data_offer *offer);
SHIM_HIDDEN extern const struct wl_data_device_listener shim_device_listener;

#endif
