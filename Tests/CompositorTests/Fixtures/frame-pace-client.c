// A window redrawn whole at every frame callback, as a video or a game draws: it draws as fast as
// the compositor lets it, paced only by its frame callbacks. Writes "callbacks milliseconds" (the
// callbacks it had so far, and the monotonic time of the last) into the file argv[1] at each
// callback, so the test can count them against the frames the output showed meanwhile.
#include "fixture-client.h"

#include <time.h>

static int configured;
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static int width = 200, height = 150;
static long callbacks;
static const char *report;

/// Writes the count beside the report and renames it over, so a reader never sees it half-written.
static void write_report(void) {
    char partial[4096];
    if (snprintf(partial, sizeof partial, "%s.partial", report) >= (int)sizeof partial) return;
    FILE *f = fopen(partial, "w");
    if (!f) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    fprintf(f, "%ld %ld\n", callbacks, (long)(now.tv_sec * 1000 + now.tv_nsec / 1000000));
    if (fclose(f) == 0) rename(partial, report);
}

static void frame_done(void *data, struct wl_callback *cb, uint32_t time);
static const struct wl_callback_listener frame_listener = {.done = frame_done};

static void draw(void) {
    if (asked_w > 0 && (asked_w != width || asked_h != height)) {
        wl_buffer_destroy(buffer);
        width = asked_w;
        height = asked_h;
        buffer = fixture_filled(width, height, 0xff3060c0);
    }
    struct wl_callback *cb = wl_surface_frame(surface);
    wl_callback_add_listener(cb, &frame_listener, NULL);
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage(surface, 0, 0, width, height);
    wl_surface_commit(surface);
}

static void frame_done(void *data, struct wl_callback *cb, uint32_t time) {
    (void)data;
    (void)time;
    wl_callback_destroy(cb);
    callbacks++;
    write_report();
    draw();
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: frame-pace-client REPORT-FILE\n");
        return 2;
    }
    report = argv[1];
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    surface = wl_compositor_create_surface(compositor);
    fixture_toplevel(surface, "Frame pace", &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    buffer = fixture_filled(width, height, 0xff3060c0);
    if (!buffer) return 1;
    draw();
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    return 0;
}
