// A task switcher (wlr-foreign-toplevel-management): it lists every window, writing "TITLE
// activated minimized" a line each (1 or 0) into argv[1] as the shell tells it, and at each line
// "activate TITLE", "minimize TITLE" or "close TITLE" on its standard input asks that of the window.
#include "fixture-client.h"

#include <poll.h>
#include <stdlib.h>

#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"

enum { MAX_WINDOWS = 32 };

struct window {
    struct zwlr_foreign_toplevel_handle_v1 *handle;
    char title[128];
    int activated, minimized;
};

static struct window windows[MAX_WINDOWS];
static struct zwlr_foreign_toplevel_manager_v1 *manager;
static struct wl_seat *seat;
static const char *report;

static void write_report(void) {
    char partial[4096];
    if (snprintf(partial, sizeof partial, "%s.partial", report) >= (int)sizeof partial) return;
    FILE *f = fopen(partial, "w");
    if (!f) return;
    for (int i = 0; i < MAX_WINDOWS; i++) {
        if (windows[i].handle) fprintf(f, "%s %d %d\n", windows[i].title, windows[i].activated, windows[i].minimized);
    }
    if (fclose(f) == 0) rename(partial, report);
}

static struct window *find(struct zwlr_foreign_toplevel_handle_v1 *h) {
    for (int i = 0; i < MAX_WINDOWS; i++)
        if (windows[i].handle == h) return &windows[i];
    return NULL;
}

static void on_title(void *d, struct zwlr_foreign_toplevel_handle_v1 *h, const char *title) {
    (void)d;
    struct window *w = find(h);
    if (w) snprintf(w->title, sizeof w->title, "%s", title);
}
static void on_app_id(void *d, struct zwlr_foreign_toplevel_handle_v1 *h, const char *app_id) {
    (void)d, (void)h, (void)app_id;
}
static void on_output_enter(void *d, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *o) {
    (void)d, (void)h, (void)o;
}
static void on_output_leave(void *d, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *o) {
    (void)d, (void)h, (void)o;
}
static void on_state(void *d, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_array *state) {
    (void)d;
    struct window *w = find(h);
    if (!w) return;
    w->activated = w->minimized = 0;
    uint32_t *s;
    wl_array_for_each(s, state) {
        if (*s == ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED) w->activated = 1;
        if (*s == ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED) w->minimized = 1;
    }
}
static void on_done(void *d, struct zwlr_foreign_toplevel_handle_v1 *h) {
    (void)d, (void)h;
    write_report();
}
static void on_closed(void *d, struct zwlr_foreign_toplevel_handle_v1 *h) {
    (void)d;
    struct window *w = find(h);
    if (w) w->handle = NULL;
    zwlr_foreign_toplevel_handle_v1_destroy(h);
    write_report();
}
static void on_parent(void *d, struct zwlr_foreign_toplevel_handle_v1 *h, struct zwlr_foreign_toplevel_handle_v1 *p) {
    (void)d, (void)h, (void)p;
}
static const struct zwlr_foreign_toplevel_handle_v1_listener handle_listener = {
    on_title, on_app_id, on_output_enter, on_output_leave, on_state, on_done, on_closed, on_parent};

static void on_toplevel(void *d, struct zwlr_foreign_toplevel_manager_v1 *m, struct zwlr_foreign_toplevel_handle_v1 *h) {
    (void)d, (void)m;
    for (int i = 0; i < MAX_WINDOWS; i++) {
        if (windows[i].handle) continue;
        windows[i] = (struct window){.handle = h};
        zwlr_foreign_toplevel_handle_v1_add_listener(h, &handle_listener, NULL);
        return;
    }
}
static void on_finished(void *d, struct zwlr_foreign_toplevel_manager_v1 *m) { (void)d, (void)m; }
static const struct zwlr_foreign_toplevel_manager_v1_listener manager_listener = {on_toplevel, on_finished};

static void on_global(void *data, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version) {
    (void)data;
    if (!strcmp(iface, zwlr_foreign_toplevel_manager_v1_interface.name))
        manager = wl_registry_bind(r, name, &zwlr_foreign_toplevel_manager_v1_interface, version < 3 ? version : 3);
    if (!strcmp(iface, wl_seat_interface.name)) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
}
static const struct wl_registry_listener registry_listener = {on_global, fixture_global_remove};

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: toplevel-list-client REPORT-FILE\n");
        return 2;
    }
    report = argv[1];
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return 1;
    wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager || !seat) {
        fprintf(stderr, "toplevel-list-client: no zwlr_foreign_toplevel_manager_v1\n");
        return 1;
    }
    zwlr_foreign_toplevel_manager_v1_add_listener(manager, &manager_listener, NULL);
    wl_display_roundtrip(display);
    write_report();
    for (;;) {
        struct pollfd fds[2] = {{.fd = wl_display_get_fd(display), .events = POLLIN}, {.fd = 0, .events = POLLIN}};
        wl_display_flush(display);
        if (poll(fds, 2, -1) < 0) break;
        if (fds[0].revents && wl_display_dispatch(display) == -1) break;
        if (!fds[1].revents) continue;
        char line[256], verb[32], title[200];
        if (!fgets(line, sizeof line, stdin)) break;
        if (sscanf(line, "%31s %199[^\n]", verb, title) != 2) continue;
        for (int i = 0; i < MAX_WINDOWS; i++) {
            struct window *w = &windows[i];
            if (!w->handle || strcmp(w->title, title)) continue;
            if (!strcmp(verb, "activate")) zwlr_foreign_toplevel_handle_v1_activate(w->handle, seat);
            if (!strcmp(verb, "minimize")) zwlr_foreign_toplevel_handle_v1_set_minimized(w->handle);
            if (!strcmp(verb, "close")) zwlr_foreign_toplevel_handle_v1_close(w->handle);
        }
    }
    return 0;
}
