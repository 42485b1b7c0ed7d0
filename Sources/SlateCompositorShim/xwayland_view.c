// An X11 window as a view of the X11 kind: what the shell asks of it (its title, size limits and
// states, configure, popups' place, close, ping), beside views.c's xdg-shell kind. Its life — made
// at its map, gone at its unmap — is xwayland.c's.
#define _GNU_SOURCE

#include "xwayland.h"

#include <signal.h>
#include <unistd.h>

static struct slate_x11_window *window_of(slate_view *view) { return view->x11; }

// (Its view lives from the window's map to its unmap: wlroots 0.15 says `mapped` only after the map
// signal, whose listeners — the shell adopting the window and giving it the keys — ask before.)
static int x11_mapped(slate_view *view) { return window_of(view)->view == view; }

static const char *x11_title(slate_view *view) { return window_of(view)->title; }

static const char *x11_app_id(slate_view *view) { return window_of(view)->app_id; }

static int x11_pid(slate_view *view) {
    // The client's own process, as the server knows it (XRes), not its _NET_WM_PID.
    return window_of(view)->xs->pid;
}

static void x11_geometry(slate_view *view, int *x, int *y, int *width, int *height) {
    struct wlr_surface *s = view->surface;
    *x = *y = 0;
    *width = s ? s->current.width : 0;
    *height = s ? s->current.height : 0;
}

/// A size hint as a number of points, or 0 when it is none or out of reason.
static int hint(int32_t value) { return value > 0 && value <= 16384 ? value : 0; }

static void x11_size_limits(slate_view *view, int *min_w, int *min_h, int *max_w, int *max_h) {
    struct wlr_xwayland_surface_size_hints *h = window_of(view)->xs->size_hints;
    if (!h) return;
    *min_w = hint(h->min_width);
    *min_h = hint(h->min_height);
    *max_w = hint(h->max_width);
    *max_h = hint(h->max_height);
    // Limits that contradict each other are no limits.
    if (*max_w && *min_w > *max_w) *min_w = *max_w = 0;
    if (*max_h && *min_h > *max_h) *min_h = *max_h = 0;
}

static int x11_has_parent(slate_view *view) {
    struct slate_x11_window *w = window_of(view);
    struct wlr_xwayland_surface *xs = w->xs;
    // WM_TRANSIENT_FOR, a modal window, or one that says it is a dialog.
    return xs->parent != NULL || xs->modal ||
           has_atom(xs->window_type, xs->window_type_len, w->x->atoms[ATOM_NET_WM_WINDOW_TYPE_DIALOG]);
}

static void x11_requested_states(slate_view *view, int *maximized, int *fullscreen) {
    struct slate_x11_window *w = window_of(view);
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    *maximized = w->wants_maximized;
    *fullscreen = w->xs->fullscreen;
}

/// Keeps `size` within `min` and `max` (0: none), and within reason.
static int within(int size, int min, int max) {
    if (max && size > max) size = max;
    if (min && size < min) size = min;
    if (size < 1) size = 1;
    return size > 8192 ? 8192 : size;
}

/// Tells X where the window is and its size (both in points of the screen).
void slate_x11_tell_geometry(struct slate_x11_window *w) {
    struct wlr_xwayland_surface *xs = w->xs;
    int x = w->screen_x, y = w->screen_y;
    if (x < INT16_MIN) x = INT16_MIN;
    if (x > INT16_MAX) x = INT16_MAX;
    if (y < INT16_MIN) y = INT16_MIN;
    if (y > INT16_MAX) y = INT16_MAX;
    int width = w->configured ? w->width : xs->width, height = w->configured ? w->height : xs->height;
    if (xs->x == x && xs->y == y && xs->width == width && xs->height == height) return;
    wlr_xwayland_surface_configure(xs, (int16_t)x, (int16_t)y, (uint16_t)width, (uint16_t)height);
}

static void x11_configure(slate_view *view, int width, int height, uint32_t states) {
    // (Activation is not said here: the keys' window has the X input focus,
    // slate_xwayland_keyboard_focus.)
    if (view->kind != SLATE_VIEW_TOPLEVEL) return;
    struct slate_x11_window *w = window_of(view);
    int min_w = 0, min_h = 0, max_w = 0, max_h = 0;
    x11_size_limits(view, &min_w, &min_h, &max_w, &max_h);
    // X11 programs are sized by their window manager, which keeps to their size hints.
    w->width = within(width > 0 ? width : w->xs->width, min_w, max_w);
    w->height = within(height > 0 ? height : w->xs->height, min_h, max_h);
    w->configured = 1;
    slate_x11_tell_geometry(w);
    int max = (states & (SLATE_TOPLEVEL_TILED | SLATE_TOPLEVEL_MAXIMIZED)) != 0;
    if (max != w->maximized) {
        w->maximized = max;
        wlr_xwayland_surface_set_maximized(w->xs, max);
    }
    int full = (states & SLATE_TOPLEVEL_FULLSCREEN) != 0;
    if (full != w->fullscreen) {
        w->fullscreen = full;
        wlr_xwayland_surface_set_fullscreen(w->xs, full);
    }
}

static int x11_configure_pending(slate_view *view) {
    struct slate_x11_window *w = window_of(view);
    if (view->kind != SLATE_VIEW_TOPLEVEL || !w->configured || !view->surface) return 0;
    return view->surface->current.width != w->width || view->surface->current.height != w->height;
}

static void x11_popup_position(slate_view *view, int *x, int *y, int *width, int *height) {
    if (view->kind != SLATE_VIEW_POPUP) return;
    struct slate_x11_window *w = window_of(view);
    struct wlr_xwayland_surface *xs = w->xs;
    // Where the program put it, from its parent's corner as X knows it (where the shell shows it).
    int px = 0, py = 0;
    if (w->parent) {
        px = w->parent->x11->xs->x;
        py = w->parent->x11->xs->y;
    }
    *width = view->surface ? view->surface->current.width : xs->width;
    *height = view->surface ? view->surface->current.height : xs->height;
    *x = xs->x - px;
    *y = xs->y - py;
    // Kept inside the box it was given (the window's, so the screen), where it fits.
    if (w->constrained) {
        if (*x + *width > w->box_x + w->box_w) *x = w->box_x + w->box_w - *width;
        if (*y + *height > w->box_y + w->box_h) *y = w->box_y + w->box_h - *height;
        if (*x < w->box_x) *x = w->box_x;
        if (*y < w->box_y) *y = w->box_y;
    }
}

static void x11_popup_constrain(slate_view *view, int x, int y, int width, int height) {
    struct slate_x11_window *w = window_of(view);
    w->constrained = 1;
    w->box_x = x;
    w->box_y = y;
    w->box_w = width;
    w->box_h = height;
}

static void x11_close(slate_view *view) {
    // WM_DELETE_WINDOW when the program takes it; else its connection is closed (XKillClient).
    wlr_xwayland_surface_close(window_of(view)->xs);
}

static void x11_kill_client(slate_view *view) {
    // The program's connection to the X server, not the server (which every X11 program shares).
    struct slate_xwayland *x = window_of(view)->x;
    if (!x->conn) return;
    xcb_kill_client(x->conn, window_of(view)->xs->window_id);
    xcb_flush(x->conn);
}

static int x11_takes_pings(struct slate_x11_window *w) {
    return has_atom(w->xs->protocols, w->xs->protocols_len, w->x->atoms[ATOM_NET_WM_PING]);
}

static void x11_ping(slate_view *view) {
    // _NET_WM_PING, to a program that says it answers it (any other is never said not to respond).
    struct slate_x11_window *w = window_of(view);
    if (!w->xs->pinging && x11_takes_pings(w)) wlr_xwayland_surface_ping(w->xs);
}

static int x11_ping_pending(slate_view *view) { return window_of(view)->xs->pinging; }

const struct slate_view_impl slate_x11_view_impl = {
    .mapped = x11_mapped,
    .title = x11_title,
    .app_id = x11_app_id,
    .pid = x11_pid,
    .geometry = x11_geometry,
    .has_parent = x11_has_parent,
    .size_limits = x11_size_limits,
    .requested_states = x11_requested_states,
    .configure = x11_configure,
    .configure_pending = x11_configure_pending,
    .popup_position = x11_popup_position,
    .popup_constrain = x11_popup_constrain,
    .close = x11_close,
    .kill_client = x11_kill_client,
    .ping = x11_ping,
    .ping_pending = x11_ping_pending,
};
