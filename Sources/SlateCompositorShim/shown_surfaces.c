// Surfaces the shell shows by itself rather than as windows — layer surfaces (layers.c) and a
// program's lock surface (session_lock.c) — with one set of calls: their picture read for the frame,
// frame callbacks and presentation, and the pointer, a finger and the keys given to them.
#include "internal.h"

uint32_t slate_surface_commit_count(slate_surface *surface) { return surface->commits; }

int slate_surface_picture_size(slate_surface *surface, int *width, int *height, int *scale) {
    struct wlr_surface *s = surface->root;
    if (!s || !surface->mapped) return 0;
    int k = s->current.scale > 0 ? s->current.scale : 1;
    *scale = k;
    *width = s->current.width * k;
    *height = s->current.height * k;
    return s->buffer != NULL && *width > 0 && *height > 0;
}

int slate_surface_draw(slate_surface *surface, int x, int y, int w, int h, uint8_t *out, int stride) {
    int width, height, scale;
    if (!slate_surface_picture_size(surface, &width, &height, &scale)) return -1;
    return slate_surface_tree_draw(surface->comp, surface->root, 0, 0, width, height, x, y, w, h, out, stride, 0);
}

int slate_surface_opaque_rect(slate_surface *surface, int *x, int *y, int *w, int *h) {
    int width, height, scale;
    *x = *y = *w = *h = 0;
    if (!slate_surface_picture_size(surface, &width, &height, &scale)) return 0;
    return slate_surface_tree_opaque_rect(surface->comp, surface->root, 0, 0, width, height, x, y, w, h);
}

static void send_frame_done(struct wlr_surface *surface, int sx, int sy, void *data) {
    (void)sx;
    (void)sy;
    wlr_surface_send_frame_done(surface, data);
}

void slate_surface_frame_done(slate_surface *surface, uint32_t msec) {
    if (!surface->root) return;
    struct timespec now = {.tv_sec = msec / 1000, .tv_nsec = (long)(msec % 1000) * 1000000};
    if (surface->for_each) {
        surface->for_each(surface, send_frame_done, &now);
    } else {
        wlr_surface_for_each_surface(surface->root, send_frame_done, &now);
    }
}

void slate_surface_sampled(slate_surface *surface) {
    if (surface->root) slate_output_sampled(surface->comp, surface->root);
}

/// The surface of the tree under a point of its main surface, with the point in that surface's
/// coordinates (the main surface itself where none is).
static struct wlr_surface *surface_under(slate_surface *surface, double sx, double sy, double *lx, double *ly) {
    struct wlr_surface *s = surface->surface_at ? surface->surface_at(surface, sx, sy, lx, ly)
                                                : wlr_surface_surface_at(surface->root, sx, sy, lx, ly);
    if (s) return s;
    *lx = sx;
    *ly = sy;
    return surface->root;
}

void slate_surface_pointer_motion(slate_surface *surface, double sx, double sy, uint32_t time) {
    slate_comp *comp = surface->comp;
    if (!surface->root || !surface->mapped) return;
    double lx, ly;
    struct wlr_surface *target = surface_under(surface, sx, sy, &lx, &ly);
    if (comp->seat->pointer_state.focused_surface != target) {
        wlr_seat_pointer_notify_enter(comp->seat, target, lx, ly);
        // (No window has the pointer now.)
        comp->pointer_view = NULL;
    }
    wlr_seat_pointer_notify_motion(comp->seat, time, lx, ly);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_surface_touch_down(slate_surface *surface, int id, double sx, double sy, uint32_t time) {
    slate_comp *comp = surface->comp;
    if (!surface->root || !surface->mapped) return;
    if (wlr_seat_touch_get_point(comp->seat, id)) wlr_seat_touch_notify_up(comp->seat, time, id);
    double lx, ly;
    struct wlr_surface *target = surface_under(surface, sx, sy, &lx, &ly);
    wlr_seat_touch_notify_down(comp->seat, target, time, id, lx, ly);
    wlr_seat_touch_notify_frame(comp->seat);
}

void slate_surface_keyboard_focus(slate_surface *surface) {
    slate_comp *comp = surface->comp;
    if (!surface->root || !surface->mapped) return;
    if (comp->seat->keyboard_state.focused_surface == surface->root) return;
    struct wlr_keyboard *kb = comp->keyboard_device->keyboard;
    wlr_seat_keyboard_notify_enter(comp->seat, surface->root, kb->keycodes, kb->num_keycodes, &kb->modifiers);
    if (surface->may_inhibit_shortcuts) slate_shortcuts_focus_changed(comp);
}

int slate_surface_has_keyboard(slate_surface *surface) {
    return surface->root && surface->comp->seat->keyboard_state.focused_surface == surface->root;
}
