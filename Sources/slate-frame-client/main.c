// slate-frame-client: one window redrawn whole at every frame callback, as a video, a game or a
// browser scrolling draws, for `slate bench`'s compositor cases. It takes the size the compositor
// asks for (at the output's scale), draws N frames paced only by its frame callbacks, and prints
// one line: "frames N fps F median_ms M p99_ms P" — its frames per second and the time from each
// commit to the frame callback that answered it.
//
// With --hold, the window stays (drawing nothing more) until standard input closes, so that what
// the compositor holds for it can be read while it is there.
//
// Usage: slate-frame-client [FRAMES] [SCALE] [--hold]   (WAYLAND_DISPLAY names the compositor)
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

/// The frames whose latency is not counted: the window's first, while the compositor opens it.
enum { WARM_UP = 10 };

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static uint32_t *pixels;
static int width, height, scale = 1, frames = 600, drawn, configured, asked_w, asked_h;
static double *latency;
static double committed_at;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void on_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, wl_compositor_interface.name)) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    else if (!strcmp(iface, wl_shm_interface.name)) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    else if (!strcmp(iface, xdg_wm_base_interface.name)) wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
}
static void on_global_remove(void *data, struct wl_registry *r, uint32_t name) {
    (void)data;
    (void)r;
    (void)name;
}
static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static void on_ping(void *data, struct xdg_wm_base *b, uint32_t serial) {
    (void)data;
    xdg_wm_base_pong(b, serial);
}
static const struct xdg_wm_base_listener wm_listener = {on_ping};

static void on_surface_configure(void *data, struct xdg_surface *s, uint32_t serial) {
    (void)data;
    xdg_surface_ack_configure(s, serial);
    configured = 1;
}
static const struct xdg_surface_listener surface_listener = {on_surface_configure};

static void on_toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {
    (void)data;
    (void)t;
    (void)states;
    if (w > 0 && h > 0) {
        asked_w = w;
        asked_h = h;
    }
}
static void on_toplevel_close(void *data, struct xdg_toplevel *t) {
    (void)data;
    (void)t;
}
static const struct xdg_toplevel_listener toplevel_listener = {on_toplevel_configure, on_toplevel_close};

/// A buffer of the window's size in pixels (its size in points at `scale`), made again when the
/// compositor asks for another size.
static int make_buffer(void) {
    if (buffer) {
        wl_buffer_destroy(buffer);
        munmap(pixels, (size_t)width * (size_t)height * 4);
        buffer = NULL;
    }
    width = (asked_w > 0 ? asked_w : 800) * scale;
    height = (asked_h > 0 ? asked_h : 600) * scale;
    size_t size = (size_t)width * (size_t)height * 4;
    int fd = memfd_create("slate-frame-client", 0);
    if (fd < 0 || ftruncate(fd, (off_t)size) < 0) return -1;
    pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) return -1;
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
    buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return 0;
}

static void draw(void);

static void on_frame(void *data, struct wl_callback *cb, uint32_t time) {
    (void)data;
    (void)time;
    wl_callback_destroy(cb);
    latency[drawn] = now_ms() - committed_at;
    drawn++;
    if (drawn < frames) draw();
}
static const struct wl_callback_listener frame_listener = {on_frame};

/// Every pixel anew (a colour that moves with the frame), all of it damaged, a callback asked for.
static void draw(void) {
    if (asked_w > 0 && (asked_w * scale != width || asked_h * scale != height) && make_buffer() != 0) {
        fprintf(stderr, "slate-frame-client: cannot make a buffer\n");
        exit(1);
    }
    uint32_t colour = 0xff000000u | ((uint32_t)(drawn * 7) & 255u) << 16 | 0x4080u;
    for (long i = 0; i < (long)width * height; i++) pixels[i] = colour;
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage_buffer(surface, 0, 0, width, height);
    struct wl_callback *cb = wl_surface_frame(surface);
    wl_callback_add_listener(cb, &frame_listener, NULL);
    committed_at = now_ms();
    wl_surface_commit(surface);
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc > 1) frames = atoi(argv[1]);
    if (argc > 2) scale = atoi(argv[2]);
    int hold = argc > 3 && !strcmp(argv[3], "--hold");
    if (frames <= WARM_UP || frames > 1000000 || scale < 1 || scale > 4) {
        fprintf(stderr, "usage: slate-frame-client [FRAMES > %d] [SCALE 1-4] [--hold]\n", WARM_UP);
        return 2;
    }
    latency = calloc((size_t)frames, sizeof *latency);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display || !latency) {
        fprintf(stderr, "slate-frame-client: no Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor || !shm || !wm_base) {
        fprintf(stderr, "slate-frame-client: the compositor lacks wl_compositor, wl_shm or xdg_wm_base\n");
        return 1;
    }
    xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &surface_listener, NULL);
    struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
    xdg_toplevel_set_title(top, "Full damage");
    wl_surface_set_buffer_scale(surface, scale);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    if (make_buffer() != 0) {
        fprintf(stderr, "slate-frame-client: cannot make a buffer\n");
        return 1;
    }
    double began = now_ms();
    draw();
    while (drawn < frames && wl_display_dispatch(display) != -1) {
    }
    double ended = now_ms();
    if (drawn < frames) {
        fprintf(stderr, "slate-frame-client: the compositor went after %d frames\n", drawn);
        return 1;
    }
    int counted = frames - WARM_UP;
    qsort(latency + WARM_UP, (size_t)counted, sizeof *latency, compare);
    printf("frames %d fps %.1f median_ms %.3f p99_ms %.3f\n", frames, frames * 1000.0 / (ended - began),
           latency[WARM_UP + counted / 2], latency[WARM_UP + (int)(counted * 0.99)]);
    fflush(stdout);
    // Served (pings answered) until standard input closes.
    while (hold) {
        struct pollfd fds[2] = {{.fd = wl_display_get_fd(display), .events = POLLIN}, {.fd = 0, .events = POLLIN}};
        wl_display_flush(display);
        if (poll(fds, 2, -1) < 0) break;
        if (fds[1].revents) {
            char byte;
            if (read(0, &byte, 1) <= 0) break;
        }
        if (fds[0].revents && wl_display_dispatch(display) == -1) break;
    }
    return 0;
}
