// Slate's Wayland compositor over wlroots 0.15: a display, one output, a seat, xdg-shell and the
// data device, Xwayland for X11 programs, and nothing that draws. The shell (Swift) composes client
// buffers into its own frame. This file makes the compositor; output.c, views.c, xwayland.c,
// input.c, data.c, buffers.c and scene.c hold the rest, one concern a file.
#include "internal.h"

#include <unistd.h>
#include <wlr/version.h>
#include <wlr/types/wlr_server_decoration.h>
#include <wlr/types/wlr_xdg_foreign_registry.h>
#include <wlr/types/wlr_xdg_foreign_v1.h>
#include <wlr/types/wlr_xdg_foreign_v2.h>

uint32_t slate_comp_now_msec(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

// ---- Life -----------------------------------------------------------------------------------------

/// While set, wlroots says nothing (a session that cannot start is said in one line of Slate's).
static int log_silenced = 0;
/// What wlroots may say: its errors, unless SLATE_WLROOTS_LOG asks for `info` or `debug` (what a
/// report of a problem on a real machine needs, as `sway -d` gives).
static enum wlr_log_importance log_level = WLR_ERROR;

/// Set when, while silenced, libseat said logind refused the session its seat: logind asks polkit
/// before it activates a session or hands it the devices, and with no polkit running it says no.
static int logind_refused = 0;

void slate_log_silence(int on) { log_silenced = on; }

/// Whether a line of wlroots' is libseat's logind backend refused by logind ("Could not activate
/// session: Permission denied", "Could not take control of session: …").
static int says_logind_refused(const char *fmt, va_list args) {
    if (!strstr(fmt, "libseat")) return 0;
    char line[512];
    va_list copy;
    va_copy(copy, args);
    vsnprintf(line, sizeof line, fmt, copy);
    va_end(copy);
    return strstr(line, "backend/logind.c") && (strstr(line, "Could not activate session") ||
                                               strstr(line, "Could not take control"));
}

static void log_quietly(enum wlr_log_importance importance, const char *fmt, va_list args) {
    if (log_silenced && says_logind_refused(fmt, args)) logind_refused = 1;
    if (importance > log_level || (log_silenced && log_level == WLR_ERROR)) return;
    fprintf(stderr, "slate: wlroots: ");
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
}

/// wlroots' X11 backend looks up the atoms a window's title and close button need (`_NET_WM_NAME`,
/// `UTF8_STRING`, `WM_PROTOCOLS`, `WM_DELETE_WINDOW`) without making them; an X server with no
/// window manager (Xvfb) has none yet, and the window would stay nameless. This makes them, on a connection the caller closes once wlroots has its own
/// (an X server with no client left resets, forgetting its atoms). NULL when there is no X.
static xcb_connection_t *make_x11_title_atoms(void) {
    const char *display = getenv("DISPLAY");
    const char *wayland = getenv("WAYLAND_DISPLAY");
    if (!display || !*display || (wayland && *wayland)) return NULL;
    // An X server whose last client just left resets, and refuses connections a moment meanwhile.
    xcb_connection_t *x = NULL;
    for (int tries = 0; tries < 20; tries++) {
        x = xcb_connect(NULL, NULL);
        if (!xcb_connection_has_error(x)) break;
        xcb_disconnect(x);
        x = NULL;
        struct timespec pause = {.tv_sec = 0, .tv_nsec = 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    if (!x) return NULL;
    const char *names[] = {"_NET_WM_NAME", "UTF8_STRING", "WM_PROTOCOLS", "WM_DELETE_WINDOW"};
    enum { count = sizeof names / sizeof *names };
    xcb_intern_atom_cookie_t cookies[count];
    for (int i = 0; i < count; i++) cookies[i] = xcb_intern_atom(x, 0, (uint16_t)strlen(names[i]), names[i]);
    for (int i = 0; i < count; i++) free(xcb_intern_atom_reply(x, cookies[i], NULL));
    return x;
}

static void on_session_active(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, session_active);
    struct wlr_session *session = wlr_backend_get_session(comp->backend);
    if (!session || !session->active) return;
    // Back from another virtual terminal: a frame committed as it went was never shown, and what is
    // on the screen is not Slate's.
    comp->frame_pending = 0;
    slate_nested_emit(comp, SLATE_INPUT_SCREEN_RESTORED, 0, 0, 0, 0);
}

static void stop_session_listening(slate_comp *comp) {
    if (!comp->session_listening) return;
    wl_list_remove(&comp->session_active.link);
    comp->session_listening = 0;
}

/// Whether the machine has a DRM device (a screen with a kernel modesetting driver).
static int has_drm_device(void) {
    char path[32];
    for (int i = 0; i < 16; i++) {
        snprintf(path, sizeof path, "/dev/dri/card%d", i);
        if (access(path, F_OK) == 0) return 1;
    }
    return 0;
}

/// The screen's renderer and the programs' (one on the headless backend).
static void destroy_renderers(slate_comp *comp) {
    if (comp->renderer && comp->renderer != comp->client_renderer) wlr_renderer_destroy(comp->renderer);
    if (comp->client_renderer) wlr_renderer_destroy(comp->client_renderer);
    comp->renderer = comp->client_renderer = NULL;
}

slate_comp *slate_comp_create(slate_backend backend, int width, int height, double scale, slate_renderer renderer,
                              const slate_comp_callbacks *callbacks, char *err, size_t err_len) {
    static int logging = 0;
    if (!logging) {
        const char *asked = getenv("SLATE_WLROOTS_LOG");
        if (asked && strcmp(asked, "debug") == 0) log_level = WLR_DEBUG;
        else if (asked && strcmp(asked, "info") == 0) log_level = WLR_INFO;
        wlr_log_init(log_level, log_quietly);
        logging = 1;
    }
    slate_comp *comp = calloc(1, sizeof(*comp));
    if (!comp) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    comp->cb = *callbacks;
    comp->backend_kind = backend;
    comp->width = width;
    comp->height = height;
    comp->scale = scale > 0 ? scale : 1;
    wl_list_init(&comp->nested_inputs);
    wl_list_init(&comp->views);
    wl_list_init(&comp->apps);
    slate_output_init(comp);
    comp->display = wl_display_create();
    if (!comp->display) {
        snprintf(err, err_len, "cannot create a Wayland display");
        free(comp);
        return NULL;
    }
    comp->loop = wl_display_get_event_loop(comp->display);

    if (backend == SLATE_BACKEND_HEADLESS) {
        comp->backend = wlr_headless_backend_create(comp->display);
    } else if (backend == SLATE_BACKEND_SESSION) {
        // The two ways it cannot start are named by a word the owner says in the user's language.
        if (!has_drm_device()) {
            snprintf(err, err_len, "%s", SLATE_ERR_NO_DRM);
            goto fail;
        }
        // The machine's own screen and input: wlroots picks DRM and libinput only when it finds no
        // desktop to open a window on.
        unsetenv("DISPLAY");
        unsetenv("WAYLAND_DISPLAY");
        log_silenced = 1;
        logind_refused = 0;
        comp->backend = wlr_backend_autocreate(comp->display);
        log_silenced = 0;
        if (!comp->backend) {
            snprintf(err, err_len, "%s", logind_refused ? SLATE_ERR_LOGIND_REFUSED : SLATE_ERR_NO_SEAT);
            goto fail;
        }
        struct wlr_session *session = wlr_backend_get_session(comp->backend);
        if (session) {
            comp->session_active.notify = on_session_active;
            wl_signal_add(&session->events.active, &comp->session_active);
            comp->session_listening = 1;
        }
    } else {
        xcb_connection_t *atoms = make_x11_title_atoms();
        comp->backend = wlr_backend_autocreate(comp->display);
        if (atoms) xcb_disconnect(atoms);
    }
    if (!comp->backend) {
        snprintf(err, err_len, backend == SLATE_BACKEND_HEADLESS ? "cannot create the headless backend"
                                                                 : "no X11 or Wayland desktop to open a window on");
        goto fail;
    }
    // Programs' buffers are read on the CPU (the shell composes its frame there): their textures are
    // the pixman renderer's on every backend, so the display offers wl_shm and no dmabuf or wl_drm,
    // and a program drawing with a GPU gets Mesa's software path into shared memory. A dmabuf from
    // a GPU would have to be read back from it each frame, which costs more than the drawing saved.
    comp->client_renderer = wlr_pixman_renderer_create();
    if (!comp->client_renderer) {
        snprintf(err, err_len, "cannot create a renderer");
        goto fail;
    }
    // The screen itself: headless draws nothing; nested and session draw with GLES2 on a GPU and
    // pixman otherwise (renderer.c).
    comp->renderer = backend == SLATE_BACKEND_HEADLESS ? comp->client_renderer : slate_renderer_create(comp, renderer);
    if (!comp->renderer) {
        snprintf(err, err_len, "cannot create a renderer");
        goto fail;
    }
    wlr_renderer_init_wl_display(comp->client_renderer, comp->display);
    comp->allocator = wlr_allocator_autocreate(comp->backend, comp->renderer);
    if (!comp->allocator) {
        snprintf(err, err_len, "cannot create a buffer allocator");
        goto fail;
    }
    comp->compositor = wlr_compositor_create(comp->display, comp->client_renderer);
    comp->new_surface.notify = slate_on_new_surface;
    wl_signal_add(&comp->compositor->events.new_surface, &comp->new_surface);
    wlr_data_device_manager_create(comp->display);
    // Clipboard managers and wl-copy/wl-paste read and set the selection without a window.
    wlr_data_control_manager_v1_create(comp->display);
    comp->xdg_shell = wlr_xdg_shell_create(comp->display);
    comp->xdg_shell->ping_timeout = SLATE_PING_TIMEOUT_MS;
    comp->new_xdg_surface.notify = slate_on_new_xdg_surface;
    wl_signal_add(&comp->xdg_shell->events.new_surface, &comp->new_xdg_surface);
    struct wlr_xdg_decoration_manager_v1 *decorations = wlr_xdg_decoration_manager_v1_create(comp->display);
    comp->new_decoration.notify = slate_on_new_decoration;
    wl_signal_add(&decorations->events.new_toplevel_decoration, &comp->new_decoration);

    // Programs that draw their own frames unless told not to (GTK 3 and Qt 5 through KDE's older
    // protocol) are told, as xdg-decoration tells the rest: the shell draws the window.
    struct wlr_server_decoration_manager *server_decorations = wlr_server_decoration_manager_create(comp->display);
    if (server_decorations)
        wlr_server_decoration_manager_set_default_mode(server_decorations, WLR_SERVER_DECORATION_MANAGER_MODE_SERVER);
    // A window of one program parented to another's (a portal's file chooser over the program that
    // asked for it): it opens centred over it, as a dialog does.
    struct wlr_xdg_foreign_registry *foreign = wlr_xdg_foreign_registry_create(comp->display);
    if (!server_decorations || !foreign || !wlr_xdg_foreign_v1_create(comp->display, foreign) ||
        !wlr_xdg_foreign_v2_create(comp->display, foreign) || slate_surfaces_init(comp) != 0 ||
        slate_output_protocols_init(comp) != 0) {
        snprintf(err, err_len, "cannot create the Wayland protocols' globals");
        goto fail;
    }

    if (slate_scene_init(comp) != 0) {
        snprintf(err, err_len, "cannot create the scene manager");
        goto fail;
    }

    comp->seat = wlr_seat_create(comp->display, "seat0");
    wlr_seat_set_capabilities(comp->seat,
                              WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_KEYBOARD | WL_SEAT_CAPABILITY_TOUCH);
    if (slate_data_init(comp) != 0 || slate_idle_init(comp) != 0 || slate_activation_init(comp) != 0 ||
        slate_toplevels_init(comp) != 0 || slate_layers_init(comp) != 0 || slate_session_lock_init(comp) != 0 ||
        slate_pointer_init(comp) != 0 || slate_shortcuts_init(comp) != 0 || slate_privacy_init(comp) != 0 || slate_limits_init(comp) != 0 ||
        slate_tablet_init(comp) != 0) {
        snprintf(err, err_len, "cannot create the compositor's protocols (out of memory)");
        goto fail;
    }
    if (slate_xwayland_init(comp) != 0) {
        snprintf(err, err_len, "cannot set up Xwayland");
        goto fail;
    }
    comp->request_set_selection.notify = slate_on_request_set_selection;
    wl_signal_add(&comp->seat->events.request_set_selection, &comp->request_set_selection);
    comp->request_start_drag.notify = slate_on_request_start_drag;
    wl_signal_add(&comp->seat->events.request_start_drag, &comp->request_start_drag);
    comp->start_drag.notify = slate_on_start_drag;
    wl_signal_add(&comp->seat->events.start_drag, &comp->start_drag);
    comp->request_cursor.notify = slate_on_request_cursor;
    wl_signal_add(&comp->seat->events.request_set_cursor, &comp->request_cursor);

    // The keyboard the shell types with: a headless device with the desktop's keymap.
    struct xkb_context *ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    // The desktop's layout (XKB_DEFAULT_LAYOUT…), or US and Russian: Slate's two languages, so the
    // shell can type either into any program.
    const char *layout = getenv("XKB_DEFAULT_LAYOUT");
    struct xkb_rule_names names = {.layout = layout && *layout ? NULL : "us,ru"};
    comp->keymap = ctx ? xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    if (ctx) xkb_context_unref(ctx);
    if (!comp->keymap) {
        snprintf(err, err_len, "cannot compile the keyboard map (xkbcommon)");
        goto fail;
    }
    struct wlr_backend *headless_input = backend == SLATE_BACKEND_HEADLESS ? comp->backend : NULL;
    if (!headless_input) {
        headless_input = wlr_headless_backend_create(comp->display);
        if (headless_input && !wlr_multi_backend_add(comp->backend, headless_input)) headless_input = NULL;
    }
    if (!headless_input) {
        snprintf(err, err_len, "cannot create the shell's keyboard");
        goto fail;
    }
    comp->keyboard_device = wlr_headless_add_input_device(headless_input, WLR_INPUT_DEVICE_KEYBOARD);
    if (!comp->keyboard_device) {
        snprintf(err, err_len, "cannot create the shell's keyboard");
        goto fail;
    }
    wlr_keyboard_set_keymap(comp->keyboard_device->keyboard, comp->keymap);
    wlr_keyboard_set_repeat_info(comp->keyboard_device->keyboard, 25, 600);
    comp->keyboard_key.notify = slate_on_keyboard_key;
    wl_signal_add(&comp->keyboard_device->keyboard->events.key, &comp->keyboard_key);
    comp->keyboard_modifiers.notify = slate_on_keyboard_modifiers;
    wl_signal_add(&comp->keyboard_device->keyboard->events.modifiers, &comp->keyboard_modifiers);
    wlr_seat_set_keyboard(comp->seat, comp->keyboard_device);
    if (slate_text_input_init(comp) != 0) {
        snprintf(err, err_len, "cannot create the text input managers");
        goto fail;
    }

    comp->new_input.notify = slate_on_new_input;
    wl_signal_add(&comp->backend->events.new_input, &comp->new_input);
    comp->new_output.notify = slate_on_new_output;
    wl_signal_add(&comp->backend->events.new_output, &comp->new_output);

    comp->socket = wl_display_add_socket_auto(comp->display);
    if (!comp->socket) {
        snprintf(err, err_len, "cannot open a Wayland socket in $XDG_RUNTIME_DIR");
        goto fail;
    }
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    snprintf(comp->socket_path, sizeof comp->socket_path, "%s/%s", runtime ? runtime : "", comp->socket);
    chmod(comp->socket_path, 0700);

    if (backend == SLATE_BACKEND_SESSION) log_silenced = 1;
    int started = wlr_backend_start(comp->backend);
    log_silenced = 0;
    if (!started) {
        const char *seat_error = logind_refused ? SLATE_ERR_LOGIND_REFUSED : SLATE_ERR_NO_SEAT;
        snprintf(err, err_len, "%s", backend == SLATE_BACKEND_SESSION ? seat_error : "cannot start the backend");
        goto fail;
    }
    if (backend == SLATE_BACKEND_SESSION && !comp->output) {
        snprintf(err, err_len, "%s", SLATE_ERR_NO_SCREEN);
        goto fail;
    }
    if (backend == SLATE_BACKEND_HEADLESS) {
        struct wlr_output *o = wlr_headless_add_output(comp->backend, (unsigned)width, (unsigned)height);
        if (!o || (!comp->output && slate_output_setup(comp, o, err, err_len) != 0)) {
            if (!o) snprintf(err, err_len, "cannot create the headless output");
            goto fail;
        }
    }
    return comp;

fail:
    comp->ending = 1;
    stop_session_listening(comp);
    slate_xwayland_finish(comp);
    wl_display_destroy_clients(comp->display);
    if (comp->backend) wlr_backend_destroy(comp->backend);
    slate_output_finish(comp);
    if (comp->allocator) wlr_allocator_destroy(comp->allocator);
    destroy_renderers(comp);
    wl_display_destroy(comp->display);
    slate_text_input_finish(comp);
    if (comp->keymap) xkb_keymap_unref(comp->keymap);
    free(comp);
    return NULL;
}

void slate_comp_destroy(slate_comp *comp) {
    if (!comp) return;
    comp->ending = 1;
    stop_session_listening(comp);
    // X11 programs' server first: it ends with its connection, its window manager once it has seen it.
    slate_xwayland_finish(comp);
    wl_display_destroy_clients(comp->display);
    slate_tablet_finish(comp);
    wlr_backend_destroy(comp->backend);
    // The frame's buffer and texture before the renderer that made the texture.
    slate_output_finish(comp);
    // Neither belongs to the display or the backend (LeakSanitizer found both left).
    wlr_allocator_destroy(comp->allocator);
    destroy_renderers(comp);
    wl_display_destroy(comp->display);
    slate_text_input_finish(comp);
    if (comp->keymap) xkb_keymap_unref(comp->keymap);
    free(comp);
}

const char *slate_comp_socket(slate_comp *comp) { return comp->socket; }

int slate_comp_event_fd(slate_comp *comp) { return wl_event_loop_get_fd(comp->loop); }

int slate_comp_dispatch(slate_comp *comp, int timeout_ms) {
    wl_display_flush_clients(comp->display);
    int r = wl_event_loop_dispatch(comp->loop, timeout_ms);
    wl_display_flush_clients(comp->display);
    return r;
}

void slate_comp_flush(slate_comp *comp) { wl_display_flush_clients(comp->display); }

const char *slate_comp_wlroots_version(void) { return WLR_VERSION_STR; }
