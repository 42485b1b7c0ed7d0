// Data between programs: the clipboard (the Wayland selection, as text) and drag and drop, the
// app's own drags and other programs' drops on its windows.
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

void shim_offer_free(struct wl_data_offer *offer) {
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
    shim_offer_free(c->drop_offer);
    c->drop_offer = offer;
    c->drop_serial = serial;
    c->drop_window = shim_window_of(s);
    if (!offer || !c->drop_window || !c->cb.drop) return;
    struct offer_info *info = wl_data_offer_get_user_data(offer);
    c->cb.drop(c->cb.user, c->drop_window, SLATE_DROP_ENTER, wl_fixed_to_double(x), wl_fixed_to_double(y),
               (const char *const *)info->mimes, info->count, c->drag != NULL);
}

static void device_leave(void *data, struct wl_data_device *d) {
    (void)d;
    slate_client *c = data;
    slate_window *w = c->drop_window;
    shim_offer_free(c->drop_offer);
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
    shim_offer_free(c->drop_offer);
    c->drop_offer = NULL;
    c->drop_window = NULL;
}

void slate_client_drop_accept(slate_client *c, const char *mime, slate_drop_action action) {
    if (!c->drop_offer) return;
    wl_data_offer_accept(c->drop_offer, c->drop_serial, mime);
    if (wl_data_offer_get_version(c->drop_offer) >= 3) {
        uint32_t a = action == SLATE_DROP_ACTION_MOVE   ? WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE
                     : action == SLATE_DROP_ACTION_COPY ? WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY
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
    shim_offer_free(c->selection);
    c->selection = offer;
    c->selection_mime = NULL;
    if (offer) {
        intptr_t *best = wl_data_offer_get_user_data(offer);
        if (best && *best > 0) c->selection_mime = text_types[*best - 1];
    }
}

const struct wl_data_device_listener shim_device_listener = {
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
        shim_emit_pointer(c, w, SLATE_TOUCH_CANCEL, c->drag_touch, 0, 0);
    }
    c->drag_touch = -1;
    wl_data_source_destroy(s);
    if (c->drag_icon) {
        wl_surface_destroy(c->drag_icon);
        c->drag_icon = NULL;
    }
    shim_buffer_free(&c->drag_icon_buffer);
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
    if (c->last_press_touch && shim_touches_down(c) == 1) {
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
    if (icon && width > 0 && height > 0 && shim_buffer_make(c, &c->drag_icon_buffer, width, height) == 0) {
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
