// The scene protocol's enums (made by scripts/wayland-protocols.sh from Protocols/slate-scene-v1.xml).
#ifndef SLATE_SCENE_V1_ENUMS_H
#define SLATE_SCENE_V1_ENUMS_H

#ifndef SLATE_SCENE_MANAGER_V1_ERROR_ENUM
#define SLATE_SCENE_MANAGER_V1_ERROR_ENUM
enum slate_scene_manager_v1_error {
	/**
	 * a request came before announce
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_NOT_ANNOUNCED = 0,
	/**
	 * announce was sent twice
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_ALREADY_ANNOUNCED = 1,
	/**
	 * the shell knows no app with that identifier
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_UNKNOWN_APP = 2,
	/**
	 * a malformed session identifier
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_INVALID_SESSION = 3,
	/**
	 * the toplevel or the session has a scene already
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_ALREADY_HAS_SCENE = 4,
	/**
	 * an activity payload too long or not UTF-8
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_INVALID_PAYLOAD = 5,
	/**
	 * a search change's file too large or not a file
	 * @since 4
	 */
	SLATE_SCENE_MANAGER_V1_ERROR_INVALID_SEARCH = 6,
};
/**
 * @ingroup iface_slate_scene_manager_v1
 */
#define SLATE_SCENE_MANAGER_V1_ERROR_INVALID_SEARCH_SINCE_VERSION 4
#endif /* SLATE_SCENE_MANAGER_V1_ERROR_ENUM */

#ifndef SLATE_SCENE_MANAGER_V1_ROLE_ENUM
#define SLATE_SCENE_MANAGER_V1_ROLE_ENUM
enum slate_scene_manager_v1_role {
	/**
	 * a primary window: the app's main content
	 */
	SLATE_SCENE_MANAGER_V1_ROLE_PRIMARY = 0,
	/**
	 * an auxiliary window: one task, closed with Done
	 */
	SLATE_SCENE_MANAGER_V1_ROLE_AUXILIARY = 1,
};
#endif /* SLATE_SCENE_MANAGER_V1_ROLE_ENUM */

#ifndef SLATE_SCENE_MANAGER_V1_PLACEMENT_ENUM
#define SLATE_SCENE_MANAGER_V1_PLACEMENT_ENUM
enum slate_scene_manager_v1_placement {
	/**
	 * where the shell thinks best
	 */
	SLATE_SCENE_MANAGER_V1_PLACEMENT_AUTOMATIC = 0,
	/**
	 * alone on the screen
	 */
	SLATE_SCENE_MANAGER_V1_PLACEMENT_FULL_SCREEN = 1,
	/**
	 * centred above the windows on screen
	 */
	SLATE_SCENE_MANAGER_V1_PLACEMENT_PROMINENT = 2,
	/**
	 * in Split View next to the requesting window
	 */
	SLATE_SCENE_MANAGER_V1_PLACEMENT_BESIDE = 3,
	/**
	 * the left side of a Split View
	 */
	SLATE_SCENE_MANAGER_V1_PLACEMENT_LEFT = 4,
	/**
	 * the right side of a Split View
	 */
	SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT = 5,
};
#endif /* SLATE_SCENE_MANAGER_V1_PLACEMENT_ENUM */

#ifndef SLATE_SCENE_V1_ERROR_ENUM
#define SLATE_SCENE_V1_ERROR_ENUM
enum slate_scene_v1_error {
	/**
	 * a menu bar's pieces add up to more than 1 MiB
	 */
	SLATE_SCENE_V1_ERROR_MENU_BAR_TOO_LARGE = 0,
	/**
	 * a text input's keyboard, return key or capitals unknown, or its text over 1 KiB
	 * @since 3
	 */
	SLATE_SCENE_V1_ERROR_INVALID_TEXT_INPUT = 1,
};
/**
 * @ingroup iface_slate_scene_v1
 */
#define SLATE_SCENE_V1_ERROR_INVALID_TEXT_INPUT_SINCE_VERSION 3
#endif /* SLATE_SCENE_V1_ERROR_ENUM */

#ifndef SLATE_SCENE_V1_KEYBOARD_ENUM
#define SLATE_SCENE_V1_KEYBOARD_ENUM
/**
 * @ingroup iface_slate_scene_v1
 * the keys a field asks for (UIKeyboardType)
 */
enum slate_scene_v1_keyboard {
	/**
	 * the letters, with the 123 and #+= pages
	 */
	SLATE_SCENE_V1_KEYBOARD_DEFAULT = 0,
	/**
	 * letters, for an address
	 */
	SLATE_SCENE_V1_KEYBOARD_EMAIL = 1,
	/**
	 * letters, for a web address
	 */
	SLATE_SCENE_V1_KEYBOARD_URL = 2,
	/**
	 * digits only
	 */
	SLATE_SCENE_V1_KEYBOARD_NUMBER_PAD = 3,
	/**
	 * digits and a decimal separator
	 */
	SLATE_SCENE_V1_KEYBOARD_DECIMAL_PAD = 4,
	/**
	 * digits, + * and #
	 */
	SLATE_SCENE_V1_KEYBOARD_PHONE_PAD = 5,
	/**
	 * the 123 page first
	 */
	SLATE_SCENE_V1_KEYBOARD_NUMBERS_AND_PUNCTUATION = 6,
};
#endif /* SLATE_SCENE_V1_KEYBOARD_ENUM */

#ifndef SLATE_SCENE_V1_RETURN_KEY_ENUM
#define SLATE_SCENE_V1_RETURN_KEY_ENUM
/**
 * @ingroup iface_slate_scene_v1
 * what the return key says (UIReturnKeyType)
 */
enum slate_scene_v1_return_key {
	SLATE_SCENE_V1_RETURN_KEY_DEFAULT = 0,
	SLATE_SCENE_V1_RETURN_KEY_GO = 1,
	SLATE_SCENE_V1_RETURN_KEY_SEARCH = 2,
	SLATE_SCENE_V1_RETURN_KEY_SEND = 3,
	SLATE_SCENE_V1_RETURN_KEY_DONE = 4,
	SLATE_SCENE_V1_RETURN_KEY_NEXT = 5,
	SLATE_SCENE_V1_RETURN_KEY_JOIN = 6,
};
#endif /* SLATE_SCENE_V1_RETURN_KEY_ENUM */

#ifndef SLATE_SCENE_V1_CAPITALS_ENUM
#define SLATE_SCENE_V1_CAPITALS_ENUM
/**
 * @ingroup iface_slate_scene_v1
 * when Shift comes on by itself
 */
enum slate_scene_v1_capitals {
	SLATE_SCENE_V1_CAPITALS_NONE = 0,
	SLATE_SCENE_V1_CAPITALS_SENTENCES = 1,
	SLATE_SCENE_V1_CAPITALS_WORDS = 2,
	SLATE_SCENE_V1_CAPITALS_ALL = 3,
};
#endif /* SLATE_SCENE_V1_CAPITALS_ENUM */

#ifndef SLATE_SCENE_V1_TEXT_FLAGS_ENUM
#define SLATE_SCENE_V1_TEXT_FLAGS_ENUM
enum slate_scene_v1_text_flags {
	/**
	 * the field wants corrections and completions
	 */
	SLATE_SCENE_V1_TEXT_FLAGS_SUGGESTIONS = 1,
	/**
	 * a password: no suggestions, no popups, no preedit
	 */
	SLATE_SCENE_V1_TEXT_FLAGS_SECRET = 2,
	/**
	 * return makes a new line
	 */
	SLATE_SCENE_V1_TEXT_FLAGS_MULTILINE = 4,
	/**
	 * text is selected (typing replaces it)
	 */
	SLATE_SCENE_V1_TEXT_FLAGS_SELECTION = 8,
	SLATE_SCENE_V1_TEXT_FLAGS_CAN_UNDO = 16,
	SLATE_SCENE_V1_TEXT_FLAGS_CAN_REDO = 32,
	SLATE_SCENE_V1_TEXT_FLAGS_CAN_PASTE = 64,
};
#endif /* SLATE_SCENE_V1_TEXT_FLAGS_ENUM */

#ifndef SLATE_SCENE_V1_TEXT_ACTION_ENUM
#define SLATE_SCENE_V1_TEXT_ACTION_ENUM
/**
 * @ingroup iface_slate_scene_v1
 * a key of the keyboard on the glass that is not text
 */
enum slate_scene_v1_text_action {
	/**
	 * the selection, or the character before the caret
	 */
	SLATE_SCENE_V1_TEXT_ACTION_DELETE_BACKWARD = 0,
	/**
	 * a new line, or the field's own action
	 */
	SLATE_SCENE_V1_TEXT_ACTION_RETURN = 1,
	/**
	 * the caret a step left (the trackpad)
	 */
	SLATE_SCENE_V1_TEXT_ACTION_LEFT = 2,
	SLATE_SCENE_V1_TEXT_ACTION_RIGHT = 3,
	SLATE_SCENE_V1_TEXT_ACTION_UP = 4,
	SLATE_SCENE_V1_TEXT_ACTION_DOWN = 5,
	SLATE_SCENE_V1_TEXT_ACTION_UNDO = 6,
	SLATE_SCENE_V1_TEXT_ACTION_REDO = 7,
	SLATE_SCENE_V1_TEXT_ACTION_PASTE = 8,
	/**
	 * the hide key: the field stops editing
	 */
	SLATE_SCENE_V1_TEXT_ACTION_RESIGN = 9,
};
#endif /* SLATE_SCENE_V1_TEXT_ACTION_ENUM */

#ifndef SLATE_SCENE_V1_STATE_ENUM
#define SLATE_SCENE_V1_STATE_ENUM
enum slate_scene_v1_state {
	/**
	 * not on the screen
	 */
	SLATE_SCENE_V1_STATE_BACKGROUND = 0,
	/**
	 * on the screen, not taking input
	 */
	SLATE_SCENE_V1_STATE_INACTIVE = 1,
	/**
	 * on the screen, taking input
	 */
	SLATE_SCENE_V1_STATE_ACTIVE = 2,
};
#endif /* SLATE_SCENE_V1_STATE_ENUM */

#ifndef SLATE_SCENE_V1_ANIMATION_ENUM
#define SLATE_SCENE_V1_ANIMATION_ENUM
enum slate_scene_v1_animation {
	/**
	 * the window shrinks away
	 */
	SLATE_SCENE_V1_ANIMATION_STANDARD = 0,
	/**
	 * the window moves up: its task is done (Send, Done)
	 */
	SLATE_SCENE_V1_ANIMATION_COMMIT = 1,
	/**
	 * the window moves down: its task was abandoned
	 */
	SLATE_SCENE_V1_ANIMATION_DECLINE = 2,
};
#endif /* SLATE_SCENE_V1_ANIMATION_ENUM */

#endif
