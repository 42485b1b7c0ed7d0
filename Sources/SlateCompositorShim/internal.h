// What the compositor's C files share: the compositor's and a view's state. Not seen by Swift.
#ifndef SLATE_COMPOSITOR_INTERNAL_H
#define SLATE_COMPOSITOR_INTERNAL_H

#include "slate_compositor.h"

#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <wayland-server-core.h>
#include <xcb/xcb.h>
#include <xkbcommon/xkbcommon.h>

#include <drm_fourcc.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/backend/session.h>
#include <wlr/backend/wayland.h>
#include <wlr/backend/x11.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/render/allocator.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_control_v1.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_tablet_tool.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_decoration_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_presentation_time.h>
#include <wlr/types/wlr_primary_selection.h>
#include <wlr/types/wlr_primary_selection_v1.h>
#include <wlr/util/edges.h>
#include <wlr/util/log.h>

/// The refusing globals of the privileged protocols (privacy.c): data-control, screencopy, virtual
/// pointer, foreign-toplevel management.
#define SLATE_REFUSING_GLOBALS 4

/// What one client may hold before it is disconnected (limits.c): far above any real program's use.
/// Frame callbacks waiting on one surface (a program keeps one or two).
#define SLATE_LIMIT_FRAME_CALLBACKS 1000
/// Surfaces (Firefox with a hundred tabs: a few hundred).
#define SLATE_LIMIT_SURFACES 4096
/// Windows and popups.
#define SLATE_LIMIT_TOPLEVELS 1000
#define SLATE_LIMIT_POPUPS 256
/// Bytes of the buffers its surfaces show at once: 1 GiB (eight full-screen windows of an 8K screen).
#define SLATE_LIMIT_BUFFER_BYTES (1L << 30)
/// Protocol objects of any kind alive at once (regions, callbacks, positioners, data offers …): GTK 4
/// and Firefox hold a few thousand; each costs the shell memory however small it is.
#define SLATE_LIMIT_OBJECTS 65536
/// Objects created between two counts of a client's live ones (the count walks them all).
#define SLATE_LIMIT_OBJECTS_COUNTED_EVERY 1024

/// How many frames' damage is kept: enough for a triple-buffered output.
#define SLATE_DAMAGE_RING 3

struct slate_frame_buffer;
struct slate_text_input_relay;
struct slate_xwayland;
struct slate_x11_window;

/// A touchpad's gestures passed on to programs (pointer.c).
struct slate_gestures {
    slate_comp *comp;
    struct wl_listener swipe_begin, swipe_update, swipe_end, pinch_begin, pinch_update, pinch_end, hold_begin,
        hold_end;
};

struct slate_comp {
    slate_comp_callbacks cb;
    slate_backend backend_kind;
    struct wl_display *display;
    struct wl_event_loop *loop;
    struct wlr_backend *backend;
    /// Puts the shell's frame on the screen.
    struct wlr_renderer *renderer;
    /// Makes the textures of programs' buffers: always pixman, so every buffer is shared memory the
    /// shell reads (on the headless backend, the same as `renderer`).
    struct wlr_renderer *client_renderer;
    struct wlr_allocator *allocator;
    /// The GL's renderer name where GLES2 was tried ("llvmpipe (LLVM 15.0.6, 256 bits)"), and what
    /// the choice fell back from (`slate_comp_renderer_fallback`).
    char gl_name[128];
    /// The kernel driver of the screen's card ("virtio_gpu"), read before GL is started.
    char card_driver[32];
    slate_renderer_fallback renderer_fallback;
    struct wlr_compositor *compositor;
    struct wlr_xdg_shell *xdg_shell;
    struct wlr_seat *seat;
    struct wlr_output *output;
    /// Where the output lies (xdg-output and layer shell read it; one output at 0, 0).
    struct wlr_output_layout *layout;
    /// Presentation feedback (wp_presentation): surfaces shown in a frame are told when it was.
    struct wlr_presentation *presentation;
    /// Idle watchers told of activity (KDE's idle protocol) and programs' idle inhibitors (idle.c).
    struct wlr_idle *idle;
    struct wlr_idle_inhibit_manager_v1 *idle_inhibit;
    /// Requests to bring a window forward, and the tokens they carry (activation.c).
    struct wlr_xdg_activation_v1 *activation;
    struct wl_listener request_activate;
    /// Windows as other programs see them (toplevels.c), and the screen copied for them (output.c).
    struct wlr_foreign_toplevel_manager_v1 *foreign_toplevels;
    struct wlr_screencopy_manager_v1 *screencopy;
    /// Layer surfaces as they are made (layers.c).
    struct wl_listener new_layer_surface;
    /// Pointer constraints, relative motion and gestures (pointer.c): the active constraint, and
    /// where the pointer last was on which surface (for relative motion).
    struct wlr_pointer_constraints_v1 *pointer_constraints;
    struct wlr_relative_pointer_manager_v1 *relative_pointer;
    struct wlr_pointer_gestures_v1 *pointer_gestures;
    struct wl_listener new_constraint, constraint_destroy;
    struct wlr_pointer_constraint_v1 *active_constraint;
    struct wlr_surface *relative_surface;
    double relative_x, relative_y;
    int relative_known;
    /// Keyboard shortcuts inhibitors (shortcuts.c): the active one, and the surface the person took
    /// the keys back from.
    struct wlr_keyboard_shortcuts_inhibit_manager_v1 *shortcuts_inhibit;
    struct wl_listener new_shortcuts_inhibitor, shortcuts_inhibitor_destroy;
    struct wlr_keyboard_shortcuts_inhibitor_v1 *active_shortcuts_inhibitor;
    struct wlr_surface *shortcuts_restored_surface;
    /// The refusing globals programs the person has not allowed see (privacy.c), and virtual
    /// pointers of allowed ones, which join the input.
    struct wl_global *refusing[SLATE_REFUSING_GLOBALS];
    struct wl_listener new_virtual_pointer;
    /// Each client's counts against the limits (limits.c).
    struct wl_list client_uses;
    struct wl_listener limits_new_surface, limits_new_xdg_surface, limits_new_client;
    struct wlr_input_device *keyboard_device;
    struct xkb_keymap *keymap;
    const char *socket;
    char socket_path[512];
    double scale;
    int width, height;

    struct wl_listener new_surface;
    struct wl_listener new_xdg_surface;
    struct wl_listener new_decoration;
    struct wl_listener new_output;
    struct wl_listener new_input;
    struct wl_listener request_set_selection;
    struct wl_listener request_set_primary_selection;
    struct wl_listener request_cursor;
    struct wl_listener request_start_drag;
    struct wl_listener start_drag;
    /// The icon of the drag under way (NULL: none), where it is from the finger, and a count of its
    /// changes (the shell reads it again when that moves).
    struct wlr_surface *drag_icon_surface;
    struct wl_listener drag_icon_commit, drag_icon_destroy;
    int drag_icon_dx, drag_icon_dy;
    uint32_t drag_icon_serial;
    struct wl_listener keyboard_key;
    struct wl_listener keyboard_modifiers;
    struct wl_listener output_frame;
    /// The output asked for a frame (its frame event) that has not been drawn yet; how many it
    /// asked for so far.
    int frame_due;
    uint64_t output_frames;
    /// The shell's frame as the output's buffer (headless) or its texture's source, the texture,
    /// and the damage of the last frames shown (for a buffer of that age).
    struct slate_frame_buffer *frame_buffer;
    struct wlr_texture *frame_texture;
    pixman_region32_t damage_ring[SLATE_DAMAGE_RING];
    struct wl_listener output_destroy;
    struct wl_listener output_power_set_mode;
    /// The screen is off (the shell put it to sleep, or a program asked through output power): no
    /// frame is asked for or drawn until it is on again.
    int screen_off;
    /// A screen was shown before: one that comes now is one coming back (session backend: the panel
    /// unplugged, or its connector off, and then on again).
    int had_output;
    /// The compositor is being destroyed: its output going is not news to the shell.
    int ending;
    /// Layer surfaces (struct slate_layer::link), closed when the screen they are on goes.
    struct wl_list layers;
    struct wl_list nested_inputs;  // struct nested_input::link
    /// Keyboards a person types on among them (not power buttons, not the shell's own).
    int typing_keyboards;

    struct slate_view *pointer_view;
    /// The window that had the keyboard when a layer surface took it, which gets it back when the
    /// layer surface lets go (layers.c); NULL once it went.
    struct slate_view *keyboard_before_layer;
    /// Where the pointer is over `pointer_view`, in its main surface's coordinates.
    double pointer_x, pointer_y;
    /// Every view, for finding one by its xdg_toplevel (struct slate_view::link).
    struct wl_list views;
    /// Apps that bound the scene manager (struct slate_app::link).
    struct wl_list apps;
    /// A frame was committed to the nested output and not yet shown: the next waits.
    int frame_pending;
    /// Session backend: where a mouse's relative motion has taken the pointer, in output pixels;
    /// whether a pen's tip is down.
    double cursor_x, cursor_y;
    int pen_down;
    /// The name of the input device that last went away (`slate_comp_gone_device_name`).
    char gone_device_name[128];
    /// Tablets and their pens (tablet.c).
    struct slate_pen *pen;
    /// Programs' text input and an outside keyboard (text_input.c).
    struct slate_text_input_relay *text_input;
    /// Session backend: hears the session come back (a switch back to its virtual terminal).
    struct wl_listener session_active;
    int session_listening;
    /// X11 programs' server and window manager (xwayland.c): NULL when Xwayland is not installed.
    struct slate_xwayland *x11;
    /// ext-session-lock-v1 (session_lock.c): its global, the program's lock that holds (NULL: none),
    /// and whether the shell has the screen locked.
    struct wl_global *session_lock_manager;
    struct slate_session_lock *session_lock;
    int locked;
};

/// What a view does that depends on its kind of surface — an xdg-shell toplevel or popup (views.c)
/// or an X11 window through Xwayland (xwayland.c) —, so the rest of the shim and Swift see one kind
/// of program window (cage's `cg_view_impl` is the model).
struct slate_view_impl {
    /// Whether it has content and may be shown.
    int (*mapped)(slate_view *view);
    const char *(*title)(slate_view *view);
    /// The xdg app id, or the X11 class.
    const char *(*app_id)(slate_view *view);
    int (*pid)(slate_view *view);
    /// The window geometry in surface coordinates.
    void (*geometry)(slate_view *view, int *x, int *y, int *width, int *height);
    int (*has_parent)(slate_view *view);
    void (*size_limits)(slate_view *view, int *min_w, int *min_h, int *max_w, int *max_h);
    /// Whether the program asks to be maximized and full screen.
    void (*requested_states)(slate_view *view, int *maximized, int *fullscreen);
    void (*configure)(slate_view *view, int width, int height, uint32_t states);
    int (*configure_pending)(slate_view *view);
    void (*popup_position)(slate_view *view, int *x, int *y, int *width, int *height);
    void (*popup_constrain)(slate_view *view, int x, int y, int width, int height);
    void (*close)(slate_view *view);
    void (*kill_client)(slate_view *view);
    void (*ping)(slate_view *view);
    int (*ping_pending)(slate_view *view);
};

struct slate_view {
    slate_comp *comp;
    /// Its kind's functions, and its main surface (the xdg surface's, or the X11 window's).
    const struct slate_view_impl *impl;
    struct wlr_surface *surface;
    /// An xdg view's surface (NULL for an X11 window), or an X11 window's (NULL for an xdg view).
    struct wlr_xdg_surface *xdg;
    struct slate_x11_window *x11;
    slate_view_kind kind;
    uint32_t commits;
    /// Commits and destructions of subsurfaces (their pictures changed, not the main surface's).
    uint32_t subsurface_changes;
    struct wl_listener map, unmap, destroy, commit, new_popup;
    struct wl_listener set_title, set_app_id, request_fullscreen, request_maximize, ping_timeout;
    struct wl_listener request_move, request_resize, request_minimize;
    /// The edges of the last resize request.
    uint32_t resize_edges;
    struct wl_list link;  // slate_comp::views (xdg views only: an X11 window's is empty)
    /// The scene session this toplevel shows (a Slate app's window), or NULL.
    struct slate_scene *scene;
    /// Its subsurfaces, at any depth (struct slate_subsurface::link), and the listener for new ones
    /// of the main surface.
    struct wl_list subsurfaces;
    struct wl_listener new_subsurface;
    /// Whether the last activation request's token was one the shell trusts (activation.c).
    int activation_trusted;
    /// The window as task switchers see it, while mapped (toplevels.c).
    struct wlr_foreign_toplevel_handle_v1 *foreign;
    struct wl_listener foreign_activate, foreign_close, foreign_minimize, foreign_maximize, foreign_fullscreen;
    /// A task switcher's maximize or full-screen request being told the shell: what it asks stands
    /// for what the program asked (`slate_view_requested_states`) while the event is emitted.
    int switcher_asks, switcher_maximized, switcher_fullscreen;
};

/// Sets up the output the backend made (output.c): its mode, its first frame and its global.
int slate_output_setup(slate_comp *comp, struct wlr_output *output, char *err, size_t err_len);
/// The screen went: every layer surface on it is told it is closed (layers.c), as sway does.
void slate_layers_output_gone(slate_comp *comp);
/// Guards this thread's reads of a client's memory, `length` bytes from `data` (shm_guard.c): a
/// client that shrinks the file behind its pool makes them read zeros, not crash the compositor.
void slate_shm_guard_begin(const void *data, size_t length);
/// Ends the guard; whether a read faulted (the client's memory went).
int slate_shm_guard_end(void);
/// While on, wlroots' own log lines are not written (a failure is said in one line of Slate's).
void slate_log_silence(int on);
/// The renderer that puts the shell's frame on the nested window or the panel (renderer.c).
struct wlr_renderer *slate_renderer_create(slate_comp *comp, slate_renderer wanted);
void slate_on_new_output(struct wl_listener *l, void *data);
/// The output's state made and let go with the compositor (output.c).
void slate_output_init(slate_comp *comp);
void slate_output_finish(slate_comp *comp);
/// Viewports and single-pixel buffers (surfaces.c); the output's protocols: xdg-output,
/// presentation time, gamma and output power (output.c); the protocols that only need their
/// wlroots helpers made (compositor.c). Each returns 0, or -1 when it could not be made.
int slate_surfaces_init(slate_comp *comp);
int slate_output_protocols_init(slate_comp *comp);
/// Tells presentation time that `surface` is in the frame about to be shown.
void slate_output_sampled(slate_comp *comp, struct wlr_surface *surface);
/// Requests to bring a window forward (activation.c).
int slate_activation_init(slate_comp *comp);
/// Pointer constraints, relative motion and gestures (pointer.c). `constrained_motion` is told each
/// motion of the pointer over `target` (surface coordinates) and says whether it may move there.
int slate_pointer_init(slate_comp *comp);
int slate_pointer_constrained_motion(slate_comp *comp, struct wlr_surface *target, double lx, double ly,
                                     uint32_t time);
void slate_gestures_listen(slate_comp *comp, struct slate_gestures *g, struct wlr_pointer *pointer);
void slate_gestures_stop(struct slate_gestures *g);
/// Keyboard shortcuts inhibitors (shortcuts.c); told when the keyboard goes to another surface.
int slate_shortcuts_init(slate_comp *comp);
void slate_shortcuts_focus_changed(slate_comp *comp);
/// The privileged protocols' gate (privacy.c): which global a client sees, and whether it may.
int slate_privacy_init(slate_comp *comp);
/// Which globals a client sees (the display's global filter; `data` is the compositor): the
/// conformance suite's test mode filters after it (conformance.c).
bool slate_privacy_global_filter(const struct wl_client *client, const struct wl_global *global, void *data);
slate_permission slate_privacy_check(slate_comp *comp, struct wl_client *client, slate_privilege privilege,
                                     int asked);
/// An input device joins the shell's input (input.c): a backend's, or a program's virtual one.
void slate_input_attach(slate_comp *comp, struct wlr_input_device *dev);
/// Tablets (tablet.c): zwp_tablet_manager_v2, and the pen's state.
int slate_tablet_init(slate_comp *comp);
void slate_tablet_finish(slate_comp *comp);
/// A backend's tablet joined the input: programs are told of it.
void slate_tablet_attach(slate_comp *comp, struct wlr_input_device *dev);
/// A tablet event named `tool`: programs are told of the tool the first time.
void slate_tablet_tool_seen(slate_comp *comp, struct wlr_tablet_tool *tool);
/// The pen's pressure, tilt (and place) changed.
void slate_tablet_axes(slate_comp *comp, struct wlr_event_tablet_tool_axis *ev);
/// A pen's button (its barrel's) was pressed or released.
void slate_tablet_button(slate_comp *comp, struct wlr_event_tablet_tool_button *ev);
/// The surface of a view's tree under a point of its main surface, and the point in it; NULL inside
/// the main surface where no input region takes it (the point then stays the main surface's; input.c).
struct wlr_surface *slate_surface_under(slate_view *view, double sx, double sy, double *lx, double *ly);
/// The limits each client is held to (limits.c), once the compositor and xdg-shell are made.
int slate_limits_init(slate_comp *comp);
/// Layer surfaces (layers.c).
int slate_layers_init(slate_comp *comp);
int slate_session_lock_init(slate_comp *comp);
/// Locked, fails every screen copy asked for (session_lock.c).
void slate_lock_refuse_copies(slate_comp *comp);
/// What `slate_surface`'s calls need of a layer or a lock (shown_surfaces.c): the tree its main
/// surface heads, whether it is shown, its commits, and how to walk it (a layer's popups are in it).
struct slate_surface {
    slate_comp *comp;
    /// The main surface; NULL until it came (a lock's is asked for later) and once it went.
    struct wlr_surface *root;
    /// Whether it is shown (mapped) now.
    int mapped;
    /// Commits so far.
    uint32_t commits;
    /// Whether a keyboard-shortcuts inhibitor on it may have the shell's shortcuts when it has the
    /// keys: a layer's may (a remote-desktop panel); a lock's never (the lock is the person's).
    int may_inhibit_shortcuts;
    /// Calls `iterator` for each surface of its tree, the main one first; NULL: the main surface and
    /// its subsurfaces.
    void (*for_each)(struct slate_surface *surface, wlr_surface_iterator_func_t iterator, void *data);
    /// The surface of its tree under a point of the main surface, popups first, with the point in
    /// that surface's coordinates; NULL where none is. NULL: the main surface and its subsurfaces.
    struct wlr_surface *(*surface_at)(struct slate_surface *surface, double sx, double sy, double *lx, double *ly);
};
/// Draws (or finds the opaque part of) the picture of a surface and its subsurfaces (buffers.c; see
/// `slate_view_draw` and `slate_view_opaque_rect`), for any surface tree: a window's, a layer's.
int slate_surface_tree_draw(slate_comp *comp, struct wlr_surface *main, int cx, int cy, int cw, int ch, int x, int y,
                            int w, int h, uint8_t *out, int stride, int clear);
int slate_surface_tree_opaque_rect(slate_comp *comp, struct wlr_surface *main, int cx, int cy, int cw, int ch, int *x,
                                   int *y, int *w, int *h);
/// Windows as task switchers see them (toplevels.c): made as a toplevel maps, named as its title
/// changes, let go as it unmaps.
int slate_toplevels_init(slate_comp *comp);
void slate_toplevels_view_mapped(slate_view *view);
void slate_toplevels_view_titled(slate_view *view);
void slate_toplevels_view_unmapped(slate_view *view);
/// Idle watchers and idle inhibitors (idle.c).
int slate_idle_init(slate_comp *comp);
/// The primary selection's relay (data.c), once the seat is made.
int slate_data_init(slate_comp *comp);
/// A surface's committed buffer as premultiplied BGRA rows (buffers.c; see slate_view_copy_rows).
long slate_surface_copy_rows(slate_comp *comp, struct wlr_surface *surface, uint8_t *dst, size_t capacity,
                             int first_row, int rows, int *width, int *height, int *scale);
// What compositor.c wires up when it starts: the listeners of views.c, data.c and input.c.
void slate_on_new_surface(struct wl_listener *l, void *data);
void slate_on_new_xdg_surface(struct wl_listener *l, void *data);
/// The view of an xdg popup, made (with no parent) if it has none yet: a layer surface's popups.
slate_view *slate_view_of_popup(slate_comp *comp, struct wlr_xdg_popup *popup);
/// The layer surface that holds the keyboard against windows now (shown, asking for it exclusively,
/// on the top or overlay layer; the top-most such), or NULL (layers.c).
slate_layer *slate_layers_holding_keyboard(slate_comp *comp);
/// The shell gave the keyboard to a window or to nobody: no layer surface gives it back to an
/// earlier one when it lets go.
void slate_layers_keyboard_given(slate_comp *comp);
void slate_on_new_decoration(struct wl_listener *l, void *data);
void slate_on_request_set_selection(struct wl_listener *l, void *data);
void slate_on_request_start_drag(struct wl_listener *l, void *data);
void slate_on_start_drag(struct wl_listener *l, void *data);
void slate_on_request_cursor(struct wl_listener *l, void *data);
void slate_on_keyboard_key(struct wl_listener *l, void *data);
void slate_on_keyboard_modifiers(struct wl_listener *l, void *data);
void slate_on_new_input(struct wl_listener *l, void *data);
/// Passes input of the nested or session backend's devices (or what became of the screen) up to the
/// owner (`slate_comp_callbacks.input`; input.c).
void slate_nested_emit(slate_comp *comp, slate_input_kind kind, int id, double x, double y, uint32_t code);
/// A touch's event, with its time (`time_msec`, the device's): passed on with its age on the session backend.
void slate_nested_emit_touch(slate_comp *comp, slate_input_kind kind, int id, double x, double y, uint32_t time_msec);
/// Tells the owner about a view.
void slate_emit(slate_view *view, slate_view_event event);
/// Creates the text-input, input-method and virtual-keyboard globals and follows the keyboard's focus
/// (text_input.c; after the seat); lets go of what it kept (after the display is destroyed).
int slate_text_input_init(slate_comp *comp);
void slate_text_input_finish(slate_comp *comp);
/// The view under the pointer committed: the surface under the pointer (and its place there) is
/// looked at again, as the pointer did not move (input.c).
void slate_pointer_rebase(slate_view *view);
/// Whether a view has content and may be shown (its kind's `mapped`).
static inline int slate_view_is_mapped(slate_view *view) { return view->impl->mapped(view); }
/// Makes a view of `kind` on `surface` for `impl` (an xdg view's `xdg`, or an X11 window's `x11`),
/// not yet told to the owner (`slate_view_announce`); views.c.
slate_view *slate_view_new(slate_comp *comp, const struct slate_view_impl *impl, slate_view_kind kind,
                           struct wlr_surface *surface, struct wlr_xdg_surface *xdg, struct slate_x11_window *x11);
/// Tells the owner about a new view (`view_new`; a popup's `parent`, NULL when unknown).
void slate_view_announce(slate_view *view, slate_view *parent);
/// A view goes: the owner is told (DESTROY) and it is freed.
void slate_view_destroy(slate_view *view);
/// X11 programs through Xwayland (xwayland.c): started lazily when the first connects; 0, or -1 when
/// it could not be set up (no Xwayland installed is not a failure: X11 programs then find no display).
int slate_xwayland_init(slate_comp *comp);
void slate_xwayland_finish(slate_comp *comp);
/// The keyboard went to `view` (NULL: nobody): an X11 window gets the X input focus with it.
void slate_xwayland_keyboard_focus(slate_comp *comp, slate_view *view);
/// The X11 window's view whose surface `surface` is, or NULL (not an X11 window's, or not mapped).
slate_view *slate_xwayland_view_of_surface(struct wlr_surface *surface);
/// Creates the scene manager global (scene.c).
int slate_scene_init(slate_comp *comp);
/// A toplevel view was made: it takes the scene that was asked for it (scene.c).
void slate_scene_view_created(slate_view *view);
/// A view is going: its scene forgets it (scene.c).
void slate_scene_view_destroyed(slate_view *view);
/// Tells the surface's client it is on the output once it shows something (surface_place.c).
void slate_surface_watch_output(slate_comp *comp, struct wlr_surface *surface);
/// A popup was mapped or unmapped: a grabbing popup takes the keyboard from its window, and gives it
/// back as it goes (popups.c).
/// The surface a popup belongs to through its popups' parents (a window's or a layer surface's);
/// the surface itself when it is no popup.
struct wlr_surface *slate_popup_root(struct wlr_surface *surface);
void slate_popup_mapped(slate_view *view);
void slate_popup_unmapped(slate_view *view);
/// The keyboard is going to `view` (NULL: nobody): a popup grab of another window ends (popups.c).
void slate_popup_focus_leaving(slate_comp *comp, slate_view *view);
/// Whether one of the toplevel `view`'s popups has the keyboard (popups.c).
int slate_popup_holds_keyboard(slate_view *view);
/// Finger `id` went down on `surface`: if the surface goes first, its client hears the finger lift
/// then (surface_place.c).
void slate_surface_watch_finger(slate_comp *comp, struct wlr_surface *surface, int32_t id);

#endif


