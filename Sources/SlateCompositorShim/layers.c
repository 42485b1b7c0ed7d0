// Layer surfaces (wlr-layer-shell): panels, docks, notification daemons, launchers, wallpapers and
// keyboards of other programs, placed in their layers (background, bottom, top, overlay) relative
// to the screen and Slate's own chrome, their exclusive zones taken from the windows' space. The
// shell places and sizes them (`slate_layer_configure`); this serves the protocol and their pictures.
#include "internal.h"

#include <wlr/types/wlr_layer_shell_v1.h>

struct slate_layer {
    slate_comp *comp;
    struct wlr_layer_surface_v1 *surface;
    struct wl_listener map, unmap, destroy, commit;
    struct wl_list link;  // slate_comp::layers
    /// What the shell draws and gives input to (`slate_layer_surface`).
    struct slate_surface shown;
    /// An overlay of a program the person has not allowed: told it is closed, never shown.
    int refused;
};

static void emit(slate_layer *layer, slate_layer_event event) {
    slate_comp *comp = layer->comp;
    if (comp->cb.layer_event) comp->cb.layer_event(comp->cb.user, layer, event);
}

static void on_map(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, map);
    layer->shown.mapped = 1;
    if (!layer->refused) emit(layer, SLATE_LAYER_MAP);
}

static void on_unmap(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, unmap);
    layer->shown.mapped = 0;
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
    // The first commit, and each that changes where it wants to be, asks the shell to place it.
    emit(layer, layer->surface->current.committed || !layer->surface->configured ? SLATE_LAYER_CHANGED
                                                                                 : SLATE_LAYER_COMMIT);
}

static void on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_layer *layer = wl_container_of(l, layer, destroy);
    // (A refused one was never shown: the shell forgets it all the same.)
    emit(layer, SLATE_LAYER_DESTROY);
    wl_list_remove(&layer->map.link);
    wl_list_remove(&layer->unmap.link);
    wl_list_remove(&layer->destroy.link);
    wl_list_remove(&layer->commit.link);
    wl_list_remove(&layer->link);
    free(layer);
}

/// Its tree for `slate_surface`'s calls: the main surface, its subsurfaces and its popups.
static void layer_for_each(struct slate_surface *shown, wlr_surface_iterator_func_t iterator, void *data) {
    slate_layer *layer = wl_container_of(shown, layer, shown);
    wlr_layer_surface_v1_for_each_surface(layer->surface, iterator, data);
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
        .comp = comp, .root = surface->surface, .for_each = layer_for_each, .may_inhibit_shortcuts = 1};
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
