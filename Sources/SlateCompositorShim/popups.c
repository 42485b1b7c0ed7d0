// Popups that grab (xdg_popup.grab: menus): xdg-shell has the topmost grabbing popup hold the
// keyboard while it is open; when it goes, the keyboard goes back to the surface it came from. The
// shell giving the keyboard to another window ends the grab, and the popups close (popup_done).
// A layer surface's popups (a panel's menus) grab as a window's do.
#include "internal.h"

/// The toplevel a surface belongs to, through its popups' parents; NULL for none.
static struct wlr_xdg_surface *root_toplevel(struct wlr_surface *surface) {
    while (surface && wlr_surface_is_xdg_surface(surface)) {
        struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(surface);
        if (!xdg) return NULL;
        if (xdg->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL) return xdg;
        if (xdg->role != WLR_XDG_SURFACE_ROLE_POPUP) return NULL;
        surface = xdg->popup->parent;
    }
    return NULL;
}

/// Puts the keyboard on `surface` as it is now (the popup grab would keep it where it is).
static void keyboard_enter(slate_comp *comp, struct wlr_surface *surface) {
    struct wlr_keyboard *kb = comp->keyboard_device->keyboard;
    wlr_seat_keyboard_enter(comp->seat, surface, kb->keycodes, kb->num_keycodes, &kb->modifiers);
    slate_shortcuts_focus_changed(comp);
}

struct wlr_surface *slate_popup_root(struct wlr_surface *surface) {
    while (surface && wlr_surface_is_xdg_surface(surface)) {
        struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(surface);
        if (!xdg || xdg->role != WLR_XDG_SURFACE_ROLE_POPUP || !xdg->popup->parent) break;
        surface = xdg->popup->parent;
    }
    return surface;
}

void slate_popup_mapped(slate_view *view) {
    if (view->kind != SLATE_VIEW_POPUP || !view->xdg || !view->xdg->popup->seat) return;
    // Only a popup of the window (or layer surface) that has the keyboard takes it.
    struct wlr_surface *focused = view->comp->seat->keyboard_state.focused_surface;
    if (!focused || slate_popup_root(focused) != slate_popup_root(view->xdg->surface)) return;
    keyboard_enter(view->comp, view->xdg->surface);
}

void slate_popup_unmapped(slate_view *view) {
    if (view->kind != SLATE_VIEW_POPUP || !view->xdg) return;
    if (view->comp->seat->keyboard_state.focused_surface != view->xdg->surface) return;
    // (Its parent had the keyboard when it took it: a window, a popup, or a layer surface.)
    struct wlr_surface *parent = view->xdg->popup->parent;
    if (parent) keyboard_enter(view->comp, parent);
}

void slate_popup_focus_leaving(slate_comp *comp, slate_view *view) {
    struct wlr_seat *seat = comp->seat;
    if (!wlr_seat_keyboard_has_grab(seat)) return;
    struct wlr_surface *focused = seat->keyboard_state.focused_surface;
    struct wlr_xdg_surface *owner = focused ? root_toplevel(focused) : NULL;
    if (view && view->xdg && owner == view->xdg) return;  // the keyboard stays in the window that holds the grab
    wlr_seat_keyboard_end_grab(seat);
}

int slate_popup_holds_keyboard(slate_view *view) {
    if (!view->xdg) return 0;  // (an X11 window's menus are windows of their own: they take no keyboard)
    struct wlr_surface *focused = view->comp->seat->keyboard_state.focused_surface;
    return focused && focused != view->xdg->surface && root_toplevel(focused) == view->xdg;
}
