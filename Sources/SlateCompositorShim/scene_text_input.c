// Text input in Slate's scene protocol (version 3): an app process's field taking text, kept beside
// its scene, read by the shell's keyboard on the glass, which types into it with text_input and
// text_action events — as programs are typed into over zwp_text_input_v3 (text_input.c).
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "scene_text_input.h"
#include "slate-scene-v1-protocol.h"
#include "slate_text_input.h"

// The header's enums are the scene protocol's values: the same numbers on the wire.
_Static_assert((int)SLATE_TEXT_KEYBOARD_NUMBERS_AND_PUNCTUATION == (int)SLATE_SCENE_V1_KEYBOARD_NUMBERS_AND_PUNCTUATION,
               "keyboard");
_Static_assert((int)SLATE_TEXT_RETURN_JOIN == (int)SLATE_SCENE_V1_RETURN_KEY_JOIN, "return key");
_Static_assert((int)SLATE_TEXT_CAPITALS_ALL == (int)SLATE_SCENE_V1_CAPITALS_ALL, "capitals");
_Static_assert((int)SLATE_SCENE_TEXT_RESIGN == (int)SLATE_SCENE_V1_TEXT_ACTION_RESIGN, "text action");

/// The most text before the caret a scene may send, in bytes.
enum { TEXT_BEFORE_MAX = 1024 };

/// One scene's field (kept while the scene object lives).
struct scene_field {
    struct wl_resource *scene;
    struct wl_listener destroy;
    uint32_t enabled, keyboard, return_key, capitals, flags;
    char *text_before;
};

static void field_on_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct scene_field *f = wl_container_of(l, f, destroy);
    wl_list_remove(&f->destroy.link);
    free(f->text_before);
    free(f);
}

/// The scene's field, made on first use (NULL when out of memory or the scene has none yet).
static struct scene_field *field_of(struct wl_resource *scene, int make) {
    struct wl_listener *l = wl_resource_get_destroy_listener(scene, field_on_destroy);
    if (l) {
        struct scene_field *f = wl_container_of(l, f, destroy);
        return f;
    }
    if (!make) return NULL;
    struct scene_field *f = calloc(1, sizeof(*f));
    if (!f) return NULL;
    f->scene = scene;
    f->destroy.notify = field_on_destroy;
    wl_resource_add_destroy_listener(scene, &f->destroy);
    return f;
}

void slate_scene_set_text_input(slate_comp *comp, slate_view *view, struct wl_resource *resource, uint32_t enabled,
                                uint32_t keyboard, uint32_t return_key, uint32_t capitals, uint32_t flags,
                                const char *text_before) {
    if (keyboard > SLATE_SCENE_V1_KEYBOARD_NUMBERS_AND_PUNCTUATION || return_key > SLATE_SCENE_V1_RETURN_KEY_JOIN ||
        capitals > SLATE_SCENE_V1_CAPITALS_ALL || strlen(text_before) > TEXT_BEFORE_MAX) {
        wl_resource_post_error(resource, SLATE_SCENE_V1_ERROR_INVALID_TEXT_INPUT,
                               "unknown keyboard, return key or capitals, or text over %d bytes", TEXT_BEFORE_MAX);
        return;
    }
    struct scene_field *f = field_of(resource, 1);
    char *copy = strdup(text_before);
    if (!f || !copy) {
        free(copy);
        wl_client_post_no_memory(wl_resource_get_client(resource));
        return;
    }
    int was = f->enabled != 0;
    free(f->text_before);
    f->text_before = copy;
    f->enabled = enabled != 0;
    f->keyboard = keyboard;
    f->return_key = return_key;
    f->capitals = capitals;
    f->flags = flags;
    // The owner hears of it through the same handler as programs' fields.
    if (comp && view && (was || f->enabled))
        slate_text_input_notify(comp, view,
                                !f->enabled ? SLATE_TEXT_INPUT_DISABLED
                                            : (was ? SLATE_TEXT_INPUT_CHANGED : SLATE_TEXT_INPUT_ENABLED));
}

int slate_view_scene_text_input(slate_view *view, slate_scene_text_input_info *info) {
    struct wl_resource *scene = slate_scene_resource(view);
    struct scene_field *f = scene ? field_of(scene, 0) : NULL;
    if (!f || !f->enabled) return 0;
    // (Each checked against the protocol's range when the app set it.)
    info->keyboard = (slate_text_keyboard)f->keyboard;
    info->return_key = (slate_text_return_key)f->return_key;
    info->capitals = (slate_text_capitals)f->capitals;
    info->flags = f->flags;
    info->text_before = f->text_before ? f->text_before : "";
    return 1;
}

void slate_view_scene_text_input_send(slate_view *view, uint32_t delete_before, const char *commit,
                                      const char *preedit) {
    struct wl_resource *scene = slate_scene_resource(view);
    if (!scene || wl_resource_get_version(scene) < SLATE_SCENE_V1_TEXT_INPUT_SINCE_VERSION) return;
    slate_scene_v1_send_text_input(scene, delete_before, commit ? commit : "", preedit ? preedit : "");
}

void slate_view_scene_text_action(slate_view *view, slate_scene_text_action action) {
    struct wl_resource *scene = slate_scene_resource(view);
    if (!scene || wl_resource_get_version(scene) < SLATE_SCENE_V1_TEXT_ACTION_SINCE_VERSION) return;
    slate_scene_v1_send_text_action(scene, (uint32_t)action);
}
