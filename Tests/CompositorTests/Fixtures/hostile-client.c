// A client that tries to make the shell slow or big (argv[1] says how) and prints what became of it:
// "error INTERFACE CODE: MESSAGE" when the shell disconnected it, else what it measured.
//   flood-callbacks   asks for frame callbacks and commits, 20,000 times, reading nothing
//   windows N         makes N windows (small, each with a buffer), prints "made N", then waits
//   objects N         makes N regions (the cheapest object there is) and keeps them, prints "made N"
//   first-configure   asks for one window and prints "configured MS", the milliseconds to its first
//                     configure
//   positioner        a window with a popup whose positioner says sizes and offsets near 2³¹;
//                     prints "popup X Y W H" as the shell configured it, and the window's "window W H"
#include "fixture-client.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

static int configured;
static int popup_configured, popup_x, popup_y, popup_w, popup_h;

static int report_error(struct wl_display *display) {
    if (wl_display_get_error(display) != EPROTO) return 0;
    const struct wl_interface *iface = NULL;
    uint32_t code = wl_display_get_protocol_error(display, &iface, NULL);
    printf("error %s %u\n", iface ? iface->name : "?", code);
    return 1;
}

static void popup_configure(void *d, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)d, (void)p;
    popup_x = x, popup_y = y, popup_w = w, popup_h = h;
    popup_configured = 1;
}
static void popup_done(void *d, struct xdg_popup *p) { (void)d, (void)p; }
static void popup_repositioned(void *d, struct xdg_popup *p, uint32_t t) { (void)d, (void)p, (void)t; }
static const struct xdg_popup_listener popup_listener = {popup_configure, popup_done, popup_repositioned};

static void popup_surface_configure(void *d, struct xdg_surface *s, uint32_t serial) {
    (void)d;
    xdg_surface_ack_configure(s, serial);
}
static const struct xdg_surface_listener popup_surface_listener = {popup_surface_configure};

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    const char *mode = argv[1];
    struct wl_display *display = fixture_connect();
    if (!display) return 2;
    if (!strcmp(mode, "flood-callbacks")) {
        struct wl_surface *s = wl_compositor_create_surface(compositor);
        for (int i = 0; i < 20000; i++) {
            wl_surface_frame(s);
            wl_surface_commit(s);
            // A roundtrip now and then, so that the requests reach the shell rather than fill this
            // side's buffer (the flood is of callbacks left waiting, not of bytes).
            if (i % 256 == 255 && wl_display_roundtrip(display) < 0) break;
        }
        wl_display_roundtrip(display);
        if (!report_error(display)) printf("let through\n");
        return 0;
    }
    if (!strcmp(mode, "objects") && argc >= 3) {
        int n = atoi(argv[2]);
        for (int i = 0; i < n; i++) {
            wl_compositor_create_region(compositor);
            if (i % 1000 == 999 && wl_display_roundtrip(display) < 0) break;
        }
        if (wl_display_roundtrip(display) < 0) {
            report_error(display);
            return 0;
        }
        printf("made %d\n", n);
        return 0;
    }
    if (!strcmp(mode, "windows") && argc >= 3) {
        int n = atoi(argv[2]);
        struct wl_buffer *b = fixture_filled(64, 64, 0xff808080);
        struct wl_surface **surfaces = calloc((size_t)n, sizeof(*surfaces));
        int *configured_each = calloc((size_t)n, sizeof(int));
        if (!surfaces || !configured_each) return 2;
        // In batches of 100: each window asked for, its first configure answered, then its buffer.
        for (int start = 0; start < n; start += 100) {
            int end = start + 100 < n ? start + 100 : n;
            for (int i = start; i < end; i++) {
                surfaces[i] = wl_compositor_create_surface(compositor);
                char title[32];
                snprintf(title, sizeof title, "Window %d", i);
                fixture_toplevel(surfaces[i], title, &configured_each[i]);
                wl_surface_commit(surfaces[i]);
            }
            if (wl_display_roundtrip(display) < 0) break;
            for (int i = start; i < end; i++) {
                wl_surface_attach(surfaces[i], b, 0, 0);
                wl_surface_commit(surfaces[i]);
            }
        }
        if (wl_display_roundtrip(display) < 0) {
            report_error(display);
            return 0;
        }
        printf("made %d\n", n);
        fflush(stdout);
        // Stays, its windows open, until it is killed.
        while (wl_display_dispatch(display) != -1) {
        }
        report_error(display);
        return 0;
    }
    if (!strcmp(mode, "first-configure")) {
        // How long from asking for a window to its first configure, in milliseconds.
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        struct wl_surface *s = wl_compositor_create_surface(compositor);
        fixture_toplevel(s, "First configure", &configured);
        wl_surface_commit(s);
        while (!configured && wl_display_dispatch(display) != -1) {
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (report_error(display)) return 0;
        printf("configured %.3f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
        return 0;
    }
    if (!strcmp(mode, "positioner")) {
        struct wl_surface *s = wl_compositor_create_surface(compositor);
        struct xdg_toplevel *top = fixture_toplevel(s, "Positioner", &configured);
        (void)top;
        wl_surface_commit(s);
        while (!configured && wl_display_dispatch(display) != -1) {
        }
        int w = asked_w > 0 ? asked_w : 300, h = asked_h > 0 ? asked_h : 200;
        wl_surface_attach(s, fixture_filled(w, h, 0xff404080), 0, 0);
        wl_surface_commit(s);
        wl_display_roundtrip(display);
        struct xdg_positioner *pos = xdg_wm_base_create_positioner(wm_base);
        xdg_positioner_set_size(pos, 2147483647, 2147483600);
        xdg_positioner_set_anchor_rect(pos, 2147483000, 2147483000, 2147483647, 1);
        xdg_positioner_set_offset(pos, 2147483647, -2147483647);
        struct wl_surface *ps = wl_compositor_create_surface(compositor);
        struct xdg_surface *pxs = xdg_wm_base_get_xdg_surface(wm_base, ps);
        xdg_surface_add_listener(pxs, &popup_surface_listener, NULL);
        struct xdg_surface *parent = NULL;
        // (The toplevel's xdg_surface: made again here would be an error; the fixture keeps none, so
        // the popup's parent is found through a second window's surface.)
        struct wl_surface *s2 = wl_compositor_create_surface(compositor);
        parent = xdg_wm_base_get_xdg_surface(wm_base, s2);
        int c2 = 0;
        xdg_surface_add_listener(parent, &fixture_surface_listener, &c2);
        struct xdg_toplevel *t2 = xdg_surface_get_toplevel(parent);
        xdg_toplevel_add_listener(t2, &fixture_toplevel_listener, NULL);
        xdg_toplevel_set_title(t2, "Positioner parent");
        wl_surface_commit(s2);
        while (!c2 && wl_display_dispatch(display) != -1) {
        }
        int pw = asked_w > 0 ? asked_w : 300, ph = asked_h > 0 ? asked_h : 200;
        wl_surface_attach(s2, fixture_filled(pw, ph, 0xff408040), 0, 0);
        wl_surface_commit(s2);
        wl_display_roundtrip(display);
        struct xdg_popup *popup = xdg_surface_get_popup(pxs, parent, pos);
        xdg_popup_add_listener(popup, &popup_listener, NULL);
        wl_surface_commit(ps);
        for (int i = 0; i < 50 && !popup_configured; i++) {
            if (wl_display_roundtrip(display) < 0) break;
        }
        if (report_error(display)) return 0;
        printf("popup %d %d %d %d window %d %d\n", popup_x, popup_y, popup_w, popup_h, pw, ph);
        return 0;
    }
    return 2;
}
