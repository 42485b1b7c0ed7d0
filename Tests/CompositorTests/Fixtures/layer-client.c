// A panel (wlr-layer-shell): a green bar 40 points high on the top layer, anchored to the top and
// both sides, keeping a 40-point exclusive zone, as waybar or a dock is.
#include "fixture-client.h"

#include "wlr-layer-shell-unstable-v1-client-protocol.h"

static struct zwlr_layer_shell_v1 *layer_shell;
static struct wl_surface *surface;
static uint32_t width, height = 40;
static int configured;

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    if (!strcmp(iface, zwlr_layer_shell_v1_interface.name))
        layer_shell = wl_registry_bind(r, name, &zwlr_layer_shell_v1_interface, version < 4 ? version : 4);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

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
    configured = 1;
}
static void on_closed(void *data, struct zwlr_layer_surface_v1 *l) {
    (void)data;
    (void)l;
    closed = 1;
}
static const struct zwlr_layer_surface_v1_listener layer_listener = {on_configure, on_closed};

int main(void) {
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!layer_shell) {
        fprintf(stderr, "layer-client: no zwlr_layer_shell_v1\n");
        return 1;
    }
    surface = wl_compositor_create_surface(compositor);
    struct zwlr_layer_surface_v1 *layer =
        zwlr_layer_shell_v1_get_layer_surface(layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "panel");
    zwlr_layer_surface_v1_add_listener(layer, &layer_listener, NULL);
    zwlr_layer_surface_v1_set_size(layer, 0, height);
    zwlr_layer_surface_v1_set_anchor(layer, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
                                                ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
    zwlr_layer_surface_v1_set_exclusive_zone(layer, (int32_t)height);
    wl_surface_commit(surface);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    return 0;
}
