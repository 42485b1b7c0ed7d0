// The narrow C face of Slate's Wayland compositor (wlroots 0.15 behind it). Swift sees only this
// header: opaque handles, plain numbers and callbacks; no wlroots or Wayland type crosses it.
//
// Everything runs on one thread: the caller drives the event loop (`slate_comp_dispatch`, or poll
// `slate_comp_event_fd` and then dispatch), and callbacks arrive from inside that call.
#ifndef SLATE_COMPOSITOR_H
#define SLATE_COMPOSITOR_H

#include <stddef.h>
#include <stdint.h>

// Keys and buttons are the kernel's evdev codes, by the kernel's names (KEY_A, KEY_LEFTSHIFT,
// BTN_LEFT…): the one key table both sides read.
#include <linux/input-event-codes.h>

/// A C enum Swift imports as a Swift enum of its own, and the name a case of it has in Swift.
#define SLATE_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#define SLATE_SWIFT_NAME(name) __attribute__((swift_name(#name)))

typedef struct slate_comp slate_comp;
/// One program window: an xdg-shell toplevel or popup of a Wayland client, or an X11 window through
/// Xwayland (a managed window is a toplevel, an override-redirect one — a menu, a tooltip — a popup).
typedef struct slate_view slate_view;
/// A Slate app process that bound the scene manager (Slate's scene protocol, slate-scene-v1.xml).
typedef struct slate_app slate_app;
/// A layer surface of a client (wlr-layer-shell): a panel, a dock, a wallpaper, a keyboard.
typedef struct slate_layer slate_layer;
/// A surface the shell shows by itself rather than as a window — a layer surface (a panel, a dock, a
/// wallpaper) or a program's lock surface — with one set of calls for either (`slate_surface_…`).
/// Got from what it belongs to (`slate_layer_surface`, `slate_session_lock_surface`), it lives as
/// long as that.
typedef struct slate_surface slate_surface;

/// A program's lock of the screen (ext-session-lock-v1: swaylock), with its one lock surface.
typedef struct slate_session_lock slate_session_lock;

/// What a program's lock did (`slate_comp_callbacks.session_lock_event`).
typedef enum SLATE_CLOSED_ENUM slate_session_lock_event {
    /// It asked to lock an unlocked screen: the shell locks, then confirms (`slate_session_lock_confirm`).
    SLATE_SESSION_LOCK_LOCK SLATE_SWIFT_NAME(lock) = 0,
    /// Its surface drew for the first time; again.
    SLATE_SESSION_LOCK_MAPPED SLATE_SWIFT_NAME(mapped) = 1,
    SLATE_SESSION_LOCK_COMMIT SLATE_SWIFT_NAME(commit) = 2,
    /// It unlocked (`unlock_and_destroy`). The shell uses the handle no more.
    SLATE_SESSION_LOCK_UNLOCK SLATE_SWIFT_NAME(unlock) = 3,
    /// It went without unlocking (its client died) or was refused: the screen stays as it is. The
    /// shell uses the handle no more.
    SLATE_SESSION_LOCK_ABANDONED SLATE_SWIFT_NAME(abandoned) = 4,
} slate_session_lock_event;

/// What happened to a layer surface (`slate_comp_callbacks.layer_event`).
typedef enum SLATE_CLOSED_ENUM slate_layer_event {
    /// A new one: the shell places it (`slate_layer_configure`) once it says where it wants to be.
    SLATE_LAYER_NEW SLATE_SWIFT_NAME(new) = 0,
    /// It asked for another place, size or layer (and its first commit): placed again.
    SLATE_LAYER_CHANGED SLATE_SWIFT_NAME(changed) = 1,
    /// It has content and is shown; it is not any more.
    SLATE_LAYER_MAP SLATE_SWIFT_NAME(map) = 2,
    SLATE_LAYER_UNMAP SLATE_SWIFT_NAME(unmap) = 3,
    /// A new picture.
    SLATE_LAYER_COMMIT SLATE_SWIFT_NAME(commit) = 4,
    /// It is gone; the handle is invalid after the callback returns.
    SLATE_LAYER_DESTROY SLATE_SWIFT_NAME(destroy) = 5,
} slate_layer_event;

/// Which of layer-shell's layers a layer surface is in (zwlr_layer_shell_v1.layer), back to front.
typedef enum SLATE_CLOSED_ENUM slate_layer_level {
    SLATE_LAYER_BACKGROUND SLATE_SWIFT_NAME(background) = 0,
    SLATE_LAYER_BOTTOM SLATE_SWIFT_NAME(bottom) = 1,
    SLATE_LAYER_TOP SLATE_SWIFT_NAME(top) = 2,
    SLATE_LAYER_OVERLAY SLATE_SWIFT_NAME(overlay) = 3,
} slate_layer_level;

/// Whether a layer surface takes the keyboard (zwlr_layer_surface_v1.keyboard_interactivity).
typedef enum SLATE_CLOSED_ENUM slate_layer_keyboard {
    /// Never.
    SLATE_LAYER_KEYBOARD_NONE SLATE_SWIFT_NAME(none) = 0,
    /// All of it, while it is mapped (a lock screen's, a launcher's).
    SLATE_LAYER_KEYBOARD_EXCLUSIVE SLATE_SWIFT_NAME(exclusive) = 1,
    /// When a person focuses it, as a window.
    SLATE_LAYER_KEYBOARD_ON_DEMAND SLATE_SWIFT_NAME(onDemand) = 2,
} slate_layer_keyboard;

/// Where a layer surface wants to be (its double-buffered state as last committed). `anchor`: edges
/// it is anchored to (1 top, 2 bottom, 4 left, 8 right: zwlr_layer_surface_v1.anchor's bits);
/// `exclusive_zone`: points kept clear from its anchored edge (0: none, -1: it covers even others'
/// zones); `width`, `height`: 0 to stretch between opposite anchors.
typedef struct slate_layer_placement {
    slate_layer_level layer;
    uint32_t anchor;
    int exclusive_zone;
    int margin_top, margin_right, margin_bottom, margin_left;
    int width, height;
    slate_layer_keyboard keyboard;
} slate_layer_placement;

/// Where the compositor shows its output and reads its input.
typedef enum SLATE_CLOSED_ENUM slate_backend {
    /// No screen: an output in memory only (tests, pictures).
    SLATE_BACKEND_HEADLESS SLATE_SWIFT_NAME(headless) = 0,
    /// A window on the X11 or Wayland desktop the process runs in (wlr_backend_autocreate).
    SLATE_BACKEND_NESTED SLATE_SWIFT_NAME(nested) = 1,
    /// The machine's own screen, full screen, from a text console: DRM/KMS and libinput through a
    /// seat (libseat: seatd or logind); wlr_backend_autocreate with no DISPLAY or WAYLAND_DISPLAY.
    /// The output takes its preferred mode (`slate_comp_output_size`), whatever size was asked.
    SLATE_BACKEND_SESSION SLATE_SWIFT_NAME(session) = 2,
} slate_backend;

/// A scene's role (slate_scene_manager_v1's `role`).
typedef enum SLATE_CLOSED_ENUM slate_scene_role {
    SLATE_SCENE_PRIMARY SLATE_SWIFT_NAME(primary) = 0,
    SLATE_SCENE_AUXILIARY SLATE_SWIFT_NAME(auxiliary) = 1,
} slate_scene_role;

/// Where a scene's window goes (slate_scene_manager_v1's `placement`).
typedef enum SLATE_CLOSED_ENUM slate_scene_placement {
    SLATE_SCENE_PLACEMENT_AUTOMATIC SLATE_SWIFT_NAME(automatic) = 0,
    SLATE_SCENE_PLACEMENT_FULL_SCREEN SLATE_SWIFT_NAME(fullScreen) = 1,
    SLATE_SCENE_PLACEMENT_PROMINENT SLATE_SWIFT_NAME(prominent) = 2,
    SLATE_SCENE_PLACEMENT_BESIDE SLATE_SWIFT_NAME(beside) = 3,
    SLATE_SCENE_PLACEMENT_LEFT SLATE_SWIFT_NAME(left) = 4,
    SLATE_SCENE_PLACEMENT_RIGHT SLATE_SWIFT_NAME(right) = 5,
} slate_scene_placement;

/// How a destroyed session's window leaves (slate_scene_v1's `animation`).
typedef enum SLATE_CLOSED_ENUM slate_scene_animation {
    SLATE_SCENE_ANIMATION_STANDARD SLATE_SWIFT_NAME(standard) = 0,
    SLATE_SCENE_ANIMATION_COMMIT SLATE_SWIFT_NAME(commit) = 1,
    SLATE_SCENE_ANIMATION_DECLINE SLATE_SWIFT_NAME(decline) = 2,
} slate_scene_animation;

/// Whether a surface's buffer can be shown (`slate_view_buffer_state`).
typedef enum SLATE_CLOSED_ENUM slate_buffer_state {
    /// It has one the shell cannot read (too big: over 16384 a side, or over 16 Mi pixels and
    /// twice the output).
    SLATE_BUFFER_UNREADABLE SLATE_SWIFT_NAME(unreadable) = -1,
    /// It has none.
    SLATE_BUFFER_NONE SLATE_SWIFT_NAME(none) = 0,
    SLATE_BUFFER_READY SLATE_SWIFT_NAME(ready) = 1,
} slate_buffer_state;

/// How a scene is shown (slate_scene_v1's `state`).
typedef enum SLATE_CLOSED_ENUM slate_scene_state {
    /// Not on the screen.
    SLATE_SCENE_BACKGROUND SLATE_SWIFT_NAME(background) = 0,
    /// On the screen, without input.
    SLATE_SCENE_INACTIVE SLATE_SWIFT_NAME(inactive) = 1,
    /// On the screen, with input.
    SLATE_SCENE_ACTIVE SLATE_SWIFT_NAME(active) = 2,
} slate_scene_state;

/// What draws the shell's frame on the screen (nested and session backends; headless draws nothing).
typedef enum SLATE_CLOSED_ENUM slate_renderer {
    /// GLES2 on a GPU's own driver; pixman on the CPU where the GL is software (llvmpipe, softpipe,
    /// kms_swrast: told by the GL's renderer name) or there is none.
    SLATE_RENDERER_AUTO SLATE_SWIFT_NAME(auto) = 0,
    /// GLES2, whatever drives it (software GL too, in a window); pixman where it cannot be made, or
    /// on a panel whose GL is software (wlroots 0.15 puts it on the render node, where kms_swrast
    /// cannot map its buffers).
    SLATE_RENDERER_GLES2 SLATE_SWIFT_NAME(gles2) = 1,
    /// pixman, on the CPU.
    SLATE_RENDERER_PIXMAN SLATE_SWIFT_NAME(pixman) = 2,
} slate_renderer;

/// What `slate_comp_create` says in `err` when the session backend cannot start: there is no DRM
/// device; no seat would give the screen and input (libseat found neither seatd nor logind); logind
/// refused this session its seat (it asks polkit, and none ran); no screen is connected.
#define SLATE_ERR_NO_DRM "no-drm-device"
#define SLATE_ERR_NO_SEAT "no-seat"
#define SLATE_ERR_LOGIND_REFUSED "logind-refused"
#define SLATE_ERR_NO_SCREEN "no-screen"

/// The wl_touch id a pen's tip has when it is taken as a finger (session backend).
#define SLATE_PEN_TOUCH_ID 1000

/// What a view is.
typedef enum SLATE_CLOSED_ENUM slate_view_kind {
    SLATE_VIEW_TOPLEVEL SLATE_SWIFT_NAME(toplevel) = 0,
    SLATE_VIEW_POPUP SLATE_SWIFT_NAME(popup) = 1,
} slate_view_kind;

/// The pointer's buttons: what `slate_comp_pointer_button` takes and nested input gives.
enum slate_button {
    SLATE_BUTTON_PRIMARY = BTN_LEFT,
    SLATE_BUTTON_SECONDARY = BTN_RIGHT,
    SLATE_BUTTON_MIDDLE = BTN_MIDDLE,
};

/// What the nested or session backend's own devices did (`slate_comp_callbacks.input`).
typedef enum SLATE_CLOSED_ENUM slate_input_kind {
    /// The pointer moved to (x, y), output pixels.
    SLATE_INPUT_POINTER_MOTION SLATE_SWIFT_NAME(pointerMotion) = 0,
    /// Button `code` (a `slate_button`) pressed or released.
    SLATE_INPUT_BUTTON_DOWN SLATE_SWIFT_NAME(buttonDown) = 1,
    SLATE_INPUT_BUTTON_UP SLATE_SWIFT_NAME(buttonUp) = 2,
    /// Finger `id` down at, moved to (x, y), or lifted.
    SLATE_INPUT_TOUCH_DOWN SLATE_SWIFT_NAME(touchDown) = 3,
    SLATE_INPUT_TOUCH_MOTION SLATE_SWIFT_NAME(touchMotion) = 4,
    SLATE_INPUT_TOUCH_UP SLATE_SWIFT_NAME(touchUp) = 5,
    /// Key `code` (an evdev key code) pressed or released.
    SLATE_INPUT_KEY_DOWN SLATE_SWIFT_NAME(keyDown) = 6,
    SLATE_INPUT_KEY_UP SLATE_SWIFT_NAME(keyUp) = 7,
    /// The wheel or a two-finger scroll: x = dx, y = dy.
    SLATE_INPUT_AXIS SLATE_SWIFT_NAME(axis) = 8,
    /// The window was closed (nested), or Ctrl+Alt+Backspace ended the session.
    SLATE_INPUT_CLOSE_REQUESTED SLATE_SWIFT_NAME(closeRequested) = 9,
    /// The screen is Slate's again (the session's virtual terminal shown, the output powered on, a
    /// panel back after one went): draw all of it. (x, y) is its size in pixels, which may be new.
    SLATE_INPUT_SCREEN_RESTORED SLATE_SWIFT_NAME(screenRestored) = 10,
    /// Keyboards a person types on came or went (libinput's, with letter keys; not a power
    /// button): `code` is how many there are now.
    SLATE_INPUT_KEYBOARDS_CHANGED SLATE_SWIFT_NAME(keyboardsChanged) = 11,
    /// The session's panel went (unplugged, its connector off): nothing is drawn until one comes
    /// (SCREEN_RESTORED); the session and its programs carry on.
    SLATE_INPUT_SCREEN_GONE SLATE_SWIFT_NAME(screenGone) = 12,
    /// Finger `id` (or the pen's, `SLATE_PEN_TOUCH_ID`) is gone without a lift: its device went
    /// away while it was down. Nothing it was pressing is pressed.
    SLATE_INPUT_TOUCH_CANCEL SLATE_SWIFT_NAME(touchCancel) = 13,
    /// An input device went away (unplugged, its driver gone) on the session backend: `code` is its
    /// `slate_device_kind`, `slate_comp_gone_device_name` its name. What was held on it (fingers,
    /// the pen's tip, buttons, keys) was let go first, each with its own event.
    SLATE_INPUT_DEVICE_GONE SLATE_SWIFT_NAME(deviceGone) = 14,
} slate_input_kind;

/// What kind of input device went away (`SLATE_INPUT_DEVICE_GONE`).
typedef enum SLATE_CLOSED_ENUM slate_device_kind {
    SLATE_DEVICE_TOUCHSCREEN SLATE_SWIFT_NAME(touchscreen) = 0,
    SLATE_DEVICE_PEN SLATE_SWIFT_NAME(pen) = 1,
    SLATE_DEVICE_KEYBOARD SLATE_SWIFT_NAME(keyboard) = 2,
    SLATE_DEVICE_POINTER SLATE_SWIFT_NAME(pointer) = 3,
    /// A power button, a lid's switch, a tablet's volume keys: keys, but not a keyboard one types on.
    SLATE_DEVICE_BUTTONS SLATE_SWIFT_NAME(buttons) = 4,
} slate_device_kind;

/// What happened to a view (`slate_comp_callbacks.view_event`).
typedef enum SLATE_CLOSED_ENUM slate_view_event {
    /// The view has content and may be shown.
    SLATE_VIEW_MAP SLATE_SWIFT_NAME(map) = 0,
    /// The view must not be shown any more (it may map again).
    SLATE_VIEW_UNMAP SLATE_SWIFT_NAME(unmap) = 1,
    /// The client committed a new state (a new buffer, usually).
    SLATE_VIEW_COMMIT SLATE_SWIFT_NAME(commit) = 2,
    /// The title or the app id changed.
    SLATE_VIEW_TITLE SLATE_SWIFT_NAME(title) = 3,
    /// The view is gone; its handle is invalid after the callback returns.
    SLATE_VIEW_DESTROY SLATE_SWIFT_NAME(destroy) = 4,
    /// A toplevel asked to be full screen, or not (`slate_view_requested_states`; the shell decides).
    SLATE_VIEW_REQUEST_FULLSCREEN SLATE_SWIFT_NAME(requestFullscreen) = 5,
    /// A Slate app asked for its scene shown by this toplevel again (`slate_view_scene_placement`).
    SLATE_VIEW_BRING_FORWARD SLATE_SWIFT_NAME(bringForward) = 6,
    /// A Slate app destroyed the session this toplevel shows (`slate_view_scene_animation`).
    SLATE_VIEW_REMOVE SLATE_SWIFT_NAME(remove) = 7,
    /// The client did not answer a ping in time (`SLATE_PING_TIMEOUT_MS`): it does not respond.
    SLATE_VIEW_NOT_RESPONDING SLATE_SWIFT_NAME(notResponding) = 8,
    /// A toplevel asked to be brought forward (xdg_activation_v1), trusted or not
    /// (`slate_view_activation_trusted`).
    SLATE_VIEW_REQUEST_ACTIVATE SLATE_SWIFT_NAME(requestActivate) = 9,
    /// A toplevel asked to be minimized (`xdg_toplevel.set_minimized`), or a task switcher asked it
    /// for one (taken off the screen).
    SLATE_VIEW_REQUEST_MINIMIZE SLATE_SWIFT_NAME(requestMinimize) = 10,
    /// A toplevel asked to be moved by the pointer or finger down on it (`xdg_toplevel.move`).
    SLATE_VIEW_REQUEST_MOVE SLATE_SWIFT_NAME(requestMove) = 11,
    /// A toplevel asked to be resized from edges (`slate_view_resize_edges`) by the pointer or
    /// finger down on it (`xdg_toplevel.resize`).
    SLATE_VIEW_REQUEST_RESIZE SLATE_SWIFT_NAME(requestResize) = 12,
    /// A toplevel asked to be maximized, or not (`slate_view_requested_states`).
    SLATE_VIEW_REQUEST_MAXIMIZE SLATE_SWIFT_NAME(requestMaximize) = 13,
} slate_view_event;

/// How long a client may take to answer a ping before it is said not to respond, in milliseconds
/// (macOS and GNOME say so after about 5 s).
#define SLATE_PING_TIMEOUT_MS 5000

/// What a Slate app process said (`slate_comp_callbacks.app_event`).
typedef enum SLATE_CLOSED_ENUM slate_app_event {
    /// A client announced itself as the app `text` (its identifier). Return 1 to accept, 0 to
    /// refuse (the client is disconnected).
    SLATE_APP_ANNOUNCE SLATE_SWIFT_NAME(announce) = 0,
    /// The app asks for a window of whichever app declares activity type `text`, with the user
    /// activity `payload` (JSON) and `placement`.
    SLATE_APP_OPEN_ACTIVITY SLATE_SWIFT_NAME(openActivity) = 1,
    /// The app's connection is gone (it quit, crashed or was disconnected).
    SLATE_APP_GONE SLATE_SWIFT_NAME(gone) = 2,
} slate_app_event;

/// What reaches beyond a program's own windows, which only programs the person allowed may have.
typedef enum SLATE_CLOSED_ENUM slate_privilege {
    /// Reading or replacing the clipboard with no paste of the person's (data-control).
    SLATE_PRIVILEGE_CLIPBOARD SLATE_SWIFT_NAME(clipboard) = 0,
    /// Copying the screen (screencopy).
    SLATE_PRIVILEGE_SCREEN SLATE_SWIFT_NAME(screen) = 1,
    /// Typing and clicking as the person (virtual pointer, virtual keyboard, input method).
    SLATE_PRIVILEGE_INPUT SLATE_SWIFT_NAME(input) = 2,
    /// Seeing and managing other windows, drawing over everything (foreign-toplevel management,
    /// layer shell's overlay layer).
    SLATE_PRIVILEGE_WINDOWS SLATE_SWIFT_NAME(windows) = 3,
} slate_privilege;

/// The person's answer for a program and a privilege.
typedef enum SLATE_CLOSED_ENUM slate_permission {
    SLATE_PERMISSION_ALLOWED SLATE_SWIFT_NAME(allowed) = 0,
    SLATE_PERMISSION_DENIED SLATE_SWIFT_NAME(denied) = 1,
    /// Not asked yet (or asked and not answered): refused meanwhile.
    SLATE_PERMISSION_UNDECIDED SLATE_SWIFT_NAME(undecided) = 2,
} slate_permission;

/// What the compositor tells its owner.
typedef struct slate_comp_callbacks {
    void *user;
    /// A new view; for a popup, `parent` is the view it belongs to (NULL when its parent is unknown).
    void (*view_new)(void *user, slate_view *view, slate_view_kind kind, slate_view *parent);
    void (*view_event)(void *user, slate_view *view, slate_view_event event);
    /// Input from the nested or session backend's own devices, in output pixels (pointer and touch)
    /// or evdev codes (`slate_input_kind`). NULL to ignore. A pen's tip on a tablet comes as touch
    /// `SLATE_PEN_TOUCH_ID`; Ctrl+Alt+F1…F12 on the session backend switch virtual terminals, and
    /// Ctrl+Alt+Backspace asks to close; neither is passed on. `age_msec`: how long ago the event
    /// happened, by the device's own time (libinput's, on the session backend), so that a busy turn
    /// of the loop does not stretch a tap into a hold; 0 where the backend's times are not this
    /// machine's monotonic clock (a nested window's).
    void (*input)(void *user, slate_input_kind kind, int id, double x, double y, uint32_t code, uint32_t age_msec);
    /// What a Slate app process says (`slate_app_event`); the handle is invalid after GONE returns.
    int (*app_event)(void *user, slate_app *app, slate_app_event event, const char *text, const char *payload,
                     slate_scene_placement placement);
    /// A Slate app process changed its items in Spotlight (`change_search`, version 4): `fd` a regular
    /// file holding `size` bytes of JSON, which the callee owns (reads, then closes). NULL: the shim
    /// closes it, and the change is dropped.
    void (*app_search)(void *user, slate_app *app, int fd, uint32_t size);
    /// What a layer surface did; the handle is invalid after DESTROY returns.
    void (*layer_event)(void *user, slate_layer *layer, slate_layer_event event);
    /// A popup of a layer surface (a panel's menu, zwlr_layer_surface_v1.get_popup): `popup` is its
    /// view, announced by `view_new` already (with no parent: its parent is not a view), placed in
    /// the layer surface's points.
    void (*layer_popup)(void *user, slate_layer *layer, slate_view *popup);
    /// Whether the program of process `pid` may have `privilege`; `asked`: it tries to use it now
    /// (the owner may ask the person, answering later), else the shim only wants to know which
    /// global to show it. NULL: everybody may.
    slate_permission (*permission)(void *user, int pid, slate_privilege privilege, int asked);
    /// What a program's lock of the screen did; the handle is invalid after UNLOCK or ABANDONED.
    void (*session_lock_event)(void *user, slate_session_lock *lock, slate_session_lock_event event);
} slate_comp_callbacks;

/// Starts a compositor with one output of `width`×`height` pixels at `scale`, listening on a new
/// socket in $XDG_RUNTIME_DIR (owner-only). Returns NULL and a reason in `err` on failure.
slate_comp *slate_comp_create(slate_backend backend, int width, int height, double scale, slate_renderer renderer,
                              const slate_comp_callbacks *callbacks, char *err, size_t err_len);
/// The renderer that draws on the screen ("pixman", "gles2"), and why it was chosen: the GL's own
/// renderer name, and whether it was passed over as software ("" when nothing was passed over).
const char *slate_comp_renderer_name(slate_comp *comp);
const char *slate_comp_gl_name(slate_comp *comp);
/// The kernel driver of the card the screen is on ("virtio_gpu", "i915"; "" headless or unread).
const char *slate_comp_card_driver(slate_comp *comp);
/// Why the renderer drawing is not the one asked for (pixman draws in each case but the first).
typedef enum SLATE_CLOSED_ENUM slate_renderer_fallback {
    /// It is the one asked for, or the one `auto` prefers.
    SLATE_RENDERER_AS_ASKED SLATE_SWIFT_NAME(asAsked) = 0,
    /// `auto` found only software GL (`slate_comp_gl_name`) and passed it over.
    SLATE_RENDERER_SOFTWARE_PASSED_OVER SLATE_SWIFT_NAME(softwarePassedOver) = 1,
    /// GLES2 was asked for and could not be made (no DRM device to make it on, no EGL).
    SLATE_RENDERER_NO_GLES2 SLATE_SWIFT_NAME(noGLES2) = 2,
    /// GLES2 was asked for on a panel whose GL is software, which wlroots 0.15 cannot draw a panel with.
    SLATE_RENDERER_SOFTWARE_ON_PANEL SLATE_SWIFT_NAME(softwareOnPanel) = 3,
    /// `auto` on a card with no GPU (`slate_comp_card_driver`): a display controller alone, or
    /// virtio-gpu with no 3D. GL was not started: it could only have been software.
    SLATE_RENDERER_NO_GPU SLATE_SWIFT_NAME(noGPU) = 4,
} slate_renderer_fallback;
slate_renderer_fallback slate_comp_renderer_fallback(slate_comp *comp);
/// How many keyboards a person types on the backend has now (`SLATE_INPUT_KEYBOARDS_CHANGED` tells
/// each change after the start).
int slate_comp_typing_keyboards(slate_comp *comp);
/// The name of the input device that last went away (`SLATE_INPUT_DEVICE_GONE`), as its driver
/// gives it; "" before any.
const char *slate_comp_gone_device_name(slate_comp *comp);
void slate_comp_destroy(slate_comp *comp);
/// The socket's name, for WAYLAND_DISPLAY.
const char *slate_comp_socket(slate_comp *comp);
/// The X display X11 programs connect to (":N", for DISPLAY), served by Xwayland, which starts when
/// the first connects (and again after it ended); NULL when there is none (Xwayland not installed).
const char *slate_comp_x11_display(slate_comp *comp);
/// Ends the X server, if it runs, and removes the X display (its sockets and lock file): at exit,
/// for a process that ends without `slate_comp_destroy`. X11 programs find no display after.
void slate_comp_end_x11(slate_comp *comp);
/// A file descriptor that becomes readable when there is work for `slate_comp_dispatch`.
int slate_comp_event_fd(slate_comp *comp);
/// Runs the event loop once, waiting up to `timeout_ms` (0: do not wait), and flushes the clients.
/// Returns -1 when the loop failed.
int slate_comp_dispatch(slate_comp *comp, int timeout_ms);
/// Sends what is queued for the clients now, without reading from them.
void slate_comp_flush(slate_comp *comp);
/// The milliseconds clients see in input and frame events (CLOCK_MONOTONIC).
uint32_t slate_comp_now_msec(void);

/// The output's size in pixels (on the session backend, its preferred mode); 0 × 0 without one.
void slate_comp_output_size(slate_comp *comp, int *width, int *height);
/// Sets the output's scale (pixels a point; clients get it as wl_output scale).
void slate_comp_set_scale(slate_comp *comp, double scale);
/// Turns the screen off (1: on) through the output's power, as the power key does: off, no frame
/// is asked for or drawn; on again, the next frame is drawn whole. -1 when there is no screen or it
/// refused.
int slate_comp_set_screen_power(slate_comp *comp, int on);
/// Whether there is a screen and it is on.
int slate_comp_screen_is_on(slate_comp *comp);
/// Destroys the output as a panel unplugged would (tests: the headless backend's output).
void slate_comp_remove_output(slate_comp *comp);
/// Headless backend: a new output of `width` × `height` pixels where none is (tests: a panel
/// plugged in again). -1 on another backend, or with an output there.
int slate_comp_headless_add_output(slate_comp *comp, int width, int height);
/// Headless backend: a touchscreen plugged in (tests); NULL on another backend. It is a
/// `struct wlr_input_device`, gone with `slate_comp_headless_remove_input`.
void *slate_comp_headless_add_touchscreen(slate_comp *comp);
/// Finger `id` of a headless touchscreen down at, or lifted from, (x, y) in output pixels (tests).
void slate_comp_headless_touch(slate_comp *comp, void *touchscreen, int down, int id, double x, double y);
/// A headless input device unplugged (tests).
void slate_comp_headless_remove_input(void *device);
/// Nested backend: names the window the screen is shown in (no effect on other backends).
void slate_comp_set_title(slate_comp *comp, const char *title);
/// Shows the shell's frame, `pixels` (premultiplied BGRA, `stride` bytes a row, the output's size),
/// of which the `count` rectangles `rects` (x, y, width, height in pixels, four ints each) changed
/// since the frame shown last (`count` < 0: all of it). On the headless backend the pixels become
/// the output's buffer as they are (they must stay until the next present); elsewhere only what
/// changed is uploaded and drawn. Returns 0, or -1 when the output cannot take a frame now (the
/// last is not shown yet, or there is no output).
int slate_comp_present(slate_comp *comp, uint8_t *pixels, int width, int height, int stride, const int *rects,
                       int count);
/// Whether the output asked for a frame since the last call (its frame event: the time to draw the
/// next one, at the display's refresh), clearing it. Frame callbacks are sent after such a frame.
int slate_comp_take_frame(slate_comp *comp);
/// Something wants drawing: an idle nested or session output may take a frame at once (returns 1:
/// a frame is due now); a busy one asks when it has shown the last, and the headless output asks
/// at its refresh whatever happens (returns whether one is due already).
int slate_comp_schedule_frame(slate_comp *comp);
/// Whether a program waits for a copy of the screen (screencopy): it is made when a frame is shown,
/// so one must be shown even if nothing changed.
int slate_comp_screencopy_pending(slate_comp *comp);
/// How many frames the output has asked for since it was made.
uint64_t slate_comp_output_frames(slate_comp *comp);
/// The output's refresh in millihertz (0 when unknown).
int slate_comp_output_refresh(slate_comp *comp);

// Views.
slate_view_kind slate_view_kind_of(slate_view *view);
/// The title (an X11 window's WM_NAME or _NET_WM_NAME, at most 1 KiB).
const char *slate_view_title(slate_view *view);
/// The app id (an X11 window's class, from WM_CLASS).
const char *slate_view_app_id(slate_view *view);
/// The client's process id, or 0 (an X11 window's: its program's, as the X server knows it).
int slate_view_pid(slate_view *view);
/// Whether the view is an X11 window (through Xwayland).
int slate_view_is_x11(slate_view *view);
/// Where the shell shows a toplevel's window on the screen (points): an X11 program is told (its
/// menus and tooltips are placed from it); nothing for others.
void slate_view_set_screen_position(slate_view *view, int x, int y);
/// Whether an X11 window went because its X server ended (crashed or killed), not its program.
int slate_view_lost_with_server(slate_view *view);
/// The window geometry (the part of the surface that is the window, without shadows), in surface
/// coordinates.
void slate_view_geometry(slate_view *view, int *x, int *y, int *width, int *height);
/// Whether a toplevel belongs to another (a dialog).
int slate_view_has_parent(slate_view *view);
/// A toplevel's minimum and maximum size (0 where it sets none).
void slate_view_size_limits(slate_view *view, int *min_w, int *min_h, int *max_w, int *max_h);
/// What a toplevel asked for last: maximized, full screen (1 or 0).
void slate_view_requested_states(slate_view *view, int *maximized, int *fullscreen);
/// The edges of the toplevel's last resize request (`xdg_toplevel.resize_edge`: bits top 1,
/// bottom 2, left 4, right 8).
uint32_t slate_view_resize_edges(slate_view *view);
/// Whether a toplevel has not yet caught up with the size last asked of it: a configure is unsent,
/// unacknowledged, or acknowledged and not yet committed.
int slate_view_configure_pending(slate_view *view);
/// A popup's position relative to its parent's window geometry, after constraining.
void slate_view_popup_position(slate_view *view, int *x, int *y, int *width, int *height);
/// Constrains a popup to a box given relative to its parent's window geometry origin.
void slate_view_popup_constrain(slate_view *view, int x, int y, int width, int height);
/// The states a toplevel is told it is in, OR'd together (ShellPorts' `ToplevelStates`, bit for bit).
enum slate_toplevel_state {
    SLATE_TOPLEVEL_TILED = 1 << 0,
    SLATE_TOPLEVEL_MAXIMIZED = 1 << 1,
    SLATE_TOPLEVEL_FULLSCREEN = 1 << 2,
    SLATE_TOPLEVEL_ACTIVATED = 1 << 3,
    SLATE_TOPLEVEL_RESIZING = 1 << 4,
};
/// Asks a toplevel for a size (surface coordinates; 0 lets the client choose) and its states
/// (`slate_toplevel_state`s OR'd together).
void slate_view_configure(slate_view *view, int width, int height, uint32_t states);
/// Asks a toplevel to close (a popup is dismissed).
void slate_view_close(slate_view *view);
/// How many subsurfaces of the view's surface show something (their pictures are composed into
/// its picture); those with no buffer are not counted.
int slate_view_has_subsurfaces(slate_view *view);
/// A count that moves each time a subsurface commits or goes: their pictures changed.
uint32_t slate_view_subsurface_changes(slate_view *view);
/// Whether the surface's buffer can be shown.
slate_buffer_state slate_view_buffer_state(slate_view *view);
/// The window's picture's size in pixels — its main surface's size in points (its buffer's, or the
/// size its viewport gives it) at the buffer's scale — and that scale. Returns 1 when its buffer
/// can be read (see `slate_view_buffer_state`), else 0.
int slate_view_picture_size(slate_view *view, int *width, int *height, int *scale);
/// Draws the part `x, y, w × h` of the window's picture — the window geometry `cx, cy, cw × ch` of
/// its main surface (in its pixels: surface points at its buffer's scale), its subsurfaces composed
/// in, each buffer through its viewport — at `out` (the part's top-left,
/// premultiplied BGRA, `stride` bytes a row), read straight from the client's buffers: over the
/// pixels there (the screen, drawn with no picture of the window in between), or, with `clear`,
/// into a picture made anew (what no opaque surface paints starts transparent). Each surface is
/// drawn only where no opaque one above it hides it, and copied where it is opaque. Returns 0, or -1
/// when the buffer cannot be read or the part is not inside it.
int slate_view_draw(slate_view *view, int cx, int cy, int cw, int ch, int x, int y, int w, int h, uint8_t *out,
                    int stride, int clear);
/// The largest rectangle of the window geometry `cx, cy, cw × ch` (buffer pixels) that its surfaces
/// paint opaquely (their opaque regions; all of a surface whose format has no alpha), relative to
/// the geometry's corner. Returns 0 (and an empty rectangle) when there is none.
int slate_view_opaque_rect(slate_view *view, int cx, int cy, int cw, int ch, int *x, int *y, int *w, int *h);
/// The last commit's damage: the box around it, in the window's pixels (surface points at the
/// buffer's scale).
void slate_view_damage(slate_view *view, int *x, int *y, int *width, int *height);
/// How many commits the surface has had (to see whether its picture changed).
uint32_t slate_view_commit_count(slate_view *view);
/// The view's surfaces are in the frame about to be presented: presentation-time feedback will tell
/// their clients when it was shown (wp_presentation).
void slate_view_sampled(slate_view *view);
/// Tells the client its frame was shown (frame callbacks), so it may draw the next.
void slate_view_frame_done(slate_view *view, uint32_t msec);
/// Disconnects the view's client (it broke the rules).
void slate_view_kill_client(slate_view *view);
/// Pings the view's client (xdg_wm_base.ping) unless a ping is unanswered; SLATE_VIEW_NOT_RESPONDING
/// follows when it stays unanswered.
void slate_view_ping(slate_view *view);
/// Whether the view's client has a ping it has not answered.
int slate_view_ping_pending(slate_view *view);

// Input to a view, in surface coordinates. `time` in milliseconds.
void slate_comp_pointer_motion(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time);
/// `button`: a `slate_button` (an evdev code).
void slate_comp_pointer_button(slate_comp *comp, uint32_t button, int pressed, uint32_t time);
void slate_comp_pointer_axis(slate_comp *comp, double dx, double dy, uint32_t time);
void slate_comp_pointer_leave(slate_comp *comp);
/// A finger down on a view (wl_touch.down); `id` is the wl_touch id (a small number, unique while
/// the finger is down).
void slate_comp_touch_down(slate_comp *comp, slate_view *view, int id, double sx, double sy, uint32_t time);
/// Finger `id` moved to (`sx`, `sy`) of `view`: the view it went down on, or, while the finger
/// carries a drag between programs, the view under it (the drag enters that one).
void slate_comp_touch_motion(slate_comp *comp, slate_view *view, int id, double sx, double sy, uint32_t time);
/// Finger `id` lifted; a drag it carries drops on the program under it, or is cancelled over none.
void slate_comp_touch_up(slate_comp *comp, int id, uint32_t time);
/// The shell took the fingers on `view` for a system gesture: its program gets wl_touch.cancel and
/// forgets them; a drag a finger carries ends, cancelled.
void slate_comp_touch_cancel(slate_comp *comp, slate_view *view);
/// The pen's tip down at (sx, sy) in `view`'s surface coordinates: to a program that uses tablets
/// (zwp_tablet_v2) it is a pen there, with its pressure and tilt (returns 1); to one that does not,
/// or when there is no pen, nothing is sent (returns 0) and the caller sends a touch instead.
int slate_comp_pen_down(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time);
/// The pen, down, moved to (sx, sy) in `view`'s surface coordinates.
void slate_comp_pen_motion(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time);
/// The pen's tip lifted (or its touch was taken away): up, and out of the program's reach.
void slate_comp_pen_up(slate_comp *comp, uint32_t time);
/// The pen's pressure (0…1) and tilt (degrees, −90…90) from the shell's own input — on a backend
/// with no tablet of its own (headless, scripts and tests), the shell's pen, made now, that
/// programs are told of as a tablet.
void slate_comp_pen_axes(slate_comp *comp, double pressure, double tilt_x, double tilt_y);
/// Whether a program is told of a pen (a tablet joined the input, or the shell's pen was made).
int slate_comp_has_pen(slate_comp *comp);
/// No program's window is under the pointer or the finger carrying a drag: a release now drops
/// nowhere (the pointer leaves, and a finger's drag leaves the program it was over).
void slate_comp_drag_leave(slate_comp *comp);
/// Whether a client is dragging something (wl_data_device.start_drag): the pointer then goes to the
/// surface under it, whichever program's, and the button's release drops there.
int slate_comp_drag_active(slate_comp *comp);
/// Whether the drag under way is carried by a finger (wl_touch) rather than the pointer.
int slate_comp_drag_is_touch(slate_comp *comp);
/// The picture of the drag under way (premultiplied BGRA rows without padding into `dst`; with `dst`
/// NULL or `capacity` too small, only the size and the bytes needed)
/// and where its corner is from the finger (`dx`, `dy`, in points); -1 when it has none.
long slate_comp_drag_icon(slate_comp *comp, uint8_t *dst, size_t capacity, int *width, int *height, int *scale, int *dx,
                          int *dy);
/// A count that moves each time the drag's picture changes.
uint32_t slate_comp_drag_icon_serial(slate_comp *comp);
/// The MIME types the drag under way offers (0 without a drag), and each of them.
int slate_comp_drag_mime_count(slate_comp *comp);
const char *slate_comp_drag_mime(slate_comp *comp, int index);
/// The drag's data as `mime`, read from its program (waiting up to `timeout_ms`): malloc'd bytes in
/// `*out` that the caller frees, and their length; -1 without a drag.
long slate_comp_drag_read(slate_comp *comp, const char *mime, int timeout_ms, uint8_t **out);
/// Gives a view the keyboard (NULL: nobody).
void slate_comp_keyboard_focus(slate_comp *comp, slate_view *view);
/// Takes the keyboard from `view` if it has it (another view that took it keeps it).
void slate_view_keyboard_leave(slate_view *view);
/// Whether `view`'s surface has the keyboard.
int slate_view_has_keyboard(slate_view *view);
/// The toplevel or popup whose surface has the keyboard now; NULL when none of them has it (a
/// layer surface, or nobody).
slate_view *slate_comp_keyboard_view(slate_comp *comp);
/// An evdev key code pressed or released, through the keymap (xkbcommon, from XKB_DEFAULT_* or
/// "us,ru").
void slate_comp_key(slate_comp *comp, uint32_t keycode, int pressed, uint32_t time);
/// Types one Unicode character to the focused client with the key, layout and level of the keymap
/// that make it (Shift or another layout held just for it). Returns -1 when no key makes it.
int slate_comp_type(slate_comp *comp, uint32_t codepoint, uint32_t time);

/// Tells task switchers how the toplevel is shown (wlr-foreign-toplevel-management).
void slate_view_set_foreign_state(slate_view *view, int activated, int minimized, int maximized, int fullscreen);

// Activation.
/// A token for a program the shell starts (its XDG_ACTIVATION_TOKEN): with it, the program may bring
/// its window forward once (valid for 30 s). Owned by the compositor; NULL when none can be made.
const char *slate_comp_activation_token(slate_comp *comp);
/// Whether the view's last request to come forward carried a token of the shell's, or one made in
/// the window the person was using; else it asks only for attention.
int slate_view_activation_trusted(slate_view *view);

// Pointer and keyboard wishes of programs.
/// Whether the program under the pointer holds it locked in place (a game): only its motion is told.
int slate_comp_pointer_locked(slate_comp *comp);
/// Whether the program with the keyboard asked for Slate's shortcut keys and has them now.
int slate_comp_shortcuts_inhibited(slate_comp *comp);
/// Gives the shortcut keys back to Slate (Super+Escape) until the program has the keyboard again.
void slate_comp_restore_shortcuts(slate_comp *comp);

// Idle.
/// The person did something (input): programs watching for idleness hear it.
void slate_comp_idle_activity(slate_comp *comp);
/// Whether idleness is held off (an idle inhibitor on a surface on the screen): programs watching
/// for idleness are not told of it meanwhile.
void slate_comp_set_idle_inhibited(slate_comp *comp, int inhibited);
/// How many idle inhibitors programs hold now, shown or not.
int slate_comp_idle_inhibitors(slate_comp *comp);
/// Whether one of them is on this view's surface or its subsurfaces.
int slate_view_inhibits_idle(slate_view *view);

// Layer surfaces.
void slate_layer_info(slate_layer *layer, slate_layer_placement *out);
/// Its namespace ("panel", "notifications", "wallpaper"…), as its program names it.
const char *slate_layer_namespace(slate_layer *layer);
/// Its client's process id, or 0.
int slate_layer_pid(slate_layer *layer);
/// Tells it its size in points (0: as it asked).
void slate_layer_configure(slate_layer *layer, int width, int height);
/// Closes it (its program is told it was closed).
void slate_layer_close(slate_layer *layer);
/// Gives a layer surface the keyboard (one that takes it on demand, touched), unless the screen is
/// locked; the window that had it gets it back when the surface lets go.
void slate_layer_take_keyboard(slate_layer *layer);
/// Whether a layer surface (or a popup of its) has the keyboard.
int slate_layer_has_keyboard(slate_layer *layer);
/// Its surface, for the calls every shown surface has.
slate_surface *slate_layer_surface(slate_layer *layer);

// Scenes (Slate's scene protocol).
/// The app process's id.
int slate_app_pid(slate_app *app);
/// Asks the app to connect a new session `session` with `role` for the user activity `payload`
/// (JSON, or empty).
void slate_app_connect(slate_app *app, const char *session, slate_scene_role role, const char *payload);
/// The app whose scene this toplevel shows, or NULL for a toplevel with no scene.
slate_app *slate_view_app(slate_view *view);
/// The scene session this toplevel shows, or NULL.
const char *slate_view_scene_session(slate_view *view);
/// The scene's role, placement, the session it opened beside ("" for none), subtitle, and the
/// animation of its last remove.
slate_scene_role slate_view_scene_role(slate_view *view);
slate_scene_placement slate_view_scene_placement(slate_view *view);
const char *slate_view_scene_beside(slate_view *view);
const char *slate_view_scene_subtitle(slate_view *view);
slate_scene_animation slate_view_scene_animation(slate_view *view);
/// Tells the app how its scene is shown.
void slate_view_scene_state(slate_view *view, slate_scene_state state);
/// Tells the app a person closed the scene's window: it destroys the session.
void slate_view_scene_discard(slate_view *view);
/// The menu bar the app last committed for the scene (version 2: JSON; "" for none), and a count
/// that grows with each commit.
const char *slate_view_scene_menu_bar(slate_view *view);
uint32_t slate_view_scene_menu_bar_serial(slate_view *view);
/// Asks the app to perform the declared command at `path` (child indices joined by dots).
void slate_view_scene_menu_command(slate_view *view, const char *path);

// What a view's surfaces cover (surface_place.c).
/// The box around the view's surface and its subsurfaces (surface coordinates: it reaches past the
/// window geometry where a shadow or a subsurface does), and the corner the client placed its window
/// by: the window geometry's it set, else its surface's (0, 0).
void slate_view_surface_layout(slate_view *view, int *x, int *y, int *width, int *height, int *corner_x,
                               int *corner_y);
/// Whether a surface of the view's tree (its popups too) takes input at a point of its main surface:
/// inside the input region of one of them.
int slate_view_accepts_input(slate_view *view, double sx, double sy);

// Clients handed over on a descriptor (clients.c).
/// Serves a client on `fd` (a connected socket, a socketpair's end; the compositor owns it from
/// now), known as `number` (the caller's choice). Returns 0, or -1 when it cannot (`fd` is closed).
int slate_comp_add_client(slate_comp *comp, int fd, uint32_t number);
/// The view whose surface the client handed over as `number` calls `surface_id` (its wl_surface's
/// object id); NULL when there is none (no such client or object, or not an xdg surface).
slate_view *slate_comp_client_view(slate_comp *comp, uint32_t number, uint32_t surface_id);
/// The layer surface whose wl_surface has object id `surface_id` in handed client `number`; NULL
/// when there is none.
slate_layer *slate_comp_client_layer(slate_comp *comp, uint32_t number, uint32_t surface_id);
/// Reads one message (a datagram of a SOCK_SEQPACKET socket) into `buf` as a C string, and the
/// descriptor it carries (`*fd`, close-on-exec; -1 when none). Returns its length, or -1.
long slate_recv_message(int socket, char *buf, size_t capacity, int *fd);
/// The process at the other end of a Unix socket (0 when not known).
int slate_socket_peer_pid(int socket);
/// The Wayland conformance suite's test mode (conformance.c): a toplevel's initial configure is taken
/// as acknowledged once sent (Debian's wlcs 1.5 attaches its windows' first buffers without
/// acknowledging it). Returns 0, or -1 when out of memory.
int slate_comp_conformance_mode(slate_comp *comp);

/// The wlroots version Slate was built with ("0.15.1"), for Settings › About.
const char *slate_comp_wlroots_version(void);

// ---- The lock (session_lock.c) -------------------------------------------------------------------------

/// The shell locked or unlocked the screen: while locked no program keeps the keys or the pointer,
/// none may read the clipboard or copy the screen (refused as a program not allowed is), and a
/// program's lock is refused.
void slate_comp_set_locked(slate_comp *comp, int locked);
int slate_comp_is_locked(slate_comp *comp);
/// Tells the locker its lock holds (`locked`): the frame without the apps is drawn.
void slate_session_lock_confirm(slate_session_lock *lock);
/// Refuses the lock (`finished`).
void slate_session_lock_refuse(slate_session_lock *lock);
/// The size its surface is configured to, in points.
void slate_session_lock_size(slate_session_lock *lock, int *width, int *height);
/// Its lock surface, for the calls every shown surface has (they do nothing until the program
/// asked for the surface and drew into it).
slate_surface *slate_session_lock_surface(slate_session_lock *lock);

// ---- Surfaces the shell shows by itself (shown_surfaces.c) ---------------------------------------

/// Commits so far (the shell reads the picture again when this moves).
uint32_t slate_surface_commit_count(slate_surface *surface);
/// Its picture's size in pixels and its buffer's scale; 0 while it is not shown or has no buffer.
int slate_surface_picture_size(slate_surface *surface, int *width, int *height, int *scale);
/// Draws the part `x, y, w × h` of its picture (pixels), its subsurfaces composed in, over the pixels
/// at `out` (as `slate_view_draw`). Returns 0, or -1.
int slate_surface_draw(slate_surface *surface, int x, int y, int w, int h, uint8_t *out, int stride);
/// The largest rectangle of its picture it paints opaquely (as `slate_view_opaque_rect`).
int slate_surface_opaque_rect(slate_surface *surface, int *x, int *y, int *w, int *h);
/// Its frame was shown: frame callbacks to its surfaces (a layer's popups too).
void slate_surface_frame_done(slate_surface *surface, uint32_t msec);
/// It is in the frame about to be presented (presentation feedback).
void slate_surface_sampled(slate_surface *surface);
/// The pointer over it at (`sx`, `sy`) of its main surface; a finger down on it (moves and lifts as
/// `slate_comp_touch_motion` and `slate_comp_touch_up`, the view NULL); the keyboard given to it.
void slate_surface_pointer_motion(slate_surface *surface, double sx, double sy, uint32_t time);
void slate_surface_touch_down(slate_surface *surface, int id, double sx, double sy, uint32_t time);
void slate_surface_keyboard_focus(slate_surface *surface);
int slate_surface_has_keyboard(slate_surface *surface);

#endif
