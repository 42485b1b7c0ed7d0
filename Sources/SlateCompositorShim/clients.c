// Clients handed over on a descriptor (a socketpair's end, as WAYLAND_SOCKET hands one to a program)
// rather than connecting to the display's socket, each known by a number its owner chose; and a
// client's surface found by that number and the surface's object id (what the client itself calls
// it). The Wayland conformance suite's integration (Tests/wlcs) connects its clients this way and
// names their windows so.
#define _GNU_SOURCE  // MSG_CMSG_CLOEXEC

#include "internal.h"

#include <errno.h>
#include <wlr/types/wlr_layer_shell_v1.h>
#include <sys/socket.h>
#include <unistd.h>

/// What a handed-over client carries: its number, found again through its destroy listener.
struct handed_client {
    struct wl_listener destroy;
    uint32_t number;
};

static void handed_client_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct handed_client *h = wl_container_of(l, h, destroy);
    wl_list_remove(&h->destroy.link);
    free(h);
}

int slate_comp_add_client(slate_comp *comp, int fd, uint32_t number) {
    struct handed_client *h = calloc(1, sizeof(*h));
    struct wl_client *client = h ? wl_client_create(comp->display, fd) : NULL;
    if (!client) {
        free(h);
        close(fd);
        return -1;
    }
    h->number = number;
    h->destroy.notify = handed_client_destroy;
    wl_client_add_destroy_listener(client, &h->destroy);
    return 0;
}

/// The client handed over as `number`, or NULL when it is gone (or never was).
static struct wl_client *handed_client(slate_comp *comp, uint32_t number) {
    struct wl_list *clients = wl_display_get_client_list(comp->display);
    struct wl_client *client;
    wl_client_for_each(client, clients) {
        struct wl_listener *l = wl_client_get_destroy_listener(client, handed_client_destroy);
        if (!l) continue;
        struct handed_client *h = wl_container_of(l, h, destroy);
        if (h->number == number) return client;
    }
    return NULL;
}

/// The surface with object id `surface_id` of handed client `number`; NULL for none.
static struct wlr_surface *client_surface(slate_comp *comp, uint32_t number, uint32_t surface_id) {
    struct wl_client *client = handed_client(comp, number);
    if (!client) return NULL;
    struct wl_resource *resource = wl_client_get_object(client, surface_id);
    if (!resource || strcmp(wl_resource_get_class(resource), wl_surface_interface.name) != 0) return NULL;
    return wlr_surface_from_resource(resource);
}

slate_view *slate_comp_client_view(slate_comp *comp, uint32_t number, uint32_t surface_id) {
    struct wlr_surface *surface = client_surface(comp, number, surface_id);
    if (!surface || !wlr_surface_is_xdg_surface(surface)) return NULL;
    struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(surface);
    return xdg ? xdg->data : NULL;
}

slate_layer *slate_comp_client_layer(slate_comp *comp, uint32_t number, uint32_t surface_id) {
    struct wlr_surface *surface = client_surface(comp, number, surface_id);
    if (!surface || !wlr_surface_is_layer_surface(surface)) return NULL;
    struct wlr_layer_surface_v1 *layer = wlr_layer_surface_v1_from_wlr_surface(surface);
    return layer ? layer->data : NULL;
}

long slate_recv_message(int socket, char *buf, size_t capacity, int *fd) {
    *fd = -1;
    if (capacity == 0) return -1;
    struct iovec iov = {.iov_base = buf, .iov_len = capacity - 1};
    union {
        char space[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.space,
                         .msg_controllen = sizeof control.space};
    ssize_t n;
    do {
        n = recvmsg(socket, &msg, MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); n >= 0 && c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int i = 0; i < count; i++) {
            int received;
            memcpy(&received, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
            if (*fd < 0) *fd = received;
            else close(received);  // one descriptor a message; any more are not kept
        }
    }
    if (n < 0) return -1;
    buf[n] = 0;
    return (long)n;
}

int slate_socket_peer_pid(int socket) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return 0;
    return credentials.pid;
}
