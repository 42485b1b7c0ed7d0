// An outside keyboard, as squeekboard and wvkbd are one (zwp_input_method_v2), for the tests of the
// keyboard on the glass:
//   input-method-client TEXT
// Once the compositor activates it for a program's field, it types TEXT there (commit_string, then
// commit), once, and stays until it is ended. It prints "no input method" and exits 1 when the
// compositor offers it none (a program the person did not allow to type), "unavailable" and exits 1
// when the compositor refuses it.
#include "fixture-client.h"

#include "input-method-unstable-v2-client-protocol.h"

static struct zwp_input_method_manager_v2 *manager;
static struct wl_seat *seat;
static const char *text;
/// Whether the last `done` left it active, what the pending state says, and whether it typed.
static int active, activating, typed, unavailable;
/// How many `done` events came: the serial of a commit.
static uint32_t serial;

static void on_activate(void *d, struct zwp_input_method_v2 *im) { (void)d, (void)im, activating = 1; }
static void on_deactivate(void *d, struct zwp_input_method_v2 *im) { (void)d, (void)im, activating = 0; }
static void on_surrounding_text(void *d, struct zwp_input_method_v2 *im, const char *t, uint32_t c, uint32_t a) {
    (void)d, (void)im, (void)t, (void)c, (void)a;
}
static void on_text_change_cause(void *d, struct zwp_input_method_v2 *im, uint32_t cause) {
    (void)d, (void)im, (void)cause;
}
static void on_content_type(void *d, struct zwp_input_method_v2 *im, uint32_t hint, uint32_t purpose) {
    (void)d, (void)im, (void)hint, (void)purpose;
}
static void on_done(void *d, struct zwp_input_method_v2 *im) {
    (void)d;
    serial++;
    active = activating;
    if (!active || typed) return;
    zwp_input_method_v2_commit_string(im, text);
    zwp_input_method_v2_commit(im, serial);
    typed = 1;
    printf("typed\n");
    fflush(stdout);
}
static void on_unavailable(void *d, struct zwp_input_method_v2 *im) { (void)d, (void)im, unavailable = 1; }
static const struct zwp_input_method_v2_listener listener = {
    on_activate, on_deactivate, on_surrounding_text, on_text_change_cause, on_content_type, on_done, on_unavailable};

static void on_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data, (void)version;
    if (!strcmp(iface, zwp_input_method_manager_v2_interface.name))
        manager = wl_registry_bind(r, name, &zwp_input_method_manager_v2_interface, 1);
    if (!strcmp(iface, wl_seat_interface.name)) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
}
static const struct wl_registry_listener registry_listener = {on_global, fixture_global_remove};

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: input-method-client TEXT\n");
        return 2;
    }
    text = argv[1];
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return 1;
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager || !seat) {
        printf("no input method\n");
        return 1;
    }
    struct zwp_input_method_v2 *im = zwp_input_method_manager_v2_get_input_method(manager, seat);
    zwp_input_method_v2_add_listener(im, &listener, NULL);
    while (!unavailable && wl_display_dispatch(display) >= 0) {}
    if (unavailable) printf("unavailable\n");
    return 1;
}
