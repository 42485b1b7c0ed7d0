// The narrow C face of a Slate app's Wayland connection: the app's windows as xdg toplevels that
// show scene sessions (Slate's scene protocol), drawn into wl_shm buffers, and the seat's input
// through xkbcommon. Swift sees only this header: opaque handles, numbers, closed enums and callbacks.
// Every enum is closed both ways: Swift switches over its cases with no default, and the shim hands
// Swift no value outside them (a compositor's out-of-range wire value is dropped at the wire).
//
// Everything runs on one thread: the caller drives the connection (`slate_client_dispatch`) and
// callbacks arrive from inside that call.
#ifndef SLATE_CLIENT_H
#define SLATE_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#define SLATE_CLIENT_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#define SLATE_CLIENT_SWIFT_NAME(name) __attribute__((swift_name(#name)))

typedef struct slate_client slate_client;
/// One window of the app: an xdg toplevel showing one scene session.
typedef struct slate_window slate_window;

/// What the finger or the pointer did (`pointer` callback).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_pointer_kind {
    SLATE_POINTER_MOTION SLATE_CLIENT_SWIFT_NAME(pointerMotion) = 0,
    SLATE_POINTER_DOWN SLATE_CLIENT_SWIFT_NAME(pointerDown) = 1,
    SLATE_POINTER_UP SLATE_CLIENT_SWIFT_NAME(pointerUp) = 2,
    SLATE_TOUCH_DOWN SLATE_CLIENT_SWIFT_NAME(touchDown) = 3,
    SLATE_TOUCH_MOTION SLATE_CLIENT_SWIFT_NAME(touchMotion) = 4,
    SLATE_TOUCH_UP SLATE_CLIENT_SWIFT_NAME(touchUp) = 5,
    /// A wheel or two-finger scroll: x, y are the distances in surface points.
    SLATE_POINTER_AXIS SLATE_CLIENT_SWIFT_NAME(axis) = 6,
    SLATE_POINTER_LEAVE SLATE_CLIENT_SWIFT_NAME(pointerLeave) = 7,
    /// The secondary (right) button went down.
    SLATE_POINTER_SECONDARY SLATE_CLIENT_SWIFT_NAME(secondaryDown) = 8,
    /// Touch point `id` was taken away: the shell took it for a system gesture (wl_touch.cancel),
    /// or a drag it carried ended in another program.
    SLATE_TOUCH_CANCEL SLATE_CLIENT_SWIFT_NAME(touchCancel) = 9,
} slate_pointer_kind;

/// What a drag over one of the app's windows does (`drop` callback).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_drop_kind {
    /// It came over the window at x, y (surface points), offering `mimes`.
    SLATE_DROP_ENTER SLATE_CLIENT_SWIFT_NAME(enter) = 0,
    SLATE_DROP_MOTION SLATE_CLIENT_SWIFT_NAME(motion) = 1,
    SLATE_DROP_LEAVE SLATE_CLIENT_SWIFT_NAME(leave) = 2,
    /// It was let go over the window: read what it offers now (`slate_client_drop_receive`).
    SLATE_DROP_DROP SLATE_CLIENT_SWIFT_NAME(drop) = 3,
} slate_drop_kind;

/// What the app would do with a drag over its window (`slate_client_drop_accept`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_drop_action {
    SLATE_DROP_ACTION_NONE SLATE_CLIENT_SWIFT_NAME(none) = 0,
    SLATE_DROP_ACTION_COPY SLATE_CLIENT_SWIFT_NAME(copy) = 1,
    SLATE_DROP_ACTION_MOVE SLATE_CLIENT_SWIFT_NAME(move) = 2,
} slate_drop_action;

/// A scene session's role (`slate_scene_manager_v1.role`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_role {
    SLATE_CLIENT_ROLE_PRIMARY SLATE_CLIENT_SWIFT_NAME(primary) = 0,
    SLATE_CLIENT_ROLE_AUXILIARY SLATE_CLIENT_SWIFT_NAME(auxiliary) = 1,
} slate_client_role;

/// Where a new or returning window goes (`slate_scene_manager_v1.placement`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_placement {
    SLATE_CLIENT_PLACEMENT_AUTOMATIC SLATE_CLIENT_SWIFT_NAME(automatic) = 0,
    SLATE_CLIENT_PLACEMENT_FULL_SCREEN SLATE_CLIENT_SWIFT_NAME(fullScreen) = 1,
    SLATE_CLIENT_PLACEMENT_PROMINENT SLATE_CLIENT_SWIFT_NAME(prominent) = 2,
    SLATE_CLIENT_PLACEMENT_BESIDE SLATE_CLIENT_SWIFT_NAME(beside) = 3,
    SLATE_CLIENT_PLACEMENT_LEFT SLATE_CLIENT_SWIFT_NAME(left) = 4,
    SLATE_CLIENT_PLACEMENT_RIGHT SLATE_CLIENT_SWIFT_NAME(right) = 5,
} slate_client_placement;

/// How the shell shows a scene now (`slate_scene_v1.state`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_scene_state {
    SLATE_CLIENT_SCENE_BACKGROUND SLATE_CLIENT_SWIFT_NAME(background) = 0,
    SLATE_CLIENT_SCENE_INACTIVE SLATE_CLIENT_SWIFT_NAME(inactive) = 1,
    SLATE_CLIENT_SCENE_ACTIVE SLATE_CLIENT_SWIFT_NAME(active) = 2,
} slate_client_scene_state;

/// How a destroyed session's window leaves (`slate_scene_v1.animation`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_animation {
    SLATE_CLIENT_ANIMATION_STANDARD SLATE_CLIENT_SWIFT_NAME(standard) = 0,
    SLATE_CLIENT_ANIMATION_COMMIT SLATE_CLIENT_SWIFT_NAME(commit) = 1,
    SLATE_CLIENT_ANIMATION_DECLINE SLATE_CLIENT_SWIFT_NAME(decline) = 2,
} slate_client_animation;

/// The keyboard a field asks for (`slate_scene_v1.keyboard`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_keyboard {
    SLATE_CLIENT_KEYBOARD_DEFAULT SLATE_CLIENT_SWIFT_NAME(standard) = 0,
    SLATE_CLIENT_KEYBOARD_EMAIL SLATE_CLIENT_SWIFT_NAME(email) = 1,
    SLATE_CLIENT_KEYBOARD_URL SLATE_CLIENT_SWIFT_NAME(url) = 2,
    SLATE_CLIENT_KEYBOARD_NUMBER_PAD SLATE_CLIENT_SWIFT_NAME(numberPad) = 3,
    SLATE_CLIENT_KEYBOARD_DECIMAL_PAD SLATE_CLIENT_SWIFT_NAME(decimalPad) = 4,
    SLATE_CLIENT_KEYBOARD_PHONE_PAD SLATE_CLIENT_SWIFT_NAME(phonePad) = 5,
    SLATE_CLIENT_KEYBOARD_NUMBERS_AND_PUNCTUATION SLATE_CLIENT_SWIFT_NAME(numbersAndPunctuation) = 6,
} slate_client_keyboard;

/// The return key a field asks for (`slate_scene_v1.return_key`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_return_key {
    SLATE_CLIENT_RETURN_KEY_DEFAULT SLATE_CLIENT_SWIFT_NAME(standard) = 0,
    SLATE_CLIENT_RETURN_KEY_GO SLATE_CLIENT_SWIFT_NAME(go) = 1,
    SLATE_CLIENT_RETURN_KEY_SEARCH SLATE_CLIENT_SWIFT_NAME(search) = 2,
    SLATE_CLIENT_RETURN_KEY_SEND SLATE_CLIENT_SWIFT_NAME(send) = 3,
    SLATE_CLIENT_RETURN_KEY_DONE SLATE_CLIENT_SWIFT_NAME(done) = 4,
    SLATE_CLIENT_RETURN_KEY_NEXT SLATE_CLIENT_SWIFT_NAME(next) = 5,
    SLATE_CLIENT_RETURN_KEY_JOIN SLATE_CLIENT_SWIFT_NAME(join) = 6,
} slate_client_return_key;

/// What a field capitalizes by itself (`slate_scene_v1.capitals`).
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_client_capitals {
    SLATE_CLIENT_CAPITALS_NONE SLATE_CLIENT_SWIFT_NAME(none) = 0,
    SLATE_CLIENT_CAPITALS_SENTENCES SLATE_CLIENT_SWIFT_NAME(sentences) = 1,
    SLATE_CLIENT_CAPITALS_WORDS SLATE_CLIENT_SWIFT_NAME(words) = 2,
    SLATE_CLIENT_CAPITALS_ALL SLATE_CLIENT_SWIFT_NAME(all) = 3,
} slate_client_capitals;

/// `slate_scene_v1.text_action`: the keys of the keyboard on the glass that are not text.
typedef enum SLATE_CLIENT_CLOSED_ENUM slate_scene_action {
    SLATE_SCENE_ACTION_DELETE_BACKWARD SLATE_CLIENT_SWIFT_NAME(deleteBackward) = 0,
    SLATE_SCENE_ACTION_RETURN SLATE_CLIENT_SWIFT_NAME(insertReturn) = 1,
    SLATE_SCENE_ACTION_LEFT SLATE_CLIENT_SWIFT_NAME(left) = 2,
    SLATE_SCENE_ACTION_RIGHT SLATE_CLIENT_SWIFT_NAME(right) = 3,
    SLATE_SCENE_ACTION_UP SLATE_CLIENT_SWIFT_NAME(up) = 4,
    SLATE_SCENE_ACTION_DOWN SLATE_CLIENT_SWIFT_NAME(down) = 5,
    SLATE_SCENE_ACTION_UNDO SLATE_CLIENT_SWIFT_NAME(undo) = 6,
    SLATE_SCENE_ACTION_REDO SLATE_CLIENT_SWIFT_NAME(redo) = 7,
    SLATE_SCENE_ACTION_PASTE SLATE_CLIENT_SWIFT_NAME(paste) = 8,
    SLATE_SCENE_ACTION_RESIGN SLATE_CLIENT_SWIFT_NAME(resign) = 9,
} slate_scene_action;

enum slate_modifier { SLATE_MOD_SHIFT = 1, SLATE_MOD_CTRL = 2, SLATE_MOD_ALT = 4, SLATE_MOD_LOGO = 8 };

/// What the connection tells its owner.
typedef struct slate_client_callbacks {
    void *user;
    /// The shell accepted the app's announce.
    void (*ready)(void *user);
    /// The shell asks the app to connect a new session (`slate_scene_manager_v1.connect`).
    void (*connect)(void *user, const char *session, slate_client_role role, const char *payload);
    /// The window was given a size in surface points (0: the app chooses) and whether it is active.
    void (*configure)(void *user, slate_window *window, int width, int height, int activated);
    /// The shell asks the window to close (xdg_toplevel.close).
    void (*close)(void *user, slate_window *window);
    /// The last picture was shown: the window may draw the next.
    void (*frame)(void *user, slate_window *window);
    /// How the scene is shown now.
    void (*scene_state)(void *user, slate_window *window, slate_client_scene_state state);
    /// A person closed the window in the shell: the app destroys the session.
    void (*scene_discard)(void *user, slate_window *window);
    /// The finger or the pointer, in surface points; `id` tells touches apart.
    void (*pointer)(void *user, slate_window *window, slate_pointer_kind kind, int id, double x, double y);
    /// A key went down or up: its keysym, the text it types (UTF-8, may be empty) and the modifiers
    /// held (`slate_modifier`).
    void (*key)(void *user, slate_window *window, uint32_t keysym, const char *text, int pressed, uint32_t modifiers);
    /// The program a drag was dropped on (or the shell) asks for the dragged data as `mime`: write
    /// it to `fd` and close it.
    void (*drag_send)(void *user, const char *mime, int fd);
    /// The app's drag ended: dropped and taken (1), or not (0).
    void (*drag_ended)(void *user, int dropped);
    /// A drag over one of the app's windows; `own` when it is the app's own drag come back. `mimes`
    /// only with ENTER.
    void (*drop)(void *user, slate_window *window, slate_drop_kind kind, double x, double y, const char *const *mimes,
                 int count, int own);
    /// A person chose a command of the window's declared menu bar (`path`: child indices joined by
    /// dots, in the menu bar last sent).
    void (*menu_command)(void *user, slate_window *window, const char *path);
    /// The keyboard on the glass types into the window's field (scene protocol version 3): delete
    /// `delete_before` characters before the caret, insert `commit`, show `preedit` (empty: none).
    void (*text_input)(void *user, slate_window *window, uint32_t delete_before, const char *commit,
                       const char *preedit);
    /// A key of the keyboard on the glass that is not text (`slate_scene_v1.text_action`).
    void (*text_action)(void *user, slate_window *window, slate_scene_action action);
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
/// (a screen reader's bus, a folder's inotify watch) — 15 at most, the rest not polled; `*ready`
/// is then set to 1 (else 0), and the caller reads them.
int slate_client_dispatch_watching(slate_client *client, int timeout_ms, const int *fds, int count, int *ready);
/// The output's scale (pixels a point).
int slate_client_scale(slate_client *client);
/// Sends the shell one change of the app's Spotlight items, `size` bytes of JSON (`change_search`,
/// in a memfd). Returns 0, or -1 when the shell's protocol has no Spotlight (before version 4) or
/// the file could not be made.
int slate_client_change_search(slate_client *client, const void *json, size_t size);

/// Asks for a window of whichever app declares `activity_type` (`open_activity`).
void slate_client_open_activity(slate_client *client, const char *activity_type, const char *payload,
                                slate_client_placement placement);

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

/// Answers the drag over the app's window: it would take `mime` (NULL: nothing here) with `action`.
void slate_client_drop_accept(slate_client *client, const char *mime, slate_drop_action action);
/// During a drop: asks the drag's program for its data as `mime`; returns the read end of a pipe
/// (non-blocking) that gives it until its end, or -1.
int slate_client_drop_receive(slate_client *client, const char *mime);
/// During a drop: tells the drag's program the drop was taken (the data is read).
void slate_client_drop_finish(slate_client *client);

/// A new window showing scene session `session` in `role`, placed as `placement` says beside the
/// session `beside` ("" for none). It shows once it has a picture.
slate_window *slate_window_create(slate_client *client, const char *title, const char *session, slate_client_role role,
                                  slate_client_placement placement, const char *beside);
void slate_window_destroy(slate_window *window);
void slate_window_set_title(slate_window *window, const char *title);
void slate_window_set_subtitle(slate_window *window, const char *subtitle);
/// Asks the shell to show the window again.
void slate_window_bring_forward(slate_window *window, slate_client_placement placement);
/// Tells the shell the session was destroyed, its window leaving with `animation`.
void slate_window_remove(slate_window *window, slate_client_animation animation);
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


/// Declares the window's field taking text, or none (`enabled` 0): its keyboard, return key and
/// capitals, its flags (`slate_scene_flag`) and the text before its caret (the last 1 KiB is sent).
/// Returns -1 when the shell speaks a version before 3 (no keyboard on the glass).
int slate_window_set_text_input(slate_window *window, int enabled, slate_client_keyboard keyboard,
                                slate_client_return_key return_key, slate_client_capitals capitals, uint32_t flags,
                                const char *text_before);
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
