// The output: the one screen Slate shows its frame on, and the pace it sets.
//
// The shell draws its frame on the CPU; this puts it on the screen. On the headless backend the
// shell's own pixels are handed to wlroots as the output's buffer (nothing is copied: screencopy
// and presentation feedback see them as they are). On the nested and session backends only what
// changed is uploaded, and only the rectangles the output's buffer lacks (by its age) are drawn.
//
// The output's `frame` event says when the next frame may be drawn: the headless output's timer,
// the desktop's frame callback for a nested window, the panel's page flip on the session backend.
// The shell draws on it and only then tells clients their frames were shown, so the display's
// refresh paces the shell and every program.
#include "internal.h"

#include <wlr/interfaces/wlr_output.h>
#include <wlr/types/wlr_gamma_control_v1.h>
#include <wlr/types/wlr_output_power_management_v1.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/types/wlr_xdg_output_v1.h>

// ---- The shell's frame as a buffer --------------------------------------------------------------

/// The shell's frame as a wlroots buffer: its pixels read (and, by screencopy's renderer, bound) in
/// place. The pointer is set anew before each present; wlroots' renderers look it up each time.
struct slate_frame_buffer {
    struct wlr_buffer base;
    uint8_t *pixels;
    size_t stride;
};

static void frame_buffer_destroy(struct wlr_buffer *buffer) {
    struct slate_frame_buffer *frame = wl_container_of(buffer, frame, base);
    free(frame);
}

static bool frame_buffer_begin_access(struct wlr_buffer *buffer, uint32_t flags, void **data, uint32_t *format,
                                      size_t *stride) {
    (void)flags;
    struct slate_frame_buffer *frame = wl_container_of(buffer, frame, base);
    if (!frame->pixels) return false;
    *data = frame->pixels;
    *format = DRM_FORMAT_ARGB8888;
    *stride = frame->stride;
    return true;
}

static void frame_buffer_end_access(struct wlr_buffer *buffer) { (void)buffer; }

static const struct wlr_buffer_impl frame_buffer_impl = {
    .destroy = frame_buffer_destroy,
    .begin_data_ptr_access = frame_buffer_begin_access,
    .end_data_ptr_access = frame_buffer_end_access,
};

/// Lets go of the frame buffer and the texture made from it (a new size, or the output went).
static void drop_frame_buffer(slate_comp *comp) {
    if (comp->frame_texture) wlr_texture_destroy(comp->frame_texture);
    comp->frame_texture = NULL;
    if (comp->frame_buffer) wlr_buffer_drop(&comp->frame_buffer->base);
    comp->frame_buffer = NULL;
    for (int i = 0; i < SLATE_DAMAGE_RING; i++) pixman_region32_clear(&comp->damage_ring[i]);
}

/// The frame buffer over `pixels`, made (again) when the size changed. NULL when out of memory.
static struct slate_frame_buffer *frame_buffer_for(slate_comp *comp, uint8_t *pixels, int width, int height,
                                                   int stride) {
    struct slate_frame_buffer *frame = comp->frame_buffer;
    if (frame && (frame->base.width != width || frame->base.height != height || frame->stride != (size_t)stride)) {
        drop_frame_buffer(comp);
        frame = NULL;
    }
    if (!frame) {
        frame = calloc(1, sizeof(*frame));
        if (!frame) return NULL;
        wlr_buffer_init(&frame->base, &frame_buffer_impl, width, height);
        frame->stride = (size_t)stride;
        comp->frame_buffer = frame;
    }
    frame->pixels = pixels;
    return frame;
}

// ---- Output -------------------------------------------------------------------------------------

static void on_output_frame(struct wl_listener *l, void *data) {
    // The output can take the next frame: the time to draw it.
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, output_frame);
    comp->frame_pending = 0;
    comp->frame_due = 1;
    comp->output_frames++;
}

/// Every rectangle of the screen drawn again with the next frame (what it holds is not known).
static void damage_whole(slate_comp *comp) {
    for (int i = 0; i < SLATE_DAMAGE_RING; i++) {
        pixman_region32_fini(&comp->damage_ring[i]);
        pixman_region32_init_rect(&comp->damage_ring[i], 0, 0, (unsigned)comp->width, (unsigned)comp->height);
    }
}

static void on_output_destroy(struct wl_listener *l, void *data) {
    // The nested window was closed, or the panel went (unplugged, its connector turned off).
    (void)data;
    slate_comp *comp = wl_container_of(l, comp, output_destroy);
    wl_list_remove(&comp->output_frame.link);
    wl_list_remove(&comp->output_destroy.link);
    slate_layers_output_gone(comp);
    drop_frame_buffer(comp);
    comp->output = NULL;
    comp->frame_pending = 0;
    comp->frame_due = 0;
    if (comp->ending) return;
    // A window closed ends the run; a panel gone is waited for (a tablet's own panel comes back, a
    // dock's monitor is plugged in again), the programs and the session carrying on meanwhile.
    slate_nested_emit(comp, comp->backend_kind == SLATE_BACKEND_NESTED ? SLATE_INPUT_CLOSE_REQUESTED
                                                                       : SLATE_INPUT_SCREEN_GONE,
                      0, 0, 0, 0);
}

int slate_output_setup(slate_comp *comp, struct wlr_output *output, char *err, size_t err_len) {
    if (!wlr_output_init_render(output, comp->allocator, comp->renderer)) {
        snprintf(err, err_len, "cannot set up drawing on the output");
        return -1;
    }
    if (comp->backend_kind == SLATE_BACKEND_NESTED) {
        wlr_output_set_custom_mode(output, comp->width, comp->height, 0);
    } else if (comp->backend_kind == SLATE_BACKEND_SESSION) {
        // The whole panel, at the mode it prefers (its native resolution).
        struct wlr_output_mode *mode = wlr_output_preferred_mode(output);
        if (mode) {
            wlr_output_set_mode(output, mode);
            comp->width = mode->width;
            comp->height = mode->height;
        } else {
            comp->width = output->width;
            comp->height = output->height;
        }
        comp->cursor_x = comp->width / 2.0;
        comp->cursor_y = comp->height / 2.0;
    }
    wlr_output_set_scale(output, (float)comp->scale);
    wlr_output_enable(output, true);
    int lit = comp->backend_kind != SLATE_BACKEND_HEADLESS && wlr_output_attach_render(output, NULL);
    if (lit) {
        // A window's (or a screen's) output is enabled with a first (black) frame.
        wlr_renderer_begin(comp->renderer, (uint32_t)comp->width, (uint32_t)comp->height);
        wlr_renderer_clear(comp->renderer, (float[4]){0, 0, 0, 1});
        wlr_renderer_end(comp->renderer);
    }
    if (!wlr_output_commit(output)) {
        snprintf(err, err_len, "the output refused its mode %dx%d", comp->width, comp->height);
        return -1;
    }
    wlr_output_create_global(output);
    comp->output_frame.notify = on_output_frame;
    wl_signal_add(&output->events.frame, &comp->output_frame);
    comp->output_destroy.notify = on_output_destroy;
    wl_signal_add(&output->events.destroy, &comp->output_destroy);
    comp->output = output;
    wlr_output_layout_add_auto(comp->layout, output);
    // The first frame is drawn whole: at once headless, else once the black one is shown (a frame
    // committed before the output's frame event would be refused).
    comp->screen_off = 0;
    comp->frame_pending = lit;
    comp->frame_due = !lit;
    damage_whole(comp);
    return 0;
}

void slate_on_new_output(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_output);
    if (comp->output) return;  // one screen
    char err[128];
    if (slate_output_setup(comp, data, err, sizeof err) != 0) {
        wlr_log(WLR_ERROR, "slate: %s", err);
        return;
    }
    // A screen again after one went: the shell draws all of it, at its size (which may be new).
    if (comp->had_output) slate_nested_emit(comp, SLATE_INPUT_SCREEN_RESTORED, 0, comp->width, comp->height, 0);
    comp->had_output = 1;
}

void slate_comp_remove_output(slate_comp *comp) {
    if (comp->output) wlr_output_destroy(comp->output);
}

int slate_comp_headless_add_output(slate_comp *comp, int width, int height) {
    if (comp->backend_kind != SLATE_BACKEND_HEADLESS || comp->output) return -1;
    comp->width = width;
    comp->height = height;
    return wlr_headless_add_output(comp->backend, (unsigned)width, (unsigned)height) && comp->output ? 0 : -1;
}

void slate_comp_output_size(slate_comp *comp, int *width, int *height) {
    *width = comp->output ? comp->width : 0;
    *height = comp->output ? comp->height : 0;
}

void slate_comp_set_scale(slate_comp *comp, double scale) {
    comp->scale = scale > 0 ? scale : 1;
    if (!comp->output) return;
    wlr_output_set_scale(comp->output, (float)comp->scale);
    wlr_output_commit(comp->output);
}

void slate_comp_set_title(slate_comp *comp, const char *title) {
    struct wlr_output *o = comp->output;
    if (!o || !title) return;
    if (wlr_output_is_x11(o)) wlr_x11_output_set_title(o, title);
    else if (wlr_output_is_wl(o)) wlr_wl_output_set_title(o, title);
}

// ---- Pace ---------------------------------------------------------------------------------------

int slate_comp_take_frame(slate_comp *comp) {
    int due = comp->frame_due && comp->output && !comp->screen_off;
    comp->frame_due = 0;
    return due;
}

int slate_comp_schedule_frame(slate_comp *comp) {
    if (!comp->output || comp->screen_off) return 0;
    // The headless output's timer asks at its refresh whatever happens; the nested window and the
    // panel say nothing while nothing is shown: an idle output can take a frame at once, a busy
    // one asks when it has shown the last.
    if (comp->backend_kind != SLATE_BACKEND_HEADLESS && !comp->frame_pending) comp->frame_due = 1;
    return comp->frame_due;
}

uint64_t slate_comp_output_frames(slate_comp *comp) { return comp->output_frames; }

int slate_comp_screencopy_pending(slate_comp *comp) {
    // Locked, no copy is made: each fails now, and no frame is drawn for them.
    if (comp->locked) {
        slate_lock_refuse_copies(comp);
        return 0;
    }
    return comp->screencopy && !wl_list_empty(&comp->screencopy->frames);
}

int slate_comp_output_refresh(slate_comp *comp) { return comp->output ? comp->output->refresh : 0; }

// ---- Present ------------------------------------------------------------------------------------

/// The region to draw into a buffer `age` frames old: this frame's damage and the frames' since.
static void damage_for_age(slate_comp *comp, pixman_region32_t *damage, int age, pixman_region32_t *out) {
    pixman_region32_copy(out, damage);
    if (age <= 0 || age > SLATE_DAMAGE_RING + 1) {
        pixman_region32_fini(out);
        pixman_region32_init_rect(out, 0, 0, (unsigned)comp->output->width, (unsigned)comp->output->height);
        return;
    }
    for (int i = 0; i < age - 1; i++) pixman_region32_union(out, out, &comp->damage_ring[i]);
}

/// Remembers this frame's damage for the buffers drawn next.
static void push_damage(slate_comp *comp, pixman_region32_t *damage) {
    for (int i = SLATE_DAMAGE_RING - 1; i > 0; i--) pixman_region32_copy(&comp->damage_ring[i], &comp->damage_ring[i - 1]);
    pixman_region32_copy(&comp->damage_ring[0], damage);
}

/// Puts what changed of the frame into the texture the output is drawn from (the pixman renderer's
/// texture reads the frame in place; a GPU's is uploaded rectangle by rectangle).
static int update_texture(slate_comp *comp, struct slate_frame_buffer *frame, pixman_region32_t *damage) {
    if (comp->frame_texture && !wlr_renderer_is_pixman(comp->renderer)) {
        int n = 0;
        pixman_box32_t *boxes = pixman_region32_rectangles(damage, &n);
        for (int i = 0; i < n; i++) {
            uint32_t x = (uint32_t)boxes[i].x1, y = (uint32_t)boxes[i].y1;
            uint32_t w = (uint32_t)(boxes[i].x2 - boxes[i].x1), h = (uint32_t)(boxes[i].y2 - boxes[i].y1);
            if (!wlr_texture_write_pixels(comp->frame_texture, (uint32_t)frame->stride, w, h, x, y, x, y,
                                          frame->pixels)) {
                wlr_texture_destroy(comp->frame_texture);
                comp->frame_texture = NULL;
                break;
            }
        }
    }
    if (!comp->frame_texture) comp->frame_texture = wlr_texture_from_buffer(comp->renderer, &frame->base);
    return comp->frame_texture ? 0 : -1;
}

int slate_comp_present(slate_comp *comp, uint8_t *pixels, int width, int height, int stride, const int *rects,
                       int count) {
    struct wlr_output *o = comp->output;
    if (!o || comp->frame_pending || comp->screen_off) return -1;
    if (width != o->width || height != o->height) return -1;
    slate_lock_refuse_copies(comp);
    int whole = count < 0 || !comp->frame_buffer || comp->frame_buffer->base.width != width ||
                comp->frame_buffer->base.height != height;
    struct slate_frame_buffer *frame = frame_buffer_for(comp, pixels, width, height, stride);
    if (!frame) return -1;
    pixman_region32_t damage;
    if (whole) {
        pixman_region32_init_rect(&damage, 0, 0, (unsigned)width, (unsigned)height);
    } else {
        pixman_region32_init(&damage);
        for (int i = 0; i < count; i++) {
            const int *r = rects + 4 * i;
            pixman_region32_union_rect(&damage, &damage, r[0], r[1], (unsigned)r[2], (unsigned)r[3]);
        }
        pixman_region32_intersect_rect(&damage, &damage, 0, 0, (unsigned)width, (unsigned)height);
    }
    int ok = 0;
    // Headless, the output's buffer is the shell's frame itself — unless a screen copy is pending,
    // which locks the output to frames drawn into its own buffers.
    int headless = comp->backend_kind == SLATE_BACKEND_HEADLESS;
    if (headless && o->attach_render_locks == 0) {
        wlr_output_attach_buffer(o, &frame->base);
        wlr_output_set_damage(o, &damage);
        ok = wlr_output_commit(o);
        if (ok) {
            // The headless output says its frame was presented from inside the commit, before the
            // commit is counted, so presentation feedback (which waits for the commit first) never
            // hears it: said again once the commit is known, as the frame was shown then.
            struct wlr_output_event_present presented = {
                .commit_seq = o->commit_seq,
                .presented = true,
                .refresh = o->refresh > 0 ? (int)(1000000000000LL / o->refresh) : 0,
            };
            wlr_output_send_present(o, &presented);
        }
    } else {
        if (update_texture(comp, frame, &damage) != 0) {
            pixman_region32_fini(&damage);
            return -1;
        }
        int age = -1;
        if (!wlr_output_attach_render(o, &age)) {
            pixman_region32_fini(&damage);
            return -1;
        }
        pixman_region32_t draw;
        pixman_region32_init(&draw);
        // (Headless, its own buffers' ages do not count the frames shown as the shell's: drawn whole.)
        damage_for_age(comp, &damage, headless ? -1 : age, &draw);
        wlr_renderer_begin(comp->renderer, (uint32_t)o->width, (uint32_t)o->height);
        int n = 0;
        pixman_box32_t *boxes = pixman_region32_rectangles(&draw, &n);
        for (int i = 0; i < n; i++) {
            struct wlr_box box = {boxes[i].x1, boxes[i].y1, boxes[i].x2 - boxes[i].x1, boxes[i].y2 - boxes[i].y1};
            wlr_renderer_scissor(comp->renderer, &box);
            wlr_render_texture(comp->renderer, comp->frame_texture, o->transform_matrix, 0, 0, 1.0f);
        }
        wlr_renderer_scissor(comp->renderer, NULL);
        wlr_renderer_end(comp->renderer);
        pixman_region32_fini(&draw);
        wlr_output_set_damage(o, &damage);
        ok = wlr_output_commit(o);
        if (!ok) wlr_output_rollback(o);
    }
    if (ok) {
        comp->frame_pending = 1;
        push_damage(comp, &damage);
    } else {
        // What the output holds is not known: the next frame is drawn whole.
        for (int i = 0; i < SLATE_DAMAGE_RING; i++) {
            pixman_region32_fini(&comp->damage_ring[i]);
            pixman_region32_init_rect(&comp->damage_ring[i], 0, 0, (unsigned)width, (unsigned)height);
        }
    }
    pixman_region32_fini(&damage);
    return ok ? 0 : -1;
}

// ---- The output's protocols ------------------------------------------------------------------------

int slate_comp_set_screen_power(slate_comp *comp, int on) {
    struct wlr_output *o = comp->output;
    if (!o) return -1;
    if (on == !comp->screen_off) return 0;
    wlr_output_enable(o, on);
    // On again, the panel is lit with a black frame (setting its mode needs a buffer); Slate's own
    // comes at the frame event that follows, drawn whole.
    int lit = on && comp->backend_kind != SLATE_BACKEND_HEADLESS && wlr_output_attach_render(o, NULL);
    if (lit) {
        wlr_renderer_begin(comp->renderer, (uint32_t)comp->width, (uint32_t)comp->height);
        wlr_renderer_clear(comp->renderer, (float[4]){0, 0, 0, 1});
        wlr_renderer_end(comp->renderer);
    }
    int committed = wlr_output_commit(o);
    if (!committed) {
        wlr_output_rollback(o);
        // A panel that refuses stays as it was; a headless output or a window (which cannot be
        // turned off) keeps its last frame, and none is drawn while it is "off".
        if (comp->backend_kind == SLATE_BACKEND_SESSION) {
            wlr_log(WLR_ERROR, "slate: the screen could not be turned %s", on ? "on" : "off");
            return -1;
        }
    }
    comp->screen_off = !on;
    comp->frame_pending = committed && lit;
    comp->frame_due = on && !comp->frame_pending;
    if (on) damage_whole(comp);
    return 0;
}

int slate_comp_screen_is_on(slate_comp *comp) { return comp->output && !comp->screen_off; }

/// A program turns the screen off or on (wlr-output-power-management: swayidle's `dpms`): off, no
/// frame is drawn (the output asks for none); on again, the whole screen is drawn.
static void on_set_power_mode(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, output_power_set_mode);
    struct wlr_output_power_v1_set_mode_event *event = data;
    if (event->output != comp->output) return;
    int on = event->mode == ZWLR_OUTPUT_POWER_V1_MODE_ON;
    if (slate_comp_set_screen_power(comp, on) == 0 && on) slate_nested_emit(comp, SLATE_INPUT_SCREEN_RESTORED, 0, comp->width, comp->height, 0);
}

int slate_output_protocols_init(slate_comp *comp) {
    comp->layout = wlr_output_layout_create();
    if (!comp->layout || !wlr_xdg_output_manager_v1_create(comp->display, comp->layout)) return -1;
    comp->presentation = wlr_presentation_create(comp->display, comp->backend);
    if (!comp->presentation) return -1;
    // Screenshots and recordings (grim, wf-recorder, xdg-desktop-portal-wlr): a copy is made at the
    // next frame shown, which the shell then shows even at rest (`slate_comp_screencopy_pending`).
    comp->screencopy = wlr_screencopy_manager_v1_create(comp->display);
    if (!comp->screencopy) return -1;
    // Night-light programs (wlsunset, gammastep); a backend without gamma tables answers `failed`.
    if (!wlr_gamma_control_manager_v1_create(comp->display)) return -1;
    struct wlr_output_power_manager_v1 *power = wlr_output_power_manager_v1_create(comp->display);
    if (!power) return -1;
    comp->output_power_set_mode.notify = on_set_power_mode;
    wl_signal_add(&power->events.set_mode, &comp->output_power_set_mode);
    return 0;
}

void slate_output_sampled(slate_comp *comp, struct wlr_surface *surface) {
    if (comp->output && comp->presentation) wlr_presentation_surface_sampled_on_output(comp->presentation, surface, comp->output);
}

void slate_output_init(slate_comp *comp) {
    for (int i = 0; i < SLATE_DAMAGE_RING; i++) pixman_region32_init(&comp->damage_ring[i]);
}

void slate_output_finish(slate_comp *comp) {
    drop_frame_buffer(comp);
    if (comp->layout) wlr_output_layout_destroy(comp->layout);
    comp->layout = NULL;
    for (int i = 0; i < SLATE_DAMAGE_RING; i++) pixman_region32_fini(&comp->damage_ring[i]);
}
