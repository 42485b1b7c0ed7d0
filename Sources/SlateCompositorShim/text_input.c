// Programs' text input: zwp_text_input_v3 fields typed into by the shell's keyboard on the glass (the
// owner reads a field and sends it text through slate_text_input.h), and an outside keyboard —
// zwp_input_method_v2 and zwp_virtual_keyboard_v1, as squeekboard and wvkbd speak them — relayed to
// the field while one is bound, as sway and phosh do. Their globals are privileged (privacy.c): only a
// program the person allowed to type sees them, so the one that binds is one the person allowed.
// wlroots 0.15 speaks the protocols; this file keeps which field has the keyboard and carries what
// passes between them.
#include "internal.h"

#include <wlr/types/wlr_input_method_v2.h>
#include <wlr/types/wlr_text_input_v3.h>
#include <wlr/types/wlr_virtual_keyboard_v1.h>

#include "scene_text_input.h"
#include "slate_text_input.h"
#include "text-input-unstable-v3-protocol.h"

struct slate_text_input_relay {
    slate_comp *comp;
    slate_text_input_handler handler;
    void *user;
    struct wl_list inputs;  // struct text_input::link
    /// The outside keyboard serving programs (NULL: none).
    struct wlr_input_method_v2 *input_method;
    struct wl_listener new_text_input, new_input_method, new_virtual_keyboard, focus_change;
    struct wl_listener input_method_commit, input_method_destroy;
};

struct text_input {
    struct slate_text_input_relay *relay;
    struct wlr_text_input_v3 *input;
    struct wl_list link;
    struct wl_listener enable, commit, disable, destroy;
};

struct virtual_keyboard {
    struct slate_text_input_relay *relay;
    struct wlr_virtual_keyboard_v1 *keyboard;
    struct wl_listener key, modifiers, destroy;
};

// ---- Which field -------------------------------------------------------------------------------

static struct wlr_surface *keyboard_surface(struct slate_text_input_relay *relay) {
    return relay->comp->seat->keyboard_state.focused_surface;
}

/// The field that asks for text now: enabled, on the surface with the keyboard.
static struct text_input *active_input(struct slate_text_input_relay *relay) {
    struct wlr_surface *focus = keyboard_surface(relay);
    if (!focus) return NULL;
    struct text_input *ti;
    wl_list_for_each(ti, &relay->inputs, link) {
        if (ti->input->current_enabled && ti->input->focused_surface == focus) return ti;
    }
    return NULL;
}

static slate_view *view_of(slate_comp *comp, struct wlr_surface *surface) {
    if (!surface) return NULL;
    slate_view *view;
    wl_list_for_each(view, &comp->views, link) {
        if (view->kind == SLATE_VIEW_TOPLEVEL && view->xdg->surface == surface) return view;
    }
    return NULL;
}

static void tell(struct slate_text_input_relay *relay, struct text_input *ti, slate_text_input_event event) {
    if (!relay->handler) return;
    relay->handler(relay->user, view_of(relay->comp, ti ? ti->input->focused_surface : NULL), event);
}

// ---- The outside keyboard ----------------------------------------------------------------------

/// Tells the outside keyboard what the field says (its text, its purpose), as one change.
static void relay_state(struct slate_text_input_relay *relay, struct text_input *ti) {
    struct wlr_input_method_v2 *im = relay->input_method;
    if (!im || !ti) return;
    struct wlr_text_input_v3 *input = ti->input;
    if (input->active_features & WLR_TEXT_INPUT_V3_FEATURE_SURROUNDING_TEXT)
        wlr_input_method_v2_send_surrounding_text(im, input->current.surrounding.text ? input->current.surrounding.text : "",
                                                  input->current.surrounding.cursor,
                                                  input->current.surrounding.anchor);
    wlr_input_method_v2_send_text_change_cause(im, input->current.text_change_cause);
    if (input->active_features & WLR_TEXT_INPUT_V3_FEATURE_CONTENT_TYPE)
        wlr_input_method_v2_send_content_type(im, input->current.content_type.hint,
                                              input->current.content_type.purpose);
    wlr_input_method_v2_send_done(im);
}

static void on_input_method_commit(struct wl_listener *l, void *data) {
    struct slate_text_input_relay *relay = wl_container_of(l, relay, input_method_commit);
    struct wlr_input_method_v2 *im = data;
    struct text_input *ti = active_input(relay);
    if (!ti || im != relay->input_method) return;
    struct wlr_text_input_v3 *input = ti->input;
    if (im->current.preedit.text)
        wlr_text_input_v3_send_preedit_string(input, im->current.preedit.text, im->current.preedit.cursor_begin,
                                              im->current.preedit.cursor_end);
    if (im->current.commit_text) wlr_text_input_v3_send_commit_string(input, im->current.commit_text);
    if (im->current.delete.before_length || im->current.delete.after_length)
        wlr_text_input_v3_send_delete_surrounding_text(input, im->current.delete.before_length,
                                                       im->current.delete.after_length);
    wlr_text_input_v3_send_done(input);
}

static void on_input_method_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_text_input_relay *relay = wl_container_of(l, relay, input_method_destroy);
    wl_list_remove(&relay->input_method_commit.link);
    wl_list_remove(&relay->input_method_destroy.link);
    relay->input_method = NULL;
    // The shell's keyboard serves the field again.
    struct text_input *ti = active_input(relay);
    if (ti) tell(relay, ti, SLATE_TEXT_INPUT_CHANGED);
}

static void on_new_input_method(struct wl_listener *l, void *data) {
    struct slate_text_input_relay *relay = wl_container_of(l, relay, new_input_method);
    struct wlr_input_method_v2 *im = data;
    // One outside keyboard at a time (the privacy gate let only programs the person allowed bind it).
    if (relay->input_method) {
        wlr_input_method_v2_send_unavailable(im);
        return;
    }
    relay->input_method = im;
    relay->input_method_commit.notify = on_input_method_commit;
    wl_signal_add(&im->events.commit, &relay->input_method_commit);
    relay->input_method_destroy.notify = on_input_method_destroy;
    wl_signal_add(&im->events.destroy, &relay->input_method_destroy);
    struct text_input *ti = active_input(relay);
    if (ti) {
        wlr_input_method_v2_send_activate(im);
        relay_state(relay, ti);
        // The shell's keyboard yields to it.
        tell(relay, ti, SLATE_TEXT_INPUT_CHANGED);
    }
}

static void virtual_keyboard_on_key(struct wl_listener *l, void *data) {
    struct virtual_keyboard *vk = wl_container_of(l, vk, key);
    struct slate_text_input_relay *relay = vk->relay;
    struct wlr_event_keyboard_key *ev = data;
    struct wlr_seat *seat = relay->comp->seat;
    // The key in the outside keyboard's own keymap, then the seat's keyboard back.
    wlr_seat_set_keyboard(seat, &vk->keyboard->input_device);
    wlr_seat_keyboard_notify_key(seat, ev->time_msec, ev->keycode, ev->state);
    wlr_seat_set_keyboard(seat, relay->comp->keyboard_device);
}

static void virtual_keyboard_on_modifiers(struct wl_listener *l, void *data) {
    (void)data;
    struct virtual_keyboard *vk = wl_container_of(l, vk, modifiers);
    struct slate_text_input_relay *relay = vk->relay;
    struct wlr_seat *seat = relay->comp->seat;
    wlr_seat_set_keyboard(seat, &vk->keyboard->input_device);
    wlr_seat_keyboard_notify_modifiers(seat, &vk->keyboard->input_device.keyboard->modifiers);
    wlr_seat_set_keyboard(seat, relay->comp->keyboard_device);
}

static void virtual_keyboard_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct virtual_keyboard *vk = wl_container_of(l, vk, destroy);
    wl_list_remove(&vk->key.link);
    wl_list_remove(&vk->modifiers.link);
    wl_list_remove(&vk->destroy.link);
    free(vk);
}

static void on_new_virtual_keyboard(struct wl_listener *l, void *data) {
    struct slate_text_input_relay *relay = wl_container_of(l, relay, new_virtual_keyboard);
    struct wlr_virtual_keyboard_v1 *keyboard = data;
    struct virtual_keyboard *vk = calloc(1, sizeof(*vk));
    if (!vk) return;
    vk->relay = relay;
    vk->keyboard = keyboard;
    vk->key.notify = virtual_keyboard_on_key;
    wl_signal_add(&keyboard->input_device.keyboard->events.key, &vk->key);
    vk->modifiers.notify = virtual_keyboard_on_modifiers;
    wl_signal_add(&keyboard->input_device.keyboard->events.modifiers, &vk->modifiers);
    vk->destroy.notify = virtual_keyboard_on_destroy;
    wl_signal_add(&keyboard->events.destroy, &vk->destroy);
}

// ---- Programs' fields --------------------------------------------------------------------------

static void text_input_on_enable(struct wl_listener *l, void *data) {
    (void)data;
    struct text_input *ti = wl_container_of(l, ti, enable);
    if (ti != active_input(ti->relay)) return;
    if (ti->relay->input_method) {
        wlr_input_method_v2_send_activate(ti->relay->input_method);
        relay_state(ti->relay, ti);
    }
    tell(ti->relay, ti, SLATE_TEXT_INPUT_ENABLED);
}

static void text_input_on_commit(struct wl_listener *l, void *data) {
    (void)data;
    struct text_input *ti = wl_container_of(l, ti, commit);
    if (ti != active_input(ti->relay)) return;
    relay_state(ti->relay, ti);
    tell(ti->relay, ti, SLATE_TEXT_INPUT_CHANGED);
}

static void deactivate(struct text_input *ti) {
    if (ti->relay->input_method) {
        wlr_input_method_v2_send_deactivate(ti->relay->input_method);
        wlr_input_method_v2_send_done(ti->relay->input_method);
    }
    tell(ti->relay, ti, SLATE_TEXT_INPUT_DISABLED);
}

static void text_input_on_disable(struct wl_listener *l, void *data) {
    (void)data;
    struct text_input *ti = wl_container_of(l, ti, disable);
    if (ti->input->focused_surface != keyboard_surface(ti->relay)) return;
    deactivate(ti);
}

static void text_input_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct text_input *ti = wl_container_of(l, ti, destroy);
    int was_active = ti == active_input(ti->relay);
    wl_list_remove(&ti->enable.link);
    wl_list_remove(&ti->commit.link);
    wl_list_remove(&ti->disable.link);
    wl_list_remove(&ti->destroy.link);
    wl_list_remove(&ti->link);
    struct slate_text_input_relay *relay = ti->relay;
    free(ti);
    if (!was_active) return;
    // The field went while it took text: the outside keyboard stops, as when it is disabled.
    if (relay->input_method) {
        wlr_input_method_v2_send_deactivate(relay->input_method);
        wlr_input_method_v2_send_done(relay->input_method);
    }
    if (relay->handler) relay->handler(relay->user, NULL, SLATE_TEXT_INPUT_DISABLED);
}

/// Tells a field whether its surface has the keyboard (enter and leave).
static void follow_focus(struct text_input *ti, struct wlr_surface *focus) {
    struct wlr_text_input_v3 *input = ti->input;
    if (input->focused_surface == focus) return;
    if (input->focused_surface) {
        int was_active = input->current_enabled;
        wlr_text_input_v3_send_leave(input);
        if (was_active) deactivate(ti);
    }
    if (focus && wl_resource_get_client(input->resource) == wl_resource_get_client(focus->resource))
        wlr_text_input_v3_send_enter(input, focus);
}

static void on_focus_change(struct wl_listener *l, void *data) {
    struct slate_text_input_relay *relay = wl_container_of(l, relay, focus_change);
    struct wlr_seat_keyboard_focus_change_event *ev = data;
    struct text_input *ti;
    wl_list_for_each(ti, &relay->inputs, link) follow_focus(ti, ev->new_surface);
}

static void on_new_text_input(struct wl_listener *l, void *data) {
    struct slate_text_input_relay *relay = wl_container_of(l, relay, new_text_input);
    struct wlr_text_input_v3 *input = data;
    struct text_input *ti = calloc(1, sizeof(*ti));
    if (!ti) return;
    ti->relay = relay;
    ti->input = input;
    ti->enable.notify = text_input_on_enable;
    wl_signal_add(&input->events.enable, &ti->enable);
    ti->commit.notify = text_input_on_commit;
    wl_signal_add(&input->events.commit, &ti->commit);
    ti->disable.notify = text_input_on_disable;
    wl_signal_add(&input->events.disable, &ti->disable);
    ti->destroy.notify = text_input_on_destroy;
    wl_signal_add(&input->events.destroy, &ti->destroy);
    wl_list_insert(&relay->inputs, &ti->link);
    follow_focus(ti, keyboard_surface(relay));
}

// ---- Made with the compositor ------------------------------------------------------------------

int slate_text_input_init(slate_comp *comp) {
    struct slate_text_input_relay *relay = calloc(1, sizeof(*relay));
    if (!relay) return -1;
    relay->comp = comp;
    wl_list_init(&relay->inputs);
    struct wlr_text_input_manager_v3 *inputs = wlr_text_input_manager_v3_create(comp->display);
    struct wlr_input_method_manager_v2 *methods = wlr_input_method_manager_v2_create(comp->display);
    struct wlr_virtual_keyboard_manager_v1 *keyboards = wlr_virtual_keyboard_manager_v1_create(comp->display);
    if (!inputs || !methods || !keyboards) {
        free(relay);
        return -1;
    }
    relay->new_text_input.notify = on_new_text_input;
    wl_signal_add(&inputs->events.text_input, &relay->new_text_input);
    relay->new_input_method.notify = on_new_input_method;
    wl_signal_add(&methods->events.input_method, &relay->new_input_method);
    relay->new_virtual_keyboard.notify = on_new_virtual_keyboard;
    wl_signal_add(&keyboards->events.new_virtual_keyboard, &relay->new_virtual_keyboard);
    relay->focus_change.notify = on_focus_change;
    wl_signal_add(&comp->seat->keyboard_state.events.focus_change, &relay->focus_change);
    comp->text_input = relay;
    return 0;
}

void slate_text_input_finish(slate_comp *comp) {
    // The display's destruction took the managers and every field; the relay's own memory remains.
    free(comp->text_input);
    comp->text_input = NULL;
}

void slate_text_input_notify(slate_comp *comp, slate_view *view, slate_text_input_event event) {
    if (comp->text_input && comp->text_input->handler) comp->text_input->handler(comp->text_input->user, view, event);
}

// ---- The owner's side --------------------------------------------------------------------------

void slate_text_input_set_handler(slate_comp *comp, slate_text_input_handler handler, void *user) {
    if (!comp->text_input) return;
    comp->text_input->handler = handler;
    comp->text_input->user = user;
}

slate_view *slate_text_input_view(slate_comp *comp) {
    if (!comp->text_input) return NULL;
    struct text_input *ti = active_input(comp->text_input);
    return ti ? view_of(comp, ti->input->focused_surface) : NULL;
}

int slate_text_input_state(slate_comp *comp, slate_text_input_info *info) {
    if (!comp->text_input) return 0;
    struct text_input *ti = active_input(comp->text_input);
    if (!ti) return 0;
    struct wlr_text_input_v3 *input = ti->input;
    uint32_t features = input->active_features;
    uint32_t hint = features & WLR_TEXT_INPUT_V3_FEATURE_CONTENT_TYPE ? input->current.content_type.hint : 0;
    uint32_t purpose = features & WLR_TEXT_INPUT_V3_FEATURE_CONTENT_TYPE ? input->current.content_type.purpose : 0;
    memset(info, 0, sizeof(*info));
    switch (purpose) {
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL: info->keyboard = SLATE_TEXT_KEYBOARD_EMAIL; break;
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_URL: info->keyboard = SLATE_TEXT_KEYBOARD_URL; break;
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DIGITS:
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PIN: info->keyboard = SLATE_TEXT_KEYBOARD_NUMBER; break;
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NUMBER: info->keyboard = SLATE_TEXT_KEYBOARD_DECIMAL; break;
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PHONE: info->keyboard = SLATE_TEXT_KEYBOARD_PHONE; break;
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DATE:
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_TIME:
    case ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DATETIME: info->keyboard = SLATE_TEXT_KEYBOARD_NUMBERS_AND_PUNCTUATION; break;
    default: info->keyboard = SLATE_TEXT_KEYBOARD_LETTERS; break;
    }
    info->secret = purpose == ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PASSWORD || purpose == ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PIN ||
                   (hint & (ZWP_TEXT_INPUT_V3_CONTENT_HINT_HIDDEN_TEXT | ZWP_TEXT_INPUT_V3_CONTENT_HINT_SENSITIVE_DATA));
    info->terminal = purpose == ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_TERMINAL;
    info->multiline = (hint & ZWP_TEXT_INPUT_V3_CONTENT_HINT_MULTILINE) != 0;
    // As an iPad's field does by default: corrections and capitals at the start of sentences, unless
    // the field asks otherwise (hints for case), is secret, or is a terminal (what is typed goes as is).
    // GTK and Qt send no hint for an ordinary field, so a field with none is an ordinary one.
    int plain_text = !info->secret && !info->terminal && info->keyboard == SLATE_TEXT_KEYBOARD_LETTERS;
    info->suggestions = plain_text && purpose != ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NAME;
    if (hint & ZWP_TEXT_INPUT_V3_CONTENT_HINT_UPPERCASE) info->capitals = SLATE_TEXT_CAPITALS_ALL;
    else if (hint & ZWP_TEXT_INPUT_V3_CONTENT_HINT_TITLECASE) info->capitals = SLATE_TEXT_CAPITALS_WORDS;
    else if (hint & ZWP_TEXT_INPUT_V3_CONTENT_HINT_LOWERCASE) info->capitals = SLATE_TEXT_CAPITALS_NONE;
    else if (purpose == ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NAME) info->capitals = SLATE_TEXT_CAPITALS_WORDS;
    else info->capitals = plain_text ? SLATE_TEXT_CAPITALS_SENTENCES : SLATE_TEXT_CAPITALS_NONE;
    if (features & WLR_TEXT_INPUT_V3_FEATURE_SURROUNDING_TEXT) {
        info->surrounding = input->current.surrounding.text ? input->current.surrounding.text : "";
        info->cursor = input->current.surrounding.cursor;
        info->anchor = input->current.surrounding.anchor;
    }
    if (features & WLR_TEXT_INPUT_V3_FEATURE_CURSOR_RECTANGLE) {
        info->has_caret = 1;
        info->caret_x = input->current.cursor_rectangle.x;
        info->caret_y = input->current.cursor_rectangle.y;
        info->caret_width = input->current.cursor_rectangle.width;
        info->caret_height = input->current.cursor_rectangle.height;
    }
    return 1;
}

void slate_text_input_send(slate_comp *comp, const char *preedit, const char *commit, uint32_t delete_before,
                           uint32_t delete_after) {
    if (!comp->text_input) return;
    struct text_input *ti = active_input(comp->text_input);
    if (!ti) return;
    struct wlr_text_input_v3 *input = ti->input;
    if (preedit && *preedit) {
        int32_t end = (int32_t)strlen(preedit);
        wlr_text_input_v3_send_preedit_string(input, preedit, end, end);
    }
    if (commit) wlr_text_input_v3_send_commit_string(input, commit);
    if (delete_before || delete_after) wlr_text_input_v3_send_delete_surrounding_text(input, delete_before, delete_after);
    wlr_text_input_v3_send_done(input);
}

int slate_text_input_has_outside_keyboard(slate_comp *comp) {
    return comp->text_input && comp->text_input->input_method != NULL;
}
