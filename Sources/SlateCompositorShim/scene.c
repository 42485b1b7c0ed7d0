// The server side of Slate's scene protocol (Protocols/slate-scene-v1.xml): Slate apps running as
// processes tell the shell which scene session each of their toplevels shows; the shell tells them
// how each is shown and asks them to connect sessions. Every check a client could fail is here, and
// failing one disconnects that client alone (a protocol error).
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "scene_text_input.h"
#include "slate-scene-v1-protocol.h"

// The header's enums are the scene protocol's values: the same numbers on the wire.
_Static_assert((int)SLATE_SCENE_PLACEMENT_RIGHT == (int)SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT, "placement");
_Static_assert((int)SLATE_SCENE_PLACEMENT_BESIDE == (int)SLATE_SCENE_MANAGER_V1_PLACEMENT_BESIDE, "placement");
_Static_assert((int)SLATE_SCENE_ANIMATION_DECLINE == (int)SLATE_SCENE_V1_ANIMATION_DECLINE, "animation");

/// The longest session identifier and activity payload a client may send, in bytes.
enum { SESSION_MAX = 128, PAYLOAD_MAX = 64 * 1024, APP_ID_MAX = 255 };
/// The most a Spotlight change may hold (version 4), in bytes: a mailbox of 250,000 messages' worth.
#define SEARCH_CHANGE_MAX (256u * 1024u * 1024u)
/// The most a window's menu bar may take, all its pieces together (version 2), in bytes.
enum { MENU_BAR_MAX = 1024 * 1024 };

struct slate_app {
    slate_comp *comp;
    struct wl_resource *resource;
    struct wl_list link;    // slate_comp::apps
    struct wl_list scenes;  // slate_scene::link
    char *app_id;           // NULL until announced
    pid_t pid;
};

struct slate_scene {
    struct wl_resource *resource;
    slate_app *app;  // NULL once the app's manager is gone
    struct wl_list link;
    /// The toplevel it was asked for, until that toplevel's view exists (its first commit).
    struct wl_resource *toplevel;
    struct wl_listener toplevel_destroy;
    slate_view *view;
    char *session, *beside, *subtitle;
    uint32_t role, placement, animation;
    /// The menu bar last committed ("" for none), the pieces sent since, and a count of commits.
    char *menu_bar, *menu_pending;
    size_t menu_pending_len;
    uint32_t menu_serial;
};

// ---- Checks -------------------------------------------------------------------------------------

/// 1 to 128 bytes of [A-Za-z0-9._-], not starting with a dot (the shell keeps sessions by these
/// identifiers as an app keeps them: as file names).
static int valid_session(const char *s) {
    size_t n = strlen(s);
    if (n == 0 || n > SESSION_MAX || s[0] == '.') return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
                 c == '-';
        if (!ok) return 0;
    }
    return 1;
}

static int announced(slate_app *app) {
    if (app->app_id) return 1;
    wl_resource_post_error(app->resource, SLATE_SCENE_MANAGER_V1_ERROR_NOT_ANNOUNCED, "announce must come first");
    return 0;
}

// ---- Scenes -------------------------------------------------------------------------------------

static void scene_detach_toplevel(struct slate_scene *scene) {
    if (!scene->toplevel) return;
    wl_list_remove(&scene->toplevel_destroy.link);
    scene->toplevel = NULL;
}

static void scene_on_toplevel_destroy(struct wl_listener *l, void *data) {
    (void)data;
    struct slate_scene *scene = wl_container_of(l, scene, toplevel_destroy);
    wl_list_remove(&scene->toplevel_destroy.link);
    wl_list_init(&scene->toplevel_destroy.link);
    scene->toplevel = NULL;
}

static void scene_resource_destroy(struct wl_resource *resource) {
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    if (!scene) return;
    scene_detach_toplevel(scene);
    if (scene->view) scene->view->scene = NULL;
    if (scene->app) wl_list_remove(&scene->link);
    free(scene->session);
    free(scene->beside);
    free(scene->subtitle);
    free(scene->menu_bar);
    free(scene->menu_pending);
    free(scene);
}

static void scene_handle_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void scene_handle_set_subtitle(struct wl_client *client, struct wl_resource *resource, const char *subtitle) {
    (void)client;
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    char *copy = strndup(subtitle, 256);
    if (!copy) return;
    free(scene->subtitle);
    scene->subtitle = copy;
    if (scene->view) slate_emit(scene->view, SLATE_VIEW_TITLE);
}

static void scene_handle_bring_forward(struct wl_client *client, struct wl_resource *resource, uint32_t placement) {
    (void)client;
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    if (placement > SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT) {
        wl_resource_post_error(resource, WL_DISPLAY_ERROR_INVALID_METHOD, "unknown placement %u", placement);
        return;
    }
    scene->placement = placement;
    if (scene->view) slate_emit(scene->view, SLATE_VIEW_BRING_FORWARD);
}

static void scene_handle_remove(struct wl_client *client, struct wl_resource *resource, uint32_t animation) {
    (void)client;
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    if (animation > SLATE_SCENE_V1_ANIMATION_DECLINE) {
        wl_resource_post_error(resource, WL_DISPLAY_ERROR_INVALID_METHOD, "unknown animation %u", animation);
        return;
    }
    scene->animation = animation;
    if (scene->view) slate_emit(scene->view, SLATE_VIEW_REMOVE);
}

static void scene_handle_set_menu_bar_part(struct wl_client *client, struct wl_resource *resource, const char *part) {
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    size_t n = strlen(part);
    if (n > MENU_BAR_MAX - scene->menu_pending_len) {
        wl_resource_post_error(resource, SLATE_SCENE_V1_ERROR_MENU_BAR_TOO_LARGE, "a menu bar over %d bytes",
                               MENU_BAR_MAX);
        return;
    }
    char *grown = realloc(scene->menu_pending, scene->menu_pending_len + n + 1);
    if (!grown) {
        wl_client_post_no_memory(client);
        return;
    }
    memcpy(grown + scene->menu_pending_len, part, n + 1);
    scene->menu_pending = grown;
    scene->menu_pending_len += n;
}

static void scene_handle_commit_menu_bar(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    free(scene->menu_bar);
    scene->menu_bar = scene->menu_pending;
    scene->menu_pending = NULL;
    scene->menu_pending_len = 0;
    scene->menu_serial++;
}

static void scene_handle_set_text_input(struct wl_client *client, struct wl_resource *resource, uint32_t enabled,
                                        uint32_t keyboard, uint32_t return_key, uint32_t capitals, uint32_t flags,
                                        const char *text_before) {
    (void)client;
    struct slate_scene *scene = wl_resource_get_user_data(resource);
    slate_scene_set_text_input(scene->app ? scene->app->comp : NULL, scene->view, resource, enabled, keyboard,
                               return_key, capitals, flags, text_before);
}

static const struct slate_scene_v1_interface scene_impl = {
    .destroy = scene_handle_destroy,
    .set_subtitle = scene_handle_set_subtitle,
    .bring_forward = scene_handle_bring_forward,
    .remove = scene_handle_remove,
    .set_menu_bar_part = scene_handle_set_menu_bar_part,
    .commit_menu_bar = scene_handle_commit_menu_bar,
    .set_text_input = scene_handle_set_text_input,
};

/// Gives a view the scene that waits for its toplevel.
static void scene_attach(struct slate_scene *scene, slate_view *view) {
    scene_detach_toplevel(scene);
    scene->view = view;
    view->scene = scene;
}

void slate_scene_view_created(slate_view *view) {
    struct wl_resource *toplevel = view->xdg->toplevel ? view->xdg->toplevel->resource : NULL;
    if (!toplevel) return;
    slate_app *app;
    wl_list_for_each(app, &view->comp->apps, link) {
        struct slate_scene *scene;
        wl_list_for_each(scene, &app->scenes, link) {
            if (scene->toplevel == toplevel) {
                scene_attach(scene, view);
                return;
            }
        }
    }
}

void slate_scene_view_destroyed(slate_view *view) {
    if (view->scene) view->scene->view = NULL;
    view->scene = NULL;
}

// ---- The manager --------------------------------------------------------------------------------

static void manager_handle_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void manager_handle_announce(struct wl_client *client, struct wl_resource *resource, const char *app_id) {
    (void)client;
    slate_app *app = wl_resource_get_user_data(resource);
    if (app->app_id) {
        wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_ALREADY_ANNOUNCED, "announced twice");
        return;
    }
    size_t n = strlen(app_id);
    int known = n > 0 && n <= APP_ID_MAX && app->comp->cb.app_event &&
                app->comp->cb.app_event(app->comp->cb.user, app, SLATE_APP_ANNOUNCE, app_id, "",
                                        SLATE_SCENE_PLACEMENT_AUTOMATIC) == 1;
    if (!known) {
        wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_UNKNOWN_APP, "no app '%.64s' here", app_id);
        return;
    }
    app->app_id = strdup(app_id);
    slate_scene_manager_v1_send_ready(resource);
}

static void manager_handle_get_scene(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                                     struct wl_resource *toplevel, const char *session, uint32_t role,
                                     uint32_t placement, const char *beside) {
    slate_app *app = wl_resource_get_user_data(resource);
    if (!announced(app)) return;
    if (!valid_session(session) || (beside[0] && !valid_session(beside))) {
        wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_INVALID_SESSION, "malformed session identifier");
        return;
    }
    if (role > SLATE_SCENE_MANAGER_V1_ROLE_AUXILIARY || placement > SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT) {
        wl_resource_post_error(resource, WL_DISPLAY_ERROR_INVALID_METHOD, "unknown role or placement");
        return;
    }
    struct slate_scene *other;
    wl_list_for_each(other, &app->scenes, link) {
        int same_toplevel = other->toplevel == toplevel || (other->view && other->view->xdg->toplevel &&
                                                             other->view->xdg->toplevel->resource == toplevel);
        if (same_toplevel || strcmp(other->session, session) == 0) {
            wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_ALREADY_HAS_SCENE,
                                   "the toplevel or the session has a scene");
            return;
        }
    }
    struct slate_scene *scene = calloc(1, sizeof(*scene));
    if (!scene) {
        wl_client_post_no_memory(client);
        return;
    }
    scene->resource = wl_resource_create(client, &slate_scene_v1_interface, wl_resource_get_version(resource), id);
    scene->session = strdup(session);
    scene->beside = strdup(beside);
    scene->subtitle = strdup("");
    if (!scene->resource || !scene->session || !scene->beside || !scene->subtitle) {
        if (scene->resource) wl_resource_destroy(scene->resource);
        free(scene->session);
        free(scene->beside);
        free(scene->subtitle);
        free(scene);
        wl_client_post_no_memory(client);
        return;
    }
    scene->app = app;
    scene->role = role;
    scene->placement = placement;
    wl_list_insert(app->scenes.prev, &scene->link);
    wl_resource_set_implementation(scene->resource, &scene_impl, scene, scene_resource_destroy);
    // The toplevel's view exists once it committed; until then the scene waits for it.
    slate_view *view;
    wl_list_for_each(view, &app->comp->views, link) {
        if (view->kind == SLATE_VIEW_TOPLEVEL && view->xdg->toplevel && view->xdg->toplevel->resource == toplevel) {
            if (view->scene) {
                // Another manager's scene (a client that bound the manager twice): a view shows one
                // scene, or the first would be left pointing at the view when it goes.
                wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_ALREADY_HAS_SCENE,
                                       "the toplevel has a scene");
                return;
            }
            scene_attach(scene, view);
            return;
        }
    }
    scene->toplevel = toplevel;
    scene->toplevel_destroy.notify = scene_on_toplevel_destroy;
    wl_resource_add_destroy_listener(toplevel, &scene->toplevel_destroy);
}

static void manager_handle_open_activity(struct wl_client *client, struct wl_resource *resource,
                                         const char *activity_type, const char *payload, uint32_t placement) {
    (void)client;
    slate_app *app = wl_resource_get_user_data(resource);
    if (!announced(app)) return;
    if (strlen(payload) > PAYLOAD_MAX || strlen(activity_type) == 0 || strlen(activity_type) > APP_ID_MAX) {
        wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_INVALID_PAYLOAD, "activity too long or empty");
        return;
    }
    if (placement > SLATE_SCENE_MANAGER_V1_PLACEMENT_RIGHT) {
        wl_resource_post_error(resource, WL_DISPLAY_ERROR_INVALID_METHOD, "unknown placement %u", placement);
        return;
    }
    if (app->comp->cb.app_event)
        app->comp->cb.app_event(app->comp->cb.user, app, SLATE_APP_OPEN_ACTIVITY, activity_type, payload,
                                (slate_scene_placement)placement);
}

static void manager_handle_change_search(struct wl_client *client, struct wl_resource *resource, int32_t fd,
                                         uint32_t size) {
    (void)client;
    slate_app *app = wl_resource_get_user_data(resource);
    if (!announced(app)) {
        close(fd);
        return;
    }
    // A regular file of at least `size` bytes: reading it never waits on another program (a pipe
    // or a socket could hold the shell forever).
    struct stat st;
    if (size > SEARCH_CHANGE_MAX || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size < size) {
        close(fd);
        wl_resource_post_error(resource, SLATE_SCENE_MANAGER_V1_ERROR_INVALID_SEARCH,
                               "a search change must be a regular file of its size, at most 256 MiB");
        return;
    }
    if (app->comp->cb.app_search) {
        app->comp->cb.app_search(app->comp->cb.user, app, fd, size);
    } else {
        close(fd);
    }
}

static const struct slate_scene_manager_v1_interface manager_impl = {
    .destroy = manager_handle_destroy,
    .announce = manager_handle_announce,
    .get_scene = manager_handle_get_scene,
    .open_activity = manager_handle_open_activity,
    .change_search = manager_handle_change_search,
};

static void manager_resource_destroy(struct wl_resource *resource) {
    slate_app *app = wl_resource_get_user_data(resource);
    if (!app) return;
    if (app->app_id && app->comp->cb.app_event)
        app->comp->cb.app_event(app->comp->cb.user, app, SLATE_APP_GONE, app->app_id, "",
                                SLATE_SCENE_PLACEMENT_AUTOMATIC);
    // The scenes stay valid objects for the client but belong to no app any more.
    struct slate_scene *scene, *tmp;
    wl_list_for_each_safe(scene, tmp, &app->scenes, link) {
        wl_list_remove(&scene->link);
        wl_list_init(&scene->link);
        scene->app = NULL;
    }
    wl_list_remove(&app->link);
    free(app->app_id);
    free(app);
}

static void manager_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    slate_comp *comp = data;
    slate_app *app = calloc(1, sizeof(*app));
    struct wl_resource *resource = wl_resource_create(client, &slate_scene_manager_v1_interface, (int)version, id);
    if (!app || !resource) {
        free(app);
        wl_client_post_no_memory(client);
        return;
    }
    app->comp = comp;
    app->resource = resource;
    wl_list_init(&app->scenes);
    wl_client_get_credentials(client, &app->pid, NULL, NULL);
    wl_list_insert(comp->apps.prev, &app->link);
    wl_resource_set_implementation(resource, &manager_impl, app, manager_resource_destroy);
}

int slate_scene_init(slate_comp *comp) {
    return wl_global_create(comp->display, &slate_scene_manager_v1_interface, 4, comp, manager_bind) ? 0 : -1;
}

// ---- The owner's side ---------------------------------------------------------------------------

int slate_app_pid(slate_app *app) { return app->pid; }

void slate_app_connect(slate_app *app, const char *session, slate_scene_role role, const char *payload) {
    slate_scene_manager_v1_send_connect(app->resource, session, (uint32_t)role, payload ? payload : "");
}

struct wl_resource *slate_scene_resource(slate_view *view) { return view->scene ? view->scene->resource : NULL; }

static struct slate_scene *live_scene(slate_view *view) {
    return view->scene && view->scene->app ? view->scene : NULL;
}

slate_app *slate_view_app(slate_view *view) { return live_scene(view) ? view->scene->app : NULL; }

const char *slate_view_scene_session(slate_view *view) { return view->scene ? view->scene->session : NULL; }

slate_scene_role slate_view_scene_role(slate_view *view) {
    return view->scene ? (slate_scene_role)view->scene->role : SLATE_SCENE_PRIMARY;
}

// (Each checked against the protocol's range when the app sent it.)
slate_scene_placement slate_view_scene_placement(slate_view *view) {
    return view->scene ? (slate_scene_placement)view->scene->placement : SLATE_SCENE_PLACEMENT_AUTOMATIC;
}

const char *slate_view_scene_beside(slate_view *view) { return view->scene ? view->scene->beside : ""; }

const char *slate_view_scene_subtitle(slate_view *view) { return view->scene ? view->scene->subtitle : ""; }

slate_scene_animation slate_view_scene_animation(slate_view *view) {
    return view->scene ? (slate_scene_animation)view->scene->animation : SLATE_SCENE_ANIMATION_STANDARD;
}

void slate_view_scene_state(slate_view *view, slate_scene_state state) {
    if (view->scene) slate_scene_v1_send_state(view->scene->resource, (uint32_t)state);
}

void slate_view_scene_discard(slate_view *view) {
    if (view->scene) slate_scene_v1_send_discard(view->scene->resource);
}

const char *slate_view_scene_menu_bar(slate_view *view) {
    return view->scene && view->scene->menu_bar ? view->scene->menu_bar : "";
}

uint32_t slate_view_scene_menu_bar_serial(slate_view *view) { return view->scene ? view->scene->menu_serial : 0; }

void slate_view_scene_menu_command(slate_view *view, const char *path) {
    if (view->scene && wl_resource_get_version(view->scene->resource) >= SLATE_SCENE_V1_MENU_COMMAND_SINCE_VERSION)
        slate_scene_v1_send_menu_command(view->scene->resource, path);
}
