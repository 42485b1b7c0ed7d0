// A window that holds the screen awake, as a video player does while it plays: an idle inhibitor
// (zwp_idle_inhibit_manager_v1) on its surface from its first frame, titled "Awake".
#include "fixture-client.h"

#include "idle-inhibit-unstable-v1-client-protocol.h"

static struct zwp_idle_inhibit_manager_v1 *inhibit_manager;
static int configured;

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, zwp_idle_inhibit_manager_v1_interface.name))
        inhibit_manager = wl_registry_bind(r, name, &zwp_idle_inhibit_manager_v1_interface, 1);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

int main(void) {
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!inhibit_manager) {
        fprintf(stderr, "idle-client: no zwp_idle_inhibit_manager_v1\n");
        return 1;
    }
    struct wl_surface *surface = wl_compositor_create_surface(compositor);
    fixture_toplevel(surface, "Awake", &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    zwp_idle_inhibit_manager_v1_create_inhibitor(inhibit_manager, surface);
    int w = asked_w > 0 ? asked_w : 300, h = asked_h > 0 ? asked_h : 200;
    wl_surface_attach(surface, fixture_filled(w, h, 0xff203040), 0, 0);
    wl_surface_damage(surface, 0, 0, w, h);
    wl_surface_commit(surface);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    return 0;
}
