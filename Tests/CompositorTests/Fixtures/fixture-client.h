// What the compositor tests' small Wayland clients share: the globals they bind, the xdg-shell
// listeners every window needs (ping, configure, close) and a buffer of one colour. Header-only:
// each fixture is one C file compiled with the repository's xdg-shell code.
#ifndef SLATE_FIXTURE_CLIENT_H
#define SLATE_FIXTURE_CLIENT_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_subcompositor *subcompositor;
static struct xdg_wm_base *wm_base;
static struct wl_shm *shm;
/// Set once the compositor asked a window to close.
static int closed;
/// The size the compositor last asked a window to take (0 × 0: none yet).
static int asked_w, asked_h;
/// Called with each pixel format wl_shm offers (NULL: not wanted).
static void (*fixture_shm_format)(uint32_t format);

static void fixture_on_shm_format(void *data, struct wl_shm *s, uint32_t format) {
    (void)data;
    (void)s;
    if (fixture_shm_format) fixture_shm_format(format);
}
static const struct wl_shm_listener fixture_shm_listener = {fixture_on_shm_format};

static void fixture_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, wl_compositor_interface.name)) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    if (!strcmp(iface, wl_subcompositor_interface.name))
        subcompositor = wl_registry_bind(r, name, &wl_subcompositor_interface, 1);
    if (!strcmp(iface, xdg_wm_base_interface.name)) wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
    if (!strcmp(iface, wl_shm_interface.name)) {
        shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
        wl_shm_add_listener(shm, &fixture_shm_listener, NULL);
    }
}
static void fixture_global_remove(void *data, struct wl_registry *r, uint32_t name) {
    (void)data;
    (void)r;
    (void)name;
}
static const struct wl_registry_listener fixture_registry_listener = {fixture_global, fixture_global_remove};

static void fixture_ping(void *data, struct xdg_wm_base *b, uint32_t serial) {
    (void)data;
    xdg_wm_base_pong(b, serial);
}
static const struct xdg_wm_base_listener fixture_wm_listener = {fixture_ping};

/// Acknowledges each configure and sets the int `data` points at.
static void fixture_surface_configure(void *data, struct xdg_surface *s, uint32_t serial) {
    xdg_surface_ack_configure(s, serial);
    if (data) *(int *)data = 1;
}
static const struct xdg_surface_listener fixture_surface_listener = {fixture_surface_configure};

static void fixture_toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s) {
    (void)d;
    (void)t;
    (void)s;
    if (w > 0 && h > 0) {
        asked_w = w;
        asked_h = h;
    }
}
static void fixture_toplevel_close(void *d, struct xdg_toplevel *t) {
    (void)d;
    (void)t;
    closed = 1;
}
static const struct xdg_toplevel_listener fixture_toplevel_listener = {
    .configure = fixture_toplevel_configure, .close = fixture_toplevel_close};

/// Connects and binds the globals (and hears wl_shm's formats); NULL when a global is missing.
static inline struct wl_display *fixture_connect(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return NULL;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &fixture_registry_listener, NULL);
    wl_display_roundtrip(display);
    wl_display_roundtrip(display);  // the formats of wl_shm
    if (!compositor || !subcompositor || !wm_base || !shm) return NULL;
    xdg_wm_base_add_listener(wm_base, &fixture_wm_listener, NULL);
    return display;
}

/// A toplevel for `surface` titled `title`; `configured` is set at each configure.
static inline struct xdg_toplevel *fixture_toplevel(struct wl_surface *surface, const char *title, int *configured) {
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &fixture_surface_listener, configured);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &fixture_toplevel_listener, NULL);
    xdg_toplevel_set_title(top, title);
    return top;
}

/// A buffer of `size` bytes of shared memory, its pixels at `*pixels` (munmap them when drawn).
static inline struct wl_buffer *fixture_buffer(int w, int h, int stride, uint32_t format, void **pixels) {
    int size = stride * h;
    int fd = memfd_create("slate-fixture", 0);
    if (fd < 0 || ftruncate(fd, size) < 0) return NULL;
    *pixels = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (*pixels == MAP_FAILED) return NULL;
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, format);
    wl_shm_pool_destroy(pool);
    close(fd);
    return b;
}

/// A buffer of `w` × `h` filled with one premultiplied ARGB colour.
static inline struct wl_buffer *fixture_filled(int w, int h, uint32_t argb) {
    void *pixels = NULL;
    struct wl_buffer *b = fixture_buffer(w, h, w * 4, WL_SHM_FORMAT_ARGB8888, &pixels);
    if (!b) return NULL;
    uint32_t *p = pixels;
    for (int i = 0; i < w * h; i++) p[i] = argb;
    munmap(pixels, (size_t)(w * h * 4));
    return b;
}

#endif
