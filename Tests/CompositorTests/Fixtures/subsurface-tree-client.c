// A window whose content lies in subsurfaces two levels deep, as Firefox's page does: the main
// surface (blue, at the size the compositor asks, else 200 × 150) has a child subsurface (120 × 90 at
// 20, 20, green at half opacity: blue and green blend under it) which has a child of its own (40 × 30
// at 30, 30 of it, red, opaque and saying so with its opaque region). Each of the three asks for a frame callback with every commit
// and commits again when it comes (each desynchronized from its parent). The grandchild commits no
// buffer until its first callback came: Firefox draws its page only once its surface was told to.
// Writes "main child grandchild" (the callbacks each had so far) into the file argv[1] as they come.
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

enum { LEVELS = 3 };
static int sizes[LEVELS][4] = {{0, 0, 200, 150}, {20, 20, 120, 90}, {30, 30, 40, 30}};
/// Premultiplied ARGB: the child's green is at half opacity.
static const uint32_t colours[LEVELS] = {0xff0000ff, 0x80008000, 0xffff0000};
/// The size the compositor asked for (0: none yet), and whether the main buffer has it.
static int asked_w, asked_h;

static struct wl_compositor *compositor;
static struct wl_subcompositor *subcompositor;
static struct xdg_wm_base *wm_base;
static struct wl_shm *shm;
static int configured, closed;
static struct wl_surface *surfaces[LEVELS];
static struct wl_buffer *buffers[LEVELS];
static int callbacks[LEVELS];
static const char *report;

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
    (void)s;
    if (w > 0 && h > 0) {
        asked_w = w;
        asked_h = h;
    }
}
static void toplevel_close(void *d, struct xdg_toplevel *t) {
    (void)d;
    (void)t;
    closed = 1;
}
static const struct xdg_toplevel_listener toplevel_listener = {toplevel_configure, toplevel_close};

static struct wl_buffer *filled(int w, int h, uint32_t argb) {
    int fd = memfd_create("subsurface-tree-client", 0);
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

static void write_report(void) {
    FILE *f = fopen(report, "w");
    if (!f) return;
    fprintf(f, "%d %d %d\n", callbacks[0], callbacks[1], callbacks[2]);
    fclose(f);
}

static void frame_done(void *data, struct wl_callback *cb, uint32_t time);
static const struct wl_callback_listener frame_listener = {.done = frame_done};

/// Asks for the next callback of surface `level` and commits it; with `draw`, its picture again.
static void next_frame(int level, int draw) {
    struct wl_callback *cb = wl_surface_frame(surfaces[level]);
    wl_callback_add_listener(cb, &frame_listener, (void *)(intptr_t)level);
    if (draw) {
        wl_surface_attach(surfaces[level], buffers[level], 0, 0);
        wl_surface_damage(surfaces[level], 0, 0, sizes[level][2], sizes[level][3]);
    }
    wl_surface_commit(surfaces[level]);
}

static void frame_done(void *data, struct wl_callback *cb, uint32_t time) {
    (void)time;
    int level = (int)(intptr_t)data;
    wl_callback_destroy(cb);
    if (level == 0 && asked_w > 0 && (asked_w != sizes[0][2] || asked_h != sizes[0][3])) {
        // The window at the size it was given.
        wl_buffer_destroy(buffers[0]);
        sizes[0][2] = asked_w;
        sizes[0][3] = asked_h;
        buffers[0] = filled(asked_w, asked_h, colours[0]);
    }
    callbacks[level]++;
    write_report();
    next_frame(level, 1);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: subsurface-tree-client REPORT-FILE\n");
        return 2;
    }
    report = argv[1];
    write_report();
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor || !subcompositor || !wm_base || !shm) return 1;
    xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    for (int i = 0; i < LEVELS; i++) {
        surfaces[i] = wl_compositor_create_surface(compositor);
        buffers[i] = filled(sizes[i][2], sizes[i][3], colours[i]);
        if (!buffers[i]) return 1;
    }
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surfaces[0]);
    xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
    xdg_toplevel_set_title(top, "Subsurface tree");
    struct wl_region *opaque = wl_compositor_create_region(compositor);
    wl_region_add(opaque, 0, 0, sizes[2][2], sizes[2][3]);
    wl_surface_set_opaque_region(surfaces[2], opaque);
    wl_region_destroy(opaque);
    for (int i = 1; i < LEVELS; i++) {
        struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, surfaces[i], surfaces[i - 1]);
        wl_subsurface_set_position(sub, sizes[i][0], sizes[i][1]);
        wl_subsurface_set_desync(sub);
    }
    wl_surface_commit(surfaces[0]);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    // The child draws at once; the grandchild waits for its first callback (as Firefox's page does).
    next_frame(2, 0);
    next_frame(1, 1);
    next_frame(0, 1);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    wl_display_disconnect(display);
    return 0;
}
