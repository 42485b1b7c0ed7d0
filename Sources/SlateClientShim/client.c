// A Slate app's side of Wayland: the connection, its globals (the compositor, shm, xdg-shell, the
// seat, the output, Slate's scene manager), dispatching, and the seat's devices coming and going.
// It draws nothing itself: the app hands it finished pictures. The rest, one concern a file:
// `window.c` (buffers, toplevels with the scene protocol, pictures), `input.c` (pointer, touch,
// keyboard through xkbcommon), `data.c` (the clipboard and drag and drop).
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

// The header's enums are the scene protocol's values, named for Swift: the same numbers on the wire.
_Static_assert((int)SLATE_CLIENT_ROLE_AUXILIARY == (int)SLATE_SCENE_MANAGER_V1_ROLE_AUXILIARY, "role");
_Static_assert((int)SLATE_CLIENT_PLACEMENT_RIGHT == (int)SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT, "placement");
_Static_assert((int)SLATE_CLIENT_PLACEMENT_BESIDE == (int)SLATE_SCENE_MANAGER_V1_PLACEMENT_BESIDE, "placement");
_Static_assert((int)SLATE_CLIENT_SCENE_ACTIVE == (int)SLATE_SCENE_V1_STATE_ACTIVE, "state");
_Static_assert((int)SLATE_CLIENT_ANIMATION_DECLINE == (int)SLATE_SCENE_V1_ANIMATION_DECLINE, "animation");
_Static_assert((int)SLATE_CLIENT_KEYBOARD_NUMBERS_AND_PUNCTUATION == (int)SLATE_SCENE_V1_KEYBOARD_NUMBERS_AND_PUNCTUATION,
               "keyboard");
_Static_assert((int)SLATE_CLIENT_RETURN_KEY_JOIN == (int)SLATE_SCENE_V1_RETURN_KEY_JOIN, "return key");
_Static_assert((int)SLATE_CLIENT_CAPITALS_ALL == (int)SLATE_SCENE_V1_CAPITALS_ALL, "capitals");
_Static_assert((int)SLATE_SCENE_ACTION_RESIGN == (int)SLATE_SCENE_V1_TEXT_ACTION_RESIGN, "text action");


static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    slate_client *c = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !c->pointer) {
        c->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(c->pointer, &shim_pointer_listener, c);
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !c->touch) {
        c->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(c->touch, &shim_touch_listener, c);
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !c->keyboard) {
        c->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(c->keyboard, &shim_keyboard_listener, c);
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
    // A role the protocol does not name is taken as primary (the protocol's rule for an app).
    slate_client_role named = role == SLATE_CLIENT_ROLE_AUXILIARY ? SLATE_CLIENT_ROLE_AUXILIARY : SLATE_CLIENT_ROLE_PRIMARY;
    if (c->cb.connect) c->cb.connect(c->cb.user, session, named, payload);
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
        c->scenes = wl_registry_bind(r, name, &slate_scene_manager_v1_interface, version < 4 ? version : 4);
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
        wl_data_device_add_listener(c->data_device, &shim_device_listener, c);
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
    shim_offer_free(c->selection);
    shim_offer_free(c->drop_offer);
    if (c->source) wl_data_source_destroy(c->source);
    free(c->source_text);
    if (c->drag) wl_data_source_destroy(c->drag);
    if (c->drag_icon) wl_surface_destroy(c->drag_icon);
    shim_buffer_free(&c->drag_icon_buffer);
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
    enum { most = 16 };
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

void slate_client_open_activity(slate_client *c, const char *activity_type, const char *payload,
                                slate_client_placement placement) {
    slate_scene_manager_v1_open_activity(c->scenes, activity_type, payload, (uint32_t)placement);
    wl_display_flush(c->display);
}

int slate_client_change_search(slate_client *c, const void *json, size_t size) {
    if (!c->scenes || wl_proxy_get_version((struct wl_proxy *)c->scenes) < SLATE_SCENE_MANAGER_V1_CHANGE_SEARCH_SINCE_VERSION)
        return -1;
    if (size > UINT32_MAX) return -1;
    int fd = memfd_create("slate-search-change", MFD_CLOEXEC);
    if (fd < 0) return -1;
    const char *bytes = json;
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(fd, bytes + written, size - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(fd);
            return -1;
        }
        written += (size_t)n;
    }
    // libwayland sends a copy of the descriptor: this one goes.
    slate_scene_manager_v1_change_search(c->scenes, fd, (uint32_t)size);
    close(fd);
    wl_display_flush(c->display);
    return 0;
}
