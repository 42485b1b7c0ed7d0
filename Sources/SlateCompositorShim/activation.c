// Activation (xdg_activation_v1): a program asks for one of its windows to come forward, with a
// token that says who asked. Tokens are made by the shell for each program it starts
// (XDG_ACTIVATION_TOKEN), and by programs for each other from a person's input (a link clicked in a
// terminal opening the browser). The shell decides: a request with a token of a program it just
// started, or one made in the window the person is using, brings the window forward; any other is
// a request for attention (a banner and a badge), never a focus stolen.
#include "internal.h"

#include <wlr/types/wlr_xdg_activation_v1.h>

/// The surface's toplevel view, or NULL.
static slate_view *view_of_surface(struct wlr_surface *surface) {
    if (!surface) return NULL;
    struct wlr_surface *root = wlr_surface_get_root_surface(surface);
    if (!wlr_surface_is_xdg_surface(root)) return slate_xwayland_view_of_surface(root);  // an X11 window's
    struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(root);
    slate_view *view = xdg ? xdg->data : NULL;
    while (view && view->kind == SLATE_VIEW_POPUP && view->xdg->popup->parent) {
        // A popup's token speaks for its window.
        struct wlr_surface *parent = wlr_surface_get_root_surface(view->xdg->popup->parent);
        if (!wlr_surface_is_xdg_surface(parent)) return NULL;
        struct wlr_xdg_surface *pxdg = wlr_xdg_surface_from_wlr_surface(parent);
        view = pxdg ? pxdg->data : NULL;
    }
    return view;
}

static void on_request_activate(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, request_activate);
    struct wlr_xdg_activation_v1_request_activate_event *event = data;
    slate_view *view = view_of_surface(event->surface);
    if (!view || view->kind != SLATE_VIEW_TOPLEVEL || !view->xdg || !view->xdg->mapped) return;
    struct wlr_xdg_activation_token_v1 *token = event->token;
    // The shell's own token (a program it started), or one made by the window with the keys.
    slate_view *maker = view_of_surface(token->surface);
    slate_view *focused = view_of_surface(comp->seat->keyboard_state.focused_surface);
    view->activation_trusted = token->data == comp || (maker && maker == focused);
    slate_emit(view, SLATE_VIEW_REQUEST_ACTIVATE);
}

int slate_activation_init(slate_comp *comp) {
    comp->activation = wlr_xdg_activation_v1_create(comp->display);
    if (!comp->activation) return -1;
    comp->request_activate.notify = on_request_activate;
    wl_signal_add(&comp->activation->events.request_activate, &comp->request_activate);
    return 0;
}

const char *slate_comp_activation_token(slate_comp *comp) {
    if (!comp->activation) return NULL;
    struct wlr_xdg_activation_token_v1 *token = wlr_xdg_activation_token_v1_create(comp->activation);
    if (!token) return NULL;
    // Marked as the shell's: a program it started may bring its first window forward with it.
    token->data = comp;
    return wlr_xdg_activation_token_v1_get_name(token);
}

int slate_view_activation_trusted(slate_view *view) { return view->activation_trusted; }
