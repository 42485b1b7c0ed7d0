// A window a pen writes in, as a drawing program's: it binds the tablet protocol (zwp_tablet_v2)
// and titles itself with what the pen did last, once a frame of the tool's events:
//   "Pen ready"                              a tablet and a tool were announced
//   "Pen down 0.50 30,-20 at 100,80"         the tip is down: pressure, tilt (degrees), place
//   "Pen out after N"                        up and out of reach, after N frames with the tip down
// With --no-tablet it binds no tablet protocol and reads touches instead ("Pen touch at X,Y"), as a
// program that does not read pens.
#include "fixture-client.h"

#include <stdlib.h>

#include "tablet-unstable-v2-client-protocol.h"

static struct zwp_tablet_manager_v2 *tablets;
static struct wl_seat *seat;
static struct wl_surface *surface;
static struct xdg_toplevel *toplevel;
static int configured, tools, tip_down, down_frames;
static double pressure, tilt_x, tilt_y, x, y;
static int proximity;

static void retitle(const char *title) {
    xdg_toplevel_set_title(toplevel, title);
    wl_surface_commit(surface);
}

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data, (void)version;
    if (!strcmp(iface, zwp_tablet_manager_v2_interface.name))
        tablets = wl_registry_bind(r, name, &zwp_tablet_manager_v2_interface, 1);
    if (!strcmp(iface, wl_seat_interface.name)) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

// The tool's events; a frame ends each group.
static void tool_type(void *d, struct zwp_tablet_tool_v2 *t, uint32_t type) { (void)d, (void)t, (void)type; }
static void tool_serial(void *d, struct zwp_tablet_tool_v2 *t, uint32_t hi, uint32_t lo) {
    (void)d, (void)t, (void)hi, (void)lo;
}
static void tool_wacom(void *d, struct zwp_tablet_tool_v2 *t, uint32_t hi, uint32_t lo) {
    (void)d, (void)t, (void)hi, (void)lo;
}
static void tool_capability(void *d, struct zwp_tablet_tool_v2 *t, uint32_t c) { (void)d, (void)t, (void)c; }
static void tool_done(void *d, struct zwp_tablet_tool_v2 *t) {
    (void)d, (void)t;
    tools++;
    retitle("Pen ready");
}
static void tool_removed(void *d, struct zwp_tablet_tool_v2 *t) { (void)d, (void)t; }
static void tool_proximity_in(void *d, struct zwp_tablet_tool_v2 *t, uint32_t serial, struct zwp_tablet_v2 *tablet,
                              struct wl_surface *s) {
    (void)d, (void)t, (void)serial, (void)tablet, (void)s;
    proximity = 1;
    down_frames = 0;
}
static void tool_proximity_out(void *d, struct zwp_tablet_tool_v2 *t) {
    (void)d, (void)t;
    proximity = 0;
}
static void tool_down(void *d, struct zwp_tablet_tool_v2 *t, uint32_t serial) {
    (void)d, (void)t, (void)serial;
    tip_down = 1;
}
static void tool_up(void *d, struct zwp_tablet_tool_v2 *t) {
    (void)d, (void)t;
    tip_down = 0;
}
static void tool_motion(void *d, struct zwp_tablet_tool_v2 *t, wl_fixed_t fx, wl_fixed_t fy) {
    (void)d, (void)t;
    x = wl_fixed_to_double(fx), y = wl_fixed_to_double(fy);
}
static void tool_pressure(void *d, struct zwp_tablet_tool_v2 *t, uint32_t p) {
    (void)d, (void)t;
    pressure = p / 65535.0;
}
static void tool_distance(void *d, struct zwp_tablet_tool_v2 *t, uint32_t v) { (void)d, (void)t, (void)v; }
static void tool_tilt(void *d, struct zwp_tablet_tool_v2 *t, wl_fixed_t tx, wl_fixed_t ty) {
    (void)d, (void)t;
    tilt_x = wl_fixed_to_double(tx), tilt_y = wl_fixed_to_double(ty);
}
static void tool_rotation(void *d, struct zwp_tablet_tool_v2 *t, wl_fixed_t v) { (void)d, (void)t, (void)v; }
static void tool_slider(void *d, struct zwp_tablet_tool_v2 *t, int32_t v) { (void)d, (void)t, (void)v; }
static void tool_wheel(void *d, struct zwp_tablet_tool_v2 *t, wl_fixed_t v, int32_t c) { (void)d, (void)t, (void)v, (void)c; }
static void tool_button(void *d, struct zwp_tablet_tool_v2 *t, uint32_t serial, uint32_t b, uint32_t s) {
    (void)d, (void)t, (void)serial, (void)b, (void)s;
}
static void tool_frame(void *d, struct zwp_tablet_tool_v2 *t, uint32_t time) {
    (void)d, (void)t, (void)time;
    char title[128];
    if (tip_down) {
        down_frames++;
        snprintf(title, sizeof title, "Pen down %.2f %.0f,%.0f at %.0f,%.0f", pressure, tilt_x, tilt_y, x, y);
    } else if (!proximity) {
        snprintf(title, sizeof title, "Pen out after %d", down_frames);
    } else {
        return;
    }
    retitle(title);
}
static const struct zwp_tablet_tool_v2_listener tool_listener = {
    tool_type,   tool_serial,   tool_wacom,  tool_capability, tool_done,     tool_removed,
    tool_proximity_in, tool_proximity_out, tool_down, tool_up, tool_motion, tool_pressure,
    tool_distance, tool_tilt,   tool_rotation, tool_slider,   tool_wheel,    tool_button, tool_frame};

static void seat_tablet_added(void *d, struct zwp_tablet_seat_v2 *s, struct zwp_tablet_v2 *tablet) {
    (void)d, (void)s, (void)tablet;
}
static void seat_tool_added(void *d, struct zwp_tablet_seat_v2 *s, struct zwp_tablet_tool_v2 *tool) {
    (void)d, (void)s;
    zwp_tablet_tool_v2_add_listener(tool, &tool_listener, NULL);
}
static void seat_pad_added(void *d, struct zwp_tablet_seat_v2 *s, struct zwp_tablet_pad_v2 *pad) {
    (void)d, (void)s, (void)pad;
}
static const struct zwp_tablet_seat_v2_listener tablet_seat_listener = {seat_tablet_added, seat_tool_added,
                                                                        seat_pad_added};

// Touches, for --no-tablet.
static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id,
                       wl_fixed_t fx, wl_fixed_t fy) {
    (void)d, (void)t, (void)serial, (void)time, (void)s, (void)id;
    char title[64];
    snprintf(title, sizeof title, "Pen touch at %.0f,%.0f", wl_fixed_to_double(fx), wl_fixed_to_double(fy));
    retitle(title);
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    (void)d, (void)t, (void)serial, (void)time, (void)id;
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t fx, wl_fixed_t fy) {
    (void)d, (void)t, (void)time, (void)id, (void)fx, (void)fy;
}
static void touch_frame(void *d, struct wl_touch *t) { (void)d, (void)t; }
static void touch_cancel(void *d, struct wl_touch *t) { (void)d, (void)t; }
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion, touch_frame, touch_cancel};

int main(int argc, char **argv) {
    int no_tablet = argc > 1 && !strcmp(argv[1], "--no-tablet");
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || (!no_tablet && !tablets)) {
        fprintf(stderr, "tablet-client: no wl_seat or zwp_tablet_manager_v2\n");
        return 1;
    }
    if (no_tablet) {
        wl_touch_add_listener(wl_seat_get_touch(seat), &touch_listener, NULL);
    } else {
        struct zwp_tablet_seat_v2 *tablet_seat = zwp_tablet_manager_v2_get_tablet_seat(tablets, seat);
        zwp_tablet_seat_v2_add_listener(tablet_seat, &tablet_seat_listener, NULL);
    }
    surface = wl_compositor_create_surface(compositor);
    toplevel = fixture_toplevel(surface, "Pen", &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    int w = asked_w > 0 ? asked_w : 400, h = asked_h > 0 ? asked_h : 300;
    wl_surface_attach(surface, fixture_filled(w, h, 0xfff0f0e0), 0, 0);
    wl_surface_damage(surface, 0, 0, w, h);
    wl_surface_commit(surface);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    return 0;
}
