// Idle: the person's activity and what holds the screen awake. The shell keeps an idle state (the
// time since the last input), which the lock screen and dimming read; a program playing a video or
// a presentation holds it with an idle inhibitor on a surface that is on the screen
// (zwp_idle_inhibit_manager_v1), and programs that watch for idleness (swayidle) are told through
// KDE's idle protocol (org_kde_kwin_idle), which wlroots 0.15 serves.
#include "internal.h"

#include <wlr/types/wlr_idle.h>
#include <wlr/types/wlr_idle_inhibit_v1.h>

int slate_idle_init(slate_comp *comp) {
    comp->idle = wlr_idle_create(comp->display);
    comp->idle_inhibit = wlr_idle_inhibit_v1_create(comp->display);
    return comp->idle && comp->idle_inhibit ? 0 : -1;
}

void slate_comp_idle_activity(slate_comp *comp) {
    if (comp->idle) wlr_idle_notify_activity(comp->idle, comp->seat);
}

void slate_comp_set_idle_inhibited(slate_comp *comp, int inhibited) {
    if (comp->idle) wlr_idle_set_enabled(comp->idle, comp->seat, !inhibited);
}

int slate_comp_idle_inhibitors(slate_comp *comp) {
    return comp->idle_inhibit ? wl_list_length(&comp->idle_inhibit->inhibitors) : 0;
}

int slate_view_inhibits_idle(slate_view *view) {
    struct wlr_idle_inhibit_manager_v1 *manager = view->comp->idle_inhibit;
    if (!manager || !slate_view_is_mapped(view)) return 0;
    struct wlr_idle_inhibitor_v1 *inhibitor;
    wl_list_for_each(inhibitor, &manager->inhibitors, link) {
        // An inhibitor on the window's surface or any of its subsurfaces (a video's).
        if (wlr_surface_get_root_surface(inhibitor->surface) == view->surface) return 1;
    }
    return 0;
}
