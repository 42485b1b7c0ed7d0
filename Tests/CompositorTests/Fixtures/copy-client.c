// A screen recorder in small (wlr-screencopy): it binds the screen copier once, at its start, and
// copies the screen each time it gets SIGUSR1 — as a recorder that keeps its binding does — writing
// "bound", then "ready" or "failed" for each copy, a line each, to argv[1].
#include "fixture-client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>

#include "wlr-screencopy-unstable-v1-client-protocol.h"

static struct zwlr_screencopy_manager_v1 *copier;
static struct wl_output *output;
static volatile sig_atomic_t asked;
static FILE *report;
static struct wl_buffer *buffer;

static void say(const char *what) {
    fprintf(report, "%s\n", what);
    fflush(report);
}

static void global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    fixture_global(data, r, name, iface, version);
    if (!strcmp(iface, zwlr_screencopy_manager_v1_interface.name))
        copier = wl_registry_bind(r, name, &zwlr_screencopy_manager_v1_interface, 1);
    if (!strcmp(iface, wl_output_interface.name) && !output) output = wl_registry_bind(r, name, &wl_output_interface, 1);
}
static const struct wl_registry_listener registry_listener = {global, fixture_global_remove};

static void frame_buffer(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format, uint32_t width,
                         uint32_t height, uint32_t stride) {
    (void)data;
    int fd = memfd_create("copy", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)stride * height) != 0) exit(2);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)(stride * height));
    buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)width, (int32_t)height, (int32_t)stride, format);
    wl_shm_pool_destroy(pool);
    close(fd);
    zwlr_screencopy_frame_v1_copy(frame, buffer);
}
static void frame_flags(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t flags) {
    (void)data, (void)frame, (void)flags;
}
static void frame_ready(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t hi, uint32_t lo, uint32_t ns) {
    (void)data, (void)hi, (void)lo, (void)ns;
    say("ready");
    zwlr_screencopy_frame_v1_destroy(frame);
}
static void frame_failed(void *data, struct zwlr_screencopy_frame_v1 *frame) {
    (void)data;
    say("failed");
    zwlr_screencopy_frame_v1_destroy(frame);
}
static const struct zwlr_screencopy_frame_v1_listener frame_listener = {
    .buffer = frame_buffer, .flags = frame_flags, .ready = frame_ready, .failed = frame_failed};

static void on_signal(int sig) {
    (void)sig;
    asked = 1;
}

int main(int argc, char **argv) {
    if (argc < 2 || !(report = fopen(argv[1], "w"))) return 2;
    signal(SIGUSR1, on_signal);
    // (Its starter may have had the signal blocked, which a spawned child inherits.)
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_UNBLOCK, &usr1, NULL);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!copier || !output || !shm) return 1;
    say("bound");
    for (;;) {
        if (asked) {
            asked = 0;
            struct zwlr_screencopy_frame_v1 *frame = zwlr_screencopy_manager_v1_capture_output(copier, 0, output);
            zwlr_screencopy_frame_v1_add_listener(frame, &frame_listener, NULL);
        }
        wl_display_flush(display);
        struct pollfd p = {wl_display_get_fd(display), POLLIN, 0};
        if (poll(&p, 1, 50) > 0 && wl_display_dispatch(display) < 0) return 1;
    }
}
