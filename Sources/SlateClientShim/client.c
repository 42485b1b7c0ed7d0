// A Slate app's side of Wayland: the connection, xdg-shell toplevels with Slate's scene protocol,
// wl_shm buffers (memfd), frame callbacks, and the seat (pointer, touch, keyboard via xkbcommon).
// It draws nothing itself: the app hands it finished pictures.
#define _GNU_SOURCE
#include "slate_client.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "slate-scene-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

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

// ---- Buffers ------------------------------------------------------------------------------------

static void buffer_release(void *data, struct wl_buffer *wl) {
    (void)wl;
    struct buffer *b = data;
    b->busy = 0;
}

static const struct wl_buffer_listener buffer_listener = {.release = buffer_release};

static void buffer_free(struct buffer *b) {
    if (b->wl) wl_buffer_destroy(b->wl);
    if (b->data) munmap(b->data, b->size);
    memset(b, 0, sizeof(*b));
}

static int buffer_make(slate_client *c, struct buffer *b, int width, int height) {
    buffer_free(b);
    size_t stride = (size_t)width * 4;
    size_t size = stride * (size_t)height;
    int fd = memfd_create("slate-buffer", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) < 0) {
        close(fd);
        return -1;
    }
    void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) {
        close(fd);
        return -1;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(c->shm, fd, (int32_t)size);
    b->wl = wl_shm_pool_create_buffer(pool, 0, width, height, (int32_t)stride, WL_SHM_FORMAT_ARGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    wl_buffer_add_listener(b->wl, &buffer_listener, b);
    b->data = data;
    b->size = size;
    b->width = width;
    b->height = height;
    b->stale0 = 0;
    b->stale1 = height;
    return 0;
}

// ---- Windows ------------------------------------------------------------------------------------

static void xdg_surface_configure(void *data, struct xdg_surface *xdg, uint32_t serial) {
    slate_window *w = data;
    xdg_surface_ack_configure(xdg, serial);
    w->configured = 1;
    if (w->client->cb.configure)
        w->client->cb.configure(w->client->cb.user, w, w->pending_width, w->pending_height, w->pending_activated);
}

static const struct xdg_surface_listener xdg_surface_listener = {.configure = xdg_surface_configure};

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t width, int32_t height,
                               struct wl_array *states) {
    (void)t;
    slate_window *w = data;
    w->pending_width = width;
    w->pending_height = height;
    w->pending_activated = 0;
    uint32_t *state;
    wl_array_for_each(state, states) {
        if (*state == XDG_TOPLEVEL_STATE_ACTIVATED) w->pending_activated = 1;
    }
}

static void toplevel_close(void *data, struct xdg_toplevel *t) {
    (void)t;
    slate_window *w = data;
    if (w->client->cb.close) w->client->cb.close(w->client->cb.user, w);
}

static const struct xdg_toplevel_listener toplevel_listener = {
    .configure = toplevel_configure,
    .close = toplevel_close,
};

static void scene_state(void *data, struct slate_scene_v1 *scene, uint32_t state) {
    (void)scene;
    slate_window *w = data;
    if (w->client->cb.scene_state) w->client->cb.scene_state(w->client->cb.user, w, (int)state);
}

static void scene_discard(void *data, struct slate_scene_v1 *scene) {
    (void)scene;
    slate_window *w = data;
    if (w->client->cb.scene_discard) w->client->cb.scene_discard(w->client->cb.user, w);
}

static void scene_menu_command(void *data, struct slate_scene_v1 *scene, const char *path) {
    (void)scene;
    slate_window *w = data;
    if (w->client->cb.menu_command) w->client->cb.menu_command(w->client->cb.user, w, path);
}

static void scene_text_input(void *data, struct slate_scene_v1 *scene, uint32_t delete_before, const char *commit,
                             const char *preedit) {
    (void)scene;
    slate_window *w = data;
    if (w->client->cb.text_input) w->client->cb.text_input(w->client->cb.user, w, delete_before, commit, preedit);
}

static void scene_text_action(void *data, struct slate_scene_v1 *scene, uint32_t action) {
    (void)scene;
    slate_window *w = data;
    if (w->client->cb.text_action) w->client->cb.text_action(w->client->cb.user, w, (int)action);
}

static const struct slate_scene_v1_listener scene_listener = {.state = scene_state,
                                                               .discard = scene_discard,
                                                               .menu_command = scene_menu_command,
                                                               .text_input = scene_text_input,
                                                               .text_action = scene_text_action};

slate_window *slate_window_create(slate_client *c, const char *title, const char *session, int role, int placement,
                                  const char *beside) {
    slate_window *w = calloc(1, sizeof(*w));
    if (!w) return NULL;
    w->client = c;
    w->surface = wl_compositor_create_surface(c->compositor);
    wl_surface_set_user_data(w->surface, w);
    w->xdg = xdg_wm_base_get_xdg_surface(c->wm_base, w->surface);
    xdg_surface_add_listener(w->xdg, &xdg_surface_listener, w);
    w->toplevel = xdg_surface_get_toplevel(w->xdg);
    xdg_toplevel_add_listener(w->toplevel, &toplevel_listener, w);
    xdg_toplevel_set_title(w->toplevel, title);
    w->scene = slate_scene_manager_v1_get_scene(c->scenes, w->toplevel, session, (uint32_t)role, (uint32_t)placement,
                                                beside ? beside : "");
    slate_scene_v1_add_listener(w->scene, &scene_listener, w);
    wl_surface_commit(w->surface);
    wl_list_insert(c->windows.prev, &w->link);
    return w;
}

void slate_window_destroy(slate_window *w) {
    if (!w) return;
    slate_client *c = w->client;
    if (c->pointer_window == w) c->pointer_window = NULL;
    if (c->keyboard_window == w) c->keyboard_window = NULL;
    for (int i = 0; i < 16; i++)
        if (c->touch_windows[i] == w) c->touch_windows[i] = NULL;
    if (w->frame) wl_callback_destroy(w->frame);
    slate_scene_v1_destroy(w->scene);
    xdg_toplevel_destroy(w->toplevel);
    xdg_surface_destroy(w->xdg);
    wl_surface_destroy(w->surface);
    for (int i = 0; i < BUFFERS; i++) buffer_free(&w->buffers[i]);
    wl_list_remove(&w->link);
    free(w);
    wl_display_flush(c->display);
}

void slate_window_set_title(slate_window *w, const char *title) { xdg_toplevel_set_title(w->toplevel, title); }

void slate_window_set_subtitle(slate_window *w, const char *subtitle) {
    slate_scene_v1_set_subtitle(w->scene, subtitle);
}

void slate_window_bring_forward(slate_window *w, int placement) {
    slate_scene_v1_bring_forward(w->scene, (uint32_t)placement);
}

void slate_window_remove(slate_window *w, int animation) { slate_scene_v1_remove(w->scene, (uint32_t)animation); }

int slate_window_set_text_input(slate_window *w, int enabled, int keyboard, int return_key, int capitals,
                                uint32_t flags, const char *text_before) {
    if (slate_scene_v1_get_version(w->scene) < SLATE_SCENE_V1_SET_TEXT_INPUT_SINCE_VERSION) return -1;
    // The end of the text, at most 1 KiB, cut on a UTF-8 character's boundary.
    const char *t = text_before ? text_before : "";
    size_t n = strlen(t);
    if (n > 1024) {
        t += n - 1024;
        while (((unsigned char)*t & 0xC0) == 0x80) t++;
    }
    slate_scene_v1_set_text_input(w->scene, enabled ? 1 : 0, (uint32_t)keyboard, (uint32_t)return_key,
                                  (uint32_t)capitals, flags, t);
    return 0;
}

int slate_window_set_menu_bar(slate_window *w, const char *json) {
    if (slate_scene_v1_get_version(w->scene) < SLATE_SCENE_V1_SET_MENU_BAR_PART_SINCE_VERSION) return -1;
    // In pieces a message holds (4 KiB with its header), cut on UTF-8 character boundaries.
    enum { PIECE = 3072 };
    size_t n = strlen(json), at = 0;
    char piece[PIECE + 1];
    while (at < n) {
        size_t k = n - at < PIECE ? n - at : PIECE;
        while (k > 0 && at + k < n && ((unsigned char)json[at + k] & 0xC0) == 0x80) k--;
        if (k == 0) k = n - at < PIECE ? n - at : PIECE;
        memcpy(piece, json + at, k);
        piece[k] = 0;
        slate_scene_v1_set_menu_bar_part(w->scene, piece);
        at += k;
    }
    slate_scene_v1_commit_menu_bar(w->scene);
    wl_display_flush(w->client->display);
    return 0;
}

int slate_window_is_configured(slate_window *w) { return w->configured; }

static void frame_done(void *data, struct wl_callback *cb, uint32_t time) {
    (void)time;
    slate_window *w = data;
    wl_callback_destroy(cb);
    w->frame = NULL;
    if (w->client->cb.frame) w->client->cb.frame(w->client->cb.user, w);
}

static const struct wl_callback_listener frame_listener = {.done = frame_done};

int slate_window_present(slate_window *w, const uint8_t *pixels, int width, int height, int stride, int scale, int dx,
                         int dy, int dw, int dh) {
    if (!w->configured || w->frame || width <= 0 || height <= 0) return -1;
    struct buffer *b = NULL;
    for (int i = 0; i < BUFFERS && !b; i++)
        if (!w->buffers[i].busy && w->buffers[i].width == width && w->buffers[i].height == height) b = &w->buffers[i];
    for (int i = 0; i < BUFFERS && !b; i++)
        if (!w->buffers[i].busy) {
            if (buffer_make(w->client, &w->buffers[i], width, height) != 0) return -1;
            b = &w->buffers[i];
        }
    if (!b) return -1;
    // The rows that changed go into the buffer: this picture's damage, and what changed while the
    // other buffer was shown (the buffer holds the picture it last showed). Only the damage is
    // damaged, so the compositor copies no more than that. (A whole picture at 2× is 22 MB.)
    int r0 = dw > 0 && dh > 0 ? dy : 0, r1 = dw > 0 && dh > 0 ? dy + dh : height;
    if (r0 < 0) r0 = 0;
    if (r1 > height) r1 = height;
    int c0 = r0, c1 = r1;
    if (b->stale1 > b->stale0) {
        if (b->stale0 < c0) c0 = b->stale0;
        if (b->stale1 > c1) c1 = b->stale1;
        if (c1 > height) c1 = height;
    }
    for (int y = c0; y < c1; y++)
        memcpy(b->data + (size_t)y * (size_t)width * 4, pixels + (size_t)y * (size_t)stride, (size_t)width * 4);
    b->stale0 = b->stale1 = 0;
    for (int i = 0; i < BUFFERS; i++) {
        struct buffer *o = &w->buffers[i];
        if (o == b || !o->wl) continue;
        if (o->stale1 <= o->stale0) {
            o->stale0 = r0;
            o->stale1 = r1;
        } else {
            if (r0 < o->stale0) o->stale0 = r0;
            if (r1 > o->stale1) o->stale1 = r1;
        }
    }
    b->busy = 1;
    wl_surface_set_buffer_scale(w->surface, scale > 0 ? scale : 1);
    wl_surface_attach(w->surface, b->wl, 0, 0);
    if (dw > 0 && dh > 0)
        wl_surface_damage_buffer(w->surface, dx, dy, dw, dh);
    else
        wl_surface_damage_buffer(w->surface, 0, 0, width, height);
    w->frame = wl_surface_frame(w->surface);
    wl_callback_add_listener(w->frame, &frame_listener, w);
    wl_surface_commit(w->surface);
    wl_display_flush(w->client->display);
    return 0;
}

// ---- Input --------------------------------------------------------------------------------------

static slate_window *window_of(struct wl_surface *surface) {
    return surface ? wl_surface_get_user_data(surface) : NULL;
}

static void emit_pointer(slate_client *c, slate_window *w, int kind, int id, double x, double y) {
    if (w && c->cb.pointer) c->cb.pointer(c->cb.user, w, kind, id, x, y);
}

static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface,
                          wl_fixed_t x, wl_fixed_t y) {
    (void)p;
    (void)serial;
    slate_client *c = data;
    c->pointer_window = window_of(surface);
    c->pointer_x = wl_fixed_to_double(x);
    c->pointer_y = wl_fixed_to_double(y);
    emit_pointer(c, c->pointer_window, SLATE_POINTER_MOTION, 0, c->pointer_x, c->pointer_y);
}

static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface) {
    (void)p;
    (void)serial;
    (void)surface;
    slate_client *c = data;
    emit_pointer(c, c->pointer_window, SLATE_POINTER_LEAVE, 0, c->pointer_x, c->pointer_y);
    c->pointer_window = NULL;
}

static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)p;
    (void)time;
    slate_client *c = data;
    c->pointer_x = wl_fixed_to_double(x);
    c->pointer_y = wl_fixed_to_double(y);
    emit_pointer(c, c->pointer_window, SLATE_POINTER_MOTION, 0, c->pointer_x, c->pointer_y);
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
        emit_pointer(c, c->pointer_window, down ? SLATE_POINTER_DOWN : SLATE_POINTER_UP, 0, c->pointer_x,
                     c->pointer_y);
    else if (button == BTN_RIGHT && down)
        emit_pointer(c, c->pointer_window, SLATE_POINTER_SECONDARY, 0, c->pointer_x, c->pointer_y);
}

static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)p;
    (void)time;
    slate_client *c = data;
    double v = wl_fixed_to_double(value);
    double dx = axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL ? v : 0;
    double dy = axis == WL_POINTER_AXIS_VERTICAL_SCROLL ? v : 0;
    emit_pointer(c, c->pointer_window, SLATE_POINTER_AXIS, 0, dx, dy);
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

static const struct wl_pointer_listener pointer_listener = {
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
static int touches_down(slate_client *c) {
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
    if (touches_down(c) == 0) c->touch_serial = serial;
    c->last_press_touch = 1;
    c->touch_windows[id] = window_of(surface);
    emit_pointer(c, c->touch_windows[id], SLATE_TOUCH_DOWN, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    (void)t;
    (void)serial;
    (void)time;
    slate_client *c = data;
    if (id < 0 || id >= 16) return;
    emit_pointer(c, c->touch_windows[id], SLATE_TOUCH_UP, id, 0, 0);
    c->touch_windows[id] = NULL;
}

static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)t;
    (void)time;
    slate_client *c = data;
    if (id < 0 || id >= 16) return;
    emit_pointer(c, c->touch_windows[id], SLATE_TOUCH_MOTION, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
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
        emit_pointer(c, w, SLATE_TOUCH_CANCEL, i, 0, 0);
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

static const struct wl_touch_listener touch_listener = {
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
    c->keyboard_window = window_of(surface);
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

static const struct wl_keyboard_listener keyboard_listener = {
    .keymap = keyboard_keymap,
    .enter = keyboard_enter,
    .leave = keyboard_leave,
    .key = keyboard_key,
    .modifiers = keyboard_modifiers,
    .repeat_info = keyboard_repeat,
};

// ---- The clipboard ------------------------------------------------------------------------------

/// The text types a selection may come in, best first.
static const char *const text_types[] = {"text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"};
enum { TEXT_TYPES = sizeof text_types / sizeof text_types[0] };

/// What an offer offers: its MIME types, and its best text type (an index into `text_types` + 1).
struct offer_info {
    intptr_t best;
    int count;
    char *mimes[32];
};

static void offer_offer(void *data, struct wl_data_offer *offer, const char *mime) {
    (void)offer;
    struct offer_info *info = data;
    for (int i = 0; i < TEXT_TYPES; i++)
        if (strcmp(mime, text_types[i]) == 0 && (info->best == 0 || i + 1 < info->best)) info->best = i + 1;
    if (info->count < (int)(sizeof info->mimes / sizeof *info->mimes)) info->mimes[info->count++] = strdup(mime);
}

static void offer_source_actions(void *data, struct wl_data_offer *offer, uint32_t actions) {
    (void)data, (void)offer, (void)actions;
}

static void offer_action(void *data, struct wl_data_offer *offer, uint32_t action) {
    (void)data, (void)offer, (void)action;
}

static const struct wl_data_offer_listener offer_listener = {
    .offer = offer_offer,
    .source_actions = offer_source_actions,
    .action = offer_action,
};

static void offer_free(struct wl_data_offer *offer) {
    if (!offer) return;
    struct offer_info *info = wl_data_offer_get_user_data(offer);
    if (info)
        for (int i = 0; i < info->count; i++) free(info->mimes[i]);
    free(info);
    wl_data_offer_destroy(offer);
}

static void device_data_offer(void *data, struct wl_data_device *d, struct wl_data_offer *offer) {
    (void)data;
    (void)d;
    struct offer_info *info = calloc(1, sizeof *info);
    wl_data_offer_add_listener(offer, &offer_listener, info);
}

static void device_enter(void *data, struct wl_data_device *d, uint32_t serial, struct wl_surface *s, wl_fixed_t x,
                         wl_fixed_t y, struct wl_data_offer *offer) {
    (void)d;
    slate_client *c = data;
    offer_free(c->drop_offer);
    c->drop_offer = offer;
    c->drop_serial = serial;
    c->drop_window = window_of(s);
    if (!offer || !c->drop_window || !c->cb.drop) return;
    struct offer_info *info = wl_data_offer_get_user_data(offer);
    c->cb.drop(c->cb.user, c->drop_window, SLATE_DROP_ENTER, wl_fixed_to_double(x), wl_fixed_to_double(y),
               (const char *const *)info->mimes, info->count, c->drag != NULL);
}

static void device_leave(void *data, struct wl_data_device *d) {
    (void)d;
    slate_client *c = data;
    slate_window *w = c->drop_window;
    offer_free(c->drop_offer);
    c->drop_offer = NULL;
    c->drop_window = NULL;
    if (w && c->cb.drop) c->cb.drop(c->cb.user, w, SLATE_DROP_LEAVE, 0, 0, NULL, 0, c->drag != NULL);
}

static void device_motion(void *data, struct wl_data_device *d, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)d, (void)time;
    slate_client *c = data;
    if (c->drop_window && c->drop_offer && c->cb.drop)
        c->cb.drop(c->cb.user, c->drop_window, SLATE_DROP_MOTION, wl_fixed_to_double(x), wl_fixed_to_double(y), NULL,
                   0, c->drag != NULL);
}

static void device_drop(void *data, struct wl_data_device *d) {
    (void)d;
    slate_client *c = data;
    if (c->drop_window && c->drop_offer && c->cb.drop)
        c->cb.drop(c->cb.user, c->drop_window, SLATE_DROP_DROP, 0, 0, NULL, 0, c->drag != NULL);
    // The offer is finished (or refused) by the owner during the drop; what is left goes now.
    offer_free(c->drop_offer);
    c->drop_offer = NULL;
    c->drop_window = NULL;
}

void slate_client_drop_accept(slate_client *c, const char *mime, int action) {
    if (!c->drop_offer) return;
    wl_data_offer_accept(c->drop_offer, c->drop_serial, mime);
    if (wl_data_offer_get_version(c->drop_offer) >= 3) {
        uint32_t a = action == 2   ? WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE
                     : action == 1 ? WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY
                                   : WL_DATA_DEVICE_MANAGER_DND_ACTION_NONE;
        wl_data_offer_set_actions(c->drop_offer, a ? WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY |
                                                         WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE
                                                   : WL_DATA_DEVICE_MANAGER_DND_ACTION_NONE,
                                  a);
    }
}

int slate_client_drop_receive(slate_client *c, const char *mime) {
    if (!c->drop_offer || !mime) return -1;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    wl_data_offer_receive(c->drop_offer, mime, fds[1]);
    close(fds[1]);
    wl_display_flush(c->display);
    return fds[0];
}

void slate_client_drop_finish(slate_client *c) {
    if (c->drop_offer && wl_data_offer_get_version(c->drop_offer) >= 3) wl_data_offer_finish(c->drop_offer);
    wl_display_flush(c->display);
}

static void device_selection(void *data, struct wl_data_device *d, struct wl_data_offer *offer) {
    (void)d;
    slate_client *c = data;
    offer_free(c->selection);
    c->selection = offer;
    c->selection_mime = NULL;
    if (offer) {
        intptr_t *best = wl_data_offer_get_user_data(offer);
        if (best && *best > 0) c->selection_mime = text_types[*best - 1];
    }
}

static const struct wl_data_device_listener device_listener = {
    .data_offer = device_data_offer,
    .enter = device_enter,
    .leave = device_leave,
    .motion = device_motion,
    .drop = device_drop,
    .selection = device_selection,
};

static void source_target(void *data, struct wl_data_source *s, const char *mime) { (void)data, (void)s, (void)mime; }

static void source_send(void *data, struct wl_data_source *s, const char *mime, int32_t fd) {
    (void)s;
    (void)mime;
    slate_client *c = data;
    // Written whole, blocking: the reader asked for it and reads until the end.
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    const char *p = c->source_text ? c->source_text : "";
    size_t left = strlen(p);
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        p += n;
        left -= (size_t)n;
    }
    close(fd);
}

static void source_cancelled(void *data, struct wl_data_source *s) {
    slate_client *c = data;
    if (c->source == s) {
        c->source = NULL;
        free(c->source_text);
        c->source_text = NULL;
    }
    wl_data_source_destroy(s);
}

static void source_dnd_drop_performed(void *data, struct wl_data_source *s) { (void)data, (void)s; }
static void source_dnd_finished(void *data, struct wl_data_source *s) { (void)data, (void)s; }
static void source_action(void *data, struct wl_data_source *s, uint32_t a) { (void)data, (void)s, (void)a; }

static const struct wl_data_source_listener source_listener = {
    .target = source_target,
    .send = source_send,
    .cancelled = source_cancelled,
    .dnd_drop_performed = source_dnd_drop_performed,
    .dnd_finished = source_dnd_finished,
    .action = source_action,
};

// ---- Drags -----------------------------------------------------------------------------------------

static void drag_target(void *data, struct wl_data_source *s, const char *mime) { (void)data, (void)s, (void)mime; }

static void drag_send(void *data, struct wl_data_source *s, const char *mime, int32_t fd) {
    (void)s;
    slate_client *c = data;
    // Written whole, blocking: the reader asked for it and reads until the end.
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (c->cb.drag_send) {
        c->cb.drag_send(c->cb.user, mime, fd);
    } else {
        close(fd);
    }
}

static void drag_end(slate_client *c, struct wl_data_source *s, int dropped) {
    if (c->drag != s) {
        wl_data_source_destroy(s);
        return;
    }
    c->drag = NULL;
    // The press the drag started from was released into the drag: the compositor's drag took its
    // release (a finger's up too, which never comes here: that finger is taken away).
    c->button_held = 0;
    if (c->drag_touch >= 0 && c->drag_touch < 16) {
        slate_window *w = c->touch_windows[c->drag_touch];
        c->touch_windows[c->drag_touch] = NULL;
        emit_pointer(c, w, SLATE_TOUCH_CANCEL, c->drag_touch, 0, 0);
    }
    c->drag_touch = -1;
    wl_data_source_destroy(s);
    if (c->drag_icon) {
        wl_surface_destroy(c->drag_icon);
        c->drag_icon = NULL;
    }
    buffer_free(&c->drag_icon_buffer);
    if (c->cb.drag_ended) c->cb.drag_ended(c->cb.user, dropped);
}

static void drag_cancelled(void *data, struct wl_data_source *s) { drag_end(data, s, 0); }
static void drag_dropped(void *data, struct wl_data_source *s) { (void)data, (void)s; }
static void drag_finished(void *data, struct wl_data_source *s) { drag_end(data, s, 1); }
static void drag_action(void *data, struct wl_data_source *s, uint32_t a) { (void)data, (void)s, (void)a; }

static const struct wl_data_source_listener drag_listener = {
    .target = drag_target,
    .send = drag_send,
    .cancelled = drag_cancelled,
    .dnd_drop_performed = drag_dropped,
    .dnd_finished = drag_finished,
    .action = drag_action,
};

int slate_client_start_drag(slate_client *c, slate_window *origin, const char *const *mimes, int count,
                            const uint8_t *icon, int width, int height, int stride, int scale, int hot_x, int hot_y) {
    if (!c->data_device || !origin || c->drag) return -1;
    // The press held: the finger's when the last press was a finger's and it is the only one down
    // (on `origin`), else the pointer's button.
    int touch = -1;
    if (c->last_press_touch && touches_down(c) == 1) {
        for (int i = 0; i < 16; i++)
            if (c->touch_windows[i]) touch = i;
        if (touch >= 0 && c->touch_windows[touch] != origin) touch = -1;
    }
    if (touch < 0 && !c->button_held) return -1;
    uint32_t serial = touch >= 0 ? c->touch_serial : c->button_serial;
    c->drag_touch = touch;
    struct wl_data_source *s = wl_data_device_manager_create_data_source(c->data_manager);
    for (int i = 0; i < count; i++) wl_data_source_offer(s, mimes[i]);
    if (wl_data_source_get_version(s) >= 3)
        wl_data_source_set_actions(s, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE);
    wl_data_source_add_listener(s, &drag_listener, c);
    c->drag = s;
    struct wl_surface *surface = NULL;
    if (icon && width > 0 && height > 0 && buffer_make(c, &c->drag_icon_buffer, width, height) == 0) {
        for (int y = 0; y < height; y++)
            memcpy((uint8_t *)c->drag_icon_buffer.data + (size_t)y * (size_t)width * 4, icon + (size_t)y * (size_t)stride,
                   (size_t)width * 4);
        surface = wl_compositor_create_surface(c->compositor);
        c->drag_icon = surface;
    }
    wl_data_device_start_drag(c->data_device, s, origin->surface, surface, serial);
    if (surface) {
        int k = scale > 0 ? scale : 1;
        wl_surface_set_buffer_scale(surface, k);
        wl_surface_attach(surface, c->drag_icon_buffer.wl, -hot_x / k, -hot_y / k);
        wl_surface_damage(surface, 0, 0, width, height);
        wl_surface_commit(surface);
    }
    wl_display_flush(c->display);
    return 0;
}

int slate_client_set_selection(slate_client *c, const char *text) {
    if (!c->data_device || !c->serial) return -1;
    struct wl_data_source *s = wl_data_device_manager_create_data_source(c->data_manager);
    for (int i = 0; i < TEXT_TYPES; i++) wl_data_source_offer(s, text_types[i]);
    wl_data_source_add_listener(s, &source_listener, c);
    char *copy = strdup(text ? text : "");
    if (c->source) {
        wl_data_source_destroy(c->source);
        free(c->source_text);
    }
    c->source = s;
    c->source_text = copy;
    wl_data_device_set_selection(c->data_device, s, c->serial);
    wl_display_flush(c->display);
    return 0;
}

/// The most a pasted text may be, in bytes (a bigger one is cut there).
enum { SELECTION_MAX = 16 * 1024 * 1024 };

char *slate_client_get_selection(slate_client *c, int timeout_ms) {
    if (c->source) return strdup(c->source_text ? c->source_text : "");
    if (!c->selection || !c->selection_mime) return NULL;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return NULL;
    wl_data_offer_receive(c->selection, c->selection_mime, fds[1]);
    close(fds[1]);
    wl_display_flush(c->display);
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        struct pollfd pfd = {.fd = fds[0], .events = POLLIN};
        int n = poll(&pfd, 1, timeout_ms);
        if (n <= 0) break;  // the holder did not send in time: what came so far
        if (len + 4096 + 1 > cap) {
            if (cap >= SELECTION_MAX) break;
            cap *= 2;
            char *grown = realloc(buf, cap);
            if (!grown) break;
            buf = grown;
        }
        ssize_t r = read(fds[0], buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        len += (size_t)r;
    }
    close(fds[0]);
    buf[len] = 0;
    return buf;
}

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    slate_client *c = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !c->pointer) {
        c->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(c->pointer, &pointer_listener, c);
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !c->touch) {
        c->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(c->touch, &touch_listener, c);
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !c->keyboard) {
        c->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(c->keyboard, &keyboard_listener, c);
    }
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
    (void)data;
    (void)seat;
    (void)name;
}

static const struct wl_seat_listener seat_listener = {.capabilities = seat_capabilities, .name = seat_name};

// ---- The connection -----------------------------------------------------------------------------

static void wm_base_ping(void *data, struct xdg_wm_base *base, uint32_t serial) {
    (void)data;
    xdg_wm_base_pong(base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = wm_base_ping};

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {
    (void)data, (void)o, (void)x, (void)y, (void)pw, (void)ph, (void)subpixel, (void)make, (void)model,
        (void)transform;
}
static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh) {
    (void)data, (void)o, (void)flags, (void)w, (void)h, (void)refresh;
}
static void output_done(void *data, struct wl_output *o) { (void)data, (void)o; }
static void output_scale(void *data, struct wl_output *o, int32_t factor) {
    (void)o;
    slate_client *c = data;
    c->scale = factor > 0 ? factor : 1;
}

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry,
    .mode = output_mode,
    .done = output_done,
    .scale = output_scale,
};

static void manager_ready(void *data, struct slate_scene_manager_v1 *m) {
    (void)m;
    slate_client *c = data;
    if (c->cb.ready) c->cb.ready(c->cb.user);
}

static void manager_connect(void *data, struct slate_scene_manager_v1 *m, const char *session, uint32_t role,
                            const char *payload) {
    (void)m;
    slate_client *c = data;
    if (c->cb.connect) c->cb.connect(c->cb.user, session, (int)role, payload);
}

static const struct slate_scene_manager_v1_listener manager_listener = {
    .ready = manager_ready,
    .connect = manager_connect,
};

static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *interface,
                            uint32_t version) {
    slate_client *c = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0) {
        c->compositor = wl_registry_bind(r, name, &wl_compositor_interface, version < 4 ? version : 4);
    } else if (strcmp(interface, wl_shm_interface.name) == 0) {
        c->shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
        c->wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(c->wm_base, &wm_base_listener, c);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !c->seat) {
        c->seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
        wl_seat_add_listener(c->seat, &seat_listener, c);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && !c->output && version >= 2) {
        c->output = wl_registry_bind(r, name, &wl_output_interface, 2);
        wl_output_add_listener(c->output, &output_listener, c);
    } else if (strcmp(interface, wl_data_device_manager_interface.name) == 0) {
        c->data_manager = wl_registry_bind(r, name, &wl_data_device_manager_interface, version < 3 ? version : 3);
    } else if (strcmp(interface, slate_scene_manager_v1_interface.name) == 0) {
        c->scenes = wl_registry_bind(r, name, &slate_scene_manager_v1_interface, version < 3 ? version : 3);
        slate_scene_manager_v1_add_listener(c->scenes, &manager_listener, c);
    }
}

static void registry_global_remove(void *data, struct wl_registry *r, uint32_t name) {
    (void)data;
    (void)r;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {
    .global = registry_global,
    .global_remove = registry_global_remove,
};

slate_client *slate_client_connect(const char *app_id, const slate_client_callbacks *cb, char *err, size_t err_len) {
    return slate_client_connect_to(NULL, app_id, cb, err, err_len);
}

slate_client *slate_client_connect_to(const char *display, const char *app_id, const slate_client_callbacks *cb,
                                      char *err, size_t err_len) {
    slate_client *c = calloc(1, sizeof(*c));
    if (!c) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    c->cb = *cb;
    c->scale = 1;
    c->drag_touch = -1;
    wl_list_init(&c->windows);
    c->display = wl_display_connect(display);
    if (!c->display) {
        const char *name = display ? display : getenv("WAYLAND_DISPLAY");
        snprintf(err, err_len, "no Wayland compositor at %s", name && *name ? name : "wayland-0 ($WAYLAND_DISPLAY unset)");
        free(c);
        return NULL;
    }
    c->xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    c->registry = wl_display_get_registry(c->display);
    wl_registry_add_listener(c->registry, &registry_listener, c);
    // The globals, then what they say at once (the output's scale, the seat's capabilities).
    if (wl_display_roundtrip(c->display) < 0 || wl_display_roundtrip(c->display) < 0) {
        snprintf(err, err_len, "the Wayland compositor closed the connection");
        slate_client_destroy(c);
        return NULL;
    }
    const char *missing = !c->compositor ? "wl_compositor"
                          : !c->shm      ? "wl_shm"
                          : !c->wm_base  ? "xdg_wm_base"
                          : !c->scenes   ? "slate_scene_manager_v1 (Slate's scene protocol: is it Slate's shell?)"
                                         : NULL;
    if (missing) {
        snprintf(err, err_len, "the Wayland compositor offers no %s", missing);
        slate_client_destroy(c);
        return NULL;
    }
    if (c->data_manager && c->seat) {
        c->data_device = wl_data_device_manager_get_data_device(c->data_manager, c->seat);
        wl_data_device_add_listener(c->data_device, &device_listener, c);
    }
    slate_scene_manager_v1_announce(c->scenes, app_id);
    if (wl_display_roundtrip(c->display) < 0) {
        snprintf(err, err_len, "the shell refused the app %s", app_id);
        slate_client_destroy(c);
        return NULL;
    }
    return c;
}

void slate_client_destroy(slate_client *c) {
    if (!c) return;
    slate_window *w, *tmp;
    wl_list_for_each_safe(w, tmp, &c->windows, link) slate_window_destroy(w);
    offer_free(c->selection);
    offer_free(c->drop_offer);
    if (c->source) wl_data_source_destroy(c->source);
    free(c->source_text);
    if (c->drag) wl_data_source_destroy(c->drag);
    if (c->drag_icon) wl_surface_destroy(c->drag_icon);
    buffer_free(&c->drag_icon_buffer);
    if (c->xkb_state) xkb_state_unref(c->xkb_state);
    if (c->keymap) xkb_keymap_unref(c->keymap);
    if (c->xkb) xkb_context_unref(c->xkb);
    // Every proxy goes before the display: libwayland frees none left at disconnect.
    if (c->data_device) wl_data_device_destroy(c->data_device);
    if (c->data_manager) wl_data_device_manager_destroy(c->data_manager);
    if (c->pointer) wl_pointer_destroy(c->pointer);
    if (c->keyboard) wl_keyboard_destroy(c->keyboard);
    if (c->touch) wl_touch_destroy(c->touch);
    if (c->seat) wl_seat_destroy(c->seat);
    if (c->output) wl_output_destroy(c->output);
    if (c->scenes) slate_scene_manager_v1_destroy(c->scenes);
    if (c->wm_base) xdg_wm_base_destroy(c->wm_base);
    if (c->shm) wl_shm_destroy(c->shm);
    if (c->compositor) wl_compositor_destroy(c->compositor);
    if (c->registry) wl_registry_destroy(c->registry);
    wl_display_disconnect(c->display);
    free(c);
}

int slate_client_fd(slate_client *c) { return wl_display_get_fd(c->display); }

int slate_client_scale(slate_client *c) { return c->scale; }

int slate_client_dispatch(slate_client *c, int timeout_ms) {
    int ready = 0;
    return slate_client_dispatch_watching(c, timeout_ms, NULL, 0, &ready);
}

int slate_client_dispatch_watching(slate_client *c, int timeout_ms, const int *fds, int count, int *ready) {
    *ready = 0;
    if (c->failed) return -1;
    // The usual read dance: pending events first, then the socket when it has something.
    while (wl_display_prepare_read(c->display) != 0) {
        if (wl_display_dispatch_pending(c->display) < 0) goto gone;
    }
    if (wl_display_flush(c->display) < 0 && errno != EAGAIN) {
        wl_display_cancel_read(c->display);
        goto gone;
    }
    enum { most = 8 };
    if (count > most - 1) count = most - 1;
    struct pollfd pfds[most] = {{.fd = wl_display_get_fd(c->display), .events = POLLIN}};
    for (int i = 0; i < count; i++) pfds[i + 1] = (struct pollfd){.fd = fds[i], .events = POLLIN};
    int n = poll(pfds, (nfds_t)count + 1, timeout_ms);
    for (int i = 0; n > 0 && i < count; i++) {
        if (pfds[i + 1].revents) *ready = 1;
    }
    if (n > 0 && (pfds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
        if (wl_display_read_events(c->display) < 0) goto gone;
    } else {
        wl_display_cancel_read(c->display);
    }
    if (wl_display_dispatch_pending(c->display) < 0) goto gone;
    wl_display_flush(c->display);
    return 0;
gone:
    c->failed = 1;
    return -1;
}

void slate_client_open_activity(slate_client *c, const char *activity_type, const char *payload, int placement) {
    slate_scene_manager_v1_open_activity(c->scenes, activity_type, payload, (uint32_t)placement);
    wl_display_flush(c->display);
}
