// Reading clients' buffers: a surface's picture as premultiplied BGRA for the shell, whatever shm
// format its client drew in. Every buffer is read through pixman, which converts each format the
// compositor advertises (the pixman renderer's: 8-bit RGB in every order, with and without alpha,
// RGB565 and BGR565, and the 10-bit ones mpv and Mesa pick) — nothing is converted by hand here.
#include "internal.h"

#include <limits.h>

/// A client's buffer opened for reading: a pixman image over its memory, in its own format.
struct buffer_read {
    pixman_image_t *image;
    /// The shared memory held open while it is read (NULL: the image is the texture's own).
    struct wlr_buffer *accessed;
    /// The surface whose buffer it is: its client is disconnected if its memory went.
    struct wlr_surface *surface;
    /// Whether the read runs inside Slate's own guard (shm_guard.c).
    int guarded;
};

/// Whether a buffer of `w` × `h` pixels is one the shell copies: at most 16384 a side, and at most
/// 16 Mi pixels (64 MiB) or twice the output, whichever is more. A client cannot make the
/// compositor allocate a gigabyte for a picture (its own buffer costs it nothing: a sparse file).
static int picture_size_ok(slate_comp *comp, int w, int h) {
    long max = 2L * comp->width * comp->height;
    if (max < 16L * 1024 * 1024) max = 16L * 1024 * 1024;
    return w > 0 && h > 0 && w <= 16384 && h <= 16384 && (long)w * h <= max;
}

/// Opens a client buffer for reading. The pixman renderer that made its texture knows its format
/// (wlroots' table from DRM to pixman formats); the pixels are read from the client's shared memory
/// inside wlroots' data-pointer access, which keeps a client that shrinks its file from crashing the
/// compositor (SIGBUS): libwayland guards the read of a live wl_buffer, and tells its client. Where
/// it does not — the client destroyed the wl_buffer (wlroots 0.15 then gives its saved memory with no
/// access: the buffer is `dropped`), or the texture's own image is read — Slate's guard does
/// (shm_guard.c). Returns 0 when the buffer cannot be read.
static int buffer_open(slate_comp *comp, struct wlr_surface *surface, struct buffer_read *r) {
    struct wlr_client_buffer *cb = surface->buffer;
    r->image = NULL;
    r->accessed = NULL;
    r->surface = surface;
    r->guarded = 0;
    if (!cb || !cb->texture || !wlr_texture_is_pixman(cb->texture)) return 0;
    int w = cb->base.width, h = cb->base.height;
    if (!picture_size_ok(comp, w, h)) return 0;
    pixman_image_t *texture = wlr_pixman_texture_get_image(cb->texture);
    if (!texture || pixman_image_get_width(texture) != w || pixman_image_get_height(texture) != h) return 0;
    pixman_format_code_t format = pixman_image_get_format(texture);
    if (cb->source) {
        void *data = NULL;
        uint32_t drm_format = 0;
        size_t stride = 0;
        // No second try through the texture when this fails: for shared memory it is the same
        // memory, and outside the access unguarded.
        if (!wlr_buffer_begin_data_ptr_access(cb->source, WLR_BUFFER_DATA_PTR_ACCESS_READ, &data, &drm_format,
                                              &stride))
            return 0;
        r->accessed = cb->source;
        size_t row = (size_t)w * (size_t)PIXMAN_FORMAT_BPP(format) / 8;
        if (stride < row || stride > INT_MAX || stride % 4 != 0) {
            wlr_buffer_end_data_ptr_access(r->accessed);
            r->accessed = NULL;
            return 0;
        }
        r->image = pixman_image_create_bits(format, w, h, data, (int)stride);
    } else {
        // The client let its buffer go; the texture kept its pixels.
        r->image = pixman_image_ref(texture);
    }
    if (!r->image && r->accessed) {
        wlr_buffer_end_data_ptr_access(r->accessed);
        r->accessed = NULL;
    }
    if (r->image && (!r->accessed || r->accessed->dropped)) {
        slate_shm_guard_begin(pixman_image_get_data(r->image),
                              (size_t)pixman_image_get_stride(r->image) * (size_t)pixman_image_get_height(r->image));
        r->guarded = 1;
    }
    return r->image != NULL;
}

static void buffer_close(struct buffer_read *r) {
    if (r->image) pixman_image_unref(r->image);
    if (r->guarded) {
        // Its memory went while it was read (the client shrank the file behind its pool): what was
        // read is zeros, and the client is told, as libwayland tells one for a buffer it guards
        // (there is no wl_buffer left to tell it on).
        if (slate_shm_guard_end() && r->surface->resource)
            wl_client_post_implementation_error(wl_resource_get_client(r->surface->resource),
                                                "its buffer's memory went while it was read (the file behind "
                                                "its wl_shm pool was shrunk)");
    }
    if (r->accessed) wlr_buffer_end_data_ptr_access(r->accessed);
    r->image = NULL;
    r->accessed = NULL;
    r->guarded = 0;
}

/// Copies `w` × `h` pixels of `src` from (`sx`, `sy`) to (`dx`, `dy`) of a premultiplied BGRA
/// picture of `dw` × `dh` pixels at `dst`, converting them from the buffer's format (an X format
/// comes out opaque).
static int convert(pixman_image_t *src, int sx, int sy, uint8_t *dst, int dw, int dh, int dx, int dy, int w, int h) {
    if (w <= 0 || h <= 0) return 0;
    pixman_image_t *out = pixman_image_create_bits(PIXMAN_a8r8g8b8, dw, dh, (uint32_t *)dst, dw * 4);
    if (!out) return -1;
    pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, out, sx, sy, 0, 0, dx, dy, w, h);
    pixman_image_unref(out);
    return 0;
}

/// A surface's committed buffer, rows `first_row` on (`rows` of them, -1: to the end), as
/// premultiplied BGRA; returns the bytes it needs when `dst` is NULL or too small, -1 without one.
long slate_surface_copy_rows(slate_comp *comp, struct wlr_surface *surface, uint8_t *dst, size_t capacity,
                             int first_row, int rows, int *width, int *height, int *scale) {
    struct wlr_client_buffer *cb = surface->buffer;
    *width = *height = 0;
    *scale = surface->current.scale > 0 ? surface->current.scale : 1;
    if (!cb) return -1;
    int w = cb->base.width, h = cb->base.height;
    if (!picture_size_ok(comp, w, h)) return -1;
    *width = w;
    *height = h;
    long need = (long)w * h * 4;
    if (!dst || capacity < (size_t)need) return need;
    int y0 = first_row < 0 ? 0 : first_row;
    int y1 = rows < 0 ? h : y0 + rows;
    if (y1 > h) y1 = h;
    struct buffer_read r;
    if (!buffer_open(comp, surface, &r)) return -1;
    int result = y0 < y1 ? convert(r.image, 0, y0, dst, w, h, 0, y0, w, y1 - y0) : 0;
    buffer_close(&r);
    return result == 0 ? need : -1;
}

slate_buffer_state slate_view_buffer_state(slate_view *view) {
    struct wlr_client_buffer *cb = view->surface->buffer;
    if (!cb) return SLATE_BUFFER_NONE;
    if (!cb->texture || !wlr_texture_is_pixman(cb->texture) || !picture_size_ok(view->comp, cb->base.width, cb->base.height))
        return SLATE_BUFFER_UNREADABLE;
    return SLATE_BUFFER_READY;
}

int slate_view_picture_size(slate_view *view, int *width, int *height, int *scale) {
    struct wlr_surface *s = view->surface;
    int k = s->current.scale > 0 ? s->current.scale : 1;
    *scale = k;
    *width = s->current.width * k;
    *height = s->current.height * k;
    return slate_view_buffer_state(view) == 1 && picture_size_ok(view->comp, *width, *height);
}

void slate_view_damage(slate_view *view, int *x, int *y, int *width, int *height) {
    // What the commit changed in surface points (the buffer's damage through its scale, transform
    // and viewport), in the window's pixels.
    struct wlr_surface *s = view->surface;
    int k = s->current.scale > 0 ? s->current.scale : 1;
    pixman_region32_t damage;
    pixman_region32_init(&damage);
    wlr_surface_get_effective_damage(s, &damage);
    pixman_box32_t *b = pixman_region32_extents(&damage);
    *x = b->x1 * k;
    *y = b->y1 * k;
    *width = (b->x2 - b->x1) * k;
    *height = (b->y2 - b->y1) * k;
    pixman_region32_fini(&damage);
}

// ---- Subsurfaces ----------------------------------------------------------------------------------

struct shown_state {
    struct wlr_surface *main;
    int count;
};

static void count_shown(struct wlr_surface *s, int sx, int sy, void *data) {
    (void)sx;
    (void)sy;
    struct shown_state *st = data;
    if (s != st->main && s->buffer && s->current.width > 0 && s->current.height > 0) st->count++;
}

int slate_view_has_subsurfaces(slate_view *view) {
    if (wl_list_empty(&view->subsurfaces)) return 0;
    // Mapped ones only: a program keeps subsurfaces with no buffer for what it shows now and then
    // (foot's search box and borders), and they must not make every picture whole.
    struct shown_state st = {.main = view->surface};
    wlr_surface_for_each_surface(view->surface, count_shown, &st);
    return st.count;
}

uint32_t slate_view_subsurface_changes(slate_view *view) { return view->subsurface_changes; }

// ---- Drawn straight into the screen ---------------------------------------------------------------

/// The most surfaces of one window drawn (a program with more shows only its first ones).
enum { DRAW_SURFACES_MAX = 64 };

/// One surface of the window being drawn: where it lies in the main surface's buffer pixels, and
/// the part of the drawn rectangle where nothing opaque above it hides it.
struct drawn_surface {
    struct wlr_surface *surface;
    int x, y;
    pixman_region32_t visible;
    /// Whether it is opaque wherever it shows (copied, not blended).
    int solid;
};

struct draw_list {
    struct drawn_surface items[DRAW_SURFACES_MAX];
    int count, scale;
};

static void list_surface(struct wlr_surface *s, int sx, int sy, void *data) {
    struct draw_list *list = data;
    if (list->count == DRAW_SURFACES_MAX || !s->buffer || s->current.width <= 0 || s->current.height <= 0) return;
    struct drawn_surface *d = &list->items[list->count++];
    d->surface = s;
    d->x = sx * list->scale;
    d->y = sy * list->scale;
}

/// A surface's size in the window's pixels (its size in surface points at the main surface's buffer
/// scale): its buffer's at that scale, or the size its viewport gives it.
static void scaled_size(struct wlr_surface *s, int scale, int *w, int *h) {
    *w = s->current.width * scale;
    *h = s->current.height * scale;
}

/// Sets up `image` (a surface's buffer) to be drawn at `w` × `h` window pixels: the part of the
/// buffer its viewport takes (wp_viewporter's source rectangle, else all of it, at its own scale)
/// stretched to that size, filtered; nothing to do when the two are the same (the common case).
static void place_source(struct wlr_surface *s, pixman_image_t *image, int w, int h) {
    struct wlr_fbox box;
    wlr_surface_get_buffer_source_box(s, &box);
    if (box.x == 0 && box.y == 0 && box.width == w && box.height == h) {
        // (The image may be the texture's own, kept from an earlier draw: nothing of that stays.)
        pixman_image_set_transform(image, NULL);
        pixman_image_set_filter(image, PIXMAN_FILTER_FAST, NULL, 0);
        pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE);
        return;
    }
    pixman_transform_t t;
    pixman_transform_init_scale(&t, pixman_double_to_fixed(box.width / w), pixman_double_to_fixed(box.height / h));
    pixman_transform_translate(&t, NULL, pixman_double_to_fixed(box.x), pixman_double_to_fixed(box.y));
    pixman_image_set_transform(image, &t);
    pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, NULL, 0);
    // Edges filtered against their own pixels, not against nothing (a one-pixel buffer fills).
    pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD);
}

/// Where a surface paints every pixel, in the main buffer's pixels: its opaque region as wlroots
/// keeps it (clipped to the surface, and all of it in a format without alpha).
static void opaque_area(struct drawn_surface *d, int scale, pixman_region32_t *out) {
    pixman_region32_init(out);
    int n = 0;
    pixman_box32_t *boxes = pixman_region32_rectangles(&d->surface->opaque_region, &n);
    for (int i = 0; i < n; i++) {
        if (boxes[i].x2 <= boxes[i].x1 || boxes[i].y2 <= boxes[i].y1) continue;
        pixman_region32_union_rect(out, out, d->x + boxes[i].x1 * scale, d->y + boxes[i].y1 * scale,
                                   (unsigned)((boxes[i].x2 - boxes[i].x1) * scale),
                                   (unsigned)((boxes[i].y2 - boxes[i].y1) * scale));
    }
}

int slate_view_draw(slate_view *view, int cx, int cy, int cw, int ch, int x, int y, int w, int h, uint8_t *out,
                    int stride, int clear) {
    return slate_surface_tree_draw(view->comp, view->surface, cx, cy, cw, ch, x, y, w, h, out, stride, clear);
}

int slate_surface_tree_draw(slate_comp *comp, struct wlr_surface *main, int cx, int cy, int cw, int ch, int x, int y,
                            int w, int h, uint8_t *out, int stride, int clear) {
    if (!main->buffer || !out || w <= 0 || h <= 0 || x < 0 || y < 0 || x + w > cw || y + h > ch || cx < 0 || cy < 0)
        return -1;
    int k = main->current.scale > 0 ? main->current.scale : 1;
    if (cx + cw > main->current.width * k || cy + ch > main->current.height * k || stride < w * 4) return -1;
    pixman_image_t *dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, (uint32_t *)out, stride);
    if (!dst) return -1;
    int scale = k;
    // The surfaces from the bottom up, then what of the rectangle each shows, from the top down:
    // what an opaque surface covers is not drawn below it (Firefox's page hides most of its window's
    // main surface).
    static struct draw_list list;
    list.count = 0;
    list.scale = scale;
    wlr_surface_for_each_surface(main, list_surface, &list);
    int ox = cx + x, oy = cy + y;
    pixman_region32_t uncovered;
    pixman_region32_init_rect(&uncovered, ox, oy, (unsigned)w, (unsigned)h);
    for (int i = list.count - 1; i >= 0; i--) {
        struct drawn_surface *d = &list.items[i];
        pixman_region32_init(&d->visible);
        d->solid = 0;
        struct wlr_client_buffer *b = d->surface->buffer;
        // (No access to the buffer yet: libwayland lets a thread into one client's memory pool at a
        // time, so each is read alone below.)
        // (A buffer too big to read is not drawn, nor its region reckoned.)
        if (!picture_size_ok(comp, b->base.width, b->base.height)) continue;
        int sw, sh;
        scaled_size(d->surface, scale, &sw, &sh);
        pixman_region32_intersect_rect(&d->visible, &uncovered, d->x, d->y, (unsigned)sw, (unsigned)sh);
        pixman_region32_t opaque;
        opaque_area(d, scale, &opaque);
        pixman_region32_subtract(&uncovered, &uncovered, &opaque);
        pixman_region32_t translucent;
        pixman_region32_init(&translucent);
        pixman_region32_subtract(&translucent, &d->visible, &opaque);
        d->solid = !pixman_region32_not_empty(&translucent);
        pixman_region32_fini(&translucent);
        pixman_region32_fini(&opaque);
    }
    if (clear && pixman_region32_not_empty(&uncovered)) {
        // A picture made anew: what no opaque surface paints starts transparent.
        pixman_region32_translate(&uncovered, -ox, -oy);
        int n = 0;
        pixman_box32_t *boxes = pixman_region32_rectangles(&uncovered, &n);
        pixman_color_t transparent = {0, 0, 0, 0};
        pixman_image_fill_boxes(PIXMAN_OP_SRC, dst, &transparent, n, boxes);
    }
    pixman_region32_fini(&uncovered);
    for (int i = 0; i < list.count; i++) {
        struct drawn_surface *d = &list.items[i];
        struct buffer_read r;
        if (pixman_region32_not_empty(&d->visible) && buffer_open(comp, d->surface, &r)) {
            int sw, sh;
            scaled_size(d->surface, scale, &sw, &sh);
            // (A subsurface at another buffer scale than the window's, or a viewport, is scaled.)
            place_source(d->surface, r.image, sw, sh);
            // Drawn where it shows: copied where it is opaque, else over what is below it.
            pixman_region32_translate(&d->visible, -ox, -oy);
            pixman_image_set_clip_region32(dst, &d->visible);
            pixman_image_composite32(d->solid ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, r.image, NULL, dst, 0, 0, 0, 0,
                                     d->x - ox, d->y - oy, sw, sh);
            buffer_close(&r);
        }
        pixman_region32_fini(&d->visible);
    }
    pixman_image_unref(dst);
    return 0;
}

int slate_view_opaque_rect(slate_view *view, int cx, int cy, int cw, int ch, int *x, int *y, int *w, int *h) {
    return slate_surface_tree_opaque_rect(view->comp, view->surface, cx, cy, cw, ch, x, y, w, h);
}

int slate_surface_tree_opaque_rect(slate_comp *comp, struct wlr_surface *main, int cx, int cy, int cw, int ch, int *x,
                                   int *y, int *w, int *h) {
    *x = *y = *w = *h = 0;
    struct wlr_client_buffer *cb = main->buffer;
    if (!cb || cw <= 0 || ch <= 0) return 0;
    int scale = main->current.scale > 0 ? main->current.scale : 1;
    static struct draw_list list;
    list.count = 0;
    list.scale = scale;
    wlr_surface_for_each_surface(main, list_surface, &list);
    pixman_region32_t painted;
    pixman_region32_init(&painted);
    for (int i = 0; i < list.count; i++) {
        struct drawn_surface *d = &list.items[i];
        if (!picture_size_ok(comp, d->surface->buffer->base.width, d->surface->buffer->base.height)) continue;
        pixman_region32_t opaque;
        opaque_area(d, scale, &opaque);
        pixman_region32_union(&painted, &painted, &opaque);
        pixman_region32_fini(&opaque);
    }
    pixman_region32_intersect_rect(&painted, &painted, cx, cy, (unsigned)cw, (unsigned)ch);
    // The largest of its rectangles (an opaque window is one).
    int n = 0;
    long best = 0;
    pixman_box32_t *boxes = pixman_region32_rectangles(&painted, &n);
    for (int i = 0; i < n; i++) {
        long area = (long)(boxes[i].x2 - boxes[i].x1) * (boxes[i].y2 - boxes[i].y1);
        if (area <= best) continue;
        best = area;
        *x = boxes[i].x1 - cx;
        *y = boxes[i].y1 - cy;
        *w = boxes[i].x2 - boxes[i].x1;
        *h = boxes[i].y2 - boxes[i].y1;
    }
    pixman_region32_fini(&painted);
    return best > 0;
}
