// Surfaces as a whole: the output each one shows on (wl_surface.enter), what a view's surfaces
// cover and where they take input, and the fingers on a surface that goes.
#include "internal.h"

// ---- The output a surface is on ---------------------------------------------------------------------

/// Waits for a surface's first buffer, then tells its client the surface is on the output: there is
/// one screen, and whatever shows is on it. Programs read the output's scale from this (GTK draws
/// its windows at the scale of the outputs they entered).
struct output_watch {
    slate_comp *comp;
    struct wlr_surface *surface;
    struct wl_listener commit, destroy;
};

static void output_watch_free(struct output_watch *w) {
    wl_list_remove(&w->commit.link);
    wl_list_remove(&w->destroy.link);
    free(w);
}

static void output_watch_on_commit(struct wl_listener *l, void *data) {
    (void)data;
    struct output_watch *w = wl_container_of(l, w, commit);
    if (!wlr_surface_has_buffer(w->surface) || !w->comp->output) return;
    wlr_surface_send_enter(w->surface, w->comp->output);
    output_watch_free(w);
}

static void output_watch_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct output_watch *w = wl_container_of(l, w, destroy);
    output_watch_free(w);
}

void slate_surface_watch_output(slate_comp *comp, struct wlr_surface *surface) {
    struct output_watch *w = calloc(1, sizeof(*w));
    if (!w) return;
    w->comp = comp;
    w->surface = surface;
    w->commit.notify = output_watch_on_commit;
    wl_signal_add(&surface->events.commit, &w->commit);
    w->destroy.notify = output_watch_on_destroy;
    wl_signal_add(&surface->events.destroy, &w->destroy);
}

// ---- What a view's surfaces cover -----------------------------------------------------------------

void slate_view_surface_layout(slate_view *view, int *x, int *y, int *width, int *height, int *corner_x,
                               int *corner_y) {
    struct wlr_box box = {0};
    wlr_surface_get_extends(view->surface, &box);
    *x = box.x;
    *y = box.y;
    *width = box.width;
    *height = box.height;
    // The window geometry the client set, if it set one (wlroots' own geometry falls back to the
    // extents, which move with the subsurfaces).
    // (An X11 window is its surface, corner to corner.)
    int set = view->xdg && view->xdg->current.geometry.width > 0 && view->xdg->current.geometry.height > 0;
    *corner_x = set ? view->xdg->current.geometry.x : 0;
    *corner_y = set ? view->xdg->current.geometry.y : 0;
}

int slate_view_accepts_input(slate_view *view, double sx, double sy) {
    double lx, ly;
    if (!view->xdg) return wlr_surface_surface_at(view->surface, sx, sy, &lx, &ly) != NULL;
    return wlr_xdg_surface_surface_at(view->xdg, sx, sy, &lx, &ly) != NULL;
}

// ---- A surface gone from under a finger ---------------------------------------------------------

/// A finger down on a surface: if the surface goes while the finger stays, its client hears the
/// finger lift at once (wl_touch.up), rather than when it lifts over nothing of its own.
struct finger_watch {
    slate_comp *comp;
    int32_t id;
    struct wl_listener surface_destroy, point_destroy;
};

static void finger_watch_free(struct finger_watch *w) {
    wl_list_remove(&w->surface_destroy.link);
    wl_list_remove(&w->point_destroy.link);
    free(w);
}

static void finger_watch_on_surface_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct finger_watch *w = wl_container_of(l, w, surface_destroy);
    struct wlr_seat *seat = w->comp->seat;
    int32_t id = w->id;
    // (A finger carrying a drag ends with the drag's own grab: not here.)
    if (seat->touch_state.grab != seat->touch_state.default_grab || !wlr_seat_touch_get_point(seat, id)) {
        finger_watch_free(w);
        return;
    }
    finger_watch_free(w);  // before the point goes, which would free it again
    wlr_seat_touch_notify_up(seat, slate_comp_now_msec(), id);
    wlr_seat_touch_notify_frame(seat);
}

static void finger_watch_on_point_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct finger_watch *w = wl_container_of(l, w, point_destroy);
    finger_watch_free(w);
}

void slate_surface_watch_finger(slate_comp *comp, struct wlr_surface *surface, int32_t id) {
    struct wlr_touch_point *point = wlr_seat_touch_get_point(comp->seat, id);
    if (!point) return;
    struct finger_watch *w = calloc(1, sizeof(*w));
    if (!w) return;
    w->comp = comp;
    w->id = id;
    w->surface_destroy.notify = finger_watch_on_surface_destroy;
    wl_signal_add(&surface->events.destroy, &w->surface_destroy);
    w->point_destroy.notify = finger_watch_on_point_destroy;
    wl_signal_add(&point->events.destroy, &w->point_destroy);
}
