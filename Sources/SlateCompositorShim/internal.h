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
#include <wlr/util/edges.h>
#include <wlr/util/log.h>

/// How many frames' damage is kept: enough for a triple-buffered output.
#define SLATE_DAMAGE_RING 3

struct slate_frame_buffer;

struct slate_comp {
    slate_comp_callbacks cb;
    int backend_kind;
    struct wl_display *display;
    struct wl_event_loop *loop;
    struct wlr_backend *backend;
    /// Puts the shell's frame on the screen.
    struct wlr_renderer *renderer;
    /// Makes the textures of programs' buffers: always pixman, so every buffer is shared memory the
    /// shell reads (on the headless backend, the same as `renderer`).
    struct wlr_renderer *client_renderer;
    struct wlr_allocator *allocator;
    struct wlr_compositor *compositor;
    struct wlr_xdg_shell *xdg_shell;
    struct wlr_seat *seat;
    struct wlr_output *output;
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
    struct wl_list nested_inputs;  // struct nested_input::link

    struct slate_view *pointer_view;
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
    /// Session backend: hears the session come back (a switch back to its virtual terminal).
    struct wl_listener session_active;
    int session_listening;
};

struct slate_view {
    slate_comp *comp;
    struct wlr_xdg_surface *xdg;
    int kind;
    uint32_t commits;
    /// Commits and destructions of subsurfaces (their pictures changed, not the main surface's).
    uint32_t subsurface_changes;
    struct wl_listener map, unmap, destroy, commit, new_popup;
    struct wl_listener set_title, set_app_id, request_fullscreen, request_maximize, ping_timeout;
    struct wl_listener request_move, request_resize, request_minimize;
    /// The edges of the last resize request.
    uint32_t resize_edges;
    struct wl_list link;  // slate_comp::views
    /// The scene session this toplevel shows (a Slate app's window), or NULL.
    struct slate_scene *scene;
    /// Its subsurfaces, at any depth (struct slate_subsurface::link), and the listener for new ones
    /// of the main surface.
    struct wl_list subsurfaces;
    struct wl_listener new_subsurface;
};

/// Sets up the output the backend made (output.c): its mode, its first frame and its global.
int slate_output_setup(slate_comp *comp, struct wlr_output *output, char *err, size_t err_len);
void slate_on_new_output(struct wl_listener *l, void *data);
/// The output's state made and let go with the compositor (output.c).
void slate_output_init(slate_comp *comp);
void slate_output_finish(slate_comp *comp);
/// A surface's committed buffer as premultiplied BGRA rows (buffers.c; see slate_view_copy_rows).
long slate_surface_copy_rows(slate_comp *comp, struct wlr_surface *surface, uint8_t *dst, size_t capacity,
                             int first_row, int rows, int *width, int *height, int *scale);
// What compositor.c wires up when it starts: the listeners of views.c, data.c and input.c.
void slate_on_new_surface(struct wl_listener *l, void *data);
void slate_on_new_xdg_surface(struct wl_listener *l, void *data);
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
void slate_nested_emit(slate_comp *comp, int kind, int id, double x, double y, uint32_t code);
/// Tells the owner about a view.
void slate_emit(slate_view *view, int event);
/// Creates the scene manager global (scene.c).
int slate_scene_init(slate_comp *comp);
/// A toplevel view was made: it takes the scene that was asked for it (scene.c).
void slate_scene_view_created(slate_view *view);
/// A view is going: its scene forgets it (scene.c).
void slate_scene_view_destroyed(slate_view *view);

#endif


