// Input: the shell's pointer, fingers and keys given to clients' surfaces through the seat, and
// the devices of the nested and session backends (a desktop's window, or the machine's own
// libinput devices) passed up to the shell.
#include "internal.h"

#include <wlr/backend/libinput.h>
#include <wlr/interfaces/wlr_input_device.h>

/// What is held down on one device now (fingers, buttons, keys): let go should the device go away.
enum { HELD_MAX = 16 };
struct held {
    uint32_t items[HELD_MAX];
    int count;
};

static void held_add(struct held *held, uint32_t item) {
    for (int i = 0; i < held->count; i++)
        if (held->items[i] == item) return;
    if (held->count < HELD_MAX) held->items[held->count++] = item;
}

static void held_remove(struct held *held, uint32_t item) {
    for (int i = 0; i < held->count; i++)
        if (held->items[i] == item) {
            held->items[i] = held->items[--held->count];
            return;
        }
}

/// One input device of the nested backend (x11/wayland window): its events go to the owner.
struct nested_input {
    slate_comp *comp;
    struct wlr_input_device *device;
    struct wl_list link;
    struct wl_listener destroy, motion, motion_abs, button, axis, key, touch_down, touch_up, touch_motion;
    struct wl_listener tip, tool_axis, tool_button;
    /// A touchpad's gestures, passed to the program under the pointer.
    struct slate_gestures gestures;
    /// A keyboard a person types on (`is_typing_keyboard`), counted in `typing_keyboards`.
    int typing;
    /// The fingers (touch ids), buttons and keys (evdev codes) down on the device now.
    struct held fingers, buttons, keys;
};

/// Whether a keyboard device is one a person types on: libinput calls a power button, a lid's
/// switch and a tablet's volume keys keyboards too, and those have no letter keys. A desktop's
/// keyboard (the nested backend's) always is.
static int is_typing_keyboard(struct wlr_input_device *dev) {
    if (dev->type != WLR_INPUT_DEVICE_KEYBOARD) return 0;
    if (!wlr_input_device_is_libinput(dev)) return 1;
    struct libinput_device *handle = wlr_libinput_get_device_handle(dev);
    return handle && libinput_device_keyboard_has_key(handle, KEY_A) == 1;
}

int slate_comp_typing_keyboards(slate_comp *comp) { return comp->typing_keyboards; }

// ---- Input ----------------------------------------------------------------------------------------

struct find_state {
    struct wlr_surface *want;
    int x, y, found;
};

static void find_surface(struct wlr_surface *s, int sx, int sy, void *data) {
    struct find_state *st = data;
    if (s != st->want || st->found) return;
    st->x = sx;
    st->y = sy;
    st->found = 1;
}

/// Where `surface` lies in the view's main surface coordinates, when it is one of the view's tree.
static int surface_position(slate_view *view, struct wlr_surface *surface, int *x, int *y) {
    struct find_state st = {.want = surface};
    if (surface) wlr_surface_for_each_surface(view->surface, find_surface, &st);
    *x = st.x;
    *y = st.y;
    return st.found;
}

/// The surface of the view's tree that takes input under a point of its main surface (a subsurface
/// where one does, as Firefox's page; the main surface where its input region says), with the point
/// in that surface's coordinates: a program reads a pointer's or a finger's place relative to the
/// surface it is on. Inside the main surface's rectangle, a point no input region holds is not the
/// program's (NULL: input falls through it, as xdg-shell's input regions ask). Outside it — the strip
/// the shell keeps beside the surface in the window, as the home indicator's below it — the point is
/// the main surface's, so that a finger there reaches the program until a system gesture takes it.
struct wlr_surface *slate_surface_under(slate_view *view, double sx, double sy, double *lx, double *ly) {
    struct wlr_surface *s = wlr_surface_surface_at(view->surface, sx, sy, lx, ly);
    if (s) return s;
    struct wlr_surface *main = view->surface;
    *lx = sx;
    *ly = sy;
    if (sx >= 0 && sy >= 0 && sx < main->current.width && sy < main->current.height) return NULL;
    return main;
}

void slate_comp_pointer_motion(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time) {
    if (!view || !slate_view_is_mapped(view)) {
        slate_comp_pointer_leave(comp);
        return;
    }
    struct wlr_surface *focused = comp->seat->pointer_state.focused_surface;
    struct wlr_surface *target;
    double lx, ly;
    int x, y;
    if (comp->pointer_view == view && comp->seat->pointer_state.button_count > 0 &&
        surface_position(view, focused, &x, &y)) {
        // While a button is held the pointer stays with the surface it was pressed on.
        target = focused;
        lx = sx - x;
        ly = sy - y;
    } else {
        target = slate_surface_under(view, sx, sy, &lx, &ly);
    }
    if (!target) {
        slate_comp_pointer_leave(comp);
        return;
    }
    if (comp->pointer_view != view || focused != target) {
        wlr_seat_pointer_notify_enter(comp->seat, target, lx, ly);
        comp->pointer_view = view;
    }
    comp->pointer_x = sx;
    comp->pointer_y = sy;
    // A locked pointer stays put (only its relative motion is told); a confined one stays inside.
    if (!slate_pointer_constrained_motion(comp, target, lx, ly, time)) return;
    wlr_seat_pointer_notify_motion(comp->seat, time, lx, ly);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_pointer_rebase(slate_view *view) {
    slate_comp *comp = view->comp;
    // (A held button keeps the pointer with the surface it was pressed on.)
    if (comp->pointer_view != view || !slate_view_is_mapped(view) || comp->seat->pointer_state.button_count > 0) return;
    double lx, ly;
    struct wlr_surface *target = slate_surface_under(view, comp->pointer_x, comp->pointer_y, &lx, &ly);
    struct wlr_seat_pointer_state *state = &comp->seat->pointer_state;
    // A subsurface moved, restacked, came or went, or an input region changed under the pointer.
    if (target == state->focused_surface && (!target || (lx == state->sx && ly == state->sy))) return;
    slate_comp_pointer_motion(comp, view, comp->pointer_x, comp->pointer_y, slate_comp_now_msec());
}

void slate_comp_pointer_button(slate_comp *comp, uint32_t button, int pressed, uint32_t time) {
    wlr_seat_pointer_notify_button(comp->seat, time, button,
                                   pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_comp_pointer_axis(slate_comp *comp, double dx, double dy, uint32_t time) {
    if (dy != 0)
        wlr_seat_pointer_notify_axis(comp->seat, time, WLR_AXIS_ORIENTATION_VERTICAL, dy, 0,
                                     WLR_AXIS_SOURCE_FINGER);
    if (dx != 0)
        wlr_seat_pointer_notify_axis(comp->seat, time, WLR_AXIS_ORIENTATION_HORIZONTAL, dx, 0,
                                     WLR_AXIS_SOURCE_FINGER);
    wlr_seat_pointer_notify_frame(comp->seat);
}

void slate_comp_pointer_leave(slate_comp *comp) {
    comp->pointer_view = NULL;
    wlr_seat_pointer_notify_clear_focus(comp->seat);
}

void slate_comp_touch_down(slate_comp *comp, slate_view *view, int id, double sx, double sy, uint32_t time) {
    if (!view || !slate_view_is_mapped(view)) return;
    // The shell gives an id only once its last finger lifted; a point still there lost its surface
    // (the window went under the finger) and never heard the lift: it ends now.
    if (wlr_seat_touch_get_point(comp->seat, id)) wlr_seat_touch_notify_up(comp->seat, time, id);
    double lx, ly;
    struct wlr_surface *target = slate_surface_under(view, sx, sy, &lx, &ly);
    if (!target) return;
    wlr_seat_touch_notify_down(comp->seat, target, time, id, lx, ly);
    slate_surface_watch_finger(comp, target, id);
    wlr_seat_touch_notify_frame(comp->seat);
}

/// The drag under way when a finger carries it (NULL for none, or one the pointer carries).
static struct wlr_drag *touch_drag(slate_comp *comp) {
    struct wlr_drag *drag = comp->seat->drag;
    return drag && drag->grab_type == WLR_DRAG_GRAB_KEYBOARD_TOUCH ? drag : NULL;
}

void slate_comp_touch_motion(slate_comp *comp, slate_view *view, int id, double sx, double sy, uint32_t time) {
    struct wlr_touch_point *point = wlr_seat_touch_get_point(comp->seat, id);
    if (!point) return;
    // A drag a finger carries goes to the window under it, whichever program's: the point's focus
    // moves there (the drag's grab sends the drag's enter and leave).
    if (touch_drag(comp) && view && slate_view_is_mapped(view) && point->focus_surface != view->surface)
        wlr_seat_touch_point_focus(comp->seat, view->surface, time, id, sx, sy);
    // In the coordinates of the surface it went down on (a subsurface of the view, maybe), or, in a
    // drag, of the one it carries the drag over (wlroots keeps the point's focus for drags alone).
    struct wlr_surface *on = point->focus_surface ? point->focus_surface : point->surface;
    int x = 0, y = 0;
    if (view && slate_view_is_mapped(view) && !surface_position(view, on, &x, &y)) x = y = 0;
    wlr_seat_touch_notify_motion(comp->seat, time, id, sx - x, sy - y);
    wlr_seat_touch_notify_frame(comp->seat);
}

void slate_comp_touch_up(slate_comp *comp, int id, uint32_t time) {
    if (!wlr_seat_touch_get_point(comp->seat, id)) return;
    struct wlr_drag *drag = touch_drag(comp);
    struct wlr_data_source *source = drag ? drag->source : NULL;
    int dropped_on_program = drag && drag->focus_client != NULL;
    wlr_seat_touch_notify_up(comp->seat, time, id);
    wlr_seat_touch_notify_frame(comp->seat);
    // A finger's drag let go over no program (the shell took it, or nothing would): wlroots ends
    // the drag without a word to its program, which is told it was cancelled, as a button's is.
    if (drag && !comp->seat->drag && !dropped_on_program && source && comp->seat->drag_source == source)
        wlr_data_source_destroy(source);
}

void slate_comp_touch_cancel(slate_comp *comp, slate_view *view) {
    struct wlr_drag *drag = touch_drag(comp);
    if (drag) {
        // The drag the finger carried ends (its grab's cancel), and its program hears so.
        struct wlr_data_source *source = drag->source;
        wlr_seat_touch_end_grab(comp->seat);
        if (source && comp->seat->drag_source == source) wlr_data_source_destroy(source);
    }
    if (view && view->surface) {
        wlr_seat_touch_notify_cancel(comp->seat, view->surface);
        wlr_seat_touch_notify_frame(comp->seat);
    }
}

void slate_comp_drag_leave(slate_comp *comp) {
    slate_comp_pointer_leave(comp);
    struct wlr_drag *drag = touch_drag(comp);
    if (!drag) return;
    struct wlr_touch_point *point = wlr_seat_touch_get_point(comp->seat, drag->touch_id);
    if (!point || !point->focus_surface) return;
    // No window under the finger: the point loses its focus and the drag's grab hears it (wlroots
    // 0.15 clears the focus without telling the grab), so the drag leaves the program.
    wlr_seat_touch_point_clear_focus(comp->seat, slate_comp_now_msec(), drag->touch_id);
    struct wlr_seat_touch_grab *grab = comp->seat->touch_state.grab;
    if (grab->interface->enter) grab->interface->enter(grab, slate_comp_now_msec(), point);
}

int slate_comp_drag_active(slate_comp *comp) { return comp->seat->drag != NULL; }

int slate_comp_drag_is_touch(slate_comp *comp) { return touch_drag(comp) != NULL; }

void slate_comp_keyboard_focus(slate_comp *comp, slate_view *view) {
    // A layer surface that holds the keyboard keeps it; the window gets it when that lets go.
    slate_layer *holder = view && slate_view_is_mapped(view) ? slate_layers_holding_keyboard(comp) : NULL;
    if (holder) {
        comp->keyboard_before_layer = view;
        slate_layer_take_keyboard(holder);
        return;
    }
    slate_layers_keyboard_given(comp);
    slate_popup_focus_leaving(comp, view && slate_view_is_mapped(view) ? view : NULL);
    // (A popup of the window keeps the keyboard it took.)
    if (view && slate_view_is_mapped(view) && slate_popup_holds_keyboard(view)) return;
    if (!view || !slate_view_is_mapped(view)) {
        wlr_seat_keyboard_notify_clear_focus(comp->seat);
        slate_xwayland_keyboard_focus(comp, NULL);
        slate_shortcuts_focus_changed(comp);
        return;
    }
    struct wlr_keyboard *kb = comp->keyboard_device->keyboard;
    wlr_seat_keyboard_notify_enter(comp->seat, view->surface, kb->keycodes, kb->num_keycodes, &kb->modifiers);
    slate_xwayland_keyboard_focus(comp, view);
    slate_shortcuts_focus_changed(comp);
}

void slate_view_keyboard_leave(slate_view *view) {
    if (!slate_view_has_keyboard(view)) return;
    slate_popup_focus_leaving(view->comp, NULL);  // its menus close
    wlr_seat_keyboard_notify_clear_focus(view->comp->seat);
    slate_xwayland_keyboard_focus(view->comp, NULL);
    slate_shortcuts_focus_changed(view->comp);
}

int slate_view_has_keyboard(slate_view *view) {
    // Its own surface, or a popup of its own that took it (a menu open).
    return view->surface &&
           (view->comp->seat->keyboard_state.focused_surface == view->surface || slate_popup_holds_keyboard(view));
}

slate_view *slate_comp_keyboard_view(slate_comp *comp) {
    struct wlr_surface *surface = comp->seat->keyboard_state.focused_surface;
    if (!surface) return NULL;
    if (!wlr_surface_is_xdg_surface(surface)) return slate_xwayland_view_of_surface(surface);
    struct wlr_xdg_surface *xdg = wlr_xdg_surface_from_wlr_surface(surface);
    return xdg ? xdg->data : NULL;
}

void slate_comp_key(slate_comp *comp, uint32_t keycode, int pressed, uint32_t time) {
    // Through the keyboard, so its xkb state (and so the modifiers clients see) follows.
    struct wlr_event_keyboard_key ev = {
        .time_msec = time,
        .keycode = keycode,
        .update_state = true,
        .state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
    };
    wlr_keyboard_notify_key(comp->keyboard_device->keyboard, &ev);
}

int slate_comp_type(slate_comp *comp, uint32_t codepoint, uint32_t time) {
    xkb_keysym_t want = xkb_utf32_to_keysym(codepoint);
    if (want == XKB_KEY_NoSymbol) return -1;
    struct xkb_keymap *km = comp->keymap;
    // The first key, layout and level that make the character (lowest level first: no Shift if it
    // need not be held).
    for (xkb_level_index_t level = 0; level < 4; level++) {
        for (xkb_layout_index_t layout = 0; layout < xkb_keymap_num_layouts(km); layout++) {
            for (xkb_keycode_t kc = xkb_keymap_min_keycode(km); kc <= xkb_keymap_max_keycode(km); kc++) {
                if (layout >= xkb_keymap_num_layouts_for_key(km, kc) ||
                    level >= xkb_keymap_num_levels_for_key(km, kc, layout))
                    continue;
                const xkb_keysym_t *syms;
                int n = xkb_keymap_key_get_syms_by_level(km, kc, layout, level, &syms);
                if (n != 1 || syms[0] != want) continue;
                xkb_mod_mask_t masks[4];
                size_t m = xkb_keymap_key_get_mods_for_level(km, kc, layout, level, masks, 4);
                if (m == 0) continue;
                struct wlr_keyboard *kb = comp->keyboard_device->keyboard;
                struct wlr_keyboard_modifiers saved = kb->modifiers;
                wlr_keyboard_notify_modifiers(kb, masks[0], 0, 0, layout);
                slate_comp_key(comp, kc - 8, 1, time);
                slate_comp_key(comp, kc - 8, 0, time);
                wlr_keyboard_notify_modifiers(kb, saved.depressed, saved.latched, saved.locked, saved.group);
                return 0;
            }
        }
    }
    return -1;
}

void slate_on_keyboard_key(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, keyboard_key);
    struct wlr_event_keyboard_key *ev = data;
    wlr_seat_keyboard_notify_key(comp->seat, ev->time_msec, ev->keycode, ev->state);
}

void slate_on_keyboard_modifiers(struct wl_listener *l, void *data) {
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, keyboard_modifiers);
    wlr_seat_keyboard_notify_modifiers(comp->seat, &comp->keyboard_device->keyboard->modifiers);
}

// ---- Nested backend input -----------------------------------------------------------------------

void slate_nested_emit(slate_comp *comp, slate_input_kind kind, int id, double x, double y, uint32_t code) {
    if (comp->cb.input) comp->cb.input(comp->cb.user, kind, id, x, y, code, 0);
}

void slate_nested_emit_touch(slate_comp *comp, slate_input_kind kind, int id, double x, double y, uint32_t time_msec) {
    // libinput's times are this machine's CLOCK_MONOTONIC, as slate_comp_now_msec's; a nested
    // window's are its parent's. Unsigned subtraction keeps the age right across the wrap.
    uint32_t age = comp->backend_kind == SLATE_BACKEND_SESSION ? slate_comp_now_msec() - time_msec : 0;
    if (comp->cb.input) comp->cb.input(comp->cb.user, kind, id, x, y, 0, age);
}

static void nested_on_motion_abs(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, motion_abs);
    struct wlr_event_pointer_motion_absolute *ev = data;
    slate_nested_emit(in->comp, SLATE_INPUT_POINTER_MOTION, 0, ev->x * in->comp->width, ev->y * in->comp->height, 0);
}

static void nested_on_motion(struct wl_listener *l, void *data) {
    // A mouse or trackpad on the session backend moves by how far it went: the pointer is kept
    // here, inside the screen.
    struct nested_input *in = wl_container_of(l, in, motion);
    struct wlr_event_pointer_motion *ev = data;
    slate_comp *comp = in->comp;
    comp->cursor_x += ev->delta_x;
    comp->cursor_y += ev->delta_y;
    if (comp->cursor_x < 0) comp->cursor_x = 0;
    if (comp->cursor_y < 0) comp->cursor_y = 0;
    if (comp->cursor_x > comp->width - 1) comp->cursor_x = comp->width - 1;
    if (comp->cursor_y > comp->height - 1) comp->cursor_y = comp->height - 1;
    slate_nested_emit(comp, SLATE_INPUT_POINTER_MOTION, 0, comp->cursor_x, comp->cursor_y, 0);
}

static void nested_on_tip(struct wl_listener *l, void *data) {
    // A pen's tip touching the screen is a finger there (SLATE_PEN_TOUCH_ID).
    struct nested_input *in = wl_container_of(l, in, tip);
    struct wlr_event_tablet_tool_tip *ev = data;
    slate_comp *comp = in->comp;
    int down = ev->state == WLR_TABLET_TOOL_TIP_DOWN;
    slate_tablet_tool_seen(comp, ev->tool);
    if (down == comp->pen_down) return;
    comp->pen_down = down;
    slate_nested_emit_touch(comp, down ? SLATE_INPUT_TOUCH_DOWN : SLATE_INPUT_TOUCH_UP, SLATE_PEN_TOUCH_ID, ev->x * comp->width, ev->y * comp->height, ev->time_msec);
}

static void nested_on_tool_axis(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, tool_axis);
    struct wlr_event_tablet_tool_axis *ev = data;
    slate_comp *comp = in->comp;
    slate_tablet_tool_seen(comp, ev->tool);
    slate_tablet_axes(comp, ev);
    if (!comp->pen_down || !(ev->updated_axes & (WLR_TABLET_TOOL_AXIS_X | WLR_TABLET_TOOL_AXIS_Y))) return;
    slate_nested_emit_touch(comp, SLATE_INPUT_TOUCH_MOTION, SLATE_PEN_TOUCH_ID, ev->x * comp->width, ev->y * comp->height, ev->time_msec);
}

static void nested_on_tool_button(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, tool_button);
    slate_tablet_button(in->comp, data);
}

static void nested_on_button(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, button);
    struct wlr_event_pointer_button *ev = data;
    if (ev->state == WLR_BUTTON_PRESSED)
        held_add(&in->buttons, ev->button);
    else
        held_remove(&in->buttons, ev->button);
    slate_nested_emit(in->comp, ev->state == WLR_BUTTON_PRESSED ? SLATE_INPUT_BUTTON_DOWN : SLATE_INPUT_BUTTON_UP, 0, 0, 0, ev->button);
}

static void nested_on_axis(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, axis);
    struct wlr_event_pointer_axis *ev = data;
    int vertical = ev->orientation == WLR_AXIS_ORIENTATION_VERTICAL;
    slate_nested_emit(in->comp, SLATE_INPUT_AXIS, 0, vertical ? 0 : ev->delta, vertical ? ev->delta : 0, 0);
}

/// Session backend: Ctrl+Alt+F1…F12 (the keymap's XF86Switch_VT_n) switches to that virtual
/// terminal; Ctrl+Alt+Backspace ends the session (the console's Ctrl+C does not reach a program that
/// holds the keyboard through libinput), as closing `slate run`'s window does. Returns whether the
/// key did either.
static int session_key(struct nested_input *in, struct wlr_event_keyboard_key *ev) {
    slate_comp *comp = in->comp;
    if (comp->backend_kind != SLATE_BACKEND_SESSION || ev->state != WL_KEYBOARD_KEY_STATE_PRESSED) return 0;
    struct wlr_keyboard *kb = in->device->keyboard;
    if (!kb->xkb_state) return 0;
    if (ev->keycode == KEY_BACKSPACE &&
        xkb_state_mod_name_is_active(kb->xkb_state, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0 &&
        xkb_state_mod_name_is_active(kb->xkb_state, XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) > 0) {
        slate_nested_emit(comp, SLATE_INPUT_CLOSE_REQUESTED, 0, 0, 0, 0);
        return 1;
    }
    const xkb_keysym_t *syms;
    int n = xkb_state_key_get_syms(kb->xkb_state, ev->keycode + 8, &syms);
    for (int i = 0; i < n; i++) {
        if (syms[i] < XKB_KEY_XF86Switch_VT_1 || syms[i] > XKB_KEY_XF86Switch_VT_12) continue;
        struct wlr_session *session = wlr_backend_get_session(comp->backend);
        if (session) wlr_session_change_vt(session, (unsigned)(syms[i] - XKB_KEY_XF86Switch_VT_1 + 1));
        return 1;
    }
    return 0;
}

static void nested_on_key(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, key);
    struct wlr_event_keyboard_key *ev = data;
    if (session_key(in, ev)) return;
    if (ev->state == WL_KEYBOARD_KEY_STATE_PRESSED)
        held_add(&in->keys, ev->keycode);
    else
        held_remove(&in->keys, ev->keycode);
    slate_nested_emit(in->comp, ev->state == WL_KEYBOARD_KEY_STATE_PRESSED ? SLATE_INPUT_KEY_DOWN : SLATE_INPUT_KEY_UP, 0, 0, 0, ev->keycode);
}

static void nested_on_touch_down(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, touch_down);
    struct wlr_event_touch_down *ev = data;
    held_add(&in->fingers, (uint32_t)ev->touch_id);
    slate_nested_emit_touch(in->comp, SLATE_INPUT_TOUCH_DOWN, ev->touch_id, ev->x * in->comp->width, ev->y * in->comp->height, ev->time_msec);
}

static void nested_on_touch_motion(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, touch_motion);
    struct wlr_event_touch_motion *ev = data;
    slate_nested_emit_touch(in->comp, SLATE_INPUT_TOUCH_MOTION, ev->touch_id, ev->x * in->comp->width, ev->y * in->comp->height, ev->time_msec);
}

static void nested_on_touch_up(struct wl_listener *l, void *data) {
    struct nested_input *in = wl_container_of(l, in, touch_up);
    struct wlr_event_touch_up *ev = data;
    held_remove(&in->fingers, (uint32_t)ev->touch_id);
    slate_nested_emit_touch(in->comp, SLATE_INPUT_TOUCH_UP, ev->touch_id, 0, 0, ev->time_msec);
}

const char *slate_comp_gone_device_name(slate_comp *comp) { return comp->gone_device_name; }

/// What kind of device `in` is, as `SLATE_INPUT_DEVICE_GONE` names it.
static slate_device_kind device_kind(struct nested_input *in) {
    switch (in->device->type) {
    case WLR_INPUT_DEVICE_TOUCH: return SLATE_DEVICE_TOUCHSCREEN;
    case WLR_INPUT_DEVICE_TABLET_TOOL: return SLATE_DEVICE_PEN;
    case WLR_INPUT_DEVICE_KEYBOARD: return in->typing ? SLATE_DEVICE_KEYBOARD : SLATE_DEVICE_BUTTONS;
    default: return SLATE_DEVICE_POINTER;
    }
}

/// The device went away (unplugged, its driver gone): what was held on it is let go — a finger or
/// the pen's tip cancelled (lifting it would tap), buttons and keys released (else Shift stays down)
/// — and, outside a nested window, the shell is told which device went.
static void device_gone(struct nested_input *in) {
    slate_comp *comp = in->comp;
    if (comp->ending) return;
    for (int i = 0; i < in->fingers.count; i++)
        slate_nested_emit(comp, SLATE_INPUT_TOUCH_CANCEL, (int)in->fingers.items[i], 0, 0, 0);
    for (int i = 0; i < in->buttons.count; i++) slate_nested_emit(comp, SLATE_INPUT_BUTTON_UP, 0, 0, 0, in->buttons.items[i]);
    for (int i = 0; i < in->keys.count; i++) slate_nested_emit(comp, SLATE_INPUT_KEY_UP, 0, 0, 0, in->keys.items[i]);
    if (in->device->type == WLR_INPUT_DEVICE_TABLET_TOOL && comp->pen_down) {
        comp->pen_down = 0;
        slate_nested_emit(comp, SLATE_INPUT_TOUCH_CANCEL, SLATE_PEN_TOUCH_ID, 0, 0, 0);
    }
    // (A nested window's devices are the desktop's seat's, not the person's tablet's.)
    if (comp->backend_kind == SLATE_BACKEND_NESTED) return;
    snprintf(comp->gone_device_name, sizeof(comp->gone_device_name), "%s", in->device->name ? in->device->name : "");
    slate_nested_emit(comp, SLATE_INPUT_DEVICE_GONE, 0, 0, 0, (uint32_t)device_kind(in));
}

static void nested_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct nested_input *in = wl_container_of(l, in, destroy);
    device_gone(in);
    wl_list_remove(&in->destroy.link);
    wl_list_remove(&in->link);
    switch (in->device->type) {
    case WLR_INPUT_DEVICE_POINTER:
        wl_list_remove(&in->motion.link);
        wl_list_remove(&in->motion_abs.link);
        wl_list_remove(&in->button.link);
        wl_list_remove(&in->axis.link);
        slate_gestures_stop(&in->gestures);
        break;
    case WLR_INPUT_DEVICE_KEYBOARD:
        wl_list_remove(&in->key.link);
        if (in->typing) {
            in->comp->typing_keyboards--;
            slate_nested_emit(in->comp, SLATE_INPUT_KEYBOARDS_CHANGED, 0, 0, 0, (uint32_t)in->comp->typing_keyboards);
        }
        break;
    case WLR_INPUT_DEVICE_TOUCH:
        wl_list_remove(&in->touch_down.link);
        wl_list_remove(&in->touch_motion.link);
        wl_list_remove(&in->touch_up.link);
        break;
    case WLR_INPUT_DEVICE_TABLET_TOOL:
        wl_list_remove(&in->tip.link);
        wl_list_remove(&in->tool_axis.link);
        wl_list_remove(&in->tool_button.link);
        break;
    default:
        break;
    }
    free(in);
}

void slate_on_new_input(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_input);
    slate_input_attach(comp, data);
}

void slate_input_attach(slate_comp *comp, struct wlr_input_device *dev) {
    if (dev == comp->keyboard_device) return;
    struct nested_input *in = calloc(1, sizeof(*in));
    if (!in) return;
    in->comp = comp;
    in->device = dev;
    switch (dev->type) {
    case WLR_INPUT_DEVICE_POINTER:
        in->motion.notify = nested_on_motion;
        wl_signal_add(&dev->pointer->events.motion, &in->motion);
        in->motion_abs.notify = nested_on_motion_abs;
        wl_signal_add(&dev->pointer->events.motion_absolute, &in->motion_abs);
        in->button.notify = nested_on_button;
        wl_signal_add(&dev->pointer->events.button, &in->button);
        slate_gestures_listen(in->comp, &in->gestures, dev->pointer);
        in->axis.notify = nested_on_axis;
        wl_signal_add(&dev->pointer->events.axis, &in->axis);
        break;
    case WLR_INPUT_DEVICE_KEYBOARD:
        wlr_keyboard_set_keymap(dev->keyboard, comp->keymap);
        in->key.notify = nested_on_key;
        wl_signal_add(&dev->keyboard->events.key, &in->key);
        if ((in->typing = is_typing_keyboard(dev))) {
            comp->typing_keyboards++;
            slate_nested_emit(comp, SLATE_INPUT_KEYBOARDS_CHANGED, 0, 0, 0, (uint32_t)comp->typing_keyboards);
        }
        break;
    case WLR_INPUT_DEVICE_TOUCH:
        in->touch_down.notify = nested_on_touch_down;
        wl_signal_add(&dev->touch->events.down, &in->touch_down);
        in->touch_motion.notify = nested_on_touch_motion;
        wl_signal_add(&dev->touch->events.motion, &in->touch_motion);
        in->touch_up.notify = nested_on_touch_up;
        wl_signal_add(&dev->touch->events.up, &in->touch_up);
        break;
    case WLR_INPUT_DEVICE_TABLET_TOOL:
        slate_tablet_attach(comp, dev);
        in->tip.notify = nested_on_tip;
        wl_signal_add(&dev->tablet->events.tip, &in->tip);
        in->tool_axis.notify = nested_on_tool_axis;
        wl_signal_add(&dev->tablet->events.axis, &in->tool_axis);
        in->tool_button.notify = nested_on_tool_button;
        wl_signal_add(&dev->tablet->events.button, &in->tool_button);
        break;
    default:
        free(in);
        return;
    }
    in->destroy.notify = nested_on_destroy;
    wl_signal_add(&dev->events.destroy, &in->destroy);
    wl_list_insert(&comp->nested_inputs, &in->link);
}

// ---- Tests: devices on the headless backend ------------------------------------------------------

void *slate_comp_headless_add_touchscreen(slate_comp *comp) {
    if (comp->backend_kind != SLATE_BACKEND_HEADLESS) return NULL;
    return wlr_headless_add_input_device(comp->backend, WLR_INPUT_DEVICE_TOUCH);
}

void slate_comp_headless_touch(slate_comp *comp, void *touchscreen, int down, int id, double x, double y) {
    struct wlr_input_device *dev = touchscreen;
    if (!dev || dev->type != WLR_INPUT_DEVICE_TOUCH || comp->width <= 0 || comp->height <= 0) return;
    if (down) {
        struct wlr_event_touch_down ev = {
            .device = dev, .time_msec = slate_comp_now_msec(), .touch_id = id, .x = x / comp->width, .y = y / comp->height};
        wl_signal_emit(&dev->touch->events.down, &ev);
    } else {
        struct wlr_event_touch_up ev = {.device = dev, .time_msec = slate_comp_now_msec(), .touch_id = id};
        wl_signal_emit(&dev->touch->events.up, &ev);
    }
}

void slate_comp_headless_remove_input(void *device) {
    if (device) wlr_input_device_destroy(device);
}
