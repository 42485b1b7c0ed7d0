// Data between programs: drags (their icon, their data read by the shell, the press that may
// start one), the clipboard relay and the primary selection's (select to copy, middle-click to
// paste: zwp_primary_selection_device_manager_v1).
#define _GNU_SOURCE  // pipe2

#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

// ---- Drags between programs -----------------------------------------------------------------------

static void drag_icon_commit(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, drag_icon_commit);
    struct wlr_surface *s = comp->drag_icon_surface;
    // The icon's place relative to the finger moves by each commit's offset (wl_surface.attach x, y).
    comp->drag_icon_dx += s->current.dx;
    comp->drag_icon_dy += s->current.dy;
    comp->drag_icon_serial++;
}

static void drag_icon_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, drag_icon_destroy);
    wl_list_remove(&comp->drag_icon_commit.link);
    wl_list_remove(&comp->drag_icon_destroy.link);
    comp->drag_icon_surface = NULL;
    comp->drag_icon_serial++;
}

void slate_on_start_drag(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, start_drag);
    struct wlr_drag *drag = data;
    if (comp->drag_icon_surface) drag_icon_destroy(&comp->drag_icon_destroy, NULL);
    comp->drag_icon_dx = comp->drag_icon_dy = 0;
    if (!drag->icon) return;
    struct wlr_surface *s = drag->icon->surface;
    comp->drag_icon_surface = s;
    comp->drag_icon_dx = s->current.dx;
    comp->drag_icon_dy = s->current.dy;
    comp->drag_icon_commit.notify = drag_icon_commit;
    wl_signal_add(&s->events.commit, &comp->drag_icon_commit);
    comp->drag_icon_destroy.notify = drag_icon_destroy;
    wl_signal_add(&s->events.destroy, &comp->drag_icon_destroy);
    comp->drag_icon_serial++;
}

long slate_comp_drag_icon(slate_comp *comp, uint8_t *dst, size_t capacity, int *width, int *height, int *scale, int *dx,
                          int *dy) {
    *width = *height = 0;
    *scale = 1;
    *dx = comp->drag_icon_dx;
    *dy = comp->drag_icon_dy;
    if (!comp->seat->drag || !comp->drag_icon_surface) return -1;
    return slate_surface_copy_rows(comp, comp->drag_icon_surface, dst, capacity, 0, -1, width, height, scale);
}

uint32_t slate_comp_drag_icon_serial(slate_comp *comp) { return comp->drag_icon_serial; }

int slate_comp_drag_mime_count(slate_comp *comp) {
    struct wlr_drag *drag = comp->seat->drag;
    if (!drag || !drag->source) return 0;
    return (int)(drag->source->mime_types.size / sizeof(char *));
}

const char *slate_comp_drag_mime(slate_comp *comp, int index) {
    if (index < 0 || index >= slate_comp_drag_mime_count(comp)) return NULL;
    char **types = comp->seat->drag->source->mime_types.data;
    return types[index];
}

/// The most a drag's data read by the shell may be, in bytes (an activity is small).
enum { DRAG_READ_MAX = 1024 * 1024 };

long slate_comp_drag_read(slate_comp *comp, const char *mime, int timeout_ms, uint8_t **out) {
    *out = NULL;
    struct wlr_drag *drag = comp->seat->drag;
    if (!drag || !drag->source || !mime) return -1;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    wlr_data_source_send(drag->source, mime, fds[1]);  // the source's program gets the write end
    wl_display_flush_clients(comp->display);
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    uint32_t end = slate_comp_now_msec() + (uint32_t)timeout_ms;
    while (buf) {
        int left = (int)(end - slate_comp_now_msec());
        if (left <= 0) break;
        struct pollfd pfd = {.fd = fds[0], .events = POLLIN};
        if (poll(&pfd, 1, left) <= 0) break;
        if (len + 4096 > cap) {
            if (cap >= DRAG_READ_MAX) break;
            cap *= 2;
            uint8_t *grown = realloc(buf, cap);
            if (!grown) break;
            buf = grown;
        }
        ssize_t r = read(fds[0], buf + len, cap - len);
        if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (r <= 0) break;
        len += (size_t)r;
    }
    close(fds[0]);
    *out = buf;
    return buf ? (long)len : -1;
}

/// Whether a drag asked for with a serial that names no press is still one a finger holds: the
/// only finger down is on the drag's origin, of the same program, and no button is held. GTK 4.8
/// (Debian 12's) names its pointer's last press serial — 0 when it had none — for a drag a finger
/// starts; the finger's own press is taken in its place, as it would be with its serial.
static int finger_press_of(slate_comp *comp, struct wlr_seat_request_start_drag_event *ev,
                           struct wlr_touch_point **point) {
    struct wlr_seat *seat = comp->seat;
    if (seat->pointer_state.button_count != 0 || wlr_seat_touch_num_points(seat) != 1) return 0;
    if (!wlr_seat_validate_touch_grab_serial(seat, ev->origin, seat->touch_state.grab_serial, point)) return 0;
    return (*point)->client == ev->drag->seat_client;
}

void slate_on_request_start_drag(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, request_start_drag);
    struct wlr_seat_request_start_drag_event *ev = data;
    // A drag may start only from the press that is still held on the window it starts in: the
    // pointer's button, or the one finger down.
    struct wlr_touch_point *point = NULL;
    if (wlr_seat_validate_pointer_grab_serial(comp->seat, ev->origin, ev->serial)) {
        wlr_seat_start_pointer_drag(comp->seat, ev->drag, ev->serial);
    } else if (wlr_seat_validate_touch_grab_serial(comp->seat, ev->origin, ev->serial, &point)) {
        wlr_seat_start_touch_drag(comp->seat, ev->drag, ev->serial, point);
    } else if (finger_press_of(comp, ev, &point)) {
        wlr_seat_start_touch_drag(comp->seat, ev->drag, comp->seat->touch_state.grab_serial, point);
    } else {
        wlr_data_source_destroy(ev->drag->source);
    }
}

void slate_on_request_set_selection(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, request_set_selection);
    struct wlr_seat_request_set_selection_event *ev = data;
    // The relay: the selection passes from client to client; data moves only on paste.
    wlr_seat_set_selection(comp->seat, ev->source, ev->serial);
}

/// The primary selection: what a program has selected now, pasted by a middle click in another.
static void on_request_set_primary_selection(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, request_set_primary_selection);
    struct wlr_seat_request_set_primary_selection_event *ev = data;
    wlr_seat_set_primary_selection(comp->seat, ev->source, ev->serial);
}

int slate_data_init(slate_comp *comp) {
    if (!wlr_primary_selection_v1_device_manager_create(comp->display)) return -1;
    comp->request_set_primary_selection.notify = on_request_set_primary_selection;
    wl_signal_add(&comp->seat->events.request_set_primary_selection, &comp->request_set_primary_selection);
    return 0;
}

void slate_on_request_cursor(struct wl_listener *l, void *data) {
    // The shell draws no client cursor (the finger is the pointer); the request is accepted silently.
    (void)l;
    (void)data;
}
