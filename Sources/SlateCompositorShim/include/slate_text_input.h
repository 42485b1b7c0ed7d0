// Text input for Slate's compositor: programs' fields (zwp_text_input_v3) typed into by the keyboard
// on the glass, and an outside keyboard (zwp_input_method_v2 with zwp_virtual_keyboard_v1:
// squeekboard, wvkbd) when the person allowed one. Swift sees these functions, numbers and closed enums.
#ifndef SLATE_TEXT_INPUT_H
#define SLATE_TEXT_INPUT_H

#include <stdint.h>

#include "slate_compositor.h"

/// The keys a field asks for: a program's text-input-v3 content purpose in Slate's terms, and a
/// Slate app's `slate_scene_v1.keyboard` (the same numbers).
typedef enum SLATE_CLOSED_ENUM slate_text_keyboard {
    SLATE_TEXT_KEYBOARD_LETTERS SLATE_SWIFT_NAME(letters) = 0,
    SLATE_TEXT_KEYBOARD_EMAIL SLATE_SWIFT_NAME(email) = 1,
    SLATE_TEXT_KEYBOARD_URL SLATE_SWIFT_NAME(url) = 2,
    /// Digits only (digits, a PIN).
    SLATE_TEXT_KEYBOARD_NUMBER SLATE_SWIFT_NAME(number) = 3,
    /// A number with a decimal separator.
    SLATE_TEXT_KEYBOARD_DECIMAL SLATE_SWIFT_NAME(decimal) = 4,
    SLATE_TEXT_KEYBOARD_PHONE SLATE_SWIFT_NAME(phone) = 5,
    /// Dates and times: the 123 page first.
    SLATE_TEXT_KEYBOARD_NUMBERS_AND_PUNCTUATION SLATE_SWIFT_NAME(numbersAndPunctuation) = 6,
} slate_text_keyboard;

/// When Shift comes on by itself in a field (a Slate app's `slate_scene_v1.capitals`: the same numbers).
typedef enum SLATE_CLOSED_ENUM slate_text_capitals {
    SLATE_TEXT_CAPITALS_NONE SLATE_SWIFT_NAME(none) = 0,
    SLATE_TEXT_CAPITALS_SENTENCES SLATE_SWIFT_NAME(sentences) = 1,
    SLATE_TEXT_CAPITALS_WORDS SLATE_SWIFT_NAME(words) = 2,
    SLATE_TEXT_CAPITALS_ALL SLATE_SWIFT_NAME(all) = 3,
} slate_text_capitals;

/// The return key a Slate app's field asks for (`slate_scene_v1.return_key`).
typedef enum SLATE_CLOSED_ENUM slate_text_return_key {
    SLATE_TEXT_RETURN_DEFAULT SLATE_SWIFT_NAME(standard) = 0,
    SLATE_TEXT_RETURN_GO SLATE_SWIFT_NAME(go) = 1,
    SLATE_TEXT_RETURN_SEARCH SLATE_SWIFT_NAME(search) = 2,
    SLATE_TEXT_RETURN_SEND SLATE_SWIFT_NAME(send) = 3,
    SLATE_TEXT_RETURN_DONE SLATE_SWIFT_NAME(done) = 4,
    SLATE_TEXT_RETURN_NEXT SLATE_SWIFT_NAME(next) = 5,
    SLATE_TEXT_RETURN_JOIN SLATE_SWIFT_NAME(join) = 6,
} slate_text_return_key;

/// What the compositor tells its owner about the focused program's field.
typedef enum SLATE_CLOSED_ENUM slate_text_input_event {
    /// The field asks for text (text-input-v3 enabled on the surface with the keyboard).
    SLATE_TEXT_INPUT_ENABLED SLATE_SWIFT_NAME(enabled) = 0,
    /// It said something new: its text around the caret, its content type, its caret's place.
    SLATE_TEXT_INPUT_CHANGED SLATE_SWIFT_NAME(changed) = 1,
    /// It no longer asks for text (disabled, its surface lost the keyboard, or it went).
    SLATE_TEXT_INPUT_DISABLED SLATE_SWIFT_NAME(disabled) = 2,
} slate_text_input_event;

/// The focused program's field, as `slate_text_input_state` reads it.
typedef struct slate_text_input_info {
    slate_text_keyboard keyboard;
    slate_text_capitals capitals;
    /// A password or other hidden text: no suggestions, no popups.
    int secret;
    int multiline;
    /// Whether the field wants corrections and completions.
    int suggestions;
    /// A terminal: what is typed goes as keys, with nothing guessed.
    int terminal;
    /// The text around the caret (UTF-8) and the caret and selection's other end in it, in bytes;
    /// NULL when the program does not say (then `cursor` and `anchor` are 0).
    const char *surrounding;
    uint32_t cursor, anchor;
    /// The caret's rectangle in the surface's coordinates; `has_caret` 0 when the program does not say.
    int has_caret;
    int caret_x, caret_y, caret_width, caret_height;
} slate_text_input_info;

/// Told of the focused field's events (`slate_text_input_event`); `view` is the toplevel whose
/// surface has the field (NULL when the surface is not a toplevel's, as a popup's).
typedef void (*slate_text_input_handler)(void *user, slate_view *view, slate_text_input_event event);

/// Sets who is told of the focused field's events.
void slate_text_input_set_handler(slate_comp *comp, slate_text_input_handler handler, void *user);
/// The toplevel whose field asks for text now (NULL: none).
slate_view *slate_text_input_view(slate_comp *comp);
/// Reads the focused field; 0 when none asks for text (`info` untouched).
int slate_text_input_state(slate_comp *comp, slate_text_input_info *info);
/// Sends the focused field, as one change (one `done`): the text shown at the caret not yet typed
/// (`preedit`; NULL or "" for none), after deleting `delete_before` and `delete_after` bytes around
/// the caret and typing `commit` (NULL for nothing). Nothing when no field asks for text.
void slate_text_input_send(slate_comp *comp, const char *preedit, const char *commit, uint32_t delete_before,
                           uint32_t delete_after);
/// Whether an outside keyboard is bound and serving programs now: the first client that binds
/// zwp_input_method_v2 (a program the person allowed to type: the privacy gate shows the global to no
/// other) is the programs' input method until it goes; another is told it is unavailable.
int slate_text_input_has_outside_keyboard(slate_comp *comp);

// ---- Slate's app processes: text input in the scene protocol (version 3) -------------------------

/// A Slate app's field taking text in a window, as the app last declared it (`set_text_input`).
typedef struct slate_scene_text_input_info {
    slate_text_keyboard keyboard;
    slate_text_return_key return_key;
    slate_text_capitals capitals;
    uint32_t flags;  // slate_scene_v1.text_flags
    /// The text before the caret, UTF-8, at most 1 KiB.
    const char *text_before;
} slate_scene_text_input_info;

/// `slate_scene_v1.text_flags`.
enum slate_scene_text_flag {
    SLATE_SCENE_TEXT_SUGGESTIONS = 1,
    SLATE_SCENE_TEXT_SECRET = 2,
    SLATE_SCENE_TEXT_MULTILINE = 4,
    SLATE_SCENE_TEXT_SELECTION = 8,
    SLATE_SCENE_TEXT_CAN_UNDO = 16,
    SLATE_SCENE_TEXT_CAN_REDO = 32,
    SLATE_SCENE_TEXT_CAN_PASTE = 64,
};

/// `slate_scene_v1.text_action`.
typedef enum SLATE_CLOSED_ENUM slate_scene_text_action {
    SLATE_SCENE_TEXT_DELETE_BACKWARD SLATE_SWIFT_NAME(deleteBackward) = 0,
    SLATE_SCENE_TEXT_RETURN SLATE_SWIFT_NAME(insertReturn) = 1,
    SLATE_SCENE_TEXT_LEFT SLATE_SWIFT_NAME(left) = 2,
    SLATE_SCENE_TEXT_RIGHT SLATE_SWIFT_NAME(right) = 3,
    SLATE_SCENE_TEXT_UP SLATE_SWIFT_NAME(up) = 4,
    SLATE_SCENE_TEXT_DOWN SLATE_SWIFT_NAME(down) = 5,
    SLATE_SCENE_TEXT_UNDO SLATE_SWIFT_NAME(undo) = 6,
    SLATE_SCENE_TEXT_REDO SLATE_SWIFT_NAME(redo) = 7,
    SLATE_SCENE_TEXT_PASTE SLATE_SWIFT_NAME(paste) = 8,
    SLATE_SCENE_TEXT_RESIGN SLATE_SWIFT_NAME(resign) = 9,
} slate_scene_text_action;

/// Reads the field of the app window `view` shows; 0 when none takes text (`info` untouched). The
/// handler of `slate_text_input_set_handler` hears of each change, with `view`.
int slate_view_scene_text_input(slate_view *view, slate_scene_text_input_info *info);
/// Types into the app window's field (`slate_scene_v1.text_input`): deletes `delete_before`
/// characters before the caret, inserts `commit`, shows `preedit` (NULL or "" for none).
void slate_view_scene_text_input_send(slate_view *view, uint32_t delete_before, const char *commit,
                                      const char *preedit);
/// Sends the app window's field a key that is not text (`slate_scene_text_action`).
void slate_view_scene_text_action(slate_view *view, slate_scene_text_action action);

#endif
