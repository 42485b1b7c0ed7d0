// What a surface may be made of beyond a plain buffer: a viewport (wp_viewporter: a program scales
// or crops its buffer — a video player's frame, a browser's zoomed page — and the shell draws it so,
// buffers.c) and single-pixel buffers (wp_single_pixel_buffer_manager_v1: one colour, stretched by a
// viewport to any size — a video's black bars, a backdrop — with no memory shared for it).
// wlroots 0.15 has a helper for the first and none for the second, which is served here.
#include "internal.h"

#include <wlr/types/wlr_viewporter.h>

#include "single-pixel-buffer-v1-protocol.h"

// ---- Single-pixel buffers -------------------------------------------------------------------------

/// A wl_buffer of one pixel, premultiplied ARGB, as wlroots' buffer (read through its data pointer,
/// as any buffer the shell reads).
struct single_pixel_buffer {
    struct wlr_buffer base;
    struct wl_resource *resource;
    uint32_t argb;
    struct wl_listener release;
};

static void single_pixel_destroy(struct wlr_buffer *buffer) {
    struct single_pixel_buffer *b = wl_container_of(buffer, b, base);
    wl_list_remove(&b->release.link);
    free(b);
}

static bool single_pixel_begin_access(struct wlr_buffer *buffer, uint32_t flags, void **data, uint32_t *format,
                                      size_t *stride) {
    struct single_pixel_buffer *b = wl_container_of(buffer, b, base);
    // Read only: nobody draws into a program's buffer.
    if (flags & WLR_BUFFER_DATA_PTR_ACCESS_WRITE) return false;
    *data = &b->argb;
    *format = DRM_FORMAT_ARGB8888;
    *stride = sizeof b->argb;
    return true;
}

static void single_pixel_end_access(struct wlr_buffer *buffer) { (void)buffer; }

static const struct wlr_buffer_impl single_pixel_impl = {
    .destroy = single_pixel_destroy,
    .begin_data_ptr_access = single_pixel_begin_access,
    .end_data_ptr_access = single_pixel_end_access,
};

static void buffer_handle_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static const struct wl_buffer_interface single_pixel_buffer_requests = {.destroy = buffer_handle_destroy};

static void buffer_resource_destroyed(struct wl_resource *resource) {
    struct single_pixel_buffer *b = wl_resource_get_user_data(resource);
    b->resource = NULL;
    // Freed once no surface holds it any more.
    wlr_buffer_drop(&b->base);
}

static void single_pixel_on_release(struct wl_listener *l, void *data) {
    (void)data;
    struct single_pixel_buffer *b = wl_container_of(l, b, release);
    if (b->resource) wl_buffer_send_release(b->resource);
}

static bool single_pixel_is_instance(struct wl_resource *resource) {
    return wl_resource_instance_of(resource, &wl_buffer_interface, &single_pixel_buffer_requests);
}

static struct wlr_buffer *single_pixel_from_resource(struct wl_resource *resource) {
    struct single_pixel_buffer *b = wl_resource_get_user_data(resource);
    return &b->base;
}

static const struct wlr_buffer_resource_interface single_pixel_resource_interface = {
    .name = "wp_single_pixel_buffer_v1",
    .is_instance = single_pixel_is_instance,
    .from_resource = single_pixel_from_resource,
};

static void manager_handle_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void manager_handle_create(struct wl_client *client, struct wl_resource *resource, uint32_t id, uint32_t r,
                                  uint32_t g, uint32_t b, uint32_t a) {
    struct single_pixel_buffer *buffer = calloc(1, sizeof(*buffer));
    if (!buffer) {
        wl_resource_post_no_memory(resource);
        return;
    }
    buffer->resource =
        wl_resource_create(client, &wl_buffer_interface, 1, id);
    if (!buffer->resource) {
        free(buffer);
        wl_resource_post_no_memory(resource);
        return;
    }
    wlr_buffer_init(&buffer->base, &single_pixel_impl, 1, 1);
    // The channels span 0…2³²−1, premultiplied already: their top eight bits.
    buffer->argb = (a >> 24) << 24 | (r >> 24) << 16 | (g >> 24) << 8 | (b >> 24);
    buffer->release.notify = single_pixel_on_release;
    wl_signal_add(&buffer->base.events.release, &buffer->release);
    wl_resource_set_implementation(buffer->resource, &single_pixel_buffer_requests, buffer, buffer_resource_destroyed);
}

static const struct wp_single_pixel_buffer_manager_v1_interface manager_requests = {
    .destroy = manager_handle_destroy,
    .create_u32_rgba_buffer = manager_handle_create,
};

static void manager_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *resource =
        wl_resource_create(client, &wp_single_pixel_buffer_manager_v1_interface, (int)version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, &manager_requests, data, NULL);
}

// ---- Setup ----------------------------------------------------------------------------------------

int slate_surfaces_init(slate_comp *comp) {
    if (!wlr_viewporter_create(comp->display)) return -1;
    static int registered = 0;
    if (!registered) {
        // (Once a process: wlroots keeps the list for all displays.)
        wlr_buffer_register_resource_interface(&single_pixel_resource_interface);
        registered = 1;
    }
    if (!wl_global_create(comp->display, &wp_single_pixel_buffer_manager_v1_interface, 1, comp, manager_bind))
        return -1;
    return 0;
}
