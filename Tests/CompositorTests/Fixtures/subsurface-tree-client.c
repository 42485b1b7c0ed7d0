// A window whose content lies in subsurfaces two levels deep, as Firefox's page does: the main
// surface (blue, at the size the compositor asks, else 200 × 150) has a child subsurface (120 × 90 at
// 20, 20, green at half opacity: blue and green blend under it) which has a child of its own (40 × 30
// at 30, 30 of it, red, opaque and saying so with its opaque region). Each of the three asks for a
// frame callback with every commit and commits again when it comes (each desynchronized from its
// parent). The grandchild commits no
// buffer until its first callback came: Firefox draws its page only once its surface was told to.
// Writes "main child grandchild" (the callbacks each had so far) into the file argv[1] as they come.
#include "fixture-client.h"

enum { LEVELS = 3 };
static int sizes[LEVELS][4] = {{0, 0, 200, 150}, {20, 20, 120, 90}, {30, 30, 40, 30}};
/// Premultiplied ARGB: the child's green is at half opacity.
static const uint32_t colours[LEVELS] = {0xff0000ff, 0x80008000, 0xffff0000};

static int configured;
static struct wl_surface *surfaces[LEVELS];
static struct wl_buffer *buffers[LEVELS];
static int callbacks[LEVELS];
static const char *report;

/// Writes the counts beside the report and renames it over, so a reader never sees it half-written.
static void write_report(void) {
    char partial[4096];
    if (snprintf(partial, sizeof partial, "%s.partial", report) >= (int)sizeof partial) return;
    FILE *f = fopen(partial, "w");
    if (!f) return;
    fprintf(f, "%d %d %d\n", callbacks[0], callbacks[1], callbacks[2]);
    if (fclose(f) == 0) rename(partial, report);
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
        buffers[0] = fixture_filled(asked_w, asked_h, colours[0]);
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
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    for (int i = 0; i < LEVELS; i++) {
        surfaces[i] = wl_compositor_create_surface(compositor);
        buffers[i] = fixture_filled(sizes[i][2], sizes[i][3], colours[i]);
        if (!buffers[i]) return 1;
    }
    fixture_toplevel(surfaces[0], "Subsurface tree", &configured);
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
