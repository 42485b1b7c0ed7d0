// The seat's input for the app's windows: the pointer, touch points and the keyboard (keymaps and
// keysyms through xkbcommon), handed to the app as `slate_pointer_kind` events and keys.
#define _GNU_SOURCE
#include "client_private.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// ---- Input --------------------------------------------------------------------------------------

slate_window *shim_window_of(struct wl_surface *surface) {
    return surface ? wl_surface_get_user_data(surface) : NULL;
}

void shim_emit_pointer(slate_client *c, slate_window *w, slate_pointer_kind kind, int id, double x, double y) {
    if (w && c->cb.pointer) c->cb.pointer(c->cb.user, w, kind, id, x, y);
}

static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface,
                          wl_fixed_t x, wl_fixed_t y) {
    (void)p;
    (void)serial;
    slate_client *c = data;
    c->pointer_window = shim_window_of(surface);
    c->pointer_x = wl_fixed_to_double(x);
    c->pointer_y = wl_fixed_to_double(y);
    shim_emit_pointer(c, c->pointer_window, SLATE_POINTER_MOTION, 0, c->pointer_x, c->pointer_y);
}

static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface) {
    (void)p;
    (void)serial;
    (void)surface;
    slate_client *c = data;
    shim_emit_pointer(c, c->pointer_window, SLATE_POINTER_LEAVE, 0, c->pointer_x, c->pointer_y);
    c->pointer_window = NULL;
}

static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)p;
    (void)time;
    slate_client *c = data;
    c->pointer_x = wl_fixed_to_double(x);
    c->pointer_y = wl_fixed_to_double(y);
    shim_emit_pointer(c, c->pointer_window, SLATE_POINTER_MOTION, 0, c->pointer_x, c->pointer_y);
}

static void pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
                           uint32_t state) {
    (void)p;
    (void)time;
    slate_client *c = data;
    c->serial = serial;
    int down = state == WL_POINTER_BUTTON_STATE_PRESSED;
    if (button == BTN_LEFT) {
        c->button_serial = serial;
        c->button_held = down;
        if (down) c->last_press_touch = 0;
    }
    if (button == BTN_LEFT)
        shim_emit_pointer(c, c->pointer_window, down ? SLATE_POINTER_DOWN : SLATE_POINTER_UP, 0, c->pointer_x,
                     c->pointer_y);
    else if (button == BTN_RIGHT && down)
        shim_emit_pointer(c, c->pointer_window, SLATE_POINTER_SECONDARY, 0, c->pointer_x, c->pointer_y);
}

static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)p;
    (void)time;
    slate_client *c = data;
    double v = wl_fixed_to_double(value);
    double dx = axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL ? v : 0;
    double dy = axis == WL_POINTER_AXIS_VERTICAL_SCROLL ? v : 0;
    shim_emit_pointer(c, c->pointer_window, SLATE_POINTER_AXIS, 0, dx, dy);
}

static void pointer_frame(void *data, struct wl_pointer *p) {
    (void)data;
    (void)p;
}
static void pointer_axis_source(void *data, struct wl_pointer *p, uint32_t source) {
    (void)data;
    (void)p;
    (void)source;
}
static void pointer_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis) {
    (void)data;
    (void)p;
    (void)time;
    (void)axis;
}
static void pointer_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete) {
    (void)data;
    (void)p;
    (void)axis;
    (void)discrete;
}

const struct wl_pointer_listener shim_pointer_listener = {
    .enter = pointer_enter,
    .leave = pointer_leave,
    .motion = pointer_motion,
    .button = pointer_button,
    .axis = pointer_axis,
    .frame = pointer_frame,
    .axis_source = pointer_axis_source,
    .axis_stop = pointer_axis_stop,
    .axis_discrete = pointer_axis_discrete,
};

/// How many touch points are down on the app's windows.
int shim_touches_down(slate_client *c) {
    int n = 0;
    for (int i = 0; i < 16; i++) n += c->touch_windows[i] != NULL;
    return n;
}

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *surface,
                       int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)t;
    (void)time;
    slate_client *c = data;
    c->serial = serial;
    if (id < 0 || id >= 16) return;
    if (shim_touches_down(c) == 0) c->touch_serial = serial;
    c->last_press_touch = 1;
    c->touch_windows[id] = shim_window_of(surface);
    shim_emit_pointer(c, c->touch_windows[id], SLATE_TOUCH_DOWN, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    (void)t;
    (void)serial;
    (void)time;
    slate_client *c = data;
    if (id < 0 || id >= 16) return;
    shim_emit_pointer(c, c->touch_windows[id], SLATE_TOUCH_UP, id, 0, 0);
    c->touch_windows[id] = NULL;
}

static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)t;
    (void)time;
    slate_client *c = data;
    if (id < 0 || id >= 16) return;
    shim_emit_pointer(c, c->touch_windows[id], SLATE_TOUCH_MOTION, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void touch_frame(void *data, struct wl_touch *t) {
    (void)data;
    (void)t;
}

static void touch_cancel(void *data, struct wl_touch *t) {
    (void)t;
    slate_client *c = data;
    for (int i = 0; i < 16; i++) {
        slate_window *w = c->touch_windows[i];
        c->touch_windows[i] = NULL;
        shim_emit_pointer(c, w, SLATE_TOUCH_CANCEL, i, 0, 0);
    }
}

static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {
    (void)data;
    (void)t;
    (void)id;
    (void)major;
    (void)minor;
}

static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {
    (void)data;
    (void)t;
    (void)id;
    (void)orientation;
}

const struct wl_touch_listener shim_touch_listener = {
    .down = touch_down,
    .up = touch_up,
    .motion = touch_motion,
    .frame = touch_frame,
    .cancel = touch_cancel,
    .shape = touch_shape,
    .orientation = touch_orientation,
};

static void keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    (void)k;
    slate_client *c = data;
    if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) {
        close(fd);
        return;
    }
    char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return;
    struct xkb_keymap *keymap =
        xkb_keymap_new_from_string(c->xkb, map, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
    munmap(map, size);
    if (!keymap) {
        fprintf(stderr, "slate: the compositor's keyboard map does not compile; keys are ignored\n");
        return;
    }
    if (c->xkb_state) xkb_state_unref(c->xkb_state);
    if (c->keymap) xkb_keymap_unref(c->keymap);
    c->keymap = keymap;
    c->xkb_state = xkb_state_new(keymap);
}

static void keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *surface,
                           struct wl_array *keys) {
    (void)k;
    (void)keys;
    slate_client *c = data;
    c->serial = serial;
    c->keyboard_window = shim_window_of(surface);
}

static void keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *surface) {
    (void)k;
    (void)serial;
    (void)surface;
    slate_client *c = data;
    c->keyboard_window = NULL;
}

static uint32_t modifiers(slate_client *c) {
    uint32_t m = 0;
    if (!c->xkb_state) return 0;
    if (xkb_state_mod_name_is_active(c->xkb_state, XKB_MOD_NAME_SHIFT, XKB_STATE_MODS_EFFECTIVE) > 0)
        m |= SLATE_MOD_SHIFT;
    if (xkb_state_mod_name_is_active(c->xkb_state, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0) m |= SLATE_MOD_CTRL;
    if (xkb_state_mod_name_is_active(c->xkb_state, XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) > 0) m |= SLATE_MOD_ALT;
    if (xkb_state_mod_name_is_active(c->xkb_state, XKB_MOD_NAME_LOGO, XKB_STATE_MODS_EFFECTIVE) > 0) m |= SLATE_MOD_LOGO;
    return m;
}

static void keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t state) {
    (void)k;
    (void)time;
    slate_client *c = data;
    c->serial = serial;
    if (!c->xkb_state || !c->keyboard_window || !c->cb.key) return;
    xkb_keycode_t code = key + 8;  // evdev to XKB
    xkb_keysym_t sym = xkb_state_key_get_one_sym(c->xkb_state, code);
    char text[64] = "";
    xkb_state_key_get_utf8(c->xkb_state, code, text, sizeof text);
    c->cb.key(c->cb.user, c->keyboard_window, sym, text, state == WL_KEYBOARD_KEY_STATE_PRESSED, modifiers(c));
}

static void keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
                               uint32_t latched, uint32_t locked, uint32_t group) {
    (void)k;
    (void)serial;
    slate_client *c = data;
    if (c->xkb_state) xkb_state_update_mask(c->xkb_state, depressed, latched, locked, 0, 0, group);
}

static void keyboard_repeat(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay) {
    (void)data;
    (void)k;
    (void)rate;
    (void)delay;
}

const struct wl_keyboard_listener shim_keyboard_listener = {
    .keymap = keyboard_keymap,
    .enter = keyboard_enter,
    .leave = keyboard_leave,
    .key = keyboard_key,
    .modifiers = keyboard_modifiers,
    .repeat_info = keyboard_repeat,
};
