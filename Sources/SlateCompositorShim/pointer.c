// The pointer as games, remote desktops and trackpads want it: relative motion (zwp_relative_
// pointer_manager_v1: how far the mouse moved, however far the pointer may go), pointer constraints
// (zwp_pointer_constraints_v1: the pointer locked in place, or confined to a region of the window,
// while the program's surface has it), and a trackpad's swipe, pinch and hold (zwp_pointer_gestures
// _v1, from the session backend's touchpads) passed to the program under the pointer. The shell's
// own gestures and keys stay the person's way out of a locked pointer.
#include "internal.h"

#include <wlr/types/wlr_pointer_constraints_v1.h>
#include <wlr/types/wlr_pointer_gestures_v1.h>
#include <wlr/types/wlr_relative_pointer_v1.h>

// ---- Constraints -------------------------------------------------------------------------------------

static void on_constraint_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, constraint_destroy);
    wl_list_remove(&comp->constraint_destroy.link);
    comp->active_constraint = NULL;
}

/// Makes the constraint on `surface` (if any) the active one, telling the old one it is not.
static void activate_constraint_for(slate_comp *comp, struct wlr_surface *surface) {
    struct wlr_pointer_constraint_v1 *c =
        surface ? wlr_pointer_constraints_v1_constraint_for_surface(comp->pointer_constraints, surface, comp->seat)
                : NULL;
    if (c == comp->active_constraint) return;
    if (comp->active_constraint) {
        struct wlr_pointer_constraint_v1 *old = comp->active_constraint;
        wl_list_remove(&comp->constraint_destroy.link);
        comp->active_constraint = NULL;
        // (May destroy a oneshot constraint.)
        wlr_pointer_constraint_v1_send_deactivated(old);
    }
    if (!c) return;
    comp->active_constraint = c;
    comp->constraint_destroy.notify = on_constraint_destroy;
    wl_signal_add(&c->events.destroy, &comp->constraint_destroy);
    wlr_pointer_constraint_v1_send_activated(c);
}

static void on_new_constraint(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_constraint);
    struct wlr_pointer_constraint_v1 *c = data;
    // Active at once if its surface has the pointer.
    if (c->surface == comp->seat->pointer_state.focused_surface) activate_constraint_for(comp, c->surface);
}

int slate_pointer_constrained_motion(slate_comp *comp, struct wlr_surface *target, double lx, double ly,
                                     uint32_t time) {
    activate_constraint_for(comp, target);
    // How far it moved, told to programs that follow the mouse itself (a game's camera).
    if (comp->relative_pointer && comp->relative_known && comp->relative_surface == target) {
        double dx = lx - comp->relative_x, dy = ly - comp->relative_y;
        if (dx != 0 || dy != 0)
            wlr_relative_pointer_manager_v1_send_relative_motion(comp->relative_pointer, comp->seat,
                                                                 (uint64_t)time * 1000, dx, dy, dx, dy);
    }
    comp->relative_surface = target;
    comp->relative_x = lx;
    comp->relative_y = ly;
    comp->relative_known = 1;
    struct wlr_pointer_constraint_v1 *c = comp->active_constraint;
    if (!c || c->surface != target) return 1;
    // Locked: the pointer stays where it was; confined: it moves only inside the region.
    if (c->type == WLR_POINTER_CONSTRAINT_V1_LOCKED) return 0;
    return pixman_region32_contains_point(&c->region, (int)lx, (int)ly, NULL);
}

int slate_comp_pointer_locked(slate_comp *comp) {
    return comp->active_constraint && comp->active_constraint->type == WLR_POINTER_CONSTRAINT_V1_LOCKED;
}

// ---- Gestures ---------------------------------------------------------------------------------------

static void on_swipe_begin(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, swipe_begin);
    struct wlr_event_pointer_swipe_begin *e = data;
    wlr_pointer_gestures_v1_send_swipe_begin(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->fingers);
}
static void on_swipe_update(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, swipe_update);
    struct wlr_event_pointer_swipe_update *e = data;
    wlr_pointer_gestures_v1_send_swipe_update(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->dx, e->dy);
}
static void on_swipe_end(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, swipe_end);
    struct wlr_event_pointer_swipe_end *e = data;
    wlr_pointer_gestures_v1_send_swipe_end(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->cancelled);
}
static void on_pinch_begin(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, pinch_begin);
    struct wlr_event_pointer_pinch_begin *e = data;
    wlr_pointer_gestures_v1_send_pinch_begin(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->fingers);
}
static void on_pinch_update(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, pinch_update);
    struct wlr_event_pointer_pinch_update *e = data;
    wlr_pointer_gestures_v1_send_pinch_update(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->dx, e->dy,
                                              e->scale, e->rotation);
}
static void on_pinch_end(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, pinch_end);
    struct wlr_event_pointer_pinch_end *e = data;
    wlr_pointer_gestures_v1_send_pinch_end(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->cancelled);
}
static void on_hold_begin(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, hold_begin);
    struct wlr_event_pointer_hold_begin *e = data;
    wlr_pointer_gestures_v1_send_hold_begin(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->fingers);
}
static void on_hold_end(struct wl_listener *l, void *data) {
    struct slate_gestures *g = wl_container_of(l, g, hold_end);
    struct wlr_event_pointer_hold_end *e = data;
    wlr_pointer_gestures_v1_send_hold_end(g->comp->pointer_gestures, g->comp->seat, e->time_msec, e->cancelled);
}

void slate_gestures_listen(slate_comp *comp, struct slate_gestures *g, struct wlr_pointer *pointer) {
    g->comp = comp;
    g->swipe_begin.notify = on_swipe_begin;
    wl_signal_add(&pointer->events.swipe_begin, &g->swipe_begin);
    g->swipe_update.notify = on_swipe_update;
    wl_signal_add(&pointer->events.swipe_update, &g->swipe_update);
    g->swipe_end.notify = on_swipe_end;
    wl_signal_add(&pointer->events.swipe_end, &g->swipe_end);
    g->pinch_begin.notify = on_pinch_begin;
    wl_signal_add(&pointer->events.pinch_begin, &g->pinch_begin);
    g->pinch_update.notify = on_pinch_update;
    wl_signal_add(&pointer->events.pinch_update, &g->pinch_update);
    g->pinch_end.notify = on_pinch_end;
    wl_signal_add(&pointer->events.pinch_end, &g->pinch_end);
    g->hold_begin.notify = on_hold_begin;
    wl_signal_add(&pointer->events.hold_begin, &g->hold_begin);
    g->hold_end.notify = on_hold_end;
    wl_signal_add(&pointer->events.hold_end, &g->hold_end);
}

void slate_gestures_stop(struct slate_gestures *g) {
    struct wl_listener *all[] = {&g->swipe_begin, &g->swipe_update, &g->swipe_end, &g->pinch_begin,
                                 &g->pinch_update, &g->pinch_end,   &g->hold_begin, &g->hold_end};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) wl_list_remove(&all[i]->link);
}

int slate_pointer_init(slate_comp *comp) {
    comp->pointer_constraints = wlr_pointer_constraints_v1_create(comp->display);
    comp->relative_pointer = wlr_relative_pointer_manager_v1_create(comp->display);
    comp->pointer_gestures = wlr_pointer_gestures_v1_create(comp->display);
    if (!comp->pointer_constraints || !comp->relative_pointer || !comp->pointer_gestures) return -1;
    comp->new_constraint.notify = on_new_constraint;
    wl_signal_add(&comp->pointer_constraints->events.new_constraint, &comp->new_constraint);
    return 0;
}
