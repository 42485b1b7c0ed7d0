// A client of Slate's scene protocol that breaks one of its rules on purpose, for the tests that
// the shell disconnects such a client alone. Usage: scene-client MODE APP_ID
//   unknown-app      announce an app the shell does not know
//   before-announce  ask for a scene before announcing
//   bad-session      a session identifier that cannot name a session ("../etc")
//   dot-session      a session identifier that starts with a dot (".s1": no file may be named so)
//   surface-first    a toplevel's wl_surface destroyed before it, then a request to the toplevel
//   same-session     two toplevels claiming one session
//   twice            announce twice
//   bad-text-input   (version 3) a field asking for a keyboard that does not exist
//   long-text-input  (version 3) a field sending 2 KiB of text before its caret
//   claim SESSION    (well-behaved on the wire) announce, then show a window claiming SESSION — which
//                    the test makes another app's; prints "closed" when the shell closes it
//   open-activity    (well-behaved) announce, then ask for a window of whichever app declares the
//                    activity: scene-client open-activity APP_ID TYPE PAYLOAD; stays 20 s
// Prints "error IFACE CODE" for the protocol error the shell sent and exits 0, or exits 1 when the
// shell let the request through.
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "slate-scene-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct xdg_wm_base *wm_base;
static struct slate_scene_manager_v1 *scenes;
static struct wl_shm *shm;
static int configured, closed;

static void global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    if (!strcmp(iface, wl_compositor_interface.name)) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    if (!strcmp(iface, xdg_wm_base_interface.name)) wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
    if (!strcmp(iface, wl_shm_interface.name)) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    if (!strcmp(iface, slate_scene_manager_v1_interface.name))
        scenes = wl_registry_bind(r, name, &slate_scene_manager_v1_interface, version < 3 ? version : 3);
}

static void global_remove(void *data, struct wl_registry *r, uint32_t name) {
    (void)data;
    (void)r;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static void xdg_configure(void *data, struct xdg_surface *x, uint32_t serial) {
    (void)data;
    xdg_surface_ack_configure(x, serial);
    configured = 1;
}
static const struct xdg_surface_listener xdg_listener = {xdg_configure};
static void top_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s) {
    (void)d, (void)t, (void)w, (void)h, (void)s;
}
static void top_close(void *d, struct xdg_toplevel *t) {
    (void)d, (void)t;
    closed = 1;
}
static const struct xdg_toplevel_listener top_listener = {top_configure, top_close};

/// A window of 64 × 64 white pixels showing `session`; returns when the shell closed it or after 10 s.
static int claim(struct wl_display *d, const char *session) {
    struct wl_surface *s = wl_compositor_create_surface(compositor);
    struct xdg_surface *x = xdg_wm_base_get_xdg_surface(wm_base, s);
    xdg_surface_add_listener(x, &xdg_listener, NULL);
    struct xdg_toplevel *t = xdg_surface_get_toplevel(x);
    xdg_toplevel_add_listener(t, &top_listener, NULL);
    slate_scene_manager_v1_get_scene(scenes, t, session, 0, 0, "");
    wl_surface_commit(s);
    while (!configured && wl_display_dispatch(d) >= 0) {}
    int fd = memfd_create("claim", 0);
    if (fd < 0 || ftruncate(fd, 64 * 64 * 4) != 0) return 1;
    void *px = mmap(NULL, 64 * 64 * 4, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    memset(px, 0xff, 64 * 64 * 4);
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, 64 * 64 * 4);
    struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, 64, 64, 64 * 4, WL_SHM_FORMAT_ARGB8888);
    wl_surface_attach(s, b, 0, 0);
    wl_surface_commit(s);
    for (int i = 0; i < 100 && !closed && wl_display_roundtrip(d) >= 0; i++) {
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    printf(closed ? "closed\n" : "kept\n");
    return 0;
}

static struct xdg_toplevel *toplevel(void) {
    struct wl_surface *s = wl_compositor_create_surface(compositor);
    struct xdg_surface *x = xdg_wm_base_get_xdg_surface(wm_base, s);
    return xdg_surface_get_toplevel(x);
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    const char *mode = argv[1], *app = argv[2];
    struct wl_display *d = wl_display_connect(NULL);
    if (!d) return 2;
    wl_registry_add_listener(wl_display_get_registry(d), &registry_listener, NULL);
    wl_display_roundtrip(d);
    if (!compositor || !wm_base || !scenes) return 2;
    if (!strcmp(mode, "unknown-app")) {
        slate_scene_manager_v1_announce(scenes, "com.example.nobody");
    } else if (!strcmp(mode, "before-announce")) {
        slate_scene_manager_v1_get_scene(scenes, toplevel(), "s1", 0, 0, "");
    } else if (!strcmp(mode, "bad-session")) {
        slate_scene_manager_v1_announce(scenes, app);
        slate_scene_manager_v1_get_scene(scenes, toplevel(), "../etc", 0, 0, "");
    } else if (!strcmp(mode, "dot-session")) {
        slate_scene_manager_v1_announce(scenes, app);
        slate_scene_manager_v1_get_scene(scenes, toplevel(), ".s1", 0, 0, "");
    } else if (!strcmp(mode, "surface-first")) {
        // wlroots 0.15 would crash on the request to the toplevel left without its surface.
        struct wl_surface *s = wl_compositor_create_surface(compositor);
        struct xdg_surface *x = xdg_wm_base_get_xdg_surface(wm_base, s);
        struct xdg_toplevel *t = xdg_surface_get_toplevel(x);
        wl_surface_commit(s);
        wl_surface_destroy(s);
        xdg_toplevel_set_title(t, "orphan");
        xdg_toplevel_set_min_size(t, 10, 10);
    } else if (!strcmp(mode, "same-session")) {
        slate_scene_manager_v1_announce(scenes, app);
        slate_scene_manager_v1_get_scene(scenes, toplevel(), "s1", 0, 0, "");
        slate_scene_manager_v1_get_scene(scenes, toplevel(), "s1", 0, 0, "");
    } else if (!strcmp(mode, "huge-menu-bar")) {
        // Version 2: a menu bar's pieces adding up to more than 1 MiB.
        slate_scene_manager_v1_announce(scenes, app);
        struct slate_scene_v1 *scene = slate_scene_manager_v1_get_scene(scenes, toplevel(), "s1", 0, 0, "");
        static char piece[3001];
        memset(piece, 'x', 3000);
        for (int i = 0; i < 400; i++) {
            slate_scene_v1_set_menu_bar_part(scene, piece);
            // The shell reads them as they come (libwayland's buffer holds a few KiB).
            if (i % 8 == 7 && wl_display_roundtrip(d) < 0) break;
        }
        slate_scene_v1_commit_menu_bar(scene);
    } else if (!strcmp(mode, "announce")) {
        // Speaks as the app: refused unless Slate started this process as it.
        slate_scene_manager_v1_announce(scenes, app);
    } else if (!strcmp(mode, "bad-text-input")) {
        // Version 3: a field asking for a keyboard the protocol does not have.
        slate_scene_manager_v1_announce(scenes, app);
        struct slate_scene_v1 *scene = slate_scene_manager_v1_get_scene(scenes, toplevel(), "s1", 0, 0, "");
        slate_scene_v1_set_text_input(scene, 1, 99, 0, 0, 0, "");
    } else if (!strcmp(mode, "long-text-input")) {
        // Version 3: more text before the caret than 1 KiB.
        slate_scene_manager_v1_announce(scenes, app);
        struct slate_scene_v1 *scene = slate_scene_manager_v1_get_scene(scenes, toplevel(), "s1", 0, 0, "");
        static char text[2001];
        memset(text, 'x', 2000);
        slate_scene_v1_set_text_input(scene, 1, 0, 0, 0, 0, text);
    } else if (!strcmp(mode, "twice")) {
        slate_scene_manager_v1_announce(scenes, app);
        slate_scene_manager_v1_announce(scenes, app);
    } else if (!strcmp(mode, "claim") && argc >= 4 && shm) {
        slate_scene_manager_v1_announce(scenes, app);
        wl_display_roundtrip(d);
        return claim(d, argv[3]);
    } else if (!strcmp(mode, "open-activity") && argc >= 5) {
        slate_scene_manager_v1_announce(scenes, app);
        slate_scene_manager_v1_open_activity(scenes, argv[3], argv[4], SLATE_SCENE_MANAGER_V1_PLACEMENT_PROMINENT);
        wl_display_roundtrip(d);
        if (wl_display_get_error(d)) return 1;
        printf("asked\n");
        fflush(stdout);
        // Stays connected while the other app opens (the test ends it).
        for (int i = 0; i < 200 && wl_display_roundtrip(d) >= 0; i++) {
            struct timespec t = {0, 100 * 1000 * 1000};
            nanosleep(&t, NULL);
        }
        return 0;
    } else {
        return 2;
    }
    wl_display_roundtrip(d);
    wl_display_roundtrip(d);
    if (wl_display_get_error(d) != EPROTO) return 1;
    const struct wl_interface *iface = NULL;
    uint32_t code = wl_display_get_protocol_error(d, &iface, NULL);
    printf("error %s %u\n", iface ? iface->name : "?", code);
    return 0;
}
