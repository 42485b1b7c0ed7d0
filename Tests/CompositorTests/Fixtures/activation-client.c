// A window that asks to come forward (xdg_activation_v1) when told to: `activation-client TITLE
// launched|stray`. It shows a window titled TITLE, and at each line on its standard input asks for it
// to be brought forward — with the token the shell gave it as it started (XDG_ACTIVATION_TOKEN:
// launched), or with a token it made itself with no input of the person's behind it (stray).
#include "fixture-client.h"

#include <poll.h>
#include <stdlib.h>

#include "xdg-activation-v1-client-protocol.h"

static struct xdg_activation_v1 *activation;
static int configured;
static char *made_token;

static void extra_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    (void)version;
    if (!strcmp(iface, xdg_activation_v1_interface.name))
        activation = wl_registry_bind(r, name, &xdg_activation_v1_interface, 1);
}
static const struct wl_registry_listener extra_listener = {extra_global, fixture_global_remove};

static void token_done(void *data, struct xdg_activation_token_v1 *t, const char *token) {
    (void)data;
    free(made_token);
    made_token = strdup(token);
    xdg_activation_token_v1_destroy(t);
}
static const struct xdg_activation_token_v1_listener token_listener = {token_done};

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: activation-client TITLE launched|stray\n");
        return 2;
    }
    int launched = !strcmp(argv[2], "launched");
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &extra_listener, NULL);
    wl_display_roundtrip(display);
    if (!activation) {
        fprintf(stderr, "activation-client: no xdg_activation_v1\n");
        return 1;
    }
    struct wl_surface *surface = wl_compositor_create_surface(compositor);
    fixture_toplevel(surface, argv[1], &configured);
    wl_surface_commit(surface);
    while (!configured && wl_display_dispatch(display) != -1) {
    }
    int w = asked_w > 0 ? asked_w : 300, h = asked_h > 0 ? asked_h : 200;
    wl_surface_attach(surface, fixture_filled(w, h, launched ? 0xff306030 : 0xff603030), 0, 0);
    wl_surface_damage(surface, 0, 0, w, h);
    wl_surface_commit(surface);
    int input_open = 1;
    while (!closed) {
        // (With its input closed, the window stays and asks for nothing.)
        struct pollfd fds[2] = {{.fd = wl_display_get_fd(display), .events = POLLIN}, {.fd = input_open ? 0 : -1, .events = POLLIN}};
        wl_display_flush(display);
        if (poll(fds, 2, -1) < 0) break;
        if (fds[0].revents && wl_display_dispatch(display) == -1) break;
        if (!fds[1].revents) continue;
        char line[64];
        if (!fgets(line, sizeof line, stdin)) {
            input_open = 0;
            continue;
        }
        const char *token = NULL;
        if (launched) {
            token = getenv("XDG_ACTIVATION_TOKEN");
        } else {
            struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(activation);
            xdg_activation_token_v1_add_listener(t, &token_listener, NULL);
            xdg_activation_token_v1_commit(t);
            wl_display_roundtrip(display);
            token = made_token;
        }
        if (!token) {
            fprintf(stderr, "activation-client: no token\n");
            continue;
        }
        xdg_activation_v1_activate(activation, token, surface);
        wl_display_flush(display);
    }
    return 0;
}
