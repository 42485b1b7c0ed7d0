// A window that wants the pointer and the keys as a game or a remote desktop does: it locks the
// pointer on its surface (zwp_pointer_constraints_v1), follows the mouse's relative motion
// (zwp_relative_pointer_manager_v1) and asks for the shortcut keys (zwp_keyboard_shortcuts_inhibit_
// manager_v1). Writes "motions relative locked keys inhibited" into argv[1] as they change: absolute
// motions and relative ones heard, whether the lock is on, keys pressed, whether the shortcuts are
// its.
#include "fixture-client.h"

#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "relative-pointer-unstable-v1-client-protocol.h"

static struct zwp_pointer_constraints_v1 *constraints;
static struct zwp_relative_pointer_manager_v1 *relative_manager;
static struct zwp_keyboard_shortcuts_inhibit_manager_v1 *inhibit_manager;
static struct wl_seat *seat;
static int configured, motions, relatives, locked, keys, inhibited;
static const char *report;

static void write_report(void) {
    char partial[4096];
    if (snprintf(partial, sizeof partial, "%s.partial", report) >= (int)sizeof partial) return;
    FILE *f = fopen(partial, "w");
    if (!f) return;
    fprintf(f, "%d %d %d %d %d\n", motions, relatives, locked, keys, inhibited);
    if (fclose(f) == 0) rename(partial, report);
}

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, zwp_pointer_constraints_v1_interface.name))
        constraints = wl_registry_bind(r, name, &zwp_pointer_constraints_v1_interface, 1);
    if (!strcmp(iface, zwp_relative_pointer_manager_v1_interface.name))
        relative_manager = wl_registry_bind(r, name, &zwp_relative_pointer_manager_v1_interface, 1);
    if (!strcmp(iface, zwp_keyboard_shortcuts_inhibit_manager_v1_interface.name))
        inhibit_manager = wl_registry_bind(r, name, &zwp_keyboard_shortcuts_inhibit_manager_v1_interface, 1);
    if (!strcmp(iface, wl_seat_interface.name)) seat = wl_registry_bind(r, name, &wl_seat_interface, 5);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

static void p_enter(void *d, struct wl_pointer *p, uint32_t s, struct wl_surface *w, wl_fixed_t x, wl_fixed_t y) {
    (void)d, (void)p, (void)s, (void)w, (void)x, (void)y;
}
static void p_leave(void *d, struct wl_pointer *p, uint32_t s, struct wl_surface *w) { (void)d, (void)p, (void)s, (void)w; }
static void p_motion(void *d, struct wl_pointer *p, uint32_t t, wl_fixed_t x, wl_fixed_t y) {
    (void)d, (void)p, (void)t, (void)x, (void)y;
    motions++;
    write_report();
}
static void p_button(void *d, struct wl_pointer *p, uint32_t s, uint32_t t, uint32_t b, uint32_t st) {
    (void)d, (void)p, (void)s, (void)t, (void)b, (void)st;
}
static void p_axis(void *d, struct wl_pointer *p, uint32_t t, uint32_t a, wl_fixed_t v) { (void)d, (void)p, (void)t, (void)a, (void)v; }
static void p_frame(void *d, struct wl_pointer *p) { (void)d, (void)p; }
static void p_axis_source(void *d, struct wl_pointer *p, uint32_t s) { (void)d, (void)p, (void)s; }
static void p_axis_stop(void *d, struct wl_pointer *p, uint32_t t, uint32_t a) { (void)d, (void)p, (void)t, (void)a; }
static void p_axis_discrete(void *d, struct wl_pointer *p, uint32_t a, int32_t v) { (void)d, (void)p, (void)a, (void)v; }
static const struct wl_pointer_listener pointer_listener = {p_enter, p_leave,  p_motion,      p_button,        p_axis,
                                                            p_frame, p_axis_source, p_axis_stop, p_axis_discrete};

static void k_keymap(void *d, struct wl_keyboard *k, uint32_t f, int32_t fd, uint32_t s) {
    (void)d, (void)k, (void)f, (void)s;
    close(fd);
}
static void k_enter(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *w, struct wl_array *a) { (void)d, (void)k, (void)s, (void)w, (void)a; }
static void k_leave(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *w) { (void)d, (void)k, (void)s, (void)w; }
static void k_key(void *d, struct wl_keyboard *k, uint32_t s, uint32_t t, uint32_t key, uint32_t state) {
    (void)d, (void)k, (void)s, (void)t, (void)key;
    if (state == WL_KEYBOARD_KEY_STATE_PRESSED) keys++;
    write_report();
}
static void k_mods(void *d, struct wl_keyboard *k, uint32_t s, uint32_t a, uint32_t b, uint32_t c, uint32_t g) { (void)d, (void)k, (void)s, (void)a, (void)b, (void)c, (void)g; }
static void k_repeat(void *d, struct wl_keyboard *k, int32_t r, int32_t de) { (void)d, (void)k, (void)r, (void)de; }
static const struct wl_keyboard_listener keyboard_listener = {k_keymap, k_enter, k_leave, k_key, k_mods, k_repeat};

static void relative_motion(void *d, struct zwp_relative_pointer_v1 *r, uint32_t hi, uint32_t lo, wl_fixed_t dx,
                            wl_fixed_t dy, wl_fixed_t ux, wl_fixed_t uy) {
    (void)d, (void)r, (void)hi, (void)lo, (void)dx, (void)dy, (void)ux, (void)uy;
    relatives++;
    write_report();
}
static const struct zwp_relative_pointer_v1_listener relative_listener = {relative_motion};

static void lock_locked(void *d, struct zwp_locked_pointer_v1 *l) {
    (void)d, (void)l;
    locked = 1;
    write_report();
}
static void lock_unlocked(void *d, struct zwp_locked_pointer_v1 *l) {
    (void)d, (void)l;
    locked = 0;
    write_report();
}
static const struct zwp_locked_pointer_v1_listener lock_listener = {lock_locked, lock_unlocked};

static void inhibit_active(void *d, struct zwp_keyboard_shortcuts_inhibitor_v1 *i) {
    (void)d, (void)i;
    inhibited = 1;
    write_report();
}
static void inhibit_inactive(void *d, struct zwp_keyboard_shortcuts_inhibitor_v1 *i) {
    (void)d, (void)i;
    inhibited = 0;
    write_report();
}
static const struct zwp_keyboard_shortcuts_inhibitor_v1_listener inhibit_listener = {inhibit_active, inhibit_inactive};

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: pointer-keys-client REPORT-FILE\n");
        return 2;
    }
    report = argv[1];
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!constraints || !relative_manager || !inhibit_manager || !seat) {
        fprintf(stderr, "pointer-keys-client: a protocol is missing\n");
        return 1;
    }
    struct wl_pointer *pointer = wl_seat_get_pointer(seat);
    wl_pointer_add_listener(pointer, &pointer_listener, NULL);
    struct wl_keyboard *keyboard = wl_seat_get_keyboard(seat);
    wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
    struct wl_surface *surface = wl_compositor_create_surface(compositor);
    fixture_toplevel(surface, "Game", &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    int w = asked_w > 0 ? asked_w : 300, h = asked_h > 0 ? asked_h : 200;
    wl_surface_attach(surface, fixture_filled(w, h, 0xff404040), 0, 0);
    wl_surface_damage(surface, 0, 0, w, h);
    wl_surface_commit(surface);
    struct zwp_relative_pointer_v1 *relative = zwp_relative_pointer_manager_v1_get_relative_pointer(relative_manager, pointer);
    zwp_relative_pointer_v1_add_listener(relative, &relative_listener, NULL);
    struct zwp_locked_pointer_v1 *lock = zwp_pointer_constraints_v1_lock_pointer(
        constraints, surface, pointer, NULL, ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
    zwp_locked_pointer_v1_add_listener(lock, &lock_listener, NULL);
    struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor =
        zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(inhibit_manager, surface, seat);
    zwp_keyboard_shortcuts_inhibitor_v1_add_listener(inhibitor, &inhibit_listener, NULL);
    write_report();
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    return 0;
}
