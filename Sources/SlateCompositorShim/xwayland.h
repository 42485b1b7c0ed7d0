// What xwayland.c (the server, its XWM and its windows' lives) and xwayland_view.c (an X11 window as
// a view: what the shell asks of it) share.
#pragma once

#include "internal.h"

#include <wlr/xwayland.h>

/// The atoms the shim needs by name (interned on its own connection once the server is up).
enum x11_atom {
    ATOM_WM_PROTOCOLS,
    ATOM_NET_WM_WINDOW_TYPE,
    ATOM_NET_WM_STATE,
    ATOM_MOTIF_WM_HINTS,
    ATOM_WL_SURFACE_ID,
    ATOM_NET_WM_STATE_DEMANDS_ATTENTION,
    ATOM_NET_WM_PING,
    ATOM_NET_WM_WINDOW_TYPE_DIALOG,
    ATOM_COUNT,
};

/// How long a window's title and class may be, in bytes (wlroots reads up to 8 KiB of each; a
/// Wayland message, to task switchers, holds at most 4 KiB).
enum { TITLE_MAX = 1024, CLASS_MAX = 256 };

/// How many malformed properties are said in the log for one server (a program may set them in a
/// loop).
enum { MALFORMED_SAID_MAX = 20 };

/// How often, and how many times, a restart waits for the old XWM to go after its server ended.
enum { RESTART_WAIT_MS = 20, RESTART_WAITS_MAX = 250 };

struct slate_xwayland {
    slate_comp *comp;
    /// wlroots' server and XWM; NULL between a server's end and the next one made.
    struct wlr_xwayland *wlr;
    struct wl_listener new_surface, ready, server_gone, compositor_new_surface;
    int hears_server;
    /// A connection of our own to the server (atoms, properties checked, a window's client killed);
    /// NULL while the server is not up.
    xcb_connection_t *conn;
    xcb_atom_t atoms[ATOM_COUNT];
    /// Every X11 window the XWM knows (struct slate_x11_window::link).
    struct wl_list windows;
    /// The X11 toplevel with the keys (and the X input focus), or NULL.
    slate_view *focused;
    struct wl_event_source *restart_timer;
    int restart_waits;
    int finishing;
    int malformed_said;
    /// Every live instance, for the XWM's event hook (which is told only the XWM).
    struct slate_xwayland *next;
};

/// One window of the XWM.
struct slate_x11_window {
    struct slate_xwayland *x;
    struct wlr_xwayland_surface *xs;
    struct wl_list link;  // slate_xwayland::windows
    /// Its view while it is mapped, and (override-redirect) the toplevel it is placed against.
    slate_view *view;
    slate_view *parent;
    struct wl_listener destroy, map, unmap, commit, request_configure, set_title, set_class, request_fullscreen,
        request_maximize, request_minimize, request_activate, request_move, request_resize, set_hints, ping_timeout,
        set_override_redirect, set_geometry;
    /// The size the shell asked (after the window's size hints), once it asked; where the shell
    /// shows the window on the screen (points: X11 windows are 1× buffers); the states it was given.
    int configured, width, height, maximized, fullscreen;
    int screen_x, screen_y;
    /// Override-redirect: the box it is kept in, relative to its parent (once the shell gave one).
    int constrained, box_x, box_y, box_w, box_h;
    /// Whether it asks for attention now (WM_HINTS urgency, _NET_WM_STATE_DEMANDS_ATTENTION).
    int urgent, demands_attention;
    /// It went because its server ended.
    int lost;
    /// Whether it last asked to be maximized (_NET_WM_STATE, both ways), which the shell grants or not.
    int wants_maximized;
    char title[TITLE_MAX];
    char app_id[CLASS_MAX];
};

/// Whether `want` is among `atoms` (0 is never).
static inline int has_atom(const xcb_atom_t *atoms, size_t count, xcb_atom_t want) {
    if (!want) return 0;
    for (size_t i = 0; i < count; i++)
        if (atoms[i] == want) return 1;
    return 0;
}

/// What an X11 window does as a view (xwayland_view.c).
extern const struct slate_view_impl slate_x11_view_impl;

/// Tells X where the shell shows the window and at what size (xwayland_view.c).
void slate_x11_tell_geometry(struct slate_x11_window *w);
