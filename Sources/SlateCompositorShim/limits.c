// Limits: no program can make the shell slow or big. Each client may hold so many surfaces,
// toplevels and popups, so many protocol objects of any kind, so many bytes of buffers shown at once,
// and so many frame callbacks not yet answered on a surface; past a limit that client alone is disconnected with an error naming
// the limit (wl_display's implementation error), and the shell serves the others as before. The
// limits are far above what any real program uses (Firefox with a hundred tabs: a few hundred
// surfaces, one toplevel a window, one or two callbacks a surface).
//
// Requests cannot queue up in the shell: libwayland reads a client's requests through a buffer of
// 4 KiB and leaves the rest in the kernel's socket, and a client that reads none of its events is
// disconnected by libwayland once its outgoing buffer is full. What a flood can grow is what its
// requests make, and that is what is counted here.
#include "internal.h"

/// A client's counts (one a connected client, found by its wl_client).
struct client_use {
    struct wl_client *client;
    int surfaces, toplevels, popups;
    /// Bytes of the buffers its surfaces show now (width × height × 4 each).
    long buffer_bytes;
    /// Set once it was told it broke a limit (it is being disconnected).
    int broke;
    /// Set once its client is gone: freed when the last of its surfaces and roles goes (libwayland
    /// tells of a client's end before it destroys its objects).
    int gone;
    /// Objects made since its live objects were last counted.
    int created_since_count;
    struct wl_listener destroy, resource_created;
    struct wl_list link;  // slate_comp::client_uses
};

/// What one surface adds to its client's counts.
struct surface_use {
    struct client_use *client;
    long buffer_bytes;
    struct wl_listener commit, destroy;
};

/// What one xdg surface adds (a toplevel or a popup).
struct role_use {
    struct client_use *client;
    int toplevel;
    struct wl_listener destroy;
};

/// Frees the counts of a client that is gone once nothing counts in them any more.
static void release_if_done(struct client_use *u) {
    if (!u->gone || u->surfaces > 0 || u->toplevels > 0 || u->popups > 0) return;
    wl_list_remove(&u->link);
    free(u);
}

static void client_gone(struct wl_listener *l, void *data) {
    (void)data;
    struct client_use *u = wl_container_of(l, u, destroy);
    wl_list_remove(&u->destroy.link);
    wl_list_remove(&u->resource_created.link);
    u->gone = 1;
    release_if_done(u);
}

static void resource_created(struct wl_listener *l, void *data);

/// The counts of `client`, made as it connects.
static struct client_use *use_of(slate_comp *comp, struct wl_client *client) {
    struct client_use *u;
    wl_list_for_each(u, &comp->client_uses, link) {
        if (u->client == client && !u->gone) return u;
    }
    u = calloc(1, sizeof(*u));
    if (!u) return NULL;
    u->client = client;
    u->destroy.notify = client_gone;
    wl_client_add_destroy_listener(client, &u->destroy);
    u->resource_created.notify = resource_created;
    wl_client_add_resource_created_listener(client, &u->resource_created);
    wl_list_insert(&comp->client_uses, &u->link);
    return u;
}

/// Disconnects the client for breaking a limit, once.
static void refuse(struct client_use *u, const char *what, long used, long limit) {
    if (u->broke) return;
    u->broke = 1;
    wl_client_post_implementation_error(u->client, "too many %s (%ld; the limit is %ld)", what, used, limit);
}

static enum wl_iterator_result count_one(struct wl_resource *resource, void *data) {
    (void)resource;
    (*(long *)data)++;
    return WL_ITERATOR_CONTINUE;
}

/// Every so many objects made, the client's live ones are counted (a walk of its object map, so its
/// cost is spread over the objects made between two counts).
static void resource_created(struct wl_listener *l, void *data) {
    (void)data;
    struct client_use *u = wl_container_of(l, u, resource_created);
    if (u->broke || ++u->created_since_count < SLATE_LIMIT_OBJECTS_COUNTED_EVERY) return;
    u->created_since_count = 0;
    long live = 0;
    wl_client_for_each_resource(u->client, count_one, &live);
    if (live > SLATE_LIMIT_OBJECTS) refuse(u, "protocol objects", live, SLATE_LIMIT_OBJECTS);
}

static void surface_commit(struct wl_listener *l, void *data) {
    struct surface_use *s = wl_container_of(l, s, commit);
    struct wlr_surface *surface = data;
    struct client_use *u = s->client;
    if (!u) return;
    // Frame callbacks asked for and not answered yet (a window off the screen gets none).
    int waiting = wl_list_length(&surface->current.frame_callback_list);
    if (waiting > SLATE_LIMIT_FRAME_CALLBACKS) {
        refuse(u, "frame callbacks waiting on one surface", waiting, SLATE_LIMIT_FRAME_CALLBACKS);
        return;
    }
    long bytes = surface->buffer ? 4L * surface->buffer->base.width * surface->buffer->base.height : 0;
    u->buffer_bytes += bytes - s->buffer_bytes;
    s->buffer_bytes = bytes;
    if (u->buffer_bytes > SLATE_LIMIT_BUFFER_BYTES) refuse(u, "bytes of buffers shown", u->buffer_bytes, SLATE_LIMIT_BUFFER_BYTES);
}

static void surface_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct surface_use *s = wl_container_of(l, s, destroy);
    wl_list_remove(&s->commit.link);
    wl_list_remove(&s->destroy.link);
    struct client_use *u = s->client;
    long bytes = s->buffer_bytes;
    free(s);
    if (!u) return;
    u->surfaces--;
    u->buffer_bytes -= bytes;
    release_if_done(u);
}

static void on_new_surface(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, limits_new_surface);
    struct wlr_surface *surface = data;
    struct client_use *u = use_of(comp, wl_resource_get_client(surface->resource));
    struct surface_use *s = calloc(1, sizeof(*s));
    if (!u || !s) {
        free(s);
        wl_client_post_no_memory(wl_resource_get_client(surface->resource));
        return;
    }
    s->client = u;
    s->commit.notify = surface_commit;
    wl_signal_add(&surface->events.commit, &s->commit);
    s->destroy.notify = surface_destroy;
    wl_signal_add(&surface->events.destroy, &s->destroy);
    if (++u->surfaces > SLATE_LIMIT_SURFACES) refuse(u, "surfaces", u->surfaces, SLATE_LIMIT_SURFACES);
}

static void role_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct role_use *r = wl_container_of(l, r, destroy);
    struct client_use *u = r->client;
    if (r->toplevel) u->toplevels--;
    else u->popups--;
    wl_list_remove(&r->destroy.link);
    free(r);
    release_if_done(u);
}

static void on_new_xdg_surface(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, limits_new_xdg_surface);
    struct wlr_xdg_surface *xdg = data;
    struct client_use *u = use_of(comp, wl_resource_get_client(xdg->resource));
    struct role_use *r = calloc(1, sizeof(*r));
    if (!u || !r) {
        free(r);
        return;
    }
    r->client = u;
    r->toplevel = xdg->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL;
    r->destroy.notify = role_destroy;
    wl_signal_add(&xdg->events.destroy, &r->destroy);
    if (r->toplevel && ++u->toplevels > SLATE_LIMIT_TOPLEVELS) refuse(u, "windows", u->toplevels, SLATE_LIMIT_TOPLEVELS);
    if (!r->toplevel && ++u->popups > SLATE_LIMIT_POPUPS) refuse(u, "popups", u->popups, SLATE_LIMIT_POPUPS);
}

static void on_new_client(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, limits_new_client);
    struct wl_client *client = data;
    if (!use_of(comp, client)) wl_client_post_no_memory(client);
}

int slate_limits_init(slate_comp *comp) {
    wl_list_init(&comp->client_uses);
    comp->limits_new_client.notify = on_new_client;
    wl_display_add_client_created_listener(comp->display, &comp->limits_new_client);
    comp->limits_new_surface.notify = on_new_surface;
    wl_signal_add(&comp->compositor->events.new_surface, &comp->limits_new_surface);
    comp->limits_new_xdg_surface.notify = on_new_xdg_surface;
    wl_signal_add(&comp->xdg_shell->events.new_surface, &comp->limits_new_xdg_surface);
    return 0;
}
