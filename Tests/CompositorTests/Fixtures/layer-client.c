// A panel (wlr-layer-shell): a green bar 40 points high on the top layer, anchored to the top and
// both sides, keeping a 40-point exclusive zone, as waybar or a dock is. `layer-client popup DIR`:
// it also opens its menu (zwlr_layer_surface_v1.get_popup) as waybar's tray does, a red 200 × 100
// popup below the panel's left end, and writes DIR/popup-pressed with the point (in the popup's
// surface) where the pointer's button or a finger went down on it. `layer-client exclusive`: it asks
// for the keyboard exclusively, as a launcher does.
#include "fixture-client.h"

#include "wlr-layer-shell-unstable-v1-client-protocol.h"

static struct zwlr_layer_shell_v1 *layer_shell;
static struct wl_surface *surface;
static uint32_t width, height = 40;
static int configured;
static struct wl_seat *seat;
static struct zwlr_layer_surface_v1 *layer;
/// The menu: its surface, and where the pointer is over it (surface points).
static struct wl_surface *popup_surface;
static double pointer_x, pointer_y;
static struct wl_surface *pointer_over;
static const char *popup_folder;

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    if (!strcmp(iface, zwlr_layer_shell_v1_interface.name))
        layer_shell = wl_registry_bind(r, name, &zwlr_layer_shell_v1_interface, version < 4 ? version : 4);
    if (!strcmp(iface, wl_seat_interface.name)) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

/// Says where the menu was pressed.
static void pressed_at(double x, double y) {
    char path[4096];
    snprintf(path, sizeof path, "%s/popup-pressed", popup_folder);
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "%.0f %.0f\n", x, y);
    fclose(f);
}

static void pointer_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x,
                          wl_fixed_t y) {
    (void)d;
    (void)p;
    (void)serial;
    pointer_over = s;
    pointer_x = wl_fixed_to_double(x);
    pointer_y = wl_fixed_to_double(y);
}
static void pointer_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    (void)d;
    (void)p;
    (void)serial;
    (void)s;
    pointer_over = NULL;
}
static void pointer_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)d;
    (void)p;
    (void)time;
    pointer_x = wl_fixed_to_double(x);
    pointer_y = wl_fixed_to_double(y);
}
static void pointer_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
                           uint32_t state) {
    (void)d;
    (void)p;
    (void)serial;
    (void)time;
    (void)button;
    if (state == WL_POINTER_BUTTON_STATE_PRESSED && pointer_over && pointer_over == popup_surface)
        pressed_at(pointer_x, pointer_y);
}
static void pointer_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)d;
    (void)p;
    (void)time;
    (void)axis;
    (void)value;
}
static const struct wl_pointer_listener pointer_listener = {pointer_enter, pointer_leave, pointer_motion,
                                                            pointer_button, pointer_axis};

static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id,
                       wl_fixed_t x, wl_fixed_t y) {
    (void)d;
    (void)t;
    (void)serial;
    (void)time;
    (void)id;
    if (s == popup_surface) pressed_at(wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    (void)d;
    (void)t;
    (void)serial;
    (void)time;
    (void)id;
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    (void)d;
    (void)t;
    (void)time;
    (void)id;
    (void)x;
    (void)y;
}
static void touch_frame(void *d, struct wl_touch *t) {
    (void)d;
    (void)t;
}
static void touch_cancel(void *d, struct wl_touch *t) {
    (void)d;
    (void)t;
}
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion, touch_frame, touch_cancel};

static void popup_configure(void *d, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)d;
    (void)p;
    (void)x;
    (void)y;
    (void)w;
    (void)h;
}
static void popup_done(void *d, struct xdg_popup *p) {
    (void)d;
    (void)p;
}
static const struct xdg_popup_listener popup_listener = {popup_configure, popup_done};

/// Acknowledges the menu's configure and draws it.
static void popup_surface_configure(void *data, struct xdg_surface *s, uint32_t serial) {
    (void)data;
    xdg_surface_ack_configure(s, serial);
    struct wl_buffer *buffer = fixture_filled(200, 100, 0xffc00000);
    wl_surface_attach(popup_surface, buffer, 0, 0);
    wl_surface_damage(popup_surface, 0, 0, 200, 100);
    wl_surface_commit(popup_surface);
}
static const struct xdg_surface_listener popup_surface_listener = {popup_surface_configure};

/// Opens the panel's menu: 200 × 100 below the panel, from its left end's button (x 20 to 120).
static void open_menu(void) {
    struct xdg_positioner *positioner = xdg_wm_base_create_positioner(wm_base);
    xdg_positioner_set_size(positioner, 200, 100);
    xdg_positioner_set_anchor_rect(positioner, 20, 0, 100, (int32_t)height);
    xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_BOTTOM_LEFT);
    xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT);
    popup_surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, popup_surface);
    xdg_surface_add_listener(xdg, &popup_surface_listener, NULL);
    struct xdg_popup *popup = xdg_surface_get_popup(xdg, NULL, positioner);
    xdg_popup_add_listener(popup, &popup_listener, NULL);
    zwlr_layer_surface_v1_get_popup(layer, popup);
    xdg_positioner_destroy(positioner);
    wl_surface_commit(popup_surface);
}

static void on_configure(void *data, struct zwlr_layer_surface_v1 *l, uint32_t serial, uint32_t w, uint32_t h) {
    (void)data;
    zwlr_layer_surface_v1_ack_configure(l, serial);
    if (w == 0 || h == 0) return;
    width = w;
    height = h;
    struct wl_buffer *buffer = fixture_filled((int)w, (int)h, 0xff00c000);
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage(surface, 0, 0, (int)w, (int)h);
    wl_surface_commit(surface);
    if (popup_folder && !configured) open_menu();
    configured = 1;
}
static void on_closed(void *data, struct zwlr_layer_surface_v1 *l) {
    (void)data;
    (void)l;
    closed = 1;
}
static const struct zwlr_layer_surface_v1_listener layer_listener = {on_configure, on_closed};

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "popup")) popup_folder = argv[2];
    int exclusive = argc == 2 && !strcmp(argv[1], "exclusive");
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!layer_shell) {
        fprintf(stderr, "layer-client: no zwlr_layer_shell_v1\n");
        return 1;
    }
    if (popup_folder && seat) {
        wl_pointer_add_listener(wl_seat_get_pointer(seat), &pointer_listener, NULL);
        wl_touch_add_listener(wl_seat_get_touch(seat), &touch_listener, NULL);
    }
    surface = wl_compositor_create_surface(compositor);
    layer =
        zwlr_layer_shell_v1_get_layer_surface(layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "panel");
    zwlr_layer_surface_v1_add_listener(layer, &layer_listener, NULL);
    zwlr_layer_surface_v1_set_size(layer, 0, height);
    zwlr_layer_surface_v1_set_anchor(layer, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
                                                ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
    zwlr_layer_surface_v1_set_exclusive_zone(layer, (int32_t)height);
    if (exclusive) zwlr_layer_surface_v1_set_keyboard_interactivity(layer, 1);
    wl_surface_commit(surface);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    return 0;
}
