// Layer surfaces (wlr-layer-shell): panels, docks, notification daemons, launchers, wallpapers and
// keyboards of other programs, placed in their layers (background, bottom, top, overlay) relative
// to the screen and Slate's own chrome, their exclusive zones taken from the windows' space. The
// shell places and sizes them (`slate_layer_configure`); this serves the protocol and their pictures.
#include "internal.h"

#include <wlr/types/wlr_layer_shell_v1.h>

struct slate_layer {
    slate_comp *comp;
    struct wlr_layer_surface_v1 *surface;
    struct wl_listener map, unmap, destroy, commit, new_popup;
    struct wl_list link;  // slate_comp::layers
    /// What the shell draws and gives input to (`slate_layer_surface`).
    struct slate_surface shown;
    /// An overlay of a program the person has not allowed: told it is closed, never shown.
    int refused;
    /// Its keyboard interactivity as last acted on (zwlr_layer_surface_v1.keyboard_interactivity).
    uint32_t keyboard;
    /// Whether it took the keyboard and has not let go of it (its surface may go first, taking the
    /// seat's focus with it).
    int took_keyboard;
};

static void emit(slate_layer *layer, slate_layer_event event) {
    slate_comp *comp = layer->comp;
    if (comp->cb.layer_event) comp->cb.layer_event(comp->cb.user, layer, event);
}

// The keyboard, as wlr-layer-shell says: a surface on the top or overlay layer that asks for it
// exclusively has it while it is shown, the top-most such one, and windows cannot take it away
// (a launcher, a lock of the program's); one that asks on demand takes it when shown there and when
// touched, and gives it up as a window is given it. Either gives it back to the window that had it
// when it stops asking, or goes. Never while the screen is locked: the lock's is the person's.

/// Whether it holds the keyboard against windows now: shown, asking exclusively, top or overlay.
static int holds_keyboard(slate_layer *layer) {
    struct wlr_layer_surface_v1 *s = layer->surface;
    // (Its own flag: wlroots says it is mapped until its unmap has been told.)
    return layer->shown.mapped && !layer->refused &&
           s->current.keyboard_interactive == ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE &&
           s->current.layer >= ZWLR_LAYER_SHELL_V1_LAYER_TOP;
}

int slate_layer_has_keyboard(slate_layer *layer) {
    struct wlr_surface *focused = layer->comp->seat->keyboard_state.focused_surface;
    return focused && slate_popup_root(focused) == layer->surface->surface;
}

void slate_layer_take_keyboard(slate_layer *layer) {
    slate_comp *comp = layer->comp;
    if (comp->locked || comp->session_lock || layer->refused || slate_layer_has_keyboard(layer)) return;
    // The window that had it gets it back when this lets go.
    slate_view *had = slate_comp_keyboard_view(comp);
    if (had) comp->keyboard_before_layer = had;
    slate_surface_keyboard_focus(&layer->shown);
    layer->took_keyboard = slate_layer_has_keyboard(layer);
}

/// Gives the keyboard back to the window that had it (or to nobody) if this has it, or had it and
/// nobody has it now (its surface went first).
static void let_go_of_keyboard(slate_layer *layer) {
    slate_comp *comp = layer->comp;
    int took = layer->took_keyboard;
    layer->took_keyboard = 0;
    int nobody = comp->seat->keyboard_state.focused_surface == NULL;
    if (!slate_layer_has_keyboard(layer) && !(took && nobody)) return;
    if (comp->locked || comp->session_lock) return;
    slate_view *back = comp->keyboard_before_layer;
    comp->keyboard_before_layer = NULL;
    slate_comp_keyboard_focus(comp, back && slate_view_is_mapped(back) ? back : NULL);
}

void slate_layers_keyboard_given(slate_comp *comp) {
    comp->keyboard_before_layer = NULL;
    slate_layer *layer;
    wl_list_for_each(layer, &comp->layers, link) layer->took_keyboard = 0;
}

slate_layer *slate_layers_holding_keyboard(slate_comp *comp) {
    slate_layer *layer, *top = NULL;
    wl_list_for_each(layer, &comp->layers, link) {
        if (!holds_keyboard(layer)) continue;
        if (!top || layer->surface->current.layer >= top->surface->current.layer) top = layer;
    }
    return top;
}

/// Acts on its keyboard interactivity when it is shown or changes it.
static void follow_keyboard(slate_layer *layer, int shown_now) {
    uint32_t wanted = layer->surface->current.keyboard_interactive;
    if (!shown_now && wanted == layer->keyboard) return;
    layer->keyboard = wanted;
    if (wanted == ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE) {
        let_go_of_keyboard(layer);
    } else if (wanted == ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE ||
               (shown_now && layer->surface->current.layer >= ZWLR_LAYER_SHELL_V1_LAYER_TOP)) {
        slate_layer_take_keyboard(layer);
    }
}

static void on_map(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, map);
    layer->shown.mapped = 1;
    if (layer->refused) return;
    emit(layer, SLATE_LAYER_MAP);
    follow_keyboard(layer, 1);
}

static void on_unmap(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, unmap);
    layer->shown.mapped = 0;
    let_go_of_keyboard(layer);
    if (!layer->refused) emit(layer, SLATE_LAYER_UNMAP);
}

/// Whether the surface may be shown: over everything (the overlay layer) only for a program the
/// person allowed to draw over their windows (a fake lock screen could); any other is told it was
/// closed, once.
static int layer_permitted(slate_layer *layer) {
    if (layer->refused) return 0;
    if (layer->surface->current.layer != ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY) return 1;
    struct wl_client *client = wl_resource_get_client(layer->surface->resource);
    if (slate_privacy_check(layer->comp, client, SLATE_PRIVILEGE_WINDOWS, 1) == SLATE_PERMISSION_ALLOWED) return 1;
    if (layer->surface->mapped) emit(layer, SLATE_LAYER_UNMAP);
    layer->refused = 1;
    zwlr_layer_surface_v1_send_closed(layer->surface->resource);
    return 0;
}

/// Whether its size can be placed: an axis of size 0 needs the anchors on both its sides to stretch
/// between (the protocol's rule, which wlroots 0.15 does not check on a commit with no buffer).
static int size_is_placeable(struct wlr_layer_surface_v1_state *s) {
    uint32_t horizontal = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT;
    uint32_t vertical = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM;
    return (s->desired_width != 0 || (s->anchor & horizontal) == horizontal) &&
           (s->desired_height != 0 || (s->anchor & vertical) == vertical);
}

static void on_commit(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, commit);
    if (!size_is_placeable(&layer->surface->current)) {
        wl_resource_post_error(layer->surface->resource, ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE,
                               "a size of 0 without anchors on both sides of it");
        return;
    }
    if (!layer_permitted(layer)) return;
    layer->shown.commits++;
    if (layer->surface->mapped) follow_keyboard(layer, 0);
    // The first commit, and each that changes where it wants to be, asks the shell to place it.
    emit(layer, layer->surface->current.committed || !layer->surface->configured ? SLATE_LAYER_CHANGED
                                                                                 : SLATE_LAYER_COMMIT);
}

/// A popup of its (a panel's menu): a view like a window's popups, which the shell shows over
/// every layer and the windows, placed from the surface's corner.
static void on_new_popup(struct wl_listener *l, void *data) {
    slate_layer *layer = wl_container_of(l, layer, new_popup);
    struct wlr_xdg_popup *popup = data;
    slate_view *view = slate_view_of_popup(layer->comp, popup);
    if (!view) return;
    slate_comp *comp = layer->comp;
    if (comp->cb.layer_popup) comp->cb.layer_popup(comp->cb.user, layer, view);
}

static void on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, destroy);
    if (layer->shown.mapped) {
        layer->shown.mapped = 0;
        let_go_of_keyboard(layer);
    }
    // (A refused one was never shown: the shell forgets it all the same.)
    emit(layer, SLATE_LAYER_DESTROY);
    wl_list_remove(&layer->map.link);
    wl_list_remove(&layer->unmap.link);
    wl_list_remove(&layer->destroy.link);
    wl_list_remove(&layer->commit.link);
    wl_list_remove(&layer->new_popup.link);
    wl_list_remove(&layer->link);
    free(layer);
}

/// Its tree for `slate_surface`'s calls: the main surface, its subsurfaces and its popups.
static void layer_for_each(struct slate_surface *shown, wlr_surface_iterator_func_t iterator, void *data) {
    slate_layer *layer = wl_container_of(shown, layer, shown);
    wlr_layer_surface_v1_for_each_surface(layer->surface, iterator, data);
}

/// Its surface under a point, its popups (which reach past it) first.
static struct wlr_surface *layer_surface_at(struct slate_surface *shown, double sx, double sy, double *lx,
                                            double *ly) {
    slate_layer *layer = wl_container_of(shown, layer, shown);
    return wlr_layer_surface_v1_surface_at(layer->surface, sx, sy, lx, ly);
}

static void on_new_layer_surface(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_layer_surface);
    struct wlr_layer_surface_v1 *surface = data;
    if (!comp->output) {
        // Nowhere to show it.
        wlr_layer_surface_v1_destroy(surface);
        return;
    }
    // One screen: a surface that names none, or another, is on it.
    surface->output = comp->output;
    slate_layer *layer = calloc(1, sizeof(*layer));
    if (!layer) {
        wlr_layer_surface_v1_destroy(surface);
        return;
    }
    layer->comp = comp;
    layer->surface = surface;
    layer->shown = (struct slate_surface){
        .comp = comp,
        .root = surface->surface,
        .for_each = layer_for_each,
        .surface_at = layer_surface_at,
        .may_inhibit_shortcuts = 1};
    surface->data = layer;
    wl_list_insert(&comp->layers, &layer->link);
    layer->map.notify = on_map;
    wl_signal_add(&surface->events.map, &layer->map);
    layer->unmap.notify = on_unmap;
    wl_signal_add(&surface->events.unmap, &layer->unmap);
    layer->destroy.notify = on_destroy;
    wl_signal_add(&surface->events.destroy, &layer->destroy);
    layer->commit.notify = on_commit;
    wl_signal_add(&surface->surface->events.commit, &layer->commit);
    layer->new_popup.notify = on_new_popup;
    wl_signal_add(&surface->events.new_popup, &layer->new_popup);
    emit(layer, SLATE_LAYER_NEW);
}

void slate_layers_output_gone(slate_comp *comp) {
    // Each is closed (a panel or a dock makes a new one on the screen that comes); its destroy
    // takes it off the list.
    slate_layer *layer, *next;
    wl_list_for_each_safe(layer, next, &comp->layers, link) wlr_layer_surface_v1_destroy(layer->surface);
}

int slate_layers_init(slate_comp *comp) {
    wl_list_init(&comp->layers);
    struct wlr_layer_shell_v1 *shell = wlr_layer_shell_v1_create(comp->display);
    if (!shell) return -1;
    comp->new_layer_surface.notify = on_new_layer_surface;
    wl_signal_add(&shell->events.new_surface, &comp->new_layer_surface);
    return 0;
}

void slate_layer_info(slate_layer *layer, slate_layer_placement *out) {
    struct wlr_layer_surface_v1_state *s = &layer->surface->current;
    out->layer = (slate_layer_level)s->layer;
    out->anchor = s->anchor;
    out->exclusive_zone = s->exclusive_zone;
    out->margin_top = (int)s->margin.top;
    out->margin_right = (int)s->margin.right;
    out->margin_bottom = (int)s->margin.bottom;
    out->margin_left = (int)s->margin.left;
    out->width = (int)s->desired_width;
    out->height = (int)s->desired_height;
    out->keyboard = (slate_layer_keyboard)s->keyboard_interactive;
}

const char *slate_layer_namespace(slate_layer *layer) {
    return layer->surface->namespace ? layer->surface->namespace : "";
}

int slate_layer_pid(slate_layer *layer) {
    pid_t pid = 0;
    wl_client_get_credentials(wl_resource_get_client(layer->surface->resource), &pid, NULL, NULL);
    return pid;
}

void slate_layer_configure(slate_layer *layer, int width, int height) {
    wlr_layer_surface_v1_configure(layer->surface, (uint32_t)(width > 0 ? width : 0),
                                   (uint32_t)(height > 0 ? height : 0));
}

void slate_layer_close(slate_layer *layer) { wlr_layer_surface_v1_destroy(layer->surface); }

slate_surface *slate_layer_surface(slate_layer *layer) { return &layer->shown; }
