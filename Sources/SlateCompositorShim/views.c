// Views: program windows as the shell sees them — one kind, whatever their protocol: the life and
// the functions every view shares, each kind's own behind `struct slate_view_impl` —; and the xdg
// kind: a client's xdg toplevels and popups, their subsurfaces, the surfaces they are made of
// (guarded against a client destroying them out of order) and their decorations (the shell draws
// the frame). X11 windows are the other kind (xwayland.c).
#include "internal.h"

void slate_emit(slate_view *view, slate_view_event event) {
    if (view->comp->cb.view_event) view->comp->cb.view_event(view->comp->cb.user, view, event);
    if (event == SLATE_VIEW_COMMIT) slate_pointer_rebase(view);
}

static void emit(slate_view *view, slate_view_event event) { slate_emit(view, event); }

// ---- Every view -----------------------------------------------------------------------------------

/// A subsurface of a view's surface tree: its commits are the view's (its picture is composed into
/// the view's).
struct slate_subsurface {
    slate_view *view;
    struct wlr_subsurface *sub;
    struct wl_listener commit, destroy, new_subsurface;
    struct wl_list link;  // slate_view::subsurfaces
};

static void subsurface_free(struct slate_subsurface *s);

slate_view *slate_view_new(slate_comp *comp, const struct slate_view_impl *impl, slate_view_kind kind,
                           struct wlr_surface *surface, struct wlr_xdg_surface *xdg, struct slate_x11_window *x11) {
    slate_view *view = calloc(1, sizeof(*view));
    if (!view) return NULL;
    view->comp = comp;
    view->impl = impl;
    view->kind = kind;
    view->surface = surface;
    view->xdg = xdg;
    view->x11 = x11;
    wl_list_init(&view->link);
    wl_list_init(&view->subsurfaces);
    wl_list_init(&view->new_subsurface.link);
    return view;
}

void slate_view_announce(slate_view *view, slate_view *parent) {
    slate_comp *comp = view->comp;
    if (comp->cb.view_new) comp->cb.view_new(comp->cb.user, view, view->kind, parent);
}

void slate_view_destroy(slate_view *view) {
    if (view->comp->pointer_view == view) view->comp->pointer_view = NULL;
    if (view->comp->keyboard_before_layer == view) view->comp->keyboard_before_layer = NULL;
    slate_toplevels_view_unmapped(view);
    emit(view, SLATE_VIEW_DESTROY);
    slate_scene_view_destroyed(view);
    wl_list_remove(&view->link);
    struct slate_subsurface *s, *tmp;
    wl_list_for_each_safe(s, tmp, &view->subsurfaces, link) subsurface_free(s);
    wl_list_remove(&view->new_subsurface.link);
    free(view);
}

// ---- Views --------------------------------------------------------------------------------------

static void view_on_map(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, map);
    slate_toplevels_view_mapped(view);
    emit(view, SLATE_VIEW_MAP);
    slate_popup_mapped(view);
}

static void view_on_unmap(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, unmap);
    if (view->comp->pointer_view == view) view->comp->pointer_view = NULL;
    slate_toplevels_view_unmapped(view);
    slate_popup_unmapped(view);
    emit(view, SLATE_VIEW_UNMAP);
}

static void view_on_commit(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, commit);
    view->commits++;
    if (slate_view_is_mapped(view)) emit(view, SLATE_VIEW_COMMIT);
}

// ---- Subsurfaces -----------------------------------------------------------------------------------

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
    if (slate_view_is_mapped(s->view)) emit(s->view, SLATE_VIEW_COMMIT);
}

static void subsurface_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_subsurface *s = wl_container_of(l, s, destroy);
    slate_view *view = s->view;
    subsurface_free(s);
    view->commits++;
    view->subsurface_changes++;
    if (slate_view_is_mapped(view)) emit(view, SLATE_VIEW_COMMIT);
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
    slate_toplevels_view_titled(view);
    emit(view, SLATE_VIEW_TITLE);
}

static void view_on_app_id(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, set_app_id);
    slate_toplevels_view_titled(view);
    emit(view, SLATE_VIEW_TITLE);
}

static void view_on_request_fullscreen(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, request_fullscreen);
    // xdg-shell wants a configure in answer even when nothing changes.
    wlr_xdg_surface_schedule_configure(view->xdg);
    emit(view, SLATE_VIEW_REQUEST_FULLSCREEN);
}

static void view_on_request_maximize(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, request_maximize);
    // xdg-shell wants a configure in answer even when nothing changes.
    wlr_xdg_surface_schedule_configure(view->xdg);
    emit(view, SLATE_VIEW_REQUEST_MAXIMIZE);
}

static void view_on_request_minimize(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, request_minimize);
    emit(view, SLATE_VIEW_REQUEST_MINIMIZE);
}

static void view_on_request_move(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, request_move);
    emit(view, SLATE_VIEW_REQUEST_MOVE);
}

static void view_on_request_resize(struct wl_listener *l, void *data) {
    slate_view *view = wl_container_of(l, view, request_resize);
    struct wlr_xdg_toplevel_resize_event *ev = data;
    view->resize_edges = ev->edges;
    emit(view, SLATE_VIEW_REQUEST_RESIZE);
}

static void view_on_ping_timeout(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, ping_timeout);
    emit(view, SLATE_VIEW_NOT_RESPONDING);
}

static void view_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, destroy);
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
        wl_list_remove(&view->request_minimize.link);
        wl_list_remove(&view->request_move.link);
        wl_list_remove(&view->request_resize.link);
        wl_list_remove(&view->ping_timeout.link);
    }
    view->xdg->data = NULL;
    slate_view_destroy(view);
}

static void view_on_new_popup(struct wl_listener *l, void *data);
static const struct slate_view_impl xdg_impl;

static slate_view *view_create(slate_comp *comp, struct wlr_xdg_surface *xdg, slate_view *parent) {
    slate_view_kind kind = xdg->role == WLR_XDG_SURFACE_ROLE_POPUP ? SLATE_VIEW_POPUP : SLATE_VIEW_TOPLEVEL;
    slate_view *view = slate_view_new(comp, &xdg_impl, kind, xdg->surface, xdg, NULL);
    if (!view) return NULL;
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
        view->request_minimize.notify = view_on_request_minimize;
        wl_signal_add(&t->events.request_minimize, &view->request_minimize);
        view->request_move.notify = view_on_request_move;
        wl_signal_add(&t->events.request_move, &view->request_move);
        view->request_resize.notify = view_on_request_resize;
        wl_signal_add(&t->events.request_resize, &view->request_resize);
        view->ping_timeout.notify = view_on_ping_timeout;
        wl_signal_add(&xdg->events.ping_timeout, &view->ping_timeout);
    }
    if (view->kind == SLATE_VIEW_TOPLEVEL) slate_scene_view_created(view);
    slate_view_announce(view, parent);
    return view;
}

static void view_on_new_popup(struct wl_listener *l, void *data) {
    slate_view *parent = wl_container_of(l, parent, new_popup);
    struct wlr_xdg_popup *popup = data;
    if (popup->base->data) return;  // already known through the shell's new_surface
    view_create(parent->comp, popup->base, parent);
}

slate_view *slate_view_of_popup(slate_comp *comp, struct wlr_xdg_popup *popup) {
    if (popup->base->data) return popup->base->data;
    return view_create(comp, popup->base, NULL);
}

void slate_on_new_xdg_surface(struct wl_listener *l, void *data) {
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

void slate_on_new_surface(struct wl_listener *l, void *data) {
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
    slate_surface_watch_output(comp, surface);
}

// ---- The xdg kind's functions --------------------------------------------------------------------

static int xdg_mapped(slate_view *view) { return view->xdg->mapped; }

static const char *xdg_title(slate_view *view) {
    if (view->kind != SLATE_VIEW_TOPLEVEL || !view->xdg->toplevel->title) return "";
    return view->xdg->toplevel->title;
}

static const char *xdg_app_id(slate_view *view) {
    if (view->kind != SLATE_VIEW_TOPLEVEL || !view->xdg->toplevel->app_id) return "";
    return view->xdg->toplevel->app_id;
}

static int xdg_pid(slate_view *view) {
    pid_t pid = 0;
    wl_client_get_credentials(wl_resource_get_client(view->xdg->resource), &pid, NULL, NULL);
    return pid;
}

static void xdg_geometry(slate_view *view, int *x, int *y, int *width, int *height) {
    struct wlr_box box;
    wlr_xdg_surface_get_geometry(view->xdg, &box);
    *x = box.x;
    *y = box.y;
    *width = box.width;
    *height = box.height;
}

static int xdg_has_parent(slate_view *view) {
    return view->kind == SLATE_VIEW_TOPLEVEL && view->xdg->toplevel->parent != NULL;
}

static void xdg_size_limits(slate_view *view, int *min_w, int *min_h, int *max_w, int *max_h) {
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    struct wlr_xdg_toplevel_state *s = &view->xdg->toplevel->current;
    *min_w = (int)s->min_width;
    *min_h = (int)s->min_height;
    *max_w = (int)s->max_width;
    *max_h = (int)s->max_height;
}

static void xdg_requested_states(slate_view *view, int *maximized, int *fullscreen) {
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    *maximized = view->xdg->toplevel->requested.maximized;
    *fullscreen = view->xdg->toplevel->requested.fullscreen;
}

static int xdg_configure_pending(slate_view *view) {
    if (view->kind != SLATE_VIEW_TOPLEVEL) return 0;
    struct wlr_xdg_surface *xdg = view->xdg;
    struct wlr_xdg_toplevel *top = xdg->toplevel;
    // A configure not sent yet or not acknowledged, or acknowledged but not yet committed.
    return xdg->configure_idle != NULL || !wl_list_empty(&xdg->configure_list) ||
           top->current.width != top->scheduled.width || top->current.height != top->scheduled.height;
}

static void xdg_popup_position(slate_view *view, int *x, int *y, int *width, int *height) {
    if (view->kind != SLATE_VIEW_POPUP) return;
    struct wlr_box g = view->xdg->popup->geometry;
    *x = g.x;
    *y = g.y;
    *width = g.width;
    *height = g.height;
}

static void xdg_popup_constrain(slate_view *view, int x, int y, int width, int height) {
    if (view->kind != SLATE_VIEW_POPUP) return;
    struct wlr_box box = {.x = x, .y = y, .width = width, .height = height};
    wlr_xdg_popup_unconstrain_from_box(view->xdg->popup, &box);
    // Whatever its positioner said (sizes and offsets near 2³¹ overflow wlroots' arithmetic), a
    // popup gets a positive size that fits, inside the box.
    struct wlr_box *g = &view->xdg->popup->geometry;
    if (width < 1 || height < 1) return;
    if (g->width < 1 || g->width > width) g->width = g->width < 1 ? 1 : width;
    if (g->height < 1 || g->height > height) g->height = g->height < 1 ? 1 : height;
    if (g->x < x) g->x = x;
    if (g->y < y) g->y = y;
    if ((long)g->x + g->width > (long)x + width) g->x = x + width - g->width;
    if ((long)g->y + g->height > (long)y + height) g->y = y + height - g->height;
}

static void xdg_configure(slate_view *view, int width, int height, uint32_t states) {
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    struct wlr_xdg_surface *x = view->xdg;
    uint32_t all_edges = WLR_EDGE_TOP | WLR_EDGE_BOTTOM | WLR_EDGE_LEFT | WLR_EDGE_RIGHT;
    wlr_xdg_toplevel_set_tiled(x, (states & SLATE_TOPLEVEL_TILED) ? all_edges : 0);
    wlr_xdg_toplevel_set_maximized(x, (states & SLATE_TOPLEVEL_MAXIMIZED) != 0);
    wlr_xdg_toplevel_set_fullscreen(x, (states & SLATE_TOPLEVEL_FULLSCREEN) != 0);
    wlr_xdg_toplevel_set_activated(x, (states & SLATE_TOPLEVEL_ACTIVATED) != 0);
    wlr_xdg_toplevel_set_resizing(x, (states & SLATE_TOPLEVEL_RESIZING) != 0);
    wlr_xdg_toplevel_set_size(x, (uint32_t)(width > 0 ? width : 0), (uint32_t)(height > 0 ? height : 0));
}

static void xdg_close(slate_view *view) {
    if (view->kind == SLATE_VIEW_TOPLEVEL) {
        wlr_xdg_toplevel_send_close(view->xdg);
    } else {
        wlr_xdg_popup_destroy(view->xdg);
    }
}

static void xdg_kill_client(slate_view *view) { wl_client_destroy(wl_resource_get_client(view->xdg->resource)); }

static void xdg_ping(slate_view *view) {
    if (view->xdg->client->ping_serial == 0) wlr_xdg_surface_ping(view->xdg);
}

static int xdg_ping_pending(slate_view *view) { return view->xdg->client->ping_serial != 0; }

static const struct slate_view_impl xdg_impl = {
    .mapped = xdg_mapped,
    .title = xdg_title,
    .app_id = xdg_app_id,
    .pid = xdg_pid,
    .geometry = xdg_geometry,
    .has_parent = xdg_has_parent,
    .size_limits = xdg_size_limits,
    .requested_states = xdg_requested_states,
    .configure = xdg_configure,
    .configure_pending = xdg_configure_pending,
    .popup_position = xdg_popup_position,
    .popup_constrain = xdg_popup_constrain,
    .close = xdg_close,
    .kill_client = xdg_kill_client,
    .ping = xdg_ping,
    .ping_pending = xdg_ping_pending,
};

// ---- What Swift asks of any view ------------------------------------------------------------------

slate_view_kind slate_view_kind_of(slate_view *view) { return view->kind; }

const char *slate_view_title(slate_view *view) { return view->impl->title(view); }

const char *slate_view_app_id(slate_view *view) { return view->impl->app_id(view); }

int slate_view_pid(slate_view *view) { return view->impl->pid(view); }

int slate_view_is_x11(slate_view *view) { return view->x11 != NULL; }

void slate_view_geometry(slate_view *view, int *x, int *y, int *width, int *height) {
    view->impl->geometry(view, x, y, width, height);
}

int slate_view_has_parent(slate_view *view) { return view->impl->has_parent(view); }

void slate_view_size_limits(slate_view *view, int *min_w, int *min_h, int *max_w, int *max_h) {
    *min_w = *min_h = *max_w = *max_h = 0;
    view->impl->size_limits(view, min_w, min_h, max_w, max_h);
}

void slate_view_requested_states(slate_view *view, int *maximized, int *fullscreen) {
    *maximized = *fullscreen = 0;
    if (view->switcher_asks) {
        *maximized = view->switcher_maximized;
        *fullscreen = view->switcher_fullscreen;
        return;
    }
    view->impl->requested_states(view, maximized, fullscreen);
}

uint32_t slate_view_resize_edges(slate_view *view) { return view->resize_edges; }

int slate_view_configure_pending(slate_view *view) { return view->impl->configure_pending(view); }

void slate_view_popup_position(slate_view *view, int *x, int *y, int *width, int *height) {
    *x = *y = *width = *height = 0;
    view->impl->popup_position(view, x, y, width, height);
}

void slate_view_popup_constrain(slate_view *view, int x, int y, int width, int height) {
    view->impl->popup_constrain(view, x, y, width, height);
}

void slate_view_configure(slate_view *view, int width, int height, uint32_t states) {
    view->impl->configure(view, width, height, states);
}

void slate_view_close(slate_view *view) { view->impl->close(view); }

void slate_view_kill_client(slate_view *view) { view->impl->kill_client(view); }

void slate_view_ping(slate_view *view) { view->impl->ping(view); }

int slate_view_ping_pending(slate_view *view) { return view->impl->ping_pending(view); }

uint32_t slate_view_commit_count(slate_view *view) { return view->commits; }

void slate_view_frame_done(slate_view *view, uint32_t msec) {
    if (!view->surface) return;
    struct timespec ts = {.tv_sec = msec / 1000, .tv_nsec = (long)(msec % 1000) * 1000000};
    wlr_surface_send_frame_done(view->surface, &ts);
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

void slate_on_new_decoration(struct wl_listener *l, void *data) {
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

static void sample_surface(struct wlr_surface *surface, int sx, int sy, void *data) {
    (void)sx;
    (void)sy;
    slate_output_sampled(data, surface);
}

void slate_view_sampled(slate_view *view) {
    if (slate_view_is_mapped(view)) wlr_surface_for_each_surface(view->surface, sample_surface, view->comp);
}
