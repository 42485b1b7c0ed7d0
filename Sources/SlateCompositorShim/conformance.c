// What the Wayland conformance suite's test mode changes in the compositor (Tests/wlcs), and nothing
// else turns on.
//
// Debian 12's wlcs (1.5.0) attaches buffers to surfaces that have not acknowledged a configure: its
// windows (`create_visible_surface`) commit once, then attach their first buffer without waiting for
// the configure (and never acknowledge one, so they map again the same way), and its layer surfaces
// and popups in the layer-shell tests give the surface its role and its first buffer in the very
// first commit, with no initial commit at all. xdg-shell and layer-shell ask for the initial commit,
// configure and acknowledgement first; wlroots says so and ends the client (unconfigured_buffer,
// "layer_surface has never been configured"), so most tests would fail on the harness. wlcs fixed its
// windows upstream (December 2023, commit 2a5bfbc, "InProcessServer: Fix xdg_shell window
// construction"); its layer surfaces and popups still do it, as Mir, which the suite is made
// against, accepts it. The test mode accepts it as Mir does, for surfaces that never acknowledged a
// configure: the configure sent counts as acknowledged, and a layer surface's missing initial commit
// is made for it. A client that acknowledges configures is held to the rules as ever, and the
// suite's own test of the rule (XdgSurfaceStableTest.attaching_buffer_to_unconfigured_xdg_surface_
// is_an_error) never commits.
//
// The globals named in $SLATE_WLCS_HOLD_BACK (Tests/wlcs/held-back.txt: protocols whose tests do not
// pass yet, each with its reason) are hidden from the suite's clients, so that it skips their tests;
// the first compositor of a run writes every global it offers, hidden or not, to $SLATE_WLCS_OFFERED
// (a file name), so that the runner sees none is held back that is not offered.
#include "internal.h"

#include <fcntl.h>
#include <unistd.h>

#include <wlr/types/wlr_layer_shell_v1.h>

struct conformance {
    slate_comp *comp;
    struct wl_protocol_logger *logger;
    struct wl_listener display_destroy;
    /// The globals' names to hide, space-separated; where the offered globals are written (-1: not).
    char *hold_back;
    int offered_fd;
    /// The globals written so far, each once (names joined by spaces, with one at each end).
    char *written;
};

/// Whether `name` is one of the space-separated words of `list`.
static int listed(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        while (*p == ' ' || *p == ',') p++;
        size_t len = strcspn(p, " ,");
        if (len == n && strncmp(p, name, n) == 0) return 1;
        p += len;
    }
    return 0;
}

static bool global_filter(const struct wl_client *client, const struct wl_global *global, void *data) {
    (void)client;
    struct conformance *c = data;
    const struct wl_interface *interface = wl_global_get_interface(global);
    if (c->offered_fd >= 0 && !listed(c->written, interface->name)) {
        char line[160];
        int n = snprintf(line, sizeof line, "%s %d\n", interface->name, interface->version);
        if (n > 0 && write(c->offered_fd, line, (size_t)n) < 0) {
            close(c->offered_fd);
            c->offered_fd = -1;
        }
        size_t had = c->written ? strlen(c->written) : 0;
        char *grown = realloc(c->written, had + strlen(interface->name) + 2);
        if (grown) {
            if (!had) grown[0] = 0;
            strcat(grown, " ");
            strcat(grown, interface->name);
            c->written = grown;
        }
    }
    // (What the person allowed first, as ever: the privileged protocols' gate.)
    return slate_privacy_global_filter(client, global, c->comp) && !listed(c->hold_back, interface->name);
}

/// Whether the commit about to be made carries a buffer.
static int commit_has_buffer(struct wlr_surface *surface) {
    return (surface->pending.committed & WLR_SURFACE_STATE_BUFFER) && surface->pending.buffer != NULL;
}

/// Sees every request before it is carried out: a `wl_surface.commit` that is a role's first and
/// carries a buffer is let through as described above.
static void on_request(void *data, enum wl_protocol_logger_type type, const struct wl_protocol_logger_message *m) {
    (void)data;
    if (type != WL_PROTOCOL_LOGGER_REQUEST || strcmp(m->message->name, "commit") != 0 ||
        strcmp(wl_resource_get_class(m->resource), wl_surface_interface.name) != 0)
        return;
    struct wlr_surface *surface = wlr_surface_from_resource(m->resource);
    if (!surface || !commit_has_buffer(surface)) return;
    if (wlr_surface_is_xdg_surface(surface)) {
        struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(surface);
        // A surface that never acknowledged a configure: the one this commit brings (or brought)
        // counts as acknowledged, and the commit maps it.
        if (xdg && xdg->role != WLR_XDG_SURFACE_ROLE_NONE && !xdg->configured && xdg->pending.configure_serial == 0)
            xdg->configured = true;
    } else if (wlr_surface_is_layer_surface(surface)) {
        struct wlr_layer_surface_v1 *layer = wlr_layer_surface_v1_from_wlr_surface(surface);
        if (!layer || layer->added || layer->configured) return;
        // The initial commit the client skipped, made now: the surface is known with the state this
        // commit brings and configured by the shell, and the commit maps it.
        layer->current = layer->pending;
        layer->added = true;
        wl_signal_emit(&layer->shell->events.new_surface, layer);
        layer->configured = true;
    }
}

static void on_display_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct conformance *c = wl_container_of(l, c, display_destroy);
    wl_list_remove(&c->display_destroy.link);
    wl_protocol_logger_destroy(c->logger);
    if (c->offered_fd >= 0) close(c->offered_fd);
    free(c->hold_back);
    free(c->written);
    free(c);
}

int slate_comp_conformance_mode(slate_comp *comp) {
    struct conformance *c = calloc(1, sizeof(*c));
    if (!c) return -1;
    c->comp = comp;
    c->logger = wl_display_add_protocol_logger(comp->display, on_request, c);
    if (!c->logger) {
        free(c);
        return -1;
    }
    c->display_destroy.notify = on_display_destroy;
    wl_display_add_destroy_listener(comp->display, &c->display_destroy);
    const char *hold_back = getenv("SLATE_WLCS_HOLD_BACK");
    c->hold_back = strdup(hold_back ? hold_back : "");
    // (Only the run's first compositor writes the file: the others find it there.)
    const char *offered = getenv("SLATE_WLCS_OFFERED");
    c->offered_fd = offered && *offered ? open(offered, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600) : -1;
    // (It replaces the privacy gate's filter, which it calls first.)
    wl_display_set_global_filter(comp->display, global_filter, c);
    return 0;
}
