// Keyboard shortcuts inhibit (zwp_keyboard_shortcuts_inhibit_manager_v1): a remote desktop or a
// virtual machine asks for the keys Slate's shortcuts use (Ctrl+H, Ctrl+W, Ctrl+↑…) while its
// surface has the keyboard, and gets them; Super+Escape, as on GNOME, gives them back to Slate until
// the program has the keyboard again.
#include "internal.h"

#include <wlr/types/wlr_keyboard_shortcuts_inhibit_v1.h>

static void on_inhibitor_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, shortcuts_inhibitor_destroy);
    wl_list_remove(&comp->shortcuts_inhibitor_destroy.link);
    comp->active_shortcuts_inhibitor = NULL;
}

/// The inhibitor of the surface with the keyboard becomes active (unless the person took the keys
/// back from that surface); any other one is not.
void slate_shortcuts_focus_changed(slate_comp *comp) {
    struct wlr_keyboard_shortcuts_inhibit_manager_v1 *m = comp->shortcuts_inhibit;
    if (!m) return;
    struct wlr_surface *focused = comp->seat->keyboard_state.focused_surface;
    if (focused != comp->shortcuts_restored_surface) comp->shortcuts_restored_surface = NULL;
    struct wlr_keyboard_shortcuts_inhibitor_v1 *want = NULL, *i;
    wl_list_for_each(i, &m->inhibitors, link) {
        if (i->surface == focused && i->seat == comp->seat && focused != comp->shortcuts_restored_surface) want = i;
    }
    struct wlr_keyboard_shortcuts_inhibitor_v1 *old = comp->active_shortcuts_inhibitor;
    if (old == want) return;
    if (old) {
        wl_list_remove(&comp->shortcuts_inhibitor_destroy.link);
        comp->active_shortcuts_inhibitor = NULL;
        wlr_keyboard_shortcuts_inhibitor_v1_deactivate(old);
    }
    if (!want) return;
    comp->active_shortcuts_inhibitor = want;
    comp->shortcuts_inhibitor_destroy.notify = on_inhibitor_destroy;
    wl_signal_add(&want->events.destroy, &comp->shortcuts_inhibitor_destroy);
    wlr_keyboard_shortcuts_inhibitor_v1_activate(want);
}

static void on_new_inhibitor(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, new_shortcuts_inhibitor);
    slate_shortcuts_focus_changed(comp);
}

int slate_shortcuts_init(slate_comp *comp) {
    comp->shortcuts_inhibit = wlr_keyboard_shortcuts_inhibit_v1_create(comp->display);
    if (!comp->shortcuts_inhibit) return -1;
    comp->new_shortcuts_inhibitor.notify = on_new_inhibitor;
    wl_signal_add(&comp->shortcuts_inhibit->events.new_inhibitor, &comp->new_shortcuts_inhibitor);
    return 0;
}

int slate_comp_shortcuts_inhibited(slate_comp *comp) { return comp->active_shortcuts_inhibitor != NULL; }

void slate_comp_restore_shortcuts(slate_comp *comp) {
    if (!comp->active_shortcuts_inhibitor) return;
    comp->shortcuts_restored_surface = comp->active_shortcuts_inhibitor->surface;
    slate_shortcuts_focus_changed(comp);
}
