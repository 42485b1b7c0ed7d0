// Slate's Wayland compositor over wlroots 0.15: a display, one output, a seat, xdg-shell and the
// data device, and nothing that draws. The shell (Swift) composes client buffers into its own frame;
// this file only hands it the buffers, relays input to clients and tells it what clients do.
#define _GNU_SOURCE  // pipe2

#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

/// One input device of the nested backend (x11/wayland window): its events go to the owner.
struct nested_input {
    slate_comp *comp;
    struct wlr_input_device *device;
    struct wl_list link;
    struct wl_listener destroy, motion, motion_abs, button, axis, key, touch_down, touch_up, touch_motion;
    struct wl_listener tip, tool_axis;
};

uint32_t slate_comp_now_msec(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

void slate_emit(slate_view *view, int event) {
    if (view->comp->cb.view_event) view->comp->cb.view_event(view->comp->cb.user, view, event);
}

static void emit(slate_view *view, int event) { slate_emit(view, event); }

// ---- Views --------------------------------------------------------------------------------------

static void view_on_map(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, map);
    emit(view, SLATE_VIEW_MAP);
}

static void view_on_unmap(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, unmap);
    if (view->comp->pointer_view == view) view->comp->pointer_view = NULL;
    emit(view, SLATE_VIEW_UNMAP);
}

static void view_on_commit(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, commit);
    view->commits++;
    if (view->xdg->mapped) emit(view, SLATE_VIEW_COMMIT);
}

// ---- Subsurfaces -----------------------------------------------------------------------------------

/// A subsurface of a view's surface tree: its commits are the view's (its picture is composed into
/// the view's).
struct slate_subsurface {
    slate_view *view;
    struct wlr_subsurface *sub;
    struct wl_listener commit, destroy, new_subsurface;
    struct wl_list link;  // slate_view::subsurfaces
};

static void subsurface_track(slate_view *view, struct wlr_subsurface *sub);
/// Tracks the subsurfaces `surface` already has, and theirs.
static void subsurface_track_children(slate_view *view, struct wlr_surface *surface);

static void subsurface_free(struct slate_subsurface *s) {
    wl_list_remove(&s->commit.link);
    wl_list_remove(&s->destroy.link);
    wl_list_remove(&s->new_subsurface.link);
    wl_list_remove(&s->link);
    free(s);
}

static void subsurface_on_commit(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_subsurface *s = wl_container_of(l, s, commit);
    s->view->commits++;
    s->view->subsurface_changes++;
    if (s->view->xdg->mapped) emit(s->view, SLATE_VIEW_COMMIT);
}

static void subsurface_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_subsurface *s = wl_container_of(l, s, destroy);
    slate_view *view = s->view;
    subsurface_free(s);
    view->commits++;
    view->subsurface_changes++;
    if (view->xdg->mapped) emit(view, SLATE_VIEW_COMMIT);
}

static void subsurface_on_new(struct wl_listener *l, void *data) {
    struct slate_subsurface *s = wl_container_of(l, s, new_subsurface);
    subsurface_track(s->view, data);
}

static void view_on_new_subsurface(struct wl_listener *l, void *data) {
    slate_view *view = wl_container_of(l, view, new_subsurface);
    subsurface_track(view, data);
}

static void subsurface_track(slate_view *view, struct wlr_subsurface *sub) {
    struct slate_subsurface *s = calloc(1, sizeof(*s));
    if (!s) return;
    s->view = view;
    s->sub = sub;
    s->commit.notify = subsurface_on_commit;
    wl_signal_add(&sub->surface->events.commit, &s->commit);
    s->destroy.notify = subsurface_on_destroy;
    wl_signal_add(&sub->events.destroy, &s->destroy);
    s->new_subsurface.notify = subsurface_on_new;
    wl_signal_add(&sub->surface->events.new_subsurface, &s->new_subsurface);
    wl_list_insert(&view->subsurfaces, &s->link);
    subsurface_track_children(view, sub->surface);
}

static void subsurface_track_children(slate_view *view, struct wlr_surface *surface) {
    // Those made before it was known (a program may build its tree before giving it a role).
    struct wlr_subsurface *child;
    wl_list_for_each(child, &surface->pending.subsurfaces_below, pending.link) subsurface_track(view, child);
    wl_list_for_each(child, &surface->pending.subsurfaces_above, pending.link) subsurface_track(view, child);
}

static void view_on_title(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, set_title);
    emit(view, SLATE_VIEW_TITLE);
}

static void view_on_app_id(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, set_app_id);
    emit(view, SLATE_VIEW_TITLE);
}

static void view_on_request_fullscreen(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, request_fullscreen);
    emit(view, SLATE_VIEW_REQUEST_FULLSCREEN);
}

static void view_on_request_maximize(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, request_maximize);
    // xdg-shell wants a configure in answer even when nothing changes.
    wlr_xdg_surface_schedule_configure(view->xdg);
    emit(view, SLATE_VIEW_REQUEST_FULLSCREEN);
}

static void view_on_ping_timeout(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, ping_timeout);
    emit(view, SLATE_VIEW_NOT_RESPONDING);
}

static void view_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, destroy);
    if (view->comp->pointer_view == view) view->comp->pointer_view = NULL;
    emit(view, SLATE_VIEW_DESTROY);
    slate_scene_view_destroyed(view);
    wl_list_remove(&view->link);
    wl_list_remove(&view->map.link);
    wl_list_remove(&view->unmap.link);
    wl_list_remove(&view->destroy.link);
    wl_list_remove(&view->commit.link);
    wl_list_remove(&view->new_popup.link);
    if (view->kind == SLATE_VIEW_TOPLEVEL) {
        wl_list_remove(&view->set_title.link);
        wl_list_remove(&view->set_app_id.link);
        wl_list_remove(&view->request_fullscreen.link);
        wl_list_remove(&view->request_maximize.link);
        wl_list_remove(&view->ping_timeout.link);
    }
    struct slate_subsurface *s, *tmp;
    wl_list_for_each_safe(s, tmp, &view->subsurfaces, link) subsurface_free(s);
    wl_list_remove(&view->new_subsurface.link);
    view->xdg->data = NULL;
    free(view);
}

static void view_on_new_popup(struct wl_listener *l, void *data);

static slate_view *view_create(slate_comp *comp, struct wlr_xdg_surface *xdg, slate_view *parent) {
    slate_view *view = calloc(1, sizeof(*view));
    if (!view) return NULL;
    view->comp = comp;
    view->xdg = xdg;
    view->kind = xdg->role == WLR_XDG_SURFACE_ROLE_POPUP ? SLATE_VIEW_POPUP : SLATE_VIEW_TOPLEVEL;
    xdg->data = view;
    wl_list_insert(comp->views.prev, &view->link);
    view->map.notify = view_on_map;
    wl_signal_add(&xdg->events.map, &view->map);
    view->unmap.notify = view_on_unmap;
    wl_signal_add(&xdg->events.unmap, &view->unmap);
    view->destroy.notify = view_on_destroy;
    wl_signal_add(&xdg->events.destroy, &view->destroy);
    view->commit.notify = view_on_commit;
    wl_signal_add(&xdg->surface->events.commit, &view->commit);
    wl_list_init(&view->subsurfaces);
    view->new_subsurface.notify = view_on_new_subsurface;
    wl_signal_add(&xdg->surface->events.new_subsurface, &view->new_subsurface);
    subsurface_track_children(view, xdg->surface);
    view->new_popup.notify = view_on_new_popup;
    wl_signal_add(&xdg->events.new_popup, &view->new_popup);
    if (view->kind == SLATE_VIEW_TOPLEVEL) {
        struct wlr_xdg_toplevel *t = xdg->toplevel;
        view->set_title.notify = view_on_title;
        wl_signal_add(&t->events.set_title, &view->set_title);
        view->set_app_id.notify = view_on_app_id;
        wl_signal_add(&t->events.set_app_id, &view->set_app_id);
        view->request_fullscreen.notify = view_on_request_fullscreen;
        wl_signal_add(&t->events.request_fullscreen, &view->request_fullscreen);
        view->request_maximize.notify = view_on_request_maximize;
        wl_signal_add(&t->events.request_maximize, &view->request_maximize);
        view->ping_timeout.notify = view_on_ping_timeout;
        wl_signal_add(&xdg->events.ping_timeout, &view->ping_timeout);
    }
    if (view->kind == SLATE_VIEW_TOPLEVEL) slate_scene_view_created(view);
    if (comp->cb.view_new) comp->cb.view_new(comp->cb.user, view, view->kind, parent);
    return view;
}

static void view_on_new_popup(struct wl_listener *l, void *data) {
    slate_view *parent = wl_container_of(l, parent, new_popup);
    struct wlr_xdg_popup *popup = data;
    if (popup->base->data) return;  // already known through the shell's new_surface
    view_create(parent->comp, popup->base, parent);
}

static void on_new_xdg_surface(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_xdg_surface);
    struct wlr_xdg_surface *xdg = data;
    if (xdg->data) return;
    if (xdg->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL) {
        view_create(comp, xdg, NULL);
    } else if (xdg->role == WLR_XDG_SURFACE_ROLE_POPUP) {
        // A popup of an xdg surface: its parent's view, when the parent is one of ours.
        slate_view *parent = NULL;
        struct wlr_surface *ps = xdg->popup->parent;
        if (ps && wlr_surface_is_xdg_surface(ps)) {
            struct wlr_xdg_surface *pxdg = wlr_xdg_surface_from_wlr_surface(ps);
            if (pxdg) parent = pxdg->data;
        }
        view_create(comp, xdg, parent);
    }
}

// ---- Surfaces ---------------------------------------------------------------------------------

/// Watches one wl_surface for a client that destroys it while its xdg_surface lives. xdg-shell has
/// the role object, then the xdg_surface, then the surface go; wlroots 0.15 leaves the xdg objects of
/// a surface gone first inert, and its handlers of their requests do not check for that: the next
/// request to one (xdg_toplevel.move, set_title…) would crash the compositor. Such a client is
/// disconnected (defunct_role_object) before it can send one: libwayland reads no further request
/// from a client with an error posted.
struct surface_guard {
    slate_comp *comp;
    struct wl_listener destroy;
};

static void surface_guard_on_destroy(struct wl_listener *l, void *data) {
    struct surface_guard *g = wl_container_of(l, g, destroy);
    struct wl_resource *resource = data;
    struct wlr_surface *surface = wlr_surface_from_resource(resource);
    struct wl_client *client = wl_resource_get_client(resource);
    struct wlr_xdg_client *xc;
    wl_list_for_each(xc, &g->comp->xdg_shell->clients, link) {
        if (xc->client != client) continue;
        struct wlr_xdg_surface *x;
        wl_list_for_each(x, &xc->surfaces, link) {
            if (x->surface == surface) {
                // (libwayland sends nothing to a client already being torn down.)
                wl_resource_post_error(x->resource, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT,
                                       "wl_surface destroyed before its xdg_surface");
                goto done;
            }
        }
    }
done:
    wl_list_remove(&g->destroy.link);
    free(g);
}

static void on_new_surface(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_surface);
    struct wlr_surface *surface = data;
    struct surface_guard *g = calloc(1, sizeof(*g));
    if (!g) {
        wl_resource_post_no_memory(surface->resource);
        return;
    }
    g->comp = comp;
    g->destroy.notify = surface_guard_on_destroy;
    wl_resource_add_destroy_listener(surface->resource, &g->destroy);
}

int slate_view_kind(slate_view *view) { return view->kind; }

const char *slate_view_title(slate_view *view) {
    if (view->kind != SLATE_VIEW_TOPLEVEL || !view->xdg->toplevel->title) return "";
    return view->xdg->toplevel->title;
}

const char *slate_view_app_id(slate_view *view) {
    if (view->kind != SLATE_VIEW_TOPLEVEL || !view->xdg->toplevel->app_id) return "";
    return view->xdg->toplevel->app_id;
}

int slate_view_pid(slate_view *view) {
    pid_t pid = 0;
    wl_client_get_credentials(wl_resource_get_client(view->xdg->resource), &pid, NULL, NULL);
    return pid;
}

void slate_view_geometry(slate_view *view, int *x, int *y, int *width, int *height) {
    struct wlr_box box;
    wlr_xdg_surface_get_geometry(view->xdg, &box);
    *x = box.x;
    *y = box.y;
    *width = box.width;
    *height = box.height;
}

int slate_view_has_parent(slate_view *view) {
    return view->kind == SLATE_VIEW_TOPLEVEL && view->xdg->toplevel->parent != NULL;
}

void slate_view_size_limits(slate_view *view, int *min_w, int *min_h, int *max_w, int *max_h) {
    *min_w = *min_h = *max_w = *max_h = 0;
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    struct wlr_xdg_toplevel_state *s = &view->xdg->toplevel->current;
    *min_w = (int)s->min_width;
    *min_h = (int)s->min_height;
    *max_w = (int)s->max_width;
    *max_h = (int)s->max_height;
}

void slate_view_popup_position(slate_view *view, int *x, int *y, int *width, int *height) {
    *x = *y = *width = *height = 0;
    if (view->kind != SLATE_VIEW_POPUP) return;
    struct wlr_box g = view->xdg->popup->geometry;
    *x = g.x;
    *y = g.y;
    *width = g.width;
    *height = g.height;
}

void slate_view_popup_constrain(slate_view *view, int x, int y, int width, int height) {
    if (view->kind != SLATE_VIEW_POPUP) return;
    struct wlr_box box = {.x = x, .y = y, .width = width, .height = height};
    wlr_xdg_popup_unconstrain_from_box(view->xdg->popup, &box);
}

void slate_view_configure(slate_view *view, int width, int height, int tiled, int maximized, int activated) {
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    struct wlr_xdg_surface *x = view->xdg;
    wlr_xdg_toplevel_set_tiled(x, tiled ? (WLR_EDGE_TOP | WLR_EDGE_BOTTOM | WLR_EDGE_LEFT | WLR_EDGE_RIGHT) : 0);
    wlr_xdg_toplevel_set_maximized(x, maximized != 0);
    wlr_xdg_toplevel_set_activated(x, activated != 0);
    wlr_xdg_toplevel_set_size(x, (uint32_t)(width > 0 ? width : 0), (uint32_t)(height > 0 ? height : 0));
}

void slate_view_close(slate_view *view) {
    if (view->kind == SLATE_VIEW_TOPLEVEL) {
        wlr_xdg_toplevel_send_close(view->xdg);
    } else {
        wlr_xdg_popup_destroy(view->xdg);
    }
}

void slate_view_kill_client(slate_view *view) {
    wl_client_destroy(wl_resource_get_client(view->xdg->resource));
}

void slate_view_ping(slate_view *view) {
    if (view->xdg->client->ping_serial == 0) wlr_xdg_surface_ping(view->xdg);
}

int slate_view_ping_pending(slate_view *view) { return view->xdg->client->ping_serial != 0; }

uint32_t slate_view_commit_count(slate_view *view) { return view->commits; }

void slate_view_frame_done(slate_view *view, uint32_t msec) {
    struct timespec ts = {.tv_sec = msec / 1000, .tv_nsec = (long)(msec % 1000) * 1000000};
    wlr_surface_send_frame_done(view->xdg->surface, &ts);
    // And every subsurface, at any depth, whether it shows a buffer yet or not: a program that draws
    // its content in a surface of its own (Firefox's page, a video) waits for that surface's
    // callbacks before it draws there at all.
    struct slate_subsurface *s;
    wl_list_for_each(s, &view->subsurfaces, link) wlr_surface_send_frame_done(s->sub->surface, &ts);
}

// ---- Decorations ----------------------------------------------------------------------------------

/// A toplevel's decoration object: the shell draws the window's frame, so the client is always told
/// to draw none (foot and Qt drop their title bars; GTK does not speak this protocol).
struct decoration {
    struct wlr_xdg_toplevel_decoration_v1 *deco;
    struct wl_listener request_mode, destroy;
};

static void decoration_on_request_mode(struct wl_listener *l, void *data) {
    (void)data;
    struct decoration *d = wl_container_of(l, d, request_mode);
    wlr_xdg_toplevel_decoration_v1_set_mode(d->deco, WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
}

static void decoration_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct decoration *d = wl_container_of(l, d, destroy);
    wl_list_remove(&d->request_mode.link);
    wl_list_remove(&d->destroy.link);
    free(d);
}

static void on_new_decoration(struct wl_listener *l, void *data) {
    (void)l;
    struct wlr_xdg_toplevel_decoration_v1 *deco = data;
    struct decoration *d = calloc(1, sizeof(*d));
    if (!d) return;
    d->deco = deco;
    d->request_mode.notify = decoration_on_request_mode;
    wl_signal_add(&deco->events.request_mode, &d->request_mode);
    d->destroy.notify = decoration_on_destroy;
    wl_signal_add(&deco->events.destroy, &d->destroy);
    wlr_xdg_toplevel_decoration_v1_set_mode(deco, WLR_XDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
}

// ---- Input ----------------------------------------------------------------------------------------

struct find_state {
    struct wlr_surface *want;
    int x, y, found;
};

static void find_surface(struct wlr_surface *s, int sx, int sy, void *data) {
    struct find_state *st = data;
    if (s != st->want || st->found) return;
    st->x = sx;
    st->y = sy;
    st->found = 1;
}

/// Where `surface` lies in the view's main surface coordinates, when it is one of the view's tree.
static int surface_position(slate_view *view, struct wlr_surface *surface, int *x, int *y) {
    struct find_state st = {.want = surface};
    if (surface) wlr_surface_for_each_surface(view->xdg->surface, find_surface, &st);
    *x = st.x;
    *y = st.y;
    return st.found;
}

/// The surface of the view's tree under a point of its main surface — a subsurface where one takes
/// input there (Firefox's page), else the main surface — with the point in that surface's
/// coordinates: a program reads a pointer's or a finger's place relative to the surface it is on.
static struct wlr_surface *surface_under(slate_view *view, double sx, double sy, double *lx, double *ly) {
    struct wlr_surface *s = wlr_surface_surface_at(view->xdg->surface, sx, sy, lx, ly);
    if (s) return s;
    *lx = sx;
    *ly = sy;
    return view->xdg->surface;
}

void slate_comp_pointer_motion(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time) {
    if (!view || !view->xdg->mapped) {
        slate_comp_pointer_leave(comp);
        return;
    }
    struct wlr_surface *focused = comp->seat->pointer_state.focused_surface;
    struct wlr_surface *target;
    double lx, ly;
    int x, y;
    if (comp->pointer_view == view && comp->seat->pointer_state.button_count > 0 &&
        surface_position(view, focused, &x, &y)) {
        // While a button is held the pointer stays with the surface it was pressed on.
        target = focused;
        lx = sx - x;
        ly = sy - y;
    } else {
        target = surface_under(view, sx, sy, &lx, &ly);
    }
    if (comp->pointer_view != view || focused != target) {
        wlr_seat_pointer_notify_enter(comp->seat, target, lx, ly);
        comp->pointer_view = view;
    }
    wlr_seat_pointer_notify_motion(comp->seat, time, lx, ly);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_comp_pointer_button(slate_comp *comp, uint32_t button, int pressed, uint32_t time) {
    wlr_seat_pointer_notify_button(comp->seat, time, button,
                                   pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_comp_pointer_axis(slate_comp *comp, double dx, double dy, uint32_t time) {
    if (dy != 0)
        wlr_seat_pointer_notify_axis(comp->seat, time, WLR_AXIS_ORIENTATION_VERTICAL, dy, 0,
                                     WLR_AXIS_SOURCE_FINGER);
    if (dx != 0)
        wlr_seat_pointer_notify_axis(comp->seat, time, WLR_AXIS_ORIENTATION_HORIZONTAL, dx, 0,
                                     WLR_AXIS_SOURCE_FINGER);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_comp_pointer_leave(slate_comp *comp) {
    comp->pointer_view = NULL;
    wlr_seat_pointer_notify_clear_focus(comp->seat);
}

void slate_comp_touch_down(slate_comp *comp, slate_view *view, int id, double sx, double sy, uint32_t time) {
    if (!view || !view->xdg->mapped) return;
    // The shell gives an id only once its last finger lifted; a point still there lost its surface
    // (the window went under the finger) and never heard the lift: it ends now.
    if (wlr_seat_touch_get_point(comp->seat, id)) wlr_seat_touch_notify_up(comp->seat, time, id);
    double lx, ly;
    struct wlr_surface *target = surface_under(view, sx, sy, &lx, &ly);
    wlr_seat_touch_notify_down(comp->seat, target, time, id, lx, ly);
    wlr_seat_touch_notify_frame(comp->seat);
}

/// The drag under way when a finger carries it (NULL for none, or one the pointer carries).
static struct wlr_drag *touch_drag(slate_comp *comp) {
    struct wlr_drag *drag = comp->seat->drag;
    return drag && drag->grab_type == WLR_DRAG_GRAB_KEYBOARD_TOUCH ? drag : NULL;
}

void slate_comp_touch_motion(slate_comp *comp, slate_view *view, int id, double sx, double sy, uint32_t time) {
    struct wlr_touch_point *point = wlr_seat_touch_get_point(comp->seat, id);
    if (!point) return;
    // A drag a finger carries goes to the window under it, whichever program's: the point's focus
    // moves there (the drag's grab sends the drag's enter and leave).
    if (touch_drag(comp) && view && view->xdg->mapped && point->focus_surface != view->xdg->surface)
        wlr_seat_touch_point_focus(comp->seat, view->xdg->surface, time, id, sx, sy);
    // In the coordinates of the surface it went down on (a subsurface of the view, maybe).
    int x = 0, y = 0;
    if (view && view->xdg->mapped && !surface_position(view, point->focus_surface, &x, &y)) x = y = 0;
    wlr_seat_touch_notify_motion(comp->seat, time, id, sx - x, sy - y);
    wlr_seat_touch_notify_frame(comp->seat);
}

void slate_comp_touch_up(slate_comp *comp, int id, uint32_t time) {
    if (!wlr_seat_touch_get_point(comp->seat, id)) return;
    struct wlr_drag *drag = touch_drag(comp);
    struct wlr_data_source *source = drag ? drag->source : NULL;
    int dropped_on_program = drag && drag->focus_client != NULL;
    wlr_seat_touch_notify_up(comp->seat, time, id);
    wlr_seat_touch_notify_frame(comp->seat);
    // A finger's drag let go over no program (the shell took it, or nothing would): wlroots ends
    // the drag without a word to its program, which is told it was cancelled, as a button's is.
    if (drag && !comp->seat->drag && !dropped_on_program && source && comp->seat->drag_source == source)
        wlr_data_source_destroy(source);
}

void slate_comp_touch_cancel(slate_comp *comp, slate_view *view) {
    struct wlr_drag *drag = touch_drag(comp);
    if (drag) {
        // The drag the finger carried ends (its grab's cancel), and its program hears so.
        struct wlr_data_source *source = drag->source;
        wlr_seat_touch_end_grab(comp->seat);
        if (source && comp->seat->drag_source == source) wlr_data_source_destroy(source);
    }
    if (view && view->xdg->surface) {
        wlr_seat_touch_notify_cancel(comp->seat, view->xdg->surface);
        wlr_seat_touch_notify_frame(comp->seat);
    }
}

void slate_comp_drag_leave(slate_comp *comp) {
    slate_comp_pointer_leave(comp);
    struct wlr_drag *drag = touch_drag(comp);
    if (!drag) return;
    struct wlr_touch_point *point = wlr_seat_touch_get_point(comp->seat, drag->touch_id);
    if (!point || !point->focus_surface) return;
    // No window under the finger: the point loses its focus and the drag's grab hears it (wlroots
    // 0.15 clears the focus without telling the grab), so the drag leaves the program.
    wlr_seat_touch_point_clear_focus(comp->seat, slate_comp_now_msec(), drag->touch_id);
    struct wlr_seat_touch_grab *grab = comp->seat->touch_state.grab;
    if (grab->interface->enter) grab->interface->enter(grab, slate_comp_now_msec(), point);
}

int slate_comp_drag_active(slate_comp *comp) { return comp->seat->drag != NULL; }

int slate_comp_drag_is_touch(slate_comp *comp) { return touch_drag(comp) != NULL; }

void slate_comp_keyboard_focus(slate_comp *comp, slate_view *view) {
    if (!view || !view->xdg->mapped) {
        wlr_seat_keyboard_notify_clear_focus(comp->seat);
        return;
    }
    struct wlr_keyboard *kb = comp->keyboard_device->keyboard;
    wlr_seat_keyboard_notify_enter(comp->seat, view->xdg->surface, kb->keycodes, kb->num_keycodes, &kb->modifiers);
}

void slate_view_keyboard_leave(slate_view *view) {
    if (slate_view_has_keyboard(view)) wlr_seat_keyboard_notify_clear_focus(view->comp->seat);
}

int slate_view_has_keyboard(slate_view *view) {
    return view->xdg->surface && view->comp->seat->keyboard_state.focused_surface == view->xdg->surface;
}

void slate_comp_key(slate_comp *comp, uint32_t keycode, int pressed, uint32_t time) {
    // Through the keyboard, so its xkb state (and so the modifiers clients see) follows.
    struct wlr_event_keyboard_key ev = {
        .time_msec = time,
        .keycode = keycode,
        .update_state = true,
        .state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
    };
    wlr_keyboard_notify_key(comp->keyboard_device->keyboard, &ev);
}

int slate_comp_type(slate_comp *comp, uint32_t codepoint, uint32_t time) {
    xkb_keysym_t want = xkb_utf32_to_keysym(codepoint);
    if (want == XKB_KEY_NoSymbol) return -1;
    struct xkb_keymap *km = comp->keymap;
    // The first key, layout and level that make the character (lowest level first: no Shift if it
    // need not be held).
    for (xkb_level_index_t level = 0; level < 4; level++) {
        for (xkb_layout_index_t layout = 0; layout < xkb_keymap_num_layouts(km); layout++) {
            for (xkb_keycode_t kc = xkb_keymap_min_keycode(km); kc <= xkb_keymap_max_keycode(km); kc++) {
                if (layout >= xkb_keymap_num_layouts_for_key(km, kc) ||
                    level >= xkb_keymap_num_levels_for_key(km, kc, layout))
                    continue;
                const xkb_keysym_t *syms;
                int n = xkb_keymap_key_get_syms_by_level(km, kc, layout, level, &syms);
                if (n != 1 || syms[0] != want) continue;
                xkb_mod_mask_t masks[4];
                size_t m = xkb_keymap_key_get_mods_for_level(km, kc, layout, level, masks, 4);
                if (m == 0) continue;
                struct wlr_keyboard *kb = comp->keyboard_device->keyboard;
                struct wlr_keyboard_modifiers saved = kb->modifiers;
                wlr_keyboard_notify_modifiers(kb, masks[0], 0, 0, layout);
                slate_comp_key(comp, kc - 8, 1, time);
                slate_comp_key(comp, kc - 8, 0, time);
                wlr_keyboard_notify_modifiers(kb, saved.depressed, saved.latched, saved.locked, saved.group);
                return 0;
            }
        }
    }
    return -1;
}

static void on_keyboard_key(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, keyboard_key);
    struct wlr_event_keyboard_key *ev = data;
    wlr_seat_keyboard_notify_key(comp->seat, ev->time_msec, ev->keycode, ev->state);
}

static void on_keyboard_modifiers(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, keyboard_modifiers);
    wlr_seat_keyboard_notify_modifiers(comp->seat, &comp->keyboard_device->keyboard->modifiers);
}

// ---- Drags between programs -----------------------------------------------------------------------

static void drag_icon_commit(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, drag_icon_commit);
    struct wlr_surface *s = comp->drag_icon_surface;
    // The icon's place relative to the finger moves by each commit's offset (wl_surface.attach x, y).
    comp->drag_icon_dx += s->current.dx;
    comp->drag_icon_dy += s->current.dy;
    comp->drag_icon_serial++;
}

static void drag_icon_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, drag_icon_destroy);
    wl_list_remove(&comp->drag_icon_commit.link);
    wl_list_remove(&comp->drag_icon_destroy.link);
    comp->drag_icon_surface = NULL;
    comp->drag_icon_serial++;
}

static void on_start_drag(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, start_drag);
    struct wlr_drag *drag = data;
    if (comp->drag_icon_surface) drag_icon_destroy(&comp->drag_icon_destroy, NULL);
    comp->drag_icon_dx = comp->drag_icon_dy = 0;
    if (!drag->icon) return;
    struct wlr_surface *s = drag->icon->surface;
    comp->drag_icon_surface = s;
    comp->drag_icon_dx = s->current.dx;
    comp->drag_icon_dy = s->current.dy;
    comp->drag_icon_commit.notify = drag_icon_commit;
    wl_signal_add(&s->events.commit, &comp->drag_icon_commit);
    comp->drag_icon_destroy.notify = drag_icon_destroy;
    wl_signal_add(&s->events.destroy, &comp->drag_icon_destroy);
    comp->drag_icon_serial++;
}

long slate_comp_drag_icon(slate_comp *comp, uint8_t *dst, size_t capacity, int *width, int *height, int *scale, int *dx,
                          int *dy) {
    *width = *height = 0;
    *scale = 1;
    *dx = comp->drag_icon_dx;
    *dy = comp->drag_icon_dy;
    if (!comp->seat->drag || !comp->drag_icon_surface) return -1;
    return slate_surface_copy_rows(comp, comp->drag_icon_surface, dst, capacity, 0, -1, width, height, scale);
}

uint32_t slate_comp_drag_icon_serial(slate_comp *comp) { return comp->drag_icon_serial; }

int slate_comp_drag_mime_count(slate_comp *comp) {
    struct wlr_drag *drag = comp->seat->drag;
    if (!drag || !drag->source) return 0;
    return (int)(drag->source->mime_types.size / sizeof(char *));
}

const char *slate_comp_drag_mime(slate_comp *comp, int index) {
    if (index < 0 || index >= slate_comp_drag_mime_count(comp)) return NULL;
    char **types = comp->seat->drag->source->mime_types.data;
    return types[index];
}

/// The most a drag's data read by the shell may be, in bytes (an activity is small).
enum { DRAG_READ_MAX = 1024 * 1024 };

long slate_comp_drag_read(slate_comp *comp, const char *mime, int timeout_ms, uint8_t **out) {
    *out = NULL;
    struct wlr_drag *drag = comp->seat->drag;
    if (!drag || !drag->source || !mime) return -1;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    wlr_data_source_send(drag->source, mime, fds[1]);  // the source's program gets the write end
    wl_display_flush_clients(comp->display);
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    uint32_t end = slate_comp_now_msec() + (uint32_t)timeout_ms;
    while (buf) {
        int left = (int)(end - slate_comp_now_msec());
        if (left <= 0) break;
        struct pollfd pfd = {.fd = fds[0], .events = POLLIN};
        if (poll(&pfd, 1, left) <= 0) break;
        if (len + 4096 > cap) {
            if (cap >= DRAG_READ_MAX) break;
            cap *= 2;
            uint8_t *grown = realloc(buf, cap);
            if (!grown) break;
            buf = grown;
        }
        ssize_t r = read(fds[0], buf + len, cap - len);
        if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (r <= 0) break;
        len += (size_t)r;
    }
    close(fds[0]);
    *out = buf;
    return buf ? (long)len : -1;
}

/// Whether a drag asked for with a serial that names no press is still one a finger holds: the
/// only finger down is on the drag's origin, of the same program, and no button is held. GTK 4.8
/// (Debian 12's) names its pointer's last press serial — 0 when it had none — for a drag a finger
/// starts; the finger's own press is taken in its place, as it would be with its serial.
static int finger_press_of(slate_comp *comp, struct wlr_seat_request_start_drag_event *ev,
                           struct wlr_touch_point **point) {
    struct wlr_seat *seat = comp->seat;
    if (seat->pointer_state.button_count != 0 || wlr_seat_touch_num_points(seat) != 1) return 0;
    if (!wlr_seat_validate_touch_grab_serial(seat, ev->origin, seat->touch_state.grab_serial, point)) return 0;
    return (*point)->client == ev->drag->seat_client;
}

static void on_request_start_drag(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, request_start_drag);
    struct wlr_seat_request_start_drag_event *ev = data;
    // A drag may start only from the press that is still held on the window it starts in: the
    // pointer's button, or the one finger down.
    struct wlr_touch_point *point = NULL;
    if (wlr_seat_validate_pointer_grab_serial(comp->seat, ev->origin, ev->serial)) {
        wlr_seat_start_pointer_drag(comp->seat, ev->drag, ev->serial);
    } else if (wlr_seat_validate_touch_grab_serial(comp->seat, ev->origin, ev->serial, &point)) {
        wlr_seat_start_touch_drag(comp->seat, ev->drag, ev->serial, point);
    } else if (finger_press_of(comp, ev, &point)) {
        wlr_seat_start_touch_drag(comp->seat, ev->drag, comp->seat->touch_state.grab_serial, point);
    } else {
        wlr_data_source_destroy(ev->drag->source);
    }
}

static void on_request_set_selection(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, request_set_selection);
    struct wlr_seat_request_set_selection_event *ev = data;
    // The relay: the selection passes from client to client; data moves only on paste.
    wlr_seat_set_selection(comp->seat, ev->source, ev->serial);
}

static void on_request_cursor(struct wl_listener *l, void *data) {
    // The shell draws no client cursor (the finger is the pointer); the request is accepted silently.
    (void)l;
    (void)data;
}

// ---- Nested backend input -----------------------------------------------------------------------

static void nested_emit(slate_comp *comp, int kind, int id, double x, double y, uint32_t code) {
    if (comp->cb.input) comp->cb.input(comp->cb.user, kind, id, x, y, code);
}

static void nested_on_motion_abs(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, motion_abs);
    struct wlr_event_pointer_motion_absolute *ev = data;
    nested_emit(in->comp, 0, 0, ev->x * in->comp->width, ev->y * in->comp->height, 0);
}

static void nested_on_motion(struct wl_listener *l, void *data) {
    // A mouse or trackpad on the session backend moves by how far it went: the pointer is kept
    // here, inside the screen.
    struct nested_input *in = wl_container_of(l, in, motion);
    struct wlr_event_pointer_motion *ev = data;
    slate_comp *comp = in->comp;
    comp->cursor_x += ev->delta_x;
    comp->cursor_y += ev->delta_y;
    if (comp->cursor_x < 0) comp->cursor_x = 0;
    if (comp->cursor_y < 0) comp->cursor_y = 0;
    if (comp->cursor_x > comp->width - 1) comp->cursor_x = comp->width - 1;
    if (comp->cursor_y > comp->height - 1) comp->cursor_y = comp->height - 1;
    nested_emit(comp, 0, 0, comp->cursor_x, comp->cursor_y, 0);
}

static void nested_on_tip(struct wl_listener *l, void *data) {
    // A pen's tip touching the screen is a finger there (SLATE_PEN_TOUCH_ID).
    struct nested_input *in = wl_container_of(l, in, tip);
    struct wlr_event_tablet_tool_tip *ev = data;
    slate_comp *comp = in->comp;
    int down = ev->state == WLR_TABLET_TOOL_TIP_DOWN;
    if (down == comp->pen_down) return;
    comp->pen_down = down;
    nested_emit(comp, down ? 3 : 5, SLATE_PEN_TOUCH_ID, ev->x * comp->width, ev->y * comp->height, 0);
}

static void nested_on_tool_axis(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, tool_axis);
    struct wlr_event_tablet_tool_axis *ev = data;
    slate_comp *comp = in->comp;
    if (!comp->pen_down || !(ev->updated_axes & (WLR_TABLET_TOOL_AXIS_X | WLR_TABLET_TOOL_AXIS_Y))) return;
    nested_emit(comp, 4, SLATE_PEN_TOUCH_ID, ev->x * comp->width, ev->y * comp->height, 0);
}

static void nested_on_button(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, button);
    struct wlr_event_pointer_button *ev = data;
    nested_emit(in->comp, ev->state == WLR_BUTTON_PRESSED ? 1 : 2, 0, 0, 0, ev->button);
}

static void nested_on_axis(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, axis);
    struct wlr_event_pointer_axis *ev = data;
    int vertical = ev->orientation == WLR_AXIS_ORIENTATION_VERTICAL;
    nested_emit(in->comp, 8, 0, vertical ? 0 : ev->delta, vertical ? ev->delta : 0, 0);
}

/// Session backend: Ctrl+Alt+F1…F12 (the keymap's XF86Switch_VT_n) switches to that virtual
/// terminal; Ctrl+Alt+Backspace ends the session (the console's Ctrl+C does not reach a program that
/// holds the keyboard through libinput), as closing `slate run`'s window does. Returns whether the
/// key did either.
static int session_key(struct nested_input *in, struct wlr_event_keyboard_key *ev) {
    slate_comp *comp = in->comp;
    if (comp->backend_kind != SLATE_BACKEND_SESSION || ev->state != WL_KEYBOARD_KEY_STATE_PRESSED) return 0;
    struct wlr_keyboard *kb = in->device->keyboard;
    if (!kb->xkb_state) return 0;
    if (ev->keycode == KEY_BACKSPACE &&
        xkb_state_mod_name_is_active(kb->xkb_state, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0 &&
        xkb_state_mod_name_is_active(kb->xkb_state, XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) > 0) {
        nested_emit(comp, 9, 0, 0, 0, 0);
        return 1;
    }
    const xkb_keysym_t *syms;
    int n = xkb_state_key_get_syms(kb->xkb_state, ev->keycode + 8, &syms);
    for (int i = 0; i < n; i++) {
        if (syms[i] < XKB_KEY_XF86Switch_VT_1 || syms[i] > XKB_KEY_XF86Switch_VT_12) continue;
        struct wlr_session *session = wlr_backend_get_session(comp->backend);
        if (session) wlr_session_change_vt(session, (unsigned)(syms[i] - XKB_KEY_XF86Switch_VT_1 + 1));
        return 1;
    }
    return 0;
}

static void nested_on_key(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, key);
    struct wlr_event_keyboard_key *ev = data;
    if (session_key(in, ev)) return;
    nested_emit(in->comp, ev->state == WL_KEYBOARD_KEY_STATE_PRESSED ? 6 : 7, 0, 0, 0, ev->keycode);
}

static void nested_on_touch_down(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, touch_down);
    struct wlr_event_touch_down *ev = data;
    nested_emit(in->comp, 3, ev->touch_id, ev->x * in->comp->width, ev->y * in->comp->height, 0);
}

static void nested_on_touch_motion(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, touch_motion);
    struct wlr_event_touch_motion *ev = data;
    nested_emit(in->comp, 4, ev->touch_id, ev->x * in->comp->width, ev->y * in->comp->height, 0);
}

static void nested_on_touch_up(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, touch_up);
    struct wlr_event_touch_up *ev = data;
    nested_emit(in->comp, 5, ev->touch_id, 0, 0, 0);
}

static void nested_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct nested_input *in = wl_container_of(l, in, destroy);
    wl_list_remove(&in->destroy.link);
    wl_list_remove(&in->link);
    switch (in->device->type) {
    case WLR_INPUT_DEVICE_POINTER:
        wl_list_remove(&in->motion.link);
        wl_list_remove(&in->motion_abs.link);
        wl_list_remove(&in->button.link);
        wl_list_remove(&in->axis.link);
        break;
    case WLR_INPUT_DEVICE_KEYBOARD:
        wl_list_remove(&in->key.link);
        break;
    case WLR_INPUT_DEVICE_TOUCH:
        wl_list_remove(&in->touch_down.link);
        wl_list_remove(&in->touch_motion.link);
        wl_list_remove(&in->touch_up.link);
        break;
    case WLR_INPUT_DEVICE_TABLET_TOOL:
        wl_list_remove(&in->tip.link);
        wl_list_remove(&in->tool_axis.link);
        break;
    default:
        break;
    }
    free(in);
}

static void on_new_input(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_input);
    struct wlr_input_device *dev = data;
    if (dev == comp->keyboard_device) return;
    struct nested_input *in = calloc(1, sizeof(*in));
    if (!in) return;
    in->comp = comp;
    in->device = dev;
    switch (dev->type) {
    case WLR_INPUT_DEVICE_POINTER:
        in->motion.notify = nested_on_motion;
        wl_signal_add(&dev->pointer->events.motion, &in->motion);
        in->motion_abs.notify = nested_on_motion_abs;
        wl_signal_add(&dev->pointer->events.motion_absolute, &in->motion_abs);
        in->button.notify = nested_on_button;
        wl_signal_add(&dev->pointer->events.button, &in->button);
        in->axis.notify = nested_on_axis;
        wl_signal_add(&dev->pointer->events.axis, &in->axis);
        break;
    case WLR_INPUT_DEVICE_KEYBOARD:
        wlr_keyboard_set_keymap(dev->keyboard, comp->keymap);
        in->key.notify = nested_on_key;
        wl_signal_add(&dev->keyboard->events.key, &in->key);
        break;
    case WLR_INPUT_DEVICE_TOUCH:
        in->touch_down.notify = nested_on_touch_down;
        wl_signal_add(&dev->touch->events.down, &in->touch_down);
        in->touch_motion.notify = nested_on_touch_motion;
        wl_signal_add(&dev->touch->events.motion, &in->touch_motion);
        in->touch_up.notify = nested_on_touch_up;
        wl_signal_add(&dev->touch->events.up, &in->touch_up);
        break;
    case WLR_INPUT_DEVICE_TABLET_TOOL:
        in->tip.notify = nested_on_tip;
        wl_signal_add(&dev->tablet->events.tip, &in->tip);
        in->tool_axis.notify = nested_on_tool_axis;
        wl_signal_add(&dev->tablet->events.axis, &in->tool_axis);
        break;
    default:
        free(in);
        return;
    }
    in->destroy.notify = nested_on_destroy;
    wl_signal_add(&dev->events.destroy, &in->destroy);
    wl_list_insert(&comp->nested_inputs, &in->link);
}

// ---- Output -------------------------------------------------------------------------------------

static void on_output_frame(struct wl_listener *l, void *data) {
    // The output can take the next frame.
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, output_frame);
    comp->frame_pending = 0;
}

static void on_output_destroy(struct wl_listener *l, void *data) {
    // The nested window was closed (or the screen went): nothing more is shown; the owner is told.
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, output_destroy);
    wl_list_remove(&comp->output_frame.link);
    wl_list_remove(&comp->output_destroy.link);
    comp->output = NULL;
    comp->frame_pending = 0;
    nested_emit(comp, 9, 0, 0, 0, 0);
}

static int setup_output(slate_comp *comp, struct wlr_output *output, char *err, size_t err_len) {
    if (!wlr_output_init_render(output, comp->allocator, comp->renderer)) {
        snprintf(err, err_len, "cannot set up drawing on the output");
        return -1;
    }
    if (comp->backend_kind == SLATE_BACKEND_NESTED) {
        wlr_output_set_custom_mode(output, comp->width, comp->height, 0);
    } else if (comp->backend_kind == SLATE_BACKEND_SESSION) {
        // The whole panel, at the mode it prefers (its native resolution).
        struct wlr_output_mode *mode = wlr_output_preferred_mode(output);
        if (mode) {
            wlr_output_set_mode(output, mode);
            comp->width = mode->width;
            comp->height = mode->height;
        } else {
            comp->width = output->width;
            comp->height = output->height;
        }
        comp->cursor_x = comp->width / 2.0;
        comp->cursor_y = comp->height / 2.0;
    }
    wlr_output_set_scale(output, (float)comp->scale);
    wlr_output_enable(output, true);
    if (comp->backend_kind != SLATE_BACKEND_HEADLESS && wlr_output_attach_render(output, NULL)) {
        // A window's (or a screen's) output is enabled with a first (black) frame.
        wlr_renderer_begin(comp->renderer, (uint32_t)comp->width, (uint32_t)comp->height);
        wlr_renderer_clear(comp->renderer, (float[4]){0, 0, 0, 1});
        wlr_renderer_end(comp->renderer);
    }
    if (!wlr_output_commit(output)) {
        snprintf(err, err_len, "the output refused its mode %dx%d", comp->width, comp->height);
        return -1;
    }
    wlr_output_create_global(output);
    comp->output_frame.notify = on_output_frame;
    wl_signal_add(&output->events.frame, &comp->output_frame);
    comp->output_destroy.notify = on_output_destroy;
    wl_signal_add(&output->events.destroy, &comp->output_destroy);
    comp->output = output;
    return 0;
}

static void on_new_output(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_output);
    if (comp->output) return;  // one screen
    char err[128];
    if (setup_output(comp, data, err, sizeof err) != 0) wlr_log(WLR_ERROR, "slate: %s", err);
}

void slate_comp_output_size(slate_comp *comp, int *width, int *height) {
    *width = comp->output ? comp->width : 0;
    *height = comp->output ? comp->height : 0;
}

void slate_comp_set_scale(slate_comp *comp, double scale) {
    comp->scale = scale > 0 ? scale : 1;
    if (!comp->output) return;
    wlr_output_set_scale(comp->output, (float)comp->scale);
    wlr_output_commit(comp->output);
}

void slate_comp_set_title(slate_comp *comp, const char *title) {
    struct wlr_output *o = comp->output;
    if (!o || !title) return;
    if (wlr_output_is_x11(o)) wlr_x11_output_set_title(o, title);
    else if (wlr_output_is_wl(o)) wlr_wl_output_set_title(o, title);
}

int slate_comp_present(slate_comp *comp, const uint8_t *pixels, int width, int height, int stride) {
    struct wlr_output *o = comp->output;
    if (!o || comp->frame_pending) return -1;
    struct wlr_texture *tex =
        wlr_texture_from_pixels(comp->renderer, DRM_FORMAT_ARGB8888, (uint32_t)stride, (uint32_t)width,
                                (uint32_t)height, pixels);
    if (!tex) return -1;
    if (!wlr_output_attach_render(o, NULL)) {
        wlr_texture_destroy(tex);
        return -1;
    }
    wlr_renderer_begin(comp->renderer, (uint32_t)o->width, (uint32_t)o->height);
    wlr_renderer_clear(comp->renderer, (float[4]){0, 0, 0, 1});
    wlr_render_texture(comp->renderer, tex, o->transform_matrix, 0, 0, 1.0f);
    wlr_renderer_end(comp->renderer);
    int ok = wlr_output_commit(o);
    if (ok) comp->frame_pending = 1;
    wlr_texture_destroy(tex);
    return ok ? 0 : -1;
}

// ---- Life -----------------------------------------------------------------------------------------

/// While set, wlroots says nothing (a session that cannot start is said in one line of Slate's).
static int log_silenced = 0;

static void log_quietly(enum wlr_log_importance importance, const char *fmt, va_list args) {
    if (importance > WLR_ERROR || log_silenced) return;
    fprintf(stderr, "slate: wlroots: ");
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
}

/// wlroots' X11 backend looks up the atoms a window's title and close button need (`_NET_WM_NAME`,
/// `UTF8_STRING`, `WM_PROTOCOLS`, `WM_DELETE_WINDOW`) without making them; an X server with no
/// window manager (Xvfb) has none yet, and the window would stay nameless. This makes them, on a connection the caller closes once wlroots has its own
/// (an X server with no client left resets, forgetting its atoms). NULL when there is no X.
static xcb_connection_t *make_x11_title_atoms(void) {
    const char *display = getenv("DISPLAY");
    const char *wayland = getenv("WAYLAND_DISPLAY");
    if (!display || !*display || (wayland && *wayland)) return NULL;
    // An X server whose last client just left resets, and refuses connections a moment meanwhile.
    xcb_connection_t *x = NULL;
    for (int tries = 0; tries < 20; tries++) {
        x = xcb_connect(NULL, NULL);
        if (!xcb_connection_has_error(x)) break;
        xcb_disconnect(x);
        x = NULL;
        struct timespec pause = {.tv_sec = 0, .tv_nsec = 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    if (!x) return NULL;
    const char *names[] = {"_NET_WM_NAME", "UTF8_STRING", "WM_PROTOCOLS", "WM_DELETE_WINDOW"};
    enum { count = sizeof names / sizeof *names };
    xcb_intern_atom_cookie_t cookies[count];
    for (int i = 0; i < count; i++) cookies[i] = xcb_intern_atom(x, 0, (uint16_t)strlen(names[i]), names[i]);
    for (int i = 0; i < count; i++) free(xcb_intern_atom_reply(x, cookies[i], NULL));
    return x;
}

static void on_session_active(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, session_active);
    struct wlr_session *session = wlr_backend_get_session(comp->backend);
    if (!session || !session->active) return;
    // Back from another virtual terminal: a frame committed as it went was never shown, and what is
    // on the screen is not Slate's.
    comp->frame_pending = 0;
    nested_emit(comp, 10, 0, 0, 0, 0);
}

static void stop_session_listening(slate_comp *comp) {
    if (!comp->session_listening) return;
    wl_list_remove(&comp->session_active.link);
    comp->session_listening = 0;
}

/// Whether the machine has a DRM device (a screen with a kernel modesetting driver).
static int has_drm_device(void) {
    char path[32];
    for (int i = 0; i < 16; i++) {
        snprintf(path, sizeof path, "/dev/dri/card%d", i);
        if (access(path, F_OK) == 0) return 1;
    }
    return 0;
}

/// The screen's renderer and the programs' (one on the headless backend).
static void destroy_renderers(slate_comp *comp) {
    if (comp->renderer && comp->renderer != comp->client_renderer) wlr_renderer_destroy(comp->renderer);
    if (comp->client_renderer) wlr_renderer_destroy(comp->client_renderer);
    comp->renderer = comp->client_renderer = NULL;
}

slate_comp *slate_comp_create(int backend, int width, int height, double scale, const slate_comp_callbacks *callbacks,
                              char *err, size_t err_len) {
    static int logging = 0;
    if (!logging) {
        wlr_log_init(WLR_ERROR, log_quietly);
        logging = 1;
    }
    slate_comp *comp = calloc(1, sizeof(*comp));
    if (!comp) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    comp->cb = *callbacks;
    comp->backend_kind = backend;
    comp->width = width;
    comp->height = height;
    comp->scale = scale > 0 ? scale : 1;
    wl_list_init(&comp->nested_inputs);
    wl_list_init(&comp->views);
    wl_list_init(&comp->apps);
    comp->display = wl_display_create();
    if (!comp->display) {
        snprintf(err, err_len, "cannot create a Wayland display");
        free(comp);
        return NULL;
    }
    comp->loop = wl_display_get_event_loop(comp->display);

    if (backend == SLATE_BACKEND_HEADLESS) {
        comp->backend = wlr_headless_backend_create(comp->display);
    } else if (backend == SLATE_BACKEND_SESSION) {
        // The two ways it cannot start are named by a word the owner says in the user's language.
        if (!has_drm_device()) {
            snprintf(err, err_len, "%s", SLATE_ERR_NO_DRM);
            goto fail;
        }
        // The machine's own screen and input: wlroots picks DRM and libinput only when it finds no
        // desktop to open a window on.
        unsetenv("DISPLAY");
        unsetenv("WAYLAND_DISPLAY");
        log_silenced = 1;
        comp->backend = wlr_backend_autocreate(comp->display);
        log_silenced = 0;
        if (!comp->backend) {
            snprintf(err, err_len, "%s", SLATE_ERR_NO_SEAT);
            goto fail;
        }
        struct wlr_session *session = wlr_backend_get_session(comp->backend);
        if (session) {
            comp->session_active.notify = on_session_active;
            wl_signal_add(&session->events.active, &comp->session_active);
            comp->session_listening = 1;
        }
    } else {
        xcb_connection_t *atoms = make_x11_title_atoms();
        comp->backend = wlr_backend_autocreate(comp->display);
        if (atoms) xcb_disconnect(atoms);
    }
    if (!comp->backend) {
        snprintf(err, err_len, backend == SLATE_BACKEND_HEADLESS ? "cannot create the headless backend"
                                                                 : "no X11 or Wayland desktop to open a window on");
        goto fail;
    }
    // Programs' buffers are read on the CPU (the shell composes its frame there): their textures are
    // the pixman renderer's on every backend, so the display offers wl_shm and no dmabuf or wl_drm,
    // and a program drawing with a GPU gets Mesa's software path into shared memory. A dmabuf from
    // a GPU would have to be read back from it each frame, which costs more than the drawing saved.
    comp->client_renderer = wlr_pixman_renderer_create();
    if (!comp->client_renderer) {
        snprintf(err, err_len, "cannot create a renderer");
        goto fail;
    }
    // The screen itself: headless draws nothing; nested and session let wlroots choose how to put
    // the shell's frame on it (WLR_RENDERER may force one).
    comp->renderer = backend == SLATE_BACKEND_HEADLESS ? comp->client_renderer : wlr_renderer_autocreate(comp->backend);
    if (!comp->renderer) {
        snprintf(err, err_len, "cannot create a renderer");
        goto fail;
    }
    wlr_renderer_init_wl_display(comp->client_renderer, comp->display);
    comp->allocator = wlr_allocator_autocreate(comp->backend, comp->renderer);
    if (!comp->allocator) {
        snprintf(err, err_len, "cannot create a buffer allocator");
        goto fail;
    }
    comp->compositor = wlr_compositor_create(comp->display, comp->client_renderer);
    comp->new_surface.notify = on_new_surface;
    wl_signal_add(&comp->compositor->events.new_surface, &comp->new_surface);
    wlr_data_device_manager_create(comp->display);
    // Clipboard managers and wl-copy/wl-paste read and set the selection without a window.
    wlr_data_control_manager_v1_create(comp->display);
    comp->xdg_shell = wlr_xdg_shell_create(comp->display);
    comp->xdg_shell->ping_timeout = SLATE_PING_TIMEOUT_MS;
    comp->new_xdg_surface.notify = on_new_xdg_surface;
    wl_signal_add(&comp->xdg_shell->events.new_surface, &comp->new_xdg_surface);
    struct wlr_xdg_decoration_manager_v1 *decorations = wlr_xdg_decoration_manager_v1_create(comp->display);
    comp->new_decoration.notify = on_new_decoration;
    wl_signal_add(&decorations->events.new_toplevel_decoration, &comp->new_decoration);

    if (slate_scene_init(comp) != 0) {
        snprintf(err, err_len, "cannot create the scene manager");
        goto fail;
    }

    comp->seat = wlr_seat_create(comp->display, "seat0");
    wlr_seat_set_capabilities(comp->seat,
                              WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_KEYBOARD | WL_SEAT_CAPABILITY_TOUCH);
    comp->request_set_selection.notify = on_request_set_selection;
    wl_signal_add(&comp->seat->events.request_set_selection, &comp->request_set_selection);
    comp->request_start_drag.notify = on_request_start_drag;
    wl_signal_add(&comp->seat->events.request_start_drag, &comp->request_start_drag);
    comp->start_drag.notify = on_start_drag;
    wl_signal_add(&comp->seat->events.start_drag, &comp->start_drag);
    comp->request_cursor.notify = on_request_cursor;
    wl_signal_add(&comp->seat->events.request_set_cursor, &comp->request_cursor);

    // The keyboard the shell types with: a headless device with the desktop's keymap.
    struct xkb_context *ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    // The desktop's layout (XKB_DEFAULT_LAYOUT…), or US and Russian: Slate's two languages, so the
    // shell can type either into any program.
    const char *layout = getenv("XKB_DEFAULT_LAYOUT");
    struct xkb_rule_names names = {.layout = layout && *layout ? NULL : "us,ru"};
    comp->keymap = ctx ? xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    if (ctx) xkb_context_unref(ctx);
    if (!comp->keymap) {
        snprintf(err, err_len, "cannot compile the keyboard map (xkbcommon)");
        goto fail;
    }
    struct wlr_backend *headless_input = backend == SLATE_BACKEND_HEADLESS ? comp->backend : NULL;
    if (!headless_input) {
        headless_input = wlr_headless_backend_create(comp->display);
        if (headless_input && !wlr_multi_backend_add(comp->backend, headless_input)) headless_input = NULL;
    }
    if (!headless_input) {
        snprintf(err, err_len, "cannot create the shell's keyboard");
        goto fail;
    }
    comp->keyboard_device = wlr_headless_add_input_device(headless_input, WLR_INPUT_DEVICE_KEYBOARD);
    if (!comp->keyboard_device) {
        snprintf(err, err_len, "cannot create the shell's keyboard");
        goto fail;
    }
    wlr_keyboard_set_keymap(comp->keyboard_device->keyboard, comp->keymap);
    wlr_keyboard_set_repeat_info(comp->keyboard_device->keyboard, 25, 600);
    comp->keyboard_key.notify = on_keyboard_key;
    wl_signal_add(&comp->keyboard_device->keyboard->events.key, &comp->keyboard_key);
    comp->keyboard_modifiers.notify = on_keyboard_modifiers;
    wl_signal_add(&comp->keyboard_device->keyboard->events.modifiers, &comp->keyboard_modifiers);
    wlr_seat_set_keyboard(comp->seat, comp->keyboard_device);

    comp->new_input.notify = on_new_input;
    wl_signal_add(&comp->backend->events.new_input, &comp->new_input);
    comp->new_output.notify = on_new_output;
    wl_signal_add(&comp->backend->events.new_output, &comp->new_output);

    comp->socket = wl_display_add_socket_auto(comp->display);
    if (!comp->socket) {
        snprintf(err, err_len, "cannot open a Wayland socket in $XDG_RUNTIME_DIR");
        goto fail;
    }
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    snprintf(comp->socket_path, sizeof comp->socket_path, "%s/%s", runtime ? runtime : "", comp->socket);
    chmod(comp->socket_path, 0700);

    if (backend == SLATE_BACKEND_SESSION) log_silenced = 1;
    int started = wlr_backend_start(comp->backend);
    log_silenced = 0;
    if (!started) {
        snprintf(err, err_len, "%s", backend == SLATE_BACKEND_SESSION ? SLATE_ERR_NO_SEAT : "cannot start the backend");
        goto fail;
    }
    if (backend == SLATE_BACKEND_SESSION && !comp->output) {
        snprintf(err, err_len, "%s", SLATE_ERR_NO_SCREEN);
        goto fail;
    }
    if (backend == SLATE_BACKEND_HEADLESS) {
        struct wlr_output *o = wlr_headless_add_output(comp->backend, (unsigned)width, (unsigned)height);
        if (!o || (!comp->output && setup_output(comp, o, err, err_len) != 0)) {
            if (!o) snprintf(err, err_len, "cannot create the headless output");
            goto fail;
        }
    }
    return comp;

fail:
    stop_session_listening(comp);
    wl_display_destroy_clients(comp->display);
    if (comp->backend) wlr_backend_destroy(comp->backend);
    if (comp->allocator) wlr_allocator_destroy(comp->allocator);
    destroy_renderers(comp);
    wl_display_destroy(comp->display);
    if (comp->keymap) xkb_keymap_unref(comp->keymap);
    free(comp);
    return NULL;
}

void slate_comp_destroy(slate_comp *comp) {
    if (!comp) return;
    stop_session_listening(comp);
    wl_display_destroy_clients(comp->display);
    wlr_backend_destroy(comp->backend);
    // Neither belongs to the display or the backend (LeakSanitizer found both left).
    wlr_allocator_destroy(comp->allocator);
    destroy_renderers(comp);
    wl_display_destroy(comp->display);
    if (comp->keymap) xkb_keymap_unref(comp->keymap);
    free(comp);
}

const char *slate_comp_socket(slate_comp *comp) { return comp->socket; }

int slate_comp_event_fd(slate_comp *comp) { return wl_event_loop_get_fd(comp->loop); }

int slate_comp_dispatch(slate_comp *comp, int timeout_ms) {
    wl_display_flush_clients(comp->display);
    int r = wl_event_loop_dispatch(comp->loop, timeout_ms);
    wl_display_flush_clients(comp->display);
    return r;
}

void slate_comp_flush(slate_comp *comp) { wl_display_flush_clients(comp->display); }
