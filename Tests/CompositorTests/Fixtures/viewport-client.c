// A window drawn through viewports, as a video player scales its frames: the main surface shows a
// 2 × 2 buffer (red, green / blue, white) stretched by wp_viewporter to the window's size, and a
// subsurface shows a single-pixel buffer (opaque yellow, wp_single_pixel_buffer_manager_v1) stretched
// to 120 × 80 at (40, 40). With --present it redraws at every frame callback and asks for presentation
// feedback each time (wp_presentation), writing "presented discarded refresh-ns" into argv[1] as
// feedback comes (refresh-ns: the last presented event's refresh).
#include "fixture-client.h"

#include "presentation-time-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "viewporter-client-protocol.h"

static struct wp_viewporter *viewporter;
static struct wp_single_pixel_buffer_manager_v1 *single_pixel;
static struct wp_presentation *presentation;
static int configured, presented, discarded;
static unsigned refresh_ns;
static const char *report;
static struct wl_surface *surface, *child;
static struct wl_buffer *quads;
static struct wp_viewport *main_viewport;
static int width = 400, height = 300;

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, wp_viewporter_interface.name)) viewporter = wl_registry_bind(r, name, &wp_viewporter_interface, 1);
    if (!strcmp(iface, wp_single_pixel_buffer_manager_v1_interface.name))
        single_pixel = wl_registry_bind(r, name, &wp_single_pixel_buffer_manager_v1_interface, 1);
    if (!strcmp(iface, wp_presentation_interface.name))
        presentation = wl_registry_bind(r, name, &wp_presentation_interface, 1);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

static void write_report(void) {
    char partial[4096];
    if (snprintf(partial, sizeof partial, "%s.partial", report) >= (int)sizeof partial) return;
    FILE *f = fopen(partial, "w");
    if (!f) return;
    fprintf(f, "%d %d %u\n", presented, discarded, refresh_ns);
    if (fclose(f) == 0) rename(partial, report);
}

static void feedback_sync_output(void *d, struct wp_presentation_feedback *f, struct wl_output *o) {
    (void)d;
    (void)f;
    (void)o;
}
static void feedback_presented(void *d, struct wp_presentation_feedback *f, uint32_t tv_sec_hi, uint32_t tv_sec_lo,
                               uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
    (void)d;
    (void)tv_sec_hi;
    (void)tv_sec_lo;
    (void)tv_nsec;
    (void)seq_hi;
    (void)seq_lo;
    (void)flags;
    presented++;
    refresh_ns = refresh;
    wp_presentation_feedback_destroy(f);
    write_report();
}
static void feedback_discarded(void *d, struct wp_presentation_feedback *f) {
    (void)d;
    discarded++;
    wp_presentation_feedback_destroy(f);
    write_report();
}
static const struct wp_presentation_feedback_listener feedback_listener = {feedback_sync_output, feedback_presented,
                                                                           feedback_discarded};

static void frame_done(void *data, struct wl_callback *cb, uint32_t time);
static const struct wl_callback_listener frame_listener = {.done = frame_done};

static void commit_main(int with_feedback) {
    if (asked_w > 0 && (asked_w != width || asked_h != height)) {
        width = asked_w;
        height = asked_h;
    }
    wp_viewport_set_destination(main_viewport, width, height);
    wl_surface_attach(surface, quads, 0, 0);
    wl_surface_damage_buffer(surface, 0, 0, 2, 2);
    if (with_feedback) {
        struct wl_callback *cb = wl_surface_frame(surface);
        wl_callback_add_listener(cb, &frame_listener, NULL);
        struct wp_presentation_feedback *f = wp_presentation_feedback(presentation, surface);
        wp_presentation_feedback_add_listener(f, &feedback_listener, NULL);
    }
    wl_surface_commit(surface);
}

static void frame_done(void *data, struct wl_callback *cb, uint32_t time) {
    (void)data;
    (void)time;
    wl_callback_destroy(cb);
    commit_main(1);
}

int main(int argc, char **argv) {
    int present = argc > 2 && !strcmp(argv[2], "--present");
    if (argc < 2) {
        fprintf(stderr, "usage: viewport-client REPORT-FILE [--present]\n");
        return 2;
    }
    report = argv[1];
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!viewporter || !single_pixel || !presentation) {
        fprintf(stderr, "viewport-client: wp_viewporter, the single-pixel buffer manager or wp_presentation missing\n");
        return 1;
    }
    void *pixels = NULL;
    quads = fixture_buffer(2, 2, 8, WL_SHM_FORMAT_ARGB8888, &pixels);
    if (!quads) return 1;
    uint32_t *p = pixels;
    p[0] = 0xffff0000;
    p[1] = 0xff00ff00;
    p[2] = 0xff0000ff;
    p[3] = 0xffffffff;
    surface = wl_compositor_create_surface(compositor);
    main_viewport = wp_viewporter_get_viewport(viewporter, surface);
    child = wl_compositor_create_surface(compositor);
    struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, child, surface);
    wl_subsurface_set_position(sub, 40, 40);
    wl_subsurface_set_desync(sub);
    struct wp_viewport *child_viewport = wp_viewporter_get_viewport(viewporter, child);
    wp_viewport_set_destination(child_viewport, 120, 80);
    struct wl_buffer *yellow =
        wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(single_pixel, 0xffffffff, 0xffffffff, 0, 0xffffffff);
    wl_surface_attach(child, yellow, 0, 0);
    wl_surface_damage_buffer(child, 0, 0, 1, 1);
    wl_surface_commit(child);
    fixture_toplevel(surface, "Viewports", &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    wl_display_roundtrip(display);
    commit_main(present);
    write_report();
    while (!closed && wl_display_dispatch(display) != -1) {
        // Drawn again at each new size the compositor asks for (with --present, at the next frame).
        if (!present && asked_w > 0 && (asked_w != width || asked_h != height)) commit_main(0);
    }
    return 0;
}
