// One window for each pixel format the compositor's wl_shm offers, each titled with its format's
// code (such as "XR30") and drawn in that format: four quarters, red, green and blue (top-left,
// top-right, bottom-left) and white, opaque. Each pixel is put together here from the format's own
// layout (its DRM fourcc), as a program drawing in that format would. Prints "formats N" on stdout
// once every window is drawn, and a line "unknown CODE" for a format it cannot draw in. With
// `--too-big`, one window titled "Too big" whose buffer is wider than the shell reads (16400 × 2).
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

enum { W = 64, H = 48, MAX_FORMATS = 64 };

/// A packed RGB layout: bits a pixel, and for each of red, green, blue and alpha (or padding, for
/// an X format: drawn as ones, as programs do) its shift and width in the little-endian word.
struct layout {
    uint32_t fourcc;
    int bytes;
    int shift[4], bits[4];
};

#define FOURCC(a, b, c, d) ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

// From the layouts in drm_fourcc.h: "[31:0] A:R:G:B 8:8:8:8 little endian" and so on.
static const struct layout layouts[] = {
    {FOURCC('A', 'R', '2', '4'), 4, {16, 8, 0, 24}, {8, 8, 8, 8}},
    {FOURCC('X', 'R', '2', '4'), 4, {16, 8, 0, 24}, {8, 8, 8, 8}},
    {FOURCC('A', 'B', '2', '4'), 4, {0, 8, 16, 24}, {8, 8, 8, 8}},
    {FOURCC('X', 'B', '2', '4'), 4, {0, 8, 16, 24}, {8, 8, 8, 8}},
    {FOURCC('R', 'A', '2', '4'), 4, {24, 16, 8, 0}, {8, 8, 8, 8}},
    {FOURCC('R', 'X', '2', '4'), 4, {24, 16, 8, 0}, {8, 8, 8, 8}},
    {FOURCC('B', 'A', '2', '4'), 4, {8, 16, 24, 0}, {8, 8, 8, 8}},
    {FOURCC('B', 'X', '2', '4'), 4, {8, 16, 24, 0}, {8, 8, 8, 8}},
    {FOURCC('A', 'R', '3', '0'), 4, {20, 10, 0, 30}, {10, 10, 10, 2}},
    {FOURCC('X', 'R', '3', '0'), 4, {20, 10, 0, 30}, {10, 10, 10, 2}},
    {FOURCC('A', 'B', '3', '0'), 4, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {FOURCC('X', 'B', '3', '0'), 4, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {FOURCC('R', 'G', '1', '6'), 2, {11, 5, 0, 0}, {5, 6, 5, 0}},
    {FOURCC('B', 'G', '1', '6'), 2, {0, 5, 11, 0}, {5, 6, 5, 0}},
    {FOURCC('R', 'G', '2', '4'), 3, {16, 8, 0, 0}, {8, 8, 8, 0}},
    {FOURCC('B', 'G', '2', '4'), 3, {0, 8, 16, 0}, {8, 8, 8, 0}},
};

static struct wl_compositor *compositor;
static struct xdg_wm_base *wm_base;
static struct wl_shm *shm;
static uint32_t formats[MAX_FORMATS];
static int format_count, closed;

/// wl_shm's two formats with numbers of their own, as fourcc codes.
static uint32_t fourcc_of(uint32_t format) {
    if (format == WL_SHM_FORMAT_ARGB8888) return FOURCC('A', 'R', '2', '4');
    if (format == WL_SHM_FORMAT_XRGB8888) return FOURCC('X', 'R', '2', '4');
    return format;
}

static void shm_format(void *data, struct wl_shm *s, uint32_t format) {
    (void)data;
    (void)s;
    if (format_count < MAX_FORMATS) formats[format_count++] = format;
}
static const struct wl_shm_listener shm_listener = {shm_format};

static void global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, wl_compositor_interface.name)) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    if (!strcmp(iface, xdg_wm_base_interface.name)) wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
    if (!strcmp(iface, wl_shm_interface.name)) {
        shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
        wl_shm_add_listener(shm, &shm_listener, NULL);
    }
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

static int configured[MAX_FORMATS];

static void surface_configure(void *data, struct xdg_surface *s, uint32_t serial) {
    xdg_surface_ack_configure(s, serial);
    *(int *)data = 1;
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

/// A channel value of 0 or 1 at `bits` bits.
static uint32_t channel(int on, int bits) { return on ? (bits >= 32 ? 0xffffffffu : (1u << bits) - 1) : 0; }

/// A buffer of the format `f`, `W` × `H` pixels, drawn with the four quarters.
static struct wl_buffer *drawn(const struct layout *f, uint32_t wl_format, int W, int H) {
    int stride = (W * f->bytes + 3) / 4 * 4;
    int size = stride * H;
    int fd = memfd_create("formats-client", 0);
    if (fd < 0 || ftruncate(fd, size) < 0) return NULL;
    uint8_t *p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) return NULL;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            int right = x >= W / 2, bottom = y >= H / 2;
            int r = (!right && !bottom) || (right && bottom);
            int g = (right && !bottom) || (right && bottom);
            int b = (!right && bottom) || (right && bottom);
            int rgba[4] = {r, g, b, 1};
            uint32_t v = 0;
            for (int c = 0; c < 4; c++) v |= channel(rgba[c], f->bits[c]) << f->shift[c];
            for (int k = 0; k < f->bytes; k++) p[y * stride + x * f->bytes + k] = (uint8_t)(v >> (8 * k));
        }
    }
    munmap(p, (size_t)size);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, W, H, stride, wl_format);
    wl_shm_pool_destroy(pool);
    close(fd);
    return buffer;
}

int main(int argc, char **argv) {
    int too_big = argc > 1 && !strcmp(argv[1], "--too-big");
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    wl_display_roundtrip(display);  // the shm formats
    if (!compositor || !wm_base || !shm) return 1;
    xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    struct wl_surface *surfaces[MAX_FORMATS];
    int shown = 0;
    for (int i = 0; i < format_count && !(too_big && shown == 1); i++) {
        uint32_t code = fourcc_of(formats[i]);
        const struct layout *f = NULL;
        for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++)
            if (layouts[k].fourcc == code) f = &layouts[k];
        char name[5] = {(char)code, (char)(code >> 8), (char)(code >> 16), (char)(code >> 24), 0};
        if (!f) {
            printf("unknown %s\n", name);
            continue;
        }
        struct wl_surface *s = wl_compositor_create_surface(compositor);
        struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, s);
        xdg_surface_add_listener(xs, &xdg_surface_listener, &configured[shown]);
        struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
        xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
        xdg_toplevel_set_title(top, too_big ? "Too big" : name);
        wl_surface_commit(s);
        while (!configured[shown] && wl_display_dispatch(display) != -1) {
        }
        struct wl_buffer *b = too_big ? drawn(f, formats[i], 16400, 2) : drawn(f, formats[i], W, H);
        if (!b) return 1;
        wl_surface_attach(s, b, 0, 0);
        wl_surface_damage(s, 0, 0, W, H);
        wl_surface_commit(s);
        surfaces[shown++] = s;
    }
    wl_display_roundtrip(display);
    printf("formats %d\n", shown);
    fflush(stdout);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    (void)surfaces;
    wl_display_disconnect(display);
    return 0;
}
