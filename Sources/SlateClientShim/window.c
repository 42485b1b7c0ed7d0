// The app's windows: xdg toplevels with Slate's scene protocol, their wl_shm buffers (memfd) drawn
// in turn, frame callbacks, titles, menu bars and the field taking text.
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

// ---- Buffers ------------------------------------------------------------------------------------

static void buffer_release(void *data, struct wl_buffer *wl) {
    (void)wl;
    struct buffer *b = data;
    b->busy = 0;
}

static const struct wl_buffer_listener buffer_listener = {.release = buffer_release};

void shim_buffer_free(struct buffer *b) {
    if (b->wl) wl_buffer_destroy(b->wl);
    if (b->data) munmap(b->data, b->size);
    memset(b, 0, sizeof(*b));
}

int shim_buffer_make(slate_client *c, struct buffer *b, int width, int height) {
    shim_buffer_free(b);
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
    // A state the protocol does not name (a newer or broken compositor's) is not passed on.
    if (state > SLATE_CLIENT_SCENE_ACTIVE) return;
    if (w->client->cb.scene_state) w->client->cb.scene_state(w->client->cb.user, w, (slate_client_scene_state)state);
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
    if (action > SLATE_SCENE_ACTION_RESIGN) return;
    if (w->client->cb.text_action) w->client->cb.text_action(w->client->cb.user, w, (slate_scene_action)action);
}

static const struct slate_scene_v1_listener scene_listener = {.state = scene_state,
                                                               .discard = scene_discard,
                                                               .menu_command = scene_menu_command,
                                                               .text_input = scene_text_input,
                                                               .text_action = scene_text_action};

slate_window *slate_window_create(slate_client *c, const char *title, const char *session, slate_client_role role,
                                  slate_client_placement placement,
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
    for (int i = 0; i < BUFFERS; i++) shim_buffer_free(&w->buffers[i]);
    wl_list_remove(&w->link);
    free(w);
    wl_display_flush(c->display);
}

void slate_window_set_title(slate_window *w, const char *title) { xdg_toplevel_set_title(w->toplevel, title); }

void slate_window_set_subtitle(slate_window *w, const char *subtitle) {
    slate_scene_v1_set_subtitle(w->scene, subtitle);
}

void slate_window_bring_forward(slate_window *w, slate_client_placement placement) {
    slate_scene_v1_bring_forward(w->scene, (uint32_t)placement);
}

void slate_window_remove(slate_window *w, slate_client_animation animation) {
    slate_scene_v1_remove(w->scene, (uint32_t)animation);
}

int slate_window_set_text_input(slate_window *w, int enabled, slate_client_keyboard keyboard, slate_client_return_key return_key,
                                slate_client_capitals capitals, uint32_t flags, const char *text_before) {
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
            if (shim_buffer_make(w->client, &w->buffers[i], width, height) != 0) return -1;
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
