// The narrow C face of a Slate app's Wayland connection: the app's windows as xdg toplevels that
// show scene sessions (Slate's scene protocol), drawn into wl_shm buffers, and the seat's input
// through xkbcommon. Swift sees only this header: opaque handles, plain numbers and callbacks.
//
// Everything runs on one thread: the caller drives the connection (`slate_client_dispatch`) and
// callbacks arrive from inside that call.
#ifndef SLATE_CLIENT_H
#define SLATE_CLIENT_H

#include <stddef.h>
#include <stdint.h>

typedef struct slate_client slate_client;
/// One window of the app: an xdg toplevel showing one scene session.
typedef struct slate_window slate_window;

enum slate_pointer_kind {
    SLATE_POINTER_MOTION = 0,
    SLATE_POINTER_DOWN = 1,
    SLATE_POINTER_UP = 2,
    SLATE_TOUCH_DOWN = 3,
    SLATE_TOUCH_MOTION = 4,
    SLATE_TOUCH_UP = 5,
    /// A wheel or two-finger scroll: x, y are the distances in surface points.
    SLATE_POINTER_AXIS = 6,
    SLATE_POINTER_LEAVE = 7,
    /// The secondary (right) button went down.
    SLATE_POINTER_SECONDARY = 8,
    /// Touch point `id` was taken away: the shell took it for a system gesture (wl_touch.cancel),
    /// or a drag it carried ended in another program.
    SLATE_TOUCH_CANCEL = 9,
};

/// What a drag over one of the app's windows does (`drop` callback).
enum slate_drop_kind {
    /// It came over the window at x, y (surface points), offering `mimes`.
    SLATE_DROP_ENTER = 0,
    SLATE_DROP_MOTION = 1,
    SLATE_DROP_LEAVE = 2,
    /// It was let go over the window: read what it offers now (`slate_client_drop_receive`).
    SLATE_DROP_DROP = 3,
};

enum slate_modifier { SLATE_MOD_SHIFT = 1, SLATE_MOD_CTRL = 2, SLATE_MOD_ALT = 4, SLATE_MOD_LOGO = 8 };

/// What the connection tells its owner.
typedef struct slate_client_callbacks {
    void *user;
    /// The shell accepted the app's announce.
    void (*ready)(void *user);
    /// The shell asks the app to connect a new session (`slate_scene_manager_v1.connect`).
    void (*connect)(void *user, const char *session, int role, const char *payload);
    /// The window was given a size in surface points (0: the app chooses) and whether it is active.
    void (*configure)(void *user, slate_window *window, int width, int height, int activated);
    /// The shell asks the window to close (xdg_toplevel.close).
    void (*close)(void *user, slate_window *window);
    /// The last picture was shown: the window may draw the next.
    void (*frame)(void *user, slate_window *window);
    /// How the scene is shown now: 0 background, 1 inactive, 2 active.
    void (*scene_state)(void *user, slate_window *window, int state);
    /// A person closed the window in the shell: the app destroys the session.
    void (*scene_discard)(void *user, slate_window *window);
    /// The finger or the pointer (`slate_pointer_kind`), in surface points; `id` tells touches apart.
    void (*pointer)(void *user, slate_window *window, int kind, int id, double x, double y);
    /// A key went down or up: its keysym, the text it types (UTF-8, may be empty) and the modifiers
    /// held (`slate_modifier`).
    void (*key)(void *user, slate_window *window, uint32_t keysym, const char *text, int pressed, uint32_t modifiers);
    /// The program a drag was dropped on (or the shell) asks for the dragged data as `mime`: write
    /// it to `fd` and close it.
    void (*drag_send)(void *user, const char *mime, int fd);
    /// The app's drag ended: dropped and taken (1), or not (0).
    void (*drag_ended)(void *user, int dropped);
    /// A drag over one of the app's windows (`slate_drop_kind`); `own` when it is the app's own drag
    /// come back. `mimes` only with ENTER.
    void (*drop)(void *user, slate_window *window, int kind, double x, double y, const char *const *mimes, int count,
                 int own);
    /// A person chose a command of the window's declared menu bar (`path`: child indices joined by
    /// dots, in the menu bar last sent).
    void (*menu_command)(void *user, slate_window *window, const char *path);
    /// The keyboard on the glass types into the window's field (scene protocol version 3): delete
    /// `delete_before` characters before the caret, insert `commit`, show `preedit` (empty: none).
    void (*text_input)(void *user, slate_window *window, uint32_t delete_before, const char *commit,
                       const char *preedit);
    /// A key of the keyboard on the glass that is not text (`slate_scene_v1.text_action`).
    void (*text_action)(void *user, slate_window *window, int action);
} slate_client_callbacks;

/// Connects to the compositor of $WAYLAND_DISPLAY and announces the app `app_id`. Returns NULL and
/// a reason in `err` when there is no compositor, or it speaks no xdg-shell or scene protocol.
slate_client *slate_client_connect(const char *app_id, const slate_client_callbacks *callbacks, char *err,
                                   size_t err_len);
/// As `slate_client_connect`, to the compositor socket `display` (a name in $XDG_RUNTIME_DIR, or a
/// path; NULL: $WAYLAND_DISPLAY), so that a program serving a compositor itself can be its own client.
slate_client *slate_client_connect_to(const char *display, const char *app_id, const slate_client_callbacks *callbacks,
                                      char *err, size_t err_len);
void slate_client_destroy(slate_client *client);
/// The connection's file descriptor, readable when the compositor has spoken.
int slate_client_fd(slate_client *client);
/// Reads and handles what the compositor sent (waiting up to `timeout_ms`; 0: not at all) and
/// sends what is queued. Returns -1 once the connection is gone (the shell ended or cut it).
int slate_client_dispatch(slate_client *client, int timeout_ms);
/// As `slate_client_dispatch`, waking also when one of the `count` descriptors in `fds` can be read
/// (a screen reader's bus); `*ready` is then set to 1 (else 0), and the caller reads them.
int slate_client_dispatch_watching(slate_client *client, int timeout_ms, const int *fds, int count, int *ready);
/// The output's scale (pixels a point).
int slate_client_scale(slate_client *client);
/// Asks for a window of whichever app declares `activity_type` (`open_activity`).
void slate_client_open_activity(slate_client *client, const char *activity_type, const char *payload, int placement);

/// Puts `text` (UTF-8) on the clipboard (the Wayland selection, as text/plain), owned by this app
/// until another program takes it. Returns -1 when there is no input to take it with yet.
int slate_client_set_selection(slate_client *client, const char *text);
/// The clipboard's text (a malloc'd UTF-8 string the caller frees), read from whichever program
/// holds it, waiting up to `timeout_ms` for it to send; NULL when it holds no text.
char *slate_client_get_selection(slate_client *client, int timeout_ms);

/// Starts a drag of data offered as the `count` MIME types in `mimes`, from the press held on
/// `origin` — the pointer's button, or the one finger down when the last press was a finger's
/// (wl_data_device.start_drag with that press's serial): the shell moves it to the window under the finger, which
/// asks for the data (`drag_send`) only when it is dropped there. `icon` (premultiplied BGRA,
/// `width`×`height` pixels at `scale`, `stride` bytes a row; NULL for none) follows the finger,
/// the finger at (`hot_x`, `hot_y`) pixels in it. Returns -1 when no press is held, or a drag is
/// already under way.
int slate_client_start_drag(slate_client *client, slate_window *origin, const char *const *mimes, int count,
                            const uint8_t *icon, int width, int height, int stride, int scale, int hot_x, int hot_y);

/// Answers the drag over the app's window: it would take `mime` (NULL: nothing here) with `action`
/// (0 none, 1 copy, 2 move).
void slate_client_drop_accept(slate_client *client, const char *mime, int action);
/// During a drop: asks the drag's program for its data as `mime`; returns the read end of a pipe
/// (non-blocking) that gives it until its end, or -1.
int slate_client_drop_receive(slate_client *client, const char *mime);
/// During a drop: tells the drag's program the drop was taken (the data is read).
void slate_client_drop_finish(slate_client *client);

/// A new window showing scene session `session` (role 0 primary, 1 auxiliary), placed as
/// `placement` says beside the session `beside` ("" for none). It shows once it has a picture.
slate_window *slate_window_create(slate_client *client, const char *title, const char *session, int role,
                                  int placement, const char *beside);
void slate_window_destroy(slate_window *window);
void slate_window_set_title(slate_window *window, const char *title);
void slate_window_set_subtitle(slate_window *window, const char *subtitle);
/// Asks the shell to show the window again.
void slate_window_bring_forward(slate_window *window, int placement);
/// Tells the shell the session was destroyed (animation: 0 standard, 1 commit, 2 decline).
void slate_window_remove(slate_window *window, int animation);
/// `slate_scene_v1.text_flags`: what a window's field taking text says of itself.
enum slate_scene_flag {
    SLATE_SCENE_FLAG_SUGGESTIONS = 1,
    SLATE_SCENE_FLAG_SECRET = 2,
    SLATE_SCENE_FLAG_MULTILINE = 4,
    SLATE_SCENE_FLAG_SELECTION = 8,
    SLATE_SCENE_FLAG_CAN_UNDO = 16,
    SLATE_SCENE_FLAG_CAN_REDO = 32,
    SLATE_SCENE_FLAG_CAN_PASTE = 64,
};

/// `slate_scene_v1.text_action`: the keys of the keyboard on the glass that are not text.
enum slate_scene_action {
    SLATE_SCENE_ACTION_DELETE_BACKWARD = 0,
    SLATE_SCENE_ACTION_RETURN = 1,
    SLATE_SCENE_ACTION_LEFT = 2,
    SLATE_SCENE_ACTION_RIGHT = 3,
    SLATE_SCENE_ACTION_UP = 4,
    SLATE_SCENE_ACTION_DOWN = 5,
    SLATE_SCENE_ACTION_UNDO = 6,
    SLATE_SCENE_ACTION_REDO = 7,
    SLATE_SCENE_ACTION_PASTE = 8,
    SLATE_SCENE_ACTION_RESIGN = 9,
};

/// Declares the window's field taking text, or none (`enabled` 0): its keyboard, return key and
/// capitals (`slate_scene_v1` enums), its flags (`text_flags`) and the text before its caret (the last
/// 1 KiB is sent). Returns -1 when the shell speaks a version before 3 (no keyboard on the glass).
int slate_window_set_text_input(slate_window *window, int enabled, int keyboard, int return_key, int capitals,
                                uint32_t flags, const char *text_before);
/// Declares the window's menu bar (`json`: Slate's menu bar declaration; "" for none), sent in
/// pieces (scene protocol version 2). Returns -1 when the shell speaks version 1 (no menu bar).
int slate_window_set_menu_bar(slate_window *window, const char *json);
/// Shows `pixels` (premultiplied BGRA, `width`×`height` pixels, `stride` bytes a row) at `scale`;
/// `dx, dy, dw, dh` is what changed since the last picture, in pixels (dw 0: everything). Returns 0,
/// or -1 while the window has no configure yet or the last picture is not shown (try after `frame`).
int slate_window_present(slate_window *window, const uint8_t *pixels, int width, int height, int stride, int scale,
                         int dx, int dy, int dw, int dh);
/// Whether the window has been configured (it may draw).
int slate_window_is_configured(slate_window *window);

#endif
