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
};
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
};
#endif /* SLATE_SCENE_V1_ERROR_ENUM */

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
