// Tablets (zwp_tablet_manager_v2): a pen's pressure, tilt and buttons reach the program it writes
// in, as Apple Pencil's do an iPad app that reads them. The pen still goes through the shell as a
// finger (SLATE_PEN_TOUCH_ID: the shell's gestures, its own views); where the shell hands that
// finger to a program's window, a program that bound the tablet protocol gets the pen there —
// proximity, down, motion with pressure and tilt, up — and one that did not gets a touch, as an
// iPad app without Pencil support does. A backend's tablet (libinput's, on `slate session`) is
// told to programs as it joins; on a backend with none, the shell's own pen is made the first time
// the shell's input gives pressure or tilt (scripts and tests).
#include "internal.h"

#include <wlr/interfaces/wlr_input_device.h>
#include <wlr/interfaces/wlr_tablet_tool.h>
#include <wlr/types/wlr_tablet_v2.h>

/// The shell's own pen, on a backend with no tablet: a tablet device and its one tool.
struct shell_pen {
    struct wlr_input_device device;
    struct wlr_tablet tablet;
    struct wlr_tablet_tool tool;
};

struct slate_pen {
    struct wlr_tablet_manager_v2 *manager;
    /// The tablet programs hear the pen on (the last that joined), and its tool (the last used).
    struct wlr_tablet_v2_tablet *tablet;
    struct wlr_tablet_tool *wlr_tool;
    struct wlr_tablet_v2_tablet_tool *tool;
    struct wl_listener tablet_gone, tool_gone;
    /// The pen's pressure (0…1) and tilt (degrees) now.
    double pressure, tilt_x, tilt_y;
    /// The surface the pen writes in (in proximity, tip down), NULL when none.
    struct wlr_surface *surface;
    struct wl_listener surface_gone;
    struct shell_pen *shell_pen;
};

static void forget_surface(struct slate_pen *pen) {
    if (!pen->surface) return;
    wl_list_remove(&pen->surface_gone.link);
    pen->surface = NULL;
}

static void on_surface_gone(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_pen *pen = wl_container_of(l, pen, surface_gone);
    forget_surface(pen);
}

static void on_tablet_gone(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_pen *pen = wl_container_of(l, pen, tablet_gone);
    wl_list_remove(&pen->tablet_gone.link);
    wl_list_init(&pen->tablet_gone.link);
    pen->tablet = NULL;
    forget_surface(pen);
}

static void on_tool_gone(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_pen *pen = wl_container_of(l, pen, tool_gone);
    wl_list_remove(&pen->tool_gone.link);
    wl_list_init(&pen->tool_gone.link);
    pen->tool = NULL;
    pen->wlr_tool = NULL;
    forget_surface(pen);
}

int slate_tablet_init(slate_comp *comp) {
    struct slate_pen *pen = calloc(1, sizeof(*pen));
    if (!pen) return -1;
    pen->manager = wlr_tablet_v2_create(comp->display);
    if (!pen->manager) {
        free(pen);
        return -1;
    }
    wl_list_init(&pen->tablet_gone.link);
    wl_list_init(&pen->tool_gone.link);
    pen->tablet_gone.notify = on_tablet_gone;
    pen->tool_gone.notify = on_tool_gone;
    pen->surface_gone.notify = on_surface_gone;
    comp->pen = pen;
    return 0;
}

// wlroots destroys the device's tablet first (through its impl: without one it would free the
// tablet, which is part of `struct shell_pen`), then the device, which frees the whole.
static void shell_pen_tablet_destroy(struct wlr_tablet *tablet) { (void)tablet; }
static void shell_pen_destroy(struct wlr_input_device *dev) {
    struct shell_pen *sp = wl_container_of(dev, sp, device);
    free(sp);
}
static const struct wlr_input_device_impl shell_pen_device_impl = {.destroy = shell_pen_destroy};
static const struct wlr_tablet_impl shell_pen_tablet_impl = {.destroy = shell_pen_tablet_destroy};

void slate_tablet_finish(slate_comp *comp) {
    struct slate_pen *pen = comp->pen;
    if (!pen) return;
    forget_surface(pen);
    if (pen->shell_pen) {
        wl_signal_emit(&pen->shell_pen->tool.events.destroy, &pen->shell_pen->tool);
        wlr_input_device_destroy(&pen->shell_pen->device);
    }
    wl_list_remove(&pen->tablet_gone.link);
    wl_list_remove(&pen->tool_gone.link);
    comp->pen = NULL;
    free(pen);
}

void slate_tablet_attach(slate_comp *comp, struct wlr_input_device *dev) {
    struct slate_pen *pen = comp->pen;
    if (!pen) return;
    struct wlr_tablet_v2_tablet *tablet = wlr_tablet_create(pen->manager, comp->seat, dev);
    if (!tablet) return;
    forget_surface(pen);
    wl_list_remove(&pen->tablet_gone.link);
    wl_signal_add(&dev->events.destroy, &pen->tablet_gone);
    pen->tablet = tablet;
}

void slate_tablet_tool_seen(slate_comp *comp, struct wlr_tablet_tool *tool) {
    struct slate_pen *pen = comp->pen;
    if (!pen || !tool || tool == pen->wlr_tool) return;
    struct wlr_tablet_v2_tablet_tool *v2 = wlr_tablet_tool_create(pen->manager, comp->seat, tool);
    if (!v2) return;
    forget_surface(pen);
    wl_list_remove(&pen->tool_gone.link);
    wl_signal_add(&tool->events.destroy, &pen->tool_gone);
    pen->wlr_tool = tool;
    pen->tool = v2;
}

/// Sends the pen's pressure and tilt to the surface it writes in.
static void send_axes(struct slate_pen *pen) {
    if (!pen->surface || !pen->tool) return;
    if (pen->wlr_tool->pressure) wlr_send_tablet_v2_tablet_tool_pressure(pen->tool, pen->pressure);
    if (pen->wlr_tool->tilt) wlr_send_tablet_v2_tablet_tool_tilt(pen->tool, pen->tilt_x, pen->tilt_y);
}

void slate_tablet_axes(slate_comp *comp, struct wlr_event_tablet_tool_axis *ev) {
    struct slate_pen *pen = comp->pen;
    if (!pen) return;
    if (ev->updated_axes & WLR_TABLET_TOOL_AXIS_PRESSURE) pen->pressure = ev->pressure;
    if (ev->updated_axes & WLR_TABLET_TOOL_AXIS_TILT_X) pen->tilt_x = ev->tilt_x;
    if (ev->updated_axes & WLR_TABLET_TOOL_AXIS_TILT_Y) pen->tilt_y = ev->tilt_y;
    // A change of pressure or tilt alone (the place comes with the shell's motion).
    if (!(ev->updated_axes & (WLR_TABLET_TOOL_AXIS_X | WLR_TABLET_TOOL_AXIS_Y))) send_axes(pen);
}

void slate_tablet_button(slate_comp *comp, struct wlr_event_tablet_tool_button *ev) {
    struct slate_pen *pen = comp->pen;
    if (!pen || !pen->surface || !pen->tool) return;
    wlr_send_tablet_v2_tablet_tool_button(pen->tool, ev->button,
                                          ev->state == WLR_BUTTON_PRESSED ? ZWP_TABLET_PAD_V2_BUTTON_STATE_PRESSED
                                                                          : ZWP_TABLET_PAD_V2_BUTTON_STATE_RELEASED);
}

void slate_comp_pen_axes(slate_comp *comp, double pressure, double tilt_x, double tilt_y) {
    struct slate_pen *pen = comp->pen;
    if (!pen) return;
    if (!pen->tablet && !pen->shell_pen) {
        struct shell_pen *sp = calloc(1, sizeof(*sp));
        if (!sp) return;
        wlr_input_device_init(&sp->device, WLR_INPUT_DEVICE_TABLET_TOOL, &shell_pen_device_impl, "Slate pen", 0, 0);
        wlr_tablet_init(&sp->tablet, &shell_pen_tablet_impl);
        sp->device.tablet = &sp->tablet;
        sp->tool.type = WLR_TABLET_TOOL_TYPE_PEN;
        sp->tool.pressure = true;
        sp->tool.tilt = true;
        wl_signal_init(&sp->tool.events.destroy);
        pen->shell_pen = sp;
        slate_tablet_attach(comp, &sp->device);
        slate_tablet_tool_seen(comp, &sp->tool);
    }
    pen->pressure = pressure < 0 ? 0 : pressure > 1 ? 1 : pressure;
    pen->tilt_x = tilt_x < -90 ? -90 : tilt_x > 90 ? 90 : tilt_x;
    pen->tilt_y = tilt_y < -90 ? -90 : tilt_y > 90 ? 90 : tilt_y;
    send_axes(pen);
}

int slate_comp_has_pen(slate_comp *comp) { return comp->pen && comp->pen->tablet && comp->pen->tool; }

int slate_comp_pen_down(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time) {
    (void)time;
    struct slate_pen *pen = comp->pen;
    if (!view || !slate_view_is_mapped(view) || !slate_comp_has_pen(comp)) return 0;
    double lx, ly;
    struct wlr_surface *target = slate_surface_under(view, sx, sy, &lx, &ly);
    if (!target || !wlr_surface_accepts_tablet_v2(pen->tablet, target)) return 0;
    if (pen->surface != target) {
        if (pen->surface) wlr_send_tablet_v2_tablet_tool_proximity_out(pen->tool);
        forget_surface(pen);
        wlr_send_tablet_v2_tablet_tool_proximity_in(pen->tool, pen->tablet, target);
        pen->surface = target;
        wl_signal_add(&target->events.destroy, &pen->surface_gone);
    }
    wlr_send_tablet_v2_tablet_tool_motion(pen->tool, lx, ly);
    send_axes(pen);
    wlr_send_tablet_v2_tablet_tool_down(pen->tool);
    return 1;
}

void slate_comp_pen_motion(slate_comp *comp, slate_view *view, double sx, double sy, uint32_t time) {
    (void)time;
    struct slate_pen *pen = comp->pen;
    if (!pen || !pen->surface || !pen->tool || !view || !slate_view_is_mapped(view)) return;
    // Where the pen is in the surface it went down in (its implicit grab), wherever it moved.
    double lx, ly;
    struct wlr_surface *under = slate_surface_under(view, sx, sy, &lx, &ly);
    if (under != pen->surface) {
        // Outside that surface: its place relative to it, from the two surfaces' places in the view.
        int ux = 0, uy = 0, px = 0, py = 0;
        for (struct wlr_surface *s = under; s && wlr_surface_is_subsurface(s);) {
            struct wlr_subsurface *sub = wlr_subsurface_from_wlr_surface(s);
            ux += sub->current.x, uy += sub->current.y;
            s = sub->parent;
        }
        for (struct wlr_surface *s = pen->surface; s && wlr_surface_is_subsurface(s);) {
            struct wlr_subsurface *sub = wlr_subsurface_from_wlr_surface(s);
            px += sub->current.x, py += sub->current.y;
            s = sub->parent;
        }
        lx += ux - px;
        ly += uy - py;
    }
    wlr_send_tablet_v2_tablet_tool_motion(pen->tool, lx, ly);
    send_axes(pen);
}

void slate_comp_pen_up(slate_comp *comp, uint32_t time) {
    (void)time;
    struct slate_pen *pen = comp->pen;
    if (!pen || !pen->surface || !pen->tool) return;
    wlr_send_tablet_v2_tablet_tool_up(pen->tool);
    wlr_send_tablet_v2_tablet_tool_proximity_out(pen->tool);
    forget_surface(pen);
}
