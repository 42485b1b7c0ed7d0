// A window with a subsurface over it whose main surface then redraws a band of rows across the
// subsurface, frame after frame, damaging only that band: the test that a commit with a subsurface
// showing is copied in part (not whole) and keeps the subsurface over the rows copied.
//   main surface: 240 × 160, blue; each frame rows 40..<120 redrawn (two shades of blue in turn)
//   subsurface:   80 × 60 at (80, 50), red, desynchronized, committed once
// Prints "frames N" once N frames have been shown, then stays until it is closed.
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

enum { W = 240, H = 160, SW = 80, SH = 60, SX = 80, SY = 50, BAND0 = 40, BAND1 = 120, FRAMES = 30 };

static struct wl_compositor *compositor;
static struct wl_subcompositor *subcompositor;
static struct xdg_wm_base *wm_base;
static struct wl_shm *shm;
static int configured, closed, frames;
static struct wl_surface *surface;
static struct wl_buffer *shades[2];

static void global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, wl_compositor_interface.name)) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    if (!strcmp(iface, wl_subcompositor_interface.name))
        subcompositor = wl_registry_bind(r, name, &wl_subcompositor_interface, 1);
    if (!strcmp(iface, xdg_wm_base_interface.name)) wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
    if (!strcmp(iface, wl_shm_interface.name)) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
}
static void global_remove(void *data, struct wl_registry *r, uint32_t name) {
    (void)data;
    (void)r;
    (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

static void ping(void *data, struct xdg_wm_base *b, uint32_t serial) {
    (void)data;
    xdg_wm_base_pong(b, serial);
}
static const struct xdg_wm_base_listener wm_listener = {ping};

static void surface_configure(void *data, struct xdg_surface *s, uint32_t serial) {
    (void)data;
    xdg_surface_ack_configure(s, serial);
    configured = 1;
}
static const struct xdg_surface_listener xdg_surface_listener = {surface_configure};

static void toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s) {
    (void)d;
    (void)t;
    (void)w;
    (void)h;
    (void)s;
}
static void toplevel_close(void *d, struct xdg_toplevel *t) {
    (void)d;
    (void)t;
    closed = 1;
}
static const struct xdg_toplevel_listener toplevel_listener = {toplevel_configure, toplevel_close};

/// A buffer of `w` × `h` filled with `argb`.
static struct wl_buffer *filled(int w, int h, uint32_t argb) {
    int fd = memfd_create("subsurface-client", 0);
    if (fd < 0 || ftruncate(fd, w * h * 4) < 0) return NULL;
    uint32_t *p = mmap(NULL, (size_t)(w * h * 4), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) return NULL;
    for (int i = 0; i < w * h; i++) p[i] = argb;
    munmap(p, (size_t)(w * h * 4));
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, w * h * 4);
    struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, w * 4, WL_SHM_FORMAT_ARGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return b;
}

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
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return 2;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor || !subcompositor || !wm_base || !shm) return 2;
    xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
    xdg_toplevel_set_title(top, "Subsurface");
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) >= 0) {}
    shades[0] = filled(W, H, 0xFF0000FF);
    shades[1] = filled(W, H, 0xFF0000C0);
    struct wl_surface *child = wl_compositor_create_surface(compositor);
    struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, child, surface);
    wl_subsurface_set_position(sub, SX, SY);
    wl_subsurface_set_desync(sub);
    wl_surface_attach(child, filled(SW, SH, 0xFFFF0000), 0, 0);
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
