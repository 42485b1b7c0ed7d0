// Windows as other programs see them (wlr-foreign-toplevel-management): task switchers, docks and
// panels (a layer-shell dock, waybar's taskbar) list every window with its title, app id and state
// (activated: the one with the keys; minimized: not on the screen; maximized and full screen, as
// the shell shows programs' windows) and may ask to activate, close, minimize, maximize or show one
// full screen — the person acting through them. The shell keeps the states true (`slate_view_set_foreign_state`).
#include "internal.h"

#include <wlr/types/wlr_foreign_toplevel_management_v1.h>

static void handle_activate(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, foreign_activate);
    // A switcher's click is the person's: trusted as the window they use.
    view->activation_trusted = 1;
    slate_emit(view, SLATE_VIEW_REQUEST_ACTIVATE);
}

static void handle_close(struct wl_listener *l, void *data) {
    (void)data;
    slate_view *view = wl_container_of(l, view, foreign_close);
    slate_view_close(view);
}

static void handle_minimize(struct wl_listener *l, void *data) {
    slate_view *view = wl_container_of(l, view, foreign_minimize);
    struct wlr_foreign_toplevel_handle_v1_minimized_event *event = data;
    if (event->minimized) slate_emit(view, SLATE_VIEW_REQUEST_MINIMIZE);
    else {
        view->activation_trusted = 1;
        slate_emit(view, SLATE_VIEW_REQUEST_ACTIVATE);
    }
}

/// A task switcher asks for the window maximized or full screen, or not: told the shell as the
/// program's own request would be, the switcher's wish standing for the program's.
static void tell_switcher_request(slate_view *view, slate_view_event event, int maximized, int fullscreen) {
    int current_maximized = 0, current_fullscreen = 0;
    slate_view_requested_states(view, &current_maximized, &current_fullscreen);
    view->switcher_asks = 1;
    view->switcher_maximized = event == SLATE_VIEW_REQUEST_MAXIMIZE ? maximized : current_maximized;
    view->switcher_fullscreen = event == SLATE_VIEW_REQUEST_FULLSCREEN ? fullscreen : current_fullscreen;
    slate_emit(view, event);
    view->switcher_asks = 0;
}

static void handle_maximize(struct wl_listener *l, void *data) {
    slate_view *view = wl_container_of(l, view, foreign_maximize);
    struct wlr_foreign_toplevel_handle_v1_maximized_event *event = data;
    tell_switcher_request(view, SLATE_VIEW_REQUEST_MAXIMIZE, event->maximized, 0);
}

static void handle_fullscreen(struct wl_listener *l, void *data) {
    slate_view *view = wl_container_of(l, view, foreign_fullscreen);
    struct wlr_foreign_toplevel_handle_v1_fullscreen_event *event = data;
    tell_switcher_request(view, SLATE_VIEW_REQUEST_FULLSCREEN, 0, event->fullscreen);
}

void slate_toplevels_view_mapped(slate_view *view) {
    slate_comp *comp = view->comp;
    if (!comp->foreign_toplevels || view->kind != SLATE_VIEW_TOPLEVEL || view->foreign) return;
    view->foreign = wlr_foreign_toplevel_handle_v1_create(comp->foreign_toplevels);
    if (!view->foreign) return;
    view->foreign_activate.notify = handle_activate;
    wl_signal_add(&view->foreign->events.request_activate, &view->foreign_activate);
    view->foreign_close.notify = handle_close;
    wl_signal_add(&view->foreign->events.request_close, &view->foreign_close);
    view->foreign_minimize.notify = handle_minimize;
    wl_signal_add(&view->foreign->events.request_minimize, &view->foreign_minimize);
    view->foreign_maximize.notify = handle_maximize;
    wl_signal_add(&view->foreign->events.request_maximize, &view->foreign_maximize);
    view->foreign_fullscreen.notify = handle_fullscreen;
    wl_signal_add(&view->foreign->events.request_fullscreen, &view->foreign_fullscreen);
    slate_toplevels_view_titled(view);
    if (comp->output) wlr_foreign_toplevel_handle_v1_output_enter(view->foreign, comp->output);
}

void slate_toplevels_view_titled(slate_view *view) {
    if (!view->foreign) return;
    wlr_foreign_toplevel_handle_v1_set_title(view->foreign, slate_view_title(view));
    wlr_foreign_toplevel_handle_v1_set_app_id(view->foreign, slate_view_app_id(view));
}

void slate_toplevels_view_unmapped(slate_view *view) {
    if (!view->foreign) return;
    wl_list_remove(&view->foreign_activate.link);
    wl_list_remove(&view->foreign_close.link);
    wl_list_remove(&view->foreign_minimize.link);
    wl_list_remove(&view->foreign_maximize.link);
    wl_list_remove(&view->foreign_fullscreen.link);
    wlr_foreign_toplevel_handle_v1_destroy(view->foreign);
    view->foreign = NULL;
}

void slate_view_set_foreign_state(slate_view *view, int activated, int minimized, int maximized, int fullscreen) {
    if (!view->foreign) return;
    wlr_foreign_toplevel_handle_v1_set_activated(view->foreign, activated);
    wlr_foreign_toplevel_handle_v1_set_minimized(view->foreign, minimized);
    wlr_foreign_toplevel_handle_v1_set_maximized(view->foreign, maximized);
    wlr_foreign_toplevel_handle_v1_set_fullscreen(view->foreign, fullscreen);
}

int slate_toplevels_init(slate_comp *comp) {
    comp->foreign_toplevels = wlr_foreign_toplevel_manager_v1_create(comp->display);
    return comp->foreign_toplevels ? 0 : -1;
}
