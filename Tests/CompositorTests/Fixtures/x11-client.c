// An X11 test program (xcb) for Slate's Xwayland windows. Each window is one colour (its background
// pixel: the server paints it). Modes:
//
//   x11-client dialog             "X11 Main" (480x320, blue) and, once it is shown, "X11 Dialog"
//                                 (300x140, fixed size, orange), transient for it
//   x11-client menu               "X11 Main" and, at SIGUSR1 (a click, as it were), an
//                                 override-redirect window (120x80, green) at (40, 60) of it, placed
//                                 as menus are, from the main window's position on the root
//   x11-client urgent             "X11 Urgent": at SIGUSR1, sets WM_HINTS' urgency
//   x11-client fullscreen         "X11 Full": at SIGUSR1, asks for _NET_WM_STATE_FULLSCREEN
//   x11-client touch              "X11 Touch": each button press (a finger's, as the X server
//                                 turns touch into pointer events for a program without XInput 2)
//                                 renames it "X11 Pressed X,Y" (where, in the window)
//   x11-client hostile            "X11 Hostile" (magenta) with malformed properties: a 1 MiB WM_NAME
//                                 of bytes that are not UTF-8, atom lists and hints in the wrong
//                                 format or too short, a _NET_WM_ICON whose sizes lie, a transient-for
//                                 naming itself; set again, and again, while it is shown
//
// It prints "ready" once its windows are mapped, and runs until its windows are closed
// (WM_DELETE_WINDOW) or it is killed.
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/xcb.h>

static xcb_connection_t *c;
static xcb_screen_t *screen;
static volatile sig_atomic_t signalled;

static void on_signal(int sig) {
    (void)sig;
    signalled = 1;
}

static xcb_atom_t atom(const char *name) {
    xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(c, xcb_intern_atom(c, 0, (uint16_t)strlen(name), name), NULL);
    xcb_atom_t a = r ? r->atom : XCB_ATOM_NONE;
    free(r);
    return a;
}

static void prop(xcb_window_t w, xcb_atom_t property, xcb_atom_t type, uint8_t format, uint32_t n, const void *data) {
    xcb_change_property(c, XCB_PROP_MODE_REPLACE, w, property, type, format, n, data);
}

static xcb_window_t make_window(int x, int y, int width, int height, uint32_t colour, int override_redirect,
                                const char *title) {
    xcb_window_t w = xcb_generate_id(c);
    uint32_t values[] = {colour, (uint32_t)override_redirect, XCB_EVENT_MASK_EXPOSURE | XCB_EVENT_MASK_STRUCTURE_NOTIFY |
                                                                 XCB_EVENT_MASK_BUTTON_PRESS};
    xcb_create_window(c, XCB_COPY_FROM_PARENT, w, screen->root, (int16_t)x, (int16_t)y, (uint16_t)width,
                      (uint16_t)height, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual,
                      XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, values);
    if (title) {
        prop(w, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 8, (uint32_t)strlen(title), title);
        prop(w, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, (uint32_t)strlen(title), title);
        const char class[] = "x11-client\0X11Client";
        prop(w, XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, sizeof class, class);
        xcb_atom_t protocols[] = {atom("WM_DELETE_WINDOW")};
        prop(w, atom("WM_PROTOCOLS"), XCB_ATOM_ATOM, 32, 1, protocols);
    }
    return w;
}

/// WM_NORMAL_HINTS with a minimum and maximum size (ICCCM's 18 longs: flags first).
static void size_hints(xcb_window_t w, int min_w, int min_h, int max_w, int max_h) {
    uint32_t hints[18] = {0};
    hints[0] = (1 << 4) | (1 << 5);  // PMinSize | PMaxSize
    hints[5] = (uint32_t)min_w;
    hints[6] = (uint32_t)min_h;
    hints[7] = (uint32_t)max_w;
    hints[8] = (uint32_t)max_h;
    prop(w, XCB_ATOM_WM_NORMAL_HINTS, XCB_ATOM_WM_SIZE_HINTS, 32, 18, hints);
}

/// Waits until `w` is mapped (its MapNotify).
static void wait_mapped(xcb_window_t w) {
    xcb_generic_event_t *e;
    while ((e = xcb_wait_for_event(c))) {
        int done = (e->response_type & ~0x80) == XCB_MAP_NOTIFY && ((xcb_map_notify_event_t *)e)->window == w;
        free(e);
        if (done) return;
    }
    exit(1);
}

/// What the menu, urgent and full-screen modes do when told (SIGUSR1).
static void act(const char *mode, xcb_window_t w) {
    if (strcmp(mode, "menu") == 0) {
        // As a toolkit places a menu: from where the window is on the root now.
        xcb_translate_coordinates_reply_t *t =
            xcb_translate_coordinates_reply(c, xcb_translate_coordinates(c, w, screen->root, 40, 60), NULL);
        int x = t ? t->dst_x : 40, y = t ? t->dst_y : 60;
        free(t);
        xcb_window_t m = make_window(x, y, 120, 80, 0x00c000, 1, NULL);
        xcb_map_window(c, m);
    } else if (strcmp(mode, "urgent") == 0) {
        uint32_t hints[9] = {1 << 8};  // XUrgencyHint
        prop(w, XCB_ATOM_WM_HINTS, XCB_ATOM_WM_HINTS, 32, 9, hints);
    } else if (strcmp(mode, "fullscreen") == 0) {
        xcb_client_message_event_t ev = {
            .response_type = XCB_CLIENT_MESSAGE, .format = 32, .window = w, .type = atom("_NET_WM_STATE")};
        ev.data.data32[0] = 1;  // _NET_WM_STATE_ADD
        ev.data.data32[1] = atom("_NET_WM_STATE_FULLSCREEN");
        ev.data.data32[3] = 1;
        xcb_send_event(c, 0, screen->root, XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY,
                       (const char *)&ev);
    }
}

/// Sets the malformed properties on `w` (round `round`: the bytes change, so each is a new value).
static void hostile_properties(xcb_window_t w, int round) {
    enum { HUGE = 1024 * 1024 };
    char *junk = malloc(HUGE);
    for (int i = 0; i < HUGE; i++) junk[i] = (char)(0x80 + ((i * 7 + round) % 0x7f));  // no valid UTF-8
    junk[100] = 0;  // a NUL inside
    junk[200] = '\n';
    prop(w, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 8, HUGE, junk);
    prop(w, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, HUGE, junk);
    prop(w, XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, 5000, junk + 1);  // no NUL at all
    // Atom lists in 8- and 16-bit form: read as 32-bit, four (two) times their length.
    prop(w, atom("WM_PROTOCOLS"), XCB_ATOM_ATOM, 8, 8192, junk);
    prop(w, atom("_NET_WM_WINDOW_TYPE"), XCB_ATOM_ATOM, 16, 4096, junk);
    prop(w, atom("_NET_WM_STATE"), XCB_ATOM_ATOM, 8, 8192, junk);
    prop(w, atom("_MOTIF_WM_HINTS"), atom("_MOTIF_WM_HINTS"), 8, 5, junk);
    // Hints too short, or in the wrong format.
    prop(w, XCB_ATOM_WM_HINTS, XCB_ATOM_WM_HINTS, 32, 2, junk);
    prop(w, XCB_ATOM_WM_NORMAL_HINTS, XCB_ATOM_WM_SIZE_HINTS, 8, 3, junk);
    // A transient-for with no window in it, then one naming itself.
    prop(w, XCB_ATOM_WM_TRANSIENT_FOR, XCB_ATOM_WINDOW, 8, 1, junk);
    // An icon that says it is 65535 x 65535 and holds four pixels; another in 8-bit form.
    uint32_t icon[6] = {65535, 65535, 0xff00ff00, 0xff00ff00, 0xff00ff00, 0xff00ff00};
    prop(w, atom("_NET_WM_ICON"), XCB_ATOM_CARDINAL, 32, 6, icon);
    prop(w, atom("_NET_WM_ICON"), XCB_ATOM_CARDINAL, 8, HUGE, junk);
    free(junk);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "dialog";
    // (A program started from a thread that blocks signals inherits the block.)
    signal(SIGUSR1, on_signal);
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_UNBLOCK, &usr1, NULL);
    c = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(c)) {
        fprintf(stderr, "x11-client: cannot open the display\n");
        return 1;
    }
    screen = xcb_setup_roots_iterator(xcb_get_setup(c)).data;
    xcb_atom_t wm_protocols = atom("WM_PROTOCOLS"), wm_delete = atom("WM_DELETE_WINDOW");
    int windows = 1;
    xcb_window_t main_window = XCB_WINDOW_NONE;

    if (strcmp(mode, "hostile") == 0) {
        xcb_window_t w = make_window(0, 0, 400, 300, 0xff00ff, 0, NULL);
        hostile_properties(w, 0);
        xcb_map_window(c, w);
        xcb_flush(c);
        wait_mapped(w);
        printf("ready\n");
        fflush(stdout);
        // Set again while shown (each a new value the window manager reads), then a title it can
        // show, then a burst of titles.
        for (int round = 1; round <= 20; round++) {
            hostile_properties(w, round);
            xcb_flush(c);
            usleep(20 * 1000);
        }
        prop(w, XCB_ATOM_WM_TRANSIENT_FOR, XCB_ATOM_WINDOW, 32, 1, &w);
        for (int i = 0; i < 2000; i++) {
            char title[64];
            int n = snprintf(title, sizeof title, "X11 Hostile %d", i);
            prop(w, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, (uint32_t)n, title);
        }
        xcb_flush(c);
        printf("done\n");
        fflush(stdout);
    } else {
        const char *title = strcmp(mode, "urgent") == 0       ? "X11 Urgent"
                            : strcmp(mode, "touch") == 0      ? "X11 Touch"
                            : strcmp(mode, "fullscreen") == 0 ? "X11 Full"
                                                              : "X11 Main";
        main_window = make_window(0, 0, 480, 320, 0x1f5fd0, 0, title);
        xcb_map_window(c, main_window);
        xcb_flush(c);
        wait_mapped(main_window);
        if (strcmp(mode, "dialog") == 0) {
            xcb_window_t d = make_window(0, 0, 300, 140, 0xff8000, 0, "X11 Dialog");
            prop(d, XCB_ATOM_WM_TRANSIENT_FOR, XCB_ATOM_WINDOW, 32, 1, &main_window);
            size_hints(d, 300, 140, 300, 140);
            xcb_map_window(c, d);
            xcb_flush(c);
            wait_mapped(d);
            windows = 2;
        }
        xcb_flush(c);
        printf("ready\n");
        fflush(stdout);
    }
    // Until its windows are closed; SIGUSR1 makes the menu, urgent and full-screen modes act.
    while (windows > 0) {
        if (signalled) {
            signalled = 0;
            act(mode, main_window);
            xcb_flush(c);
        }
        xcb_generic_event_t *e = xcb_poll_for_event(c);
        if (!e) {
            if (xcb_connection_has_error(c)) break;
            struct pollfd p = {.fd = xcb_get_file_descriptor(c), .events = POLLIN};
            poll(&p, 1, 50);
            continue;
        }
        if ((e->response_type & ~0x80) == XCB_BUTTON_PRESS) {
            xcb_button_press_event_t *b = (xcb_button_press_event_t *)e;
            char title[64];
            int n = snprintf(title, sizeof title, "X11 Pressed %d,%d", b->event_x, b->event_y);
            prop(b->event, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, (uint32_t)n, title);
            xcb_flush(c);
        }
        if ((e->response_type & ~0x80) == XCB_CLIENT_MESSAGE) {
            xcb_client_message_event_t *m = (xcb_client_message_event_t *)e;
            if (m->type == wm_protocols && m->data.data32[0] == wm_delete) {
                xcb_destroy_window(c, m->window);
                xcb_flush(c);
                windows--;
            }
        }
        free(e);
    }
    xcb_disconnect(c);
    return 0;
}
