// X11 programs through Xwayland: wlroots' Xwayland server, started rootless and lazily when the first
// X11 program connects (`DISPLAY`), and its window manager (the XWM, inside wlroots), whose windows
// become views of the X11 kind: the shell sees one kind of program window (views.c holds the other,
// xdg-shell's; `struct slate_view_impl` is what differs).
//
// - A managed window (a toplevel) is a view from its map to its unmap; an override-redirect one (a
//   menu, a tooltip) is a popup placed where the program put it, relative to the toplevel it belongs
//   to (its WM_TRANSIENT_FOR, else the same program's window with the keys, else its latest), which
//   X is told is where the shell shows it (`slate_view_set_screen_position`).
// - The keys' window has the X input focus (and so the clipboard: wlroots' XWM bridges the
//   clipboard and the primary selection to Wayland's for the focused X11 window only).
// - Xwayland crashing or killed takes its windows (each said to have gone with it) and nothing else;
//   a new server waits, lazily, for the next X11 program.
// - The XWM reads programs' window properties inside this process. wlroots 0.15 reads a few of them
//   without checking their format (atom lists in 8-bit form are read four times their length; size
//   and WM hints of the wrong shape are copied from uninitialised memory), so each such property is
//   checked on a connection of our own just before the XWM reads it, and dropped when malformed.
#define _GNU_SOURCE

#include "xwayland.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wlr/xwayland.h>

static const char *const atom_names[ATOM_COUNT] = {
    [ATOM_WM_PROTOCOLS] = "WM_PROTOCOLS",
    [ATOM_NET_WM_WINDOW_TYPE] = "_NET_WM_WINDOW_TYPE",
    [ATOM_NET_WM_STATE] = "_NET_WM_STATE",
    [ATOM_MOTIF_WM_HINTS] = "_MOTIF_WM_HINTS",
    [ATOM_WL_SURFACE_ID] = "WL_SURFACE_ID",
    [ATOM_NET_WM_STATE_DEMANDS_ATTENTION] = "_NET_WM_STATE_DEMANDS_ATTENTION",
    [ATOM_NET_WM_PING] = "_NET_WM_PING",
    [ATOM_NET_WM_WINDOW_TYPE_DIALOG] = "_NET_WM_WINDOW_TYPE_DIALOG",
};

static struct slate_xwayland *instances;

static void x11_create(struct slate_xwayland *x);
static void x11_teardown(struct slate_xwayland *x);

/// Copies `text` into `out` (`size` bytes), cut at a character's start when it is too long.
static void copy_text(char *out, size_t size, const char *text) {
    if (!text) {
        out[0] = 0;
        return;
    }
    size_t n = strnlen(text, size);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    }
    memcpy(out, text, n);
    out[n] = 0;
}

/// Whether the server behind our connection has gone (its socket hung up).
static int server_hung_up(struct slate_xwayland *x) {
    if (!x->wlr || !x->wlr->server || !x->wlr->server->client) return 1;
    if (!x->conn) return 0;
    if (xcb_connection_has_error(x->conn)) return 1;
    struct pollfd p = {.fd = xcb_get_file_descriptor(x->conn), .events = POLLIN};
    if (poll(&p, 1, 0) <= 0) return 0;
    if (p.revents & (POLLHUP | POLLERR)) return 1;
    char byte;
    return recv(p.fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

// ---- Properties checked before the XWM reads them ---------------------------------------------------

/// How a property the XWM reads must be shaped.
enum shape { SHAPE_WINDOW, SHAPE_ATOMS, SHAPE_STATE, SHAPE_HINTS, SHAPE_SIZE_HINTS, SHAPE_MOTIF };

struct checked_property {
    xcb_atom_t atom;
    enum shape shape;
    const char *name;
};

/// The properties wlroots 0.15's XWM reads without checking their format, and the atoms they are.
static int checked_properties(struct slate_xwayland *x, struct checked_property out[7]) {
    out[0] = (struct checked_property){XCB_ATOM_WM_TRANSIENT_FOR, SHAPE_WINDOW, "WM_TRANSIENT_FOR"};
    out[1] = (struct checked_property){XCB_ATOM_WM_HINTS, SHAPE_HINTS, "WM_HINTS"};
    out[2] = (struct checked_property){XCB_ATOM_WM_NORMAL_HINTS, SHAPE_SIZE_HINTS, "WM_NORMAL_HINTS"};
    out[3] = (struct checked_property){x->atoms[ATOM_WM_PROTOCOLS], SHAPE_ATOMS, "WM_PROTOCOLS"};
    out[4] = (struct checked_property){x->atoms[ATOM_NET_WM_WINDOW_TYPE], SHAPE_ATOMS, "_NET_WM_WINDOW_TYPE"};
    out[5] = (struct checked_property){x->atoms[ATOM_NET_WM_STATE], SHAPE_STATE, "_NET_WM_STATE"};
    out[6] = (struct checked_property){x->atoms[ATOM_MOTIF_WM_HINTS], SHAPE_MOTIF, "_MOTIF_WM_HINTS"};
    return 7;
}

/// Whether a property as the XWM would read it (its first 2048 items) is one it misreads.
static int malformed(enum shape shape, const xcb_get_property_reply_t *r) {
    if (r->type == XCB_ATOM_NONE || r->value_len == 0) return 0;
    switch (shape) {
    case SHAPE_WINDOW: return r->type == XCB_ATOM_WINDOW && r->format != 32;
    case SHAPE_ATOMS: return r->type == XCB_ATOM_ATOM && r->format != 32;
    case SHAPE_STATE: return r->format != 32;
    // (xcb-icccm refuses these unless typed and whole: wlroots then copies what it never filled.)
    case SHAPE_HINTS: return r->type != XCB_ATOM_WM_HINTS || r->format != 32 || r->value_len < 8;
    case SHAPE_SIZE_HINTS: return r->type == XCB_ATOM_WM_SIZE_HINTS && (r->format != 32 || r->value_len < 15);
    case SHAPE_MOTIF: return r->value_len >= 5 && r->format != 32;
    }
    return 0;
}

/// Checks the window's properties the XWM misreads (only `only`, when not NONE), and deletes each
/// malformed one; returns whether one was. Waits until the server has deleted them, so the XWM,
/// reading after on its own connection, finds them gone.
static int sanitise(struct slate_xwayland *x, xcb_window_t window, xcb_atom_t only) {
    if (!x->conn || xcb_connection_has_error(x->conn)) return 0;
    struct checked_property props[7];
    int n = checked_properties(x, props);
    xcb_get_property_cookie_t cookies[7];
    int asked[7] = {0};
    for (int i = 0; i < n; i++) {
        if (!props[i].atom || (only != XCB_ATOM_NONE && props[i].atom != only)) continue;
        cookies[i] = xcb_get_property(x->conn, 0, window, props[i].atom, XCB_ATOM_ANY, 0, 2048);
        asked[i] = 1;
    }
    xcb_void_cookie_t deletions[7];
    int deleted[7] = {0}, any = 0;
    for (int i = 0; i < n; i++) {
        if (!asked[i]) continue;
        xcb_get_property_reply_t *r = xcb_get_property_reply(x->conn, cookies[i], NULL);
        if (!r) continue;
        if (malformed(props[i].shape, r)) {
            if (x->malformed_said++ < MALFORMED_SAID_MAX)
                fprintf(stderr, "slate: X11 window 0x%x set a malformed %s (type %u, format %u, %u items): dropped\n",
                        window, props[i].name, r->type, r->format, r->value_len);
            deletions[i] = xcb_delete_property_checked(x->conn, window, props[i].atom);
            deleted[i] = any = 1;
        }
        free(r);
    }
    for (int i = 0; i < n; i++)
        if (deleted[i]) free(xcb_request_check(x->conn, deletions[i]));
    // Errors of requests whose answer nobody waits for (a window gone before it was killed).
    xcb_generic_event_t *e;
    while ((e = xcb_poll_for_event(x->conn))) free(e);
    return any;
}

static struct slate_x11_window *window_by_id(struct slate_xwayland *x, xcb_window_t id) {
    struct slate_x11_window *w;
    wl_list_for_each(w, &x->windows, link) {
        if (w->xs->window_id == id) return w;
    }
    return NULL;
}

static void ask_attention(struct slate_x11_window *w);

/// Sees each X event before the XWM does (it is handled by the XWM after, always: 0).
static int on_x11_event(struct wlr_xwm *xwm, xcb_generic_event_t *event) {
    struct slate_xwayland *x = instances;
    while (x && !(x->wlr && x->wlr->xwm == xwm)) x = x->next;
    if (!x || !x->conn) return 0;
    switch (event->response_type & ~0x80) {
    case XCB_MAP_REQUEST:
        sanitise(x, ((xcb_map_request_event_t *)event)->window, XCB_ATOM_NONE);
        break;
    case XCB_PROPERTY_NOTIFY: {
        xcb_property_notify_event_t *ev = (xcb_property_notify_event_t *)event;
        if (ev->state != XCB_PROPERTY_NEW_VALUE) break;
        // A malformed one is deleted, and this event made one the XWM passes over (no window): the
        // deletion's own event follows, and the XWM reads it gone.
        if (sanitise(x, ev->window, ev->atom)) ev->window = XCB_WINDOW_NONE;
        break;
    }
    case XCB_CLIENT_MESSAGE: {
        xcb_client_message_event_t *ev = (xcb_client_message_event_t *)event;
        if (ev->type == x->atoms[ATOM_WL_SURFACE_ID]) {
            // The XWM pairs the window with its surface now, reading all its properties.
            sanitise(x, ev->window, XCB_ATOM_NONE);
        } else if (ev->type == x->atoms[ATOM_NET_WM_STATE] && ev->format == 32) {
            // _NET_WM_STATE_DEMANDS_ATTENTION (the XWM keeps no record of it): 0 remove, 1 add, 2
            // toggle.
            xcb_atom_t want = x->atoms[ATOM_NET_WM_STATE_DEMANDS_ATTENTION];
            uint32_t action = ev->data.data32[0];
            struct slate_x11_window *w = window_by_id(x, ev->window);
            if (w && want && (ev->data.data32[1] == want || ev->data.data32[2] == want) && action <= 2) {
                int before = w->demands_attention;
                w->demands_attention = action == 2 ? !before : (int)action;
                if (!before && w->demands_attention) ask_attention(w);
            }
        }
        break;
    }
    default:
        break;
    }
    return 0;
}

/// The XWM pairs a window with its surface when the surface comes after the window's WL_SURFACE_ID
/// message: its properties are checked first (this runs before the XWM's own listener).
static void on_compositor_new_surface(struct wl_listener *l, void *data) {
    struct slate_xwayland *x = wl_container_of(l, x, compositor_new_surface);
    struct wlr_surface *surface = data;
    if (!x->wlr || !x->wlr->server || wl_resource_get_client(surface->resource) != x->wlr->server->client) return;
    uint32_t id = wl_resource_get_id(surface->resource);
    struct slate_x11_window *w;
    wl_list_for_each(w, &x->windows, link) {
        if (w->xs->surface_id == id && !w->xs->surface) sanitise(x, w->xs->window_id, XCB_ATOM_NONE);
    }
}

// ---- Windows ----------------------------------------------------------------------------------------

/// The toplevel an override-redirect window is placed against: its WM_TRANSIENT_FOR's (through other
/// override-redirect windows), else the same program's window with the keys, else that program's
/// latest window, else the X11 window with the keys, else the latest X11 window.
static slate_view *placement_parent(struct slate_x11_window *w) {
    struct slate_xwayland *x = w->x;
    int depth = 0;
    for (struct wlr_xwayland_surface *p = w->xs->parent; p && depth < 64; p = p->parent, depth++) {
        struct slate_x11_window *pw = p->data;
        if (!pw || !pw->view) continue;
        if (pw->view->kind == SLATE_VIEW_TOPLEVEL) return pw->view;
        if (pw->parent) return pw->parent;
    }
    if (x->focused && x->focused->x11->xs->pid == w->xs->pid) return x->focused;
    slate_view *same = NULL, *latest = NULL;
    struct slate_x11_window *o;
    wl_list_for_each(o, &x->windows, link) {
        if (o == w || !o->view || o->view->kind != SLATE_VIEW_TOPLEVEL) continue;
        latest = o->view;
        if (o->xs->pid == w->xs->pid) same = o->view;
    }
    if (same) return same;
    return x->focused ? x->focused : latest;
}

static void window_on_commit(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, commit);
    if (!w->view) return;
    w->view->commits++;
    slate_emit(w->view, SLATE_VIEW_COMMIT);
}

/// The window has content: it becomes a view (a toplevel, or an override-redirect popup).
static void window_show(struct slate_x11_window *w) {
    struct wlr_xwayland_surface *xs = w->xs;
    if (w->view || !xs->surface) return;
    slate_view_kind kind = xs->override_redirect ? SLATE_VIEW_POPUP : SLATE_VIEW_TOPLEVEL;
    slate_view *parent = kind == SLATE_VIEW_POPUP ? placement_parent(w) : NULL;
    slate_view *view = slate_view_new(w->x->comp, &slate_x11_view_impl, kind, xs->surface, NULL, w);
    if (!view) return;
    w->view = view;
    w->parent = parent;
    w->constrained = 0;
    w->lost = 0;
    copy_text(w->title, sizeof w->title, xs->title);
    copy_text(w->app_id, sizeof w->app_id, xs->class && *xs->class ? xs->class : xs->instance);
    w->commit.notify = window_on_commit;
    wl_signal_add(&xs->surface->events.commit, &w->commit);
    slate_view_announce(view, parent);
    if (kind == SLATE_VIEW_TOPLEVEL) slate_toplevels_view_mapped(view);
    slate_emit(view, SLATE_VIEW_MAP);
    if (kind == SLATE_VIEW_TOPLEVEL && (w->urgent || w->demands_attention)) ask_attention(w);
}

/// The window has no content any more, or goes: its view goes (with its server, when that ended).
static void window_hide(struct slate_x11_window *w) {
    slate_view *view = w->view;
    if (!view) return;
    struct slate_xwayland *x = w->x;
    w->lost = server_hung_up(x);
    wl_list_remove(&w->commit.link);
    if (x->focused == view) x->focused = NULL;
    slate_emit(view, SLATE_VIEW_UNMAP);
    struct slate_x11_window *o;
    wl_list_for_each(o, &x->windows, link) {
        if (o->parent == view) o->parent = NULL;
    }
    w->view = NULL;
    slate_view_destroy(view);
}

static void window_on_map(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, map);
    window_show(w);
}

static void window_on_unmap(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, unmap);
    window_hide(w);
}

static void window_on_request_configure(struct wl_listener *l, void *data) {
    struct slate_x11_window *w = wl_container_of(l, w, request_configure);
    struct wlr_xwayland_surface_configure_event *ev = data;
    if (!w->configured) {
        // Not placed yet: as it asks (a program sizes its window before showing it).
        wlr_xwayland_surface_configure(w->xs, ev->x, ev->y, ev->width, ev->height);
        return;
    }
    // Placed by the shell: told again where and how big it is (its wish is the shell's to grant).
    struct wlr_xwayland_surface *xs = w->xs;
    wlr_xwayland_surface_configure(xs, xs->x, xs->y, xs->width, xs->height);
}

static void window_on_title(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, set_title);
    copy_text(w->title, sizeof w->title, w->xs->title);
    if (!w->view) return;
    slate_toplevels_view_titled(w->view);
    slate_emit(w->view, SLATE_VIEW_TITLE);
}

static void window_on_class(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, set_class);
    copy_text(w->app_id, sizeof w->app_id, w->xs->class && *w->xs->class ? w->xs->class : w->xs->instance);
    if (!w->view) return;
    slate_toplevels_view_titled(w->view);
    slate_emit(w->view, SLATE_VIEW_TITLE);
}

static void window_on_request_fullscreen(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, request_fullscreen);
    // (The XWM set _NET_WM_STATE as asked.) Full screen is the shell's to grant: X is told what the
    // window has until the shell grants it (slate_view_configure).
    if (w->view && w->view->kind == SLATE_VIEW_TOPLEVEL) slate_emit(w->view, SLATE_VIEW_REQUEST_FULLSCREEN);
    wlr_xwayland_surface_set_fullscreen(w->xs, w->fullscreen);
}

static void window_on_request_maximize(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, request_maximize);
    // (The XWM set _NET_WM_STATE as asked.) The shell decides; X is told what it has until then.
    w->wants_maximized = w->xs->maximized_horz && w->xs->maximized_vert;
    if (w->view && w->view->kind == SLATE_VIEW_TOPLEVEL) slate_emit(w->view, SLATE_VIEW_REQUEST_MAXIMIZE);
    wlr_xwayland_surface_set_maximized(w->xs, w->maximized);
}

static void window_on_request_move(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, request_move);
    // _NET_WM_MOVERESIZE from its title bar: the shell moves it where windows move (Windowed Apps).
    if (w->view && w->view->kind == SLATE_VIEW_TOPLEVEL) slate_emit(w->view, SLATE_VIEW_REQUEST_MOVE);
}

static void window_on_request_resize(struct wl_listener *l, void *data) {
    struct slate_x11_window *w = wl_container_of(l, w, request_resize);
    struct wlr_xwayland_resize_event *ev = data;
    if (!w->view || w->view->kind != SLATE_VIEW_TOPLEVEL) return;
    // (wlroots' edges are xdg-shell's bits: top 1, bottom 2, left 4, right 8.)
    w->view->resize_edges = ev->edges & 15;
    slate_emit(w->view, SLATE_VIEW_REQUEST_RESIZE);
}

static void window_on_request_minimize(struct wl_listener *l, void *data) {
    struct slate_x11_window *w = wl_container_of(l, w, request_minimize);
    struct wlr_xwayland_minimize_event *ev = data;
    if (w->view && w->view->kind == SLATE_VIEW_TOPLEVEL && ev->minimize)
        slate_emit(w->view, SLATE_VIEW_REQUEST_MINIMIZE);
    // It is not iconified by X's reckoning: the shell keeps its windows.
    wlr_xwayland_surface_set_minimized(w->xs, false);
}

/// A window asks for attention: a banner and a badge (never the keys).
static void ask_attention(struct slate_x11_window *w) {
    if (!w->view || w->view->kind != SLATE_VIEW_TOPLEVEL) return;
    w->view->activation_trusted = 0;
    slate_emit(w->view, SLATE_VIEW_REQUEST_ACTIVATE);
}

static void window_on_request_activate(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, request_activate);
    if (!w->view || w->view->kind != SLATE_VIEW_TOPLEVEL) return;
    // _NET_ACTIVE_WINDOW: trusted from the program that has the keys (one of its windows bringing
    // another forward); from any other, a request for attention.
    slate_view *focused = w->x->focused;
    w->view->activation_trusted = focused && focused->x11->xs->pid == w->xs->pid;
    slate_emit(w->view, SLATE_VIEW_REQUEST_ACTIVATE);
}

static void window_on_hints(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, set_hints);
    int urgent = w->xs->hints && w->xs->hints_urgency;
    int rising = urgent && !w->urgent;
    w->urgent = urgent;
    if (rising) ask_attention(w);
}

static void window_on_ping_timeout(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, ping_timeout);
    if (w->view) slate_emit(w->view, SLATE_VIEW_NOT_RESPONDING);
}

static void window_on_override_redirect(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, set_override_redirect);
    // Its kind changed: a view of the other kind.
    if (!w->view) return;
    window_hide(w);
    window_show(w);
}

static void window_on_geometry(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, set_geometry);
    // An override-redirect window moved itself (a tooltip following the pointer): placed again.
    if (w->view && w->view->kind == SLATE_VIEW_POPUP) slate_emit(w->view, SLATE_VIEW_COMMIT);
}

static void window_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_x11_window *w = wl_container_of(l, w, destroy);
    window_hide(w);
    struct wl_listener *listeners[] = {
        &w->destroy,           &w->map,           &w->unmap,          &w->request_configure,
        &w->set_title,         &w->set_class,     &w->request_fullscreen, &w->request_maximize,
        &w->request_minimize,  &w->request_activate, &w->request_move, &w->request_resize,
        &w->set_hints,         &w->ping_timeout,
        &w->set_override_redirect, &w->set_geometry,
    };
    for (size_t i = 0; i < sizeof listeners / sizeof *listeners; i++) wl_list_remove(&listeners[i]->link);
    wl_list_remove(&w->link);
    w->xs->data = NULL;
    free(w);
}

static void on_new_surface(struct wl_listener *l, void *data) {
    struct slate_xwayland *x = wl_container_of(l, x, new_surface);
    struct wlr_xwayland_surface *xs = data;
    struct slate_x11_window *w = calloc(1, sizeof(*w));
    if (!w) return;
    w->x = x;
    w->xs = xs;
    xs->data = w;
    wl_list_insert(x->windows.prev, &w->link);
    w->destroy.notify = window_on_destroy;
    wl_signal_add(&xs->events.destroy, &w->destroy);
    w->map.notify = window_on_map;
    wl_signal_add(&xs->events.map, &w->map);
    w->unmap.notify = window_on_unmap;
    wl_signal_add(&xs->events.unmap, &w->unmap);
    w->request_configure.notify = window_on_request_configure;
    wl_signal_add(&xs->events.request_configure, &w->request_configure);
    w->set_title.notify = window_on_title;
    wl_signal_add(&xs->events.set_title, &w->set_title);
    w->set_class.notify = window_on_class;
    wl_signal_add(&xs->events.set_class, &w->set_class);
    w->request_fullscreen.notify = window_on_request_fullscreen;
    wl_signal_add(&xs->events.request_fullscreen, &w->request_fullscreen);
    w->request_maximize.notify = window_on_request_maximize;
    wl_signal_add(&xs->events.request_maximize, &w->request_maximize);
    w->request_minimize.notify = window_on_request_minimize;
    wl_signal_add(&xs->events.request_minimize, &w->request_minimize);
    w->request_activate.notify = window_on_request_activate;
    wl_signal_add(&xs->events.request_activate, &w->request_activate);
    w->request_move.notify = window_on_request_move;
    wl_signal_add(&xs->events.request_move, &w->request_move);
    w->request_resize.notify = window_on_request_resize;
    wl_signal_add(&xs->events.request_resize, &w->request_resize);
    w->set_hints.notify = window_on_hints;
    wl_signal_add(&xs->events.set_hints, &w->set_hints);
    w->ping_timeout.notify = window_on_ping_timeout;
    wl_signal_add(&xs->events.ping_timeout, &w->ping_timeout);
    w->set_override_redirect.notify = window_on_override_redirect;
    wl_signal_add(&xs->events.set_override_redirect, &w->set_override_redirect);
    w->set_geometry.notify = window_on_geometry;
    wl_signal_add(&xs->events.set_geometry, &w->set_geometry);
}

// ---- The server's life ------------------------------------------------------------------------------

/// The server's Wayland connection ended (it crashed, was killed, or ended with its last client):
/// once the XWM has seen its end too, a new server is made, started lazily as the first was.
static void on_server_gone(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_xwayland *x = wl_container_of(l, x, server_gone);
    x->hears_server = 0;
    if (x->finishing || !x->restart_timer) return;
    x->restart_waits = 0;
    wl_event_source_timer_update(x->restart_timer, RESTART_WAIT_MS);
}

static int on_restart_timer(void *data) {
    struct slate_xwayland *x = data;
    if (x->finishing || !x->wlr) return 0;
    if (x->wlr->xwm) {
        // wlroots' XWM reads its server's hang-up on its own: until it has, the server is not made
        // again (it would be left pointing at the old one).
        if (++x->restart_waits < RESTART_WAITS_MAX) {
            wl_event_source_timer_update(x->restart_timer, RESTART_WAIT_MS);
        } else {
            fprintf(stderr, "slate: Xwayland ended and its window manager did not: X11 programs cannot start again\n");
        }
        return 0;
    }
    x11_teardown(x);
    x11_create(x);
    return 0;
}

static void on_ready(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_xwayland *x = wl_container_of(l, x, ready);
    struct wlr_xwayland *wlr = x->wlr;
    // The XWM's connection is the XWM's from now on: it closes it when its server hangs up. wlroots
    // 0.15 would close it too as the server's Wayland connection ends, so one of the two closes hit
    // whatever took the number in between — the listening socket its lazy restart opens, whose event
    // source then could not be removed and was called after it was freed (found killing Xwayland).
    if (wlr->server) wlr->server->wm_fd[0] = -1;
    // (The XWM forgets the seat when its server ends.)
    wlr_xwayland_set_seat(wlr, x->comp->seat);
    if (wlr->server && wlr->server->client && !x->hears_server) {
        x->server_gone.notify = on_server_gone;
        wl_client_add_destroy_listener(wlr->server->client, &x->server_gone);
        x->hears_server = 1;
    }
    if (x->conn) xcb_disconnect(x->conn);
    x->conn = xcb_connect(wlr->display_name, NULL);
    if (xcb_connection_has_error(x->conn)) {
        fprintf(stderr, "slate: cannot connect to Xwayland at %s: X11 windows' properties are read unchecked\n",
                wlr->display_name);
        xcb_disconnect(x->conn);
        x->conn = NULL;
        return;
    }
    xcb_intern_atom_cookie_t cookies[ATOM_COUNT];
    for (int i = 0; i < ATOM_COUNT; i++)
        cookies[i] = xcb_intern_atom(x->conn, 0, (uint16_t)strlen(atom_names[i]), atom_names[i]);
    for (int i = 0; i < ATOM_COUNT; i++) {
        xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(x->conn, cookies[i], NULL);
        x->atoms[i] = r ? r->atom : XCB_ATOM_NONE;
        free(r);
    }
}

/// Makes wlroots' server (listening, started when the first X11 program connects) and its XWM.
static void x11_create(struct slate_xwayland *x) {
    slate_comp *comp = x->comp;
    x->wlr = wlr_xwayland_create(comp->display, comp->compositor, true);
    if (!x->wlr) {
        fprintf(stderr, "slate: cannot start Xwayland: X11 programs will find no display\n");
        return;
    }
    x->wlr->user_event_handler = on_x11_event;
    x->new_surface.notify = on_new_surface;
    wl_signal_add(&x->wlr->events.new_surface, &x->new_surface);
    x->ready.notify = on_ready;
    wl_signal_add(&x->wlr->events.ready, &x->ready);
    wlr_xwayland_set_seat(x->wlr, comp->seat);
}

/// Lets go of the server and everything of it (its windows are gone with its XWM by now).
static void x11_teardown(struct slate_xwayland *x) {
    if (x->conn) {
        xcb_disconnect(x->conn);
        x->conn = NULL;
    }
    memset(x->atoms, 0, sizeof x->atoms);
    x->focused = NULL;
    if (!x->wlr) return;
    if (x->hears_server) {
        wl_list_remove(&x->server_gone.link);
        x->hears_server = 0;
    }
    wl_list_remove(&x->new_surface.link);
    wl_list_remove(&x->ready.link);
    wlr_xwayland_destroy(x->wlr);
    x->wlr = NULL;
    x->malformed_said = 0;
}

int slate_xwayland_init(slate_comp *comp) {
    if (access("/usr/bin/Xwayland", X_OK) != 0 && !getenv("WLR_XWAYLAND")) {
        fprintf(stderr, "slate: Xwayland is not installed (apt install xwayland): X11 programs will find no display\n");
        return 0;
    }
    struct slate_xwayland *x = calloc(1, sizeof(*x));
    if (!x) return -1;
    x->comp = comp;
    wl_list_init(&x->windows);
    x->restart_timer = wl_event_loop_add_timer(comp->loop, on_restart_timer, x);
    // Before the XWM's own listener (added when its server is ready): properties are checked first.
    x->compositor_new_surface.notify = on_compositor_new_surface;
    wl_signal_add(&comp->compositor->events.new_surface, &x->compositor_new_surface);
    x->next = instances;
    instances = x;
    comp->x11 = x;
    x11_create(x);
    return 0;
}

void slate_xwayland_finish(slate_comp *comp) {
    struct slate_xwayland *x = comp->x11;
    if (!x) return;
    x->finishing = 1;
    if (x->restart_timer) wl_event_source_remove(x->restart_timer);
    x->restart_timer = NULL;
    if (x->wlr && x->wlr->server && x->wlr->server->client) {
        // The server ends with its Wayland connection; the XWM once it has read the hang-up, which is
        // waited for (a moment): destroyed with the server still there, it would be left behind.
        wl_client_destroy(x->wlr->server->client);
        uint32_t end = slate_comp_now_msec() + 1000;
        while (x->wlr->xwm && (int32_t)(end - slate_comp_now_msec()) > 0) wl_event_loop_dispatch(comp->loop, 10);
    }
    x11_teardown(x);
    wl_list_remove(&x->compositor_new_surface.link);
    struct slate_x11_window *w, *tmp;
    wl_list_for_each_safe(w, tmp, &x->windows, link) window_on_destroy(&w->destroy, NULL);
    for (struct slate_xwayland **p = &instances; *p; p = &(*p)->next) {
        if (*p == x) {
            *p = x->next;
            break;
        }
    }
    comp->x11 = NULL;
    free(x);
}

void slate_xwayland_keyboard_focus(slate_comp *comp, slate_view *view) {
    struct slate_xwayland *x = comp->x11;
    if (!x) return;
    slate_view *target = view && view->x11 && view->kind == SLATE_VIEW_TOPLEVEL ? view : NULL;
    if (x->focused == target) return;
    if (x->focused) wlr_xwayland_surface_activate(x->focused->x11->xs, false);
    x->focused = target;
    if (!target) return;
    wlr_xwayland_surface_activate(target->x11->xs, true);
    wlr_xwayland_surface_restack(target->x11->xs, NULL, XCB_STACK_MODE_ABOVE);
}

slate_view *slate_xwayland_view_of_surface(struct wlr_surface *surface) {
    if (!surface || !wlr_surface_is_xwayland_surface(surface)) return NULL;
    struct wlr_xwayland_surface *xs = wlr_xwayland_surface_from_wlr_surface(surface);
    struct slate_x11_window *w = xs ? xs->data : NULL;
    return w ? w->view : NULL;
}

// ---- What Swift asks ----------------------------------------------------------------------------------

const char *slate_comp_x11_display(slate_comp *comp) {
    struct slate_xwayland *x = comp->x11;
    if (!x || !x->wlr || !x->wlr->display_name || !x->wlr->display_name[0]) return NULL;
    return x->wlr->display_name;
}

void slate_comp_end_x11(slate_comp *comp) { slate_xwayland_finish(comp); }

void slate_view_set_screen_position(slate_view *view, int x, int y) {
    struct slate_x11_window *w = view->x11;
    if (!w || view->kind != SLATE_VIEW_TOPLEVEL || (w->screen_x == x && w->screen_y == y)) return;
    w->screen_x = x;
    w->screen_y = y;
    slate_x11_tell_geometry(w);
}

int slate_view_lost_with_server(slate_view *view) { return view->x11 && view->x11->lost; }
