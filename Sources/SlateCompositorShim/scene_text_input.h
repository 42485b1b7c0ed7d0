// What scene.c and text_input.c share with scene_text_input.c (not seen by Swift).
#ifndef SLATE_SCENE_TEXT_INPUT_H
#define SLATE_SCENE_TEXT_INPUT_H

#include "internal.h"
#include "slate_text_input.h"

/// slate_scene_v1.set_text_input (version 3) on the scene object `resource`, shown by `view` (NULL
/// before its toplevel's first commit) of the compositor `comp` (NULL once the app's manager is gone):
/// the scene's field taking text, kept beside the scene.
void slate_scene_set_text_input(slate_comp *comp, slate_view *view, struct wl_resource *resource, uint32_t enabled,
                                uint32_t keyboard, uint32_t return_key, uint32_t capitals, uint32_t flags,
                                const char *text_before);
/// The scene object a toplevel shows (NULL for none): scene.c knows its struct.
struct wl_resource *slate_scene_resource(slate_view *view);
/// Tells the owner's text-input handler about `view`'s field (text_input.c).
void slate_text_input_notify(slate_comp *comp, slate_view *view, slate_text_input_event event);

#endif
