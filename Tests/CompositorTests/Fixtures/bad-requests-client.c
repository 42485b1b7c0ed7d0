// Breaks one rule of one of the protocols the shell offers (argv[1] names which) and prints
// "error INTERFACE CODE" when the shell disconnects it with that protocol's error, "let through"
// when it does not. Exits 0 having printed either, 1 when it could not even try.
#include "fixture-client.h"

#include <errno.h>

#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"

static struct wp_viewporter *viewporter;
static struct zwlr_layer_shell_v1 *layer_shell;
static struct zwp_pointer_constraints_v1 *constraints;
static struct zwp_keyboard_shortcuts_inhibit_manager_v1 *inhibit_manager;
static struct xdg_activation_v1 *activation;
static struct wl_seat *seat;

static void on_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, wp_viewporter_interface.name)) viewporter = wl_registry_bind(r, name, &wp_viewporter_interface, 1);
    if (!strcmp(iface, zwlr_layer_shell_v1_interface.name))
        layer_shell = wl_registry_bind(r, name, &zwlr_layer_shell_v1_interface, 1);
    if (!strcmp(iface, zwp_pointer_constraints_v1_interface.name))
        constraints = wl_registry_bind(r, name, &zwp_pointer_constraints_v1_interface, 1);
    if (!strcmp(iface, zwp_keyboard_shortcuts_inhibit_manager_v1_interface.name))
        inhibit_manager = wl_registry_bind(r, name, &zwp_keyboard_shortcuts_inhibit_manager_v1_interface, 1);
    if (!strcmp(iface, xdg_activation_v1_interface.name))
        activation = wl_registry_bind(r, name, &xdg_activation_v1_interface, 1);
    if (!strcmp(iface, wl_seat_interface.name)) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
}
static const struct wl_registry_listener registry_listener = {on_global, fixture_global_remove};

int main(int argc, char **argv) {
    if (argc < 2) return 1;
    const char *mode = argv[1];
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!viewporter || !layer_shell || !constraints || !inhibit_manager || !activation || !seat) return 1;
    struct wl_surface *surface = wl_compositor_create_surface(compositor);
    if (!strcmp(mode, "viewport-negative")) {
        // A destination of -5 × 10 points.
        struct wp_viewport *v = wp_viewporter_get_viewport(viewporter, surface);
        wp_viewport_set_destination(v, -5, 10);
    } else if (!strcmp(mode, "layer-no-size")) {
        // No size and no anchors to stretch between: nothing to place.
        zwlr_layer_shell_v1_get_layer_surface(layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "bad");
        wl_surface_commit(surface);
    } else if (!strcmp(mode, "layer-bad-anchor")) {
        struct zwlr_layer_surface_v1 *l =
            zwlr_layer_shell_v1_get_layer_surface(layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "bad");
        zwlr_layer_surface_v1_set_anchor(l, 0x10);
    } else if (!strcmp(mode, "lock-twice")) {
        struct wl_pointer *pointer = wl_seat_get_pointer(seat);
        zwp_pointer_constraints_v1_lock_pointer(constraints, surface, pointer, NULL,
                                                ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
        zwp_pointer_constraints_v1_lock_pointer(constraints, surface, pointer, NULL,
                                                ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
    } else if (!strcmp(mode, "inhibit-twice")) {
        zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(inhibit_manager, surface, seat);
        zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(inhibit_manager, surface, seat);
    } else if (!strcmp(mode, "token-committed-twice")) {
        struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(activation);
        xdg_activation_token_v1_commit(t);
        xdg_activation_token_v1_commit(t);
    } else {
        return 1;
    }
    wl_display_roundtrip(display);
    wl_display_roundtrip(display);
    if (wl_display_get_error(display) != EPROTO) {
        printf("let through\n");
        return 0;
    }
    const struct wl_interface *iface = NULL;
    uint32_t code = wl_display_get_protocol_error(display, &iface, NULL);
    printf("error %s %u\n", iface ? iface->name : "?", code);
    return 0;
}
