// ext-session-lock-v1: a program (swaylock, gtklock) locks the screen and shows its own lock surface
// until the person's password, which it checks itself, opens it. wlroots 0.15 has no helper, so the
// protocol is served here against libwayland-server.
//
// One lock at a time: a lock asked for while the screen is locked already — by another program, or by
// Slate's own lock screen — is refused (`finished`), so no program can take over a lock it did not make
// and unlock it. Any program may lock an unlocked screen, as on sway and every wlroots compositor: a
// lock only takes from the person (while it holds, nothing of any other program is drawn or reached),
// and a program could draw a look-alike lock screen in a full-screen window anyway.
//
// `locked` is sent once the shell has drawn a frame with nothing but the lock (`slate_session_lock_
// confirm`). A locker that goes without `unlock_and_destroy` — its process died, it destroyed the lock
// — leaves the screen locked: the shell hears SLATE_SESSION_LOCK_ABANDONED and its own lock screen takes
// the password.
#include "internal.h"

#include <wlr/types/wlr_screencopy_v1.h>

#include "ext-session-lock-v1-protocol.h"
#include "wlr-screencopy-unstable-v1-protocol.h"

struct slate_session_lock {
    slate_comp *comp;
    /// The ext_session_lock_v1 (NULL once the client destroyed it).
    struct wl_resource *resource;
    /// Its one lock surface (Slate has one output), NULL until asked for.
    struct wl_resource *surface_resource;
    struct wl_listener surface_destroy;
    /// The last configure sent, and whether the client acked one.
    uint32_t configure_serial;
    int acked;
    int width, height;
    /// `locked` was sent; the client unlocked; the shell was told it went.
    int locked_sent, unlocked, ended;
    /// Its surface (`shown.root`, NULL until asked for), as the shell draws it and gives it input
    /// (`slate_session_lock_surface`).
    struct slate_surface shown;
};

static void emit(slate_session_lock *lock, slate_session_lock_event event) {
    slate_comp *comp = lock->comp;
    if (comp->cb.session_lock_event) comp->cb.session_lock_event(comp->cb.user, lock, event);
}

/// The lock is over (unlocked, refused or abandoned): the shell is told once, and the handle freed
/// once neither the lock nor its surface object is left.
static void lock_maybe_free(slate_session_lock *lock) {
    if (lock->resource || lock->surface_resource) return;
    if (lock->comp->session_lock == lock) lock->comp->session_lock = NULL;
    free(lock);
}

static void lock_end(slate_session_lock *lock, slate_session_lock_event event) {
    if (lock->ended) return;
    lock->ended = 1;
    if (lock->comp->session_lock == lock) lock->comp->session_lock = NULL;
    emit(lock, event);
}

// ---- The lock surface ------------------------------------------------------------------------------

static void role_commit(struct wlr_surface *surface);

static const struct wlr_surface_role lock_surface_role = {
    .name = "ext_session_lock_surface_v1",
    .commit = role_commit,
};

static void role_commit(struct wlr_surface *surface) {
    slate_session_lock *lock = surface->role_data;
    if (!lock || !lock->surface_resource) return;
    if (!wlr_surface_has_buffer(surface)) {
        if (lock->acked)
            wl_resource_post_error(lock->surface_resource, EXT_SESSION_LOCK_SURFACE_V1_ERROR_NULL_BUFFER,
                                   "a lock surface committed without a buffer");
        return;
    }
    if (!lock->acked) {
        wl_resource_post_error(lock->surface_resource, EXT_SESSION_LOCK_SURFACE_V1_ERROR_COMMIT_BEFORE_FIRST_ACK,
                               "a lock surface committed a buffer before acking a configure");
        return;
    }
    if (surface->current.width != lock->width || surface->current.height != lock->height) {
        wl_resource_post_error(lock->surface_resource, EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH,
                               "a lock surface of %dx%d, configured %dx%d", surface->current.width,
                               surface->current.height, lock->width, lock->height);
        return;
    }
    lock->shown.commits++;
    if (lock->ended) return;
    if (!lock->shown.mapped) {
        lock->shown.mapped = 1;
        emit(lock, SLATE_SESSION_LOCK_MAPPED);
    } else {
        emit(lock, SLATE_SESSION_LOCK_COMMIT);
    }
}

static void surface_forget(slate_session_lock *lock) {
    if (!lock->shown.root) return;
    wl_list_remove(&lock->surface_destroy.link);
    if (lock->shown.root->role_data == lock) lock->shown.root->role_data = NULL;
    lock->shown.root = NULL;
    lock->shown.mapped = 0;
}

static void on_surface_destroy(struct wl_listener *l, void *data) {
    (void)data;
    slate_session_lock *lock = wl_container_of(l, lock, surface_destroy);
    surface_forget(lock);
}

static void lock_surface_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void lock_surface_ack(struct wl_client *client, struct wl_resource *resource, uint32_t serial) {
    (void)client;
    slate_session_lock *lock = wl_resource_get_user_data(resource);
    if (!lock) return;
    if (serial != lock->configure_serial) {
        wl_resource_post_error(resource, EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL,
                               "ack_configure of serial %u, not the one sent", serial);
        return;
    }
    lock->acked = 1;
}

static const struct ext_session_lock_surface_v1_interface lock_surface_impl = {
    .destroy = lock_surface_destroy,
    .ack_configure = lock_surface_ack,
};

static void lock_surface_resource_destroy(struct wl_resource *resource) {
    slate_session_lock *lock = wl_resource_get_user_data(resource);
    if (!lock) return;
    surface_forget(lock);
    lock->surface_resource = NULL;
    if (!lock->ended) emit(lock, SLATE_SESSION_LOCK_COMMIT);
    lock_maybe_free(lock);
}

static void lock_get_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                             struct wl_resource *surface_resource, struct wl_resource *output) {
    (void)output;  // One screen: any output named is it.
    slate_session_lock *lock = wl_resource_get_user_data(resource);
    if (!lock) return;
    if (lock->surface_resource) {
        wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_DUPLICATE_OUTPUT,
                               "the output has a lock surface already");
        return;
    }
    struct wlr_surface *surface = wlr_surface_from_resource(surface_resource);
    if (wlr_surface_has_buffer(surface)) {
        wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_ALREADY_CONSTRUCTED,
                               "the surface has a buffer already");
        return;
    }
    if (!wlr_surface_set_role(surface, &lock_surface_role, lock, resource, EXT_SESSION_LOCK_V1_ERROR_ROLE)) return;
    struct wl_resource *r =
        wl_resource_create(client, &ext_session_lock_surface_v1_interface, wl_resource_get_version(resource), id);
    if (!r) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(r, &lock_surface_impl, lock, lock_surface_resource_destroy);
    lock->surface_resource = r;
    lock->shown.root = surface;
    lock->surface_destroy.notify = on_surface_destroy;
    wl_signal_add(&surface->events.destroy, &lock->surface_destroy);
    // The whole screen, in points.
    slate_comp *comp = lock->comp;
    double scale = comp->scale > 0 ? comp->scale : 1;
    lock->width = (int)(comp->width / scale + 0.5);
    lock->height = (int)(comp->height / scale + 0.5);
    lock->configure_serial = wl_display_next_serial(comp->display);
    ext_session_lock_surface_v1_send_configure(r, lock->configure_serial, (uint32_t)lock->width,
                                               (uint32_t)lock->height);
}

// ---- The lock ---------------------------------------------------------------------------------------

static void lock_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    slate_session_lock *lock = wl_resource_get_user_data(resource);
    if (lock && lock->locked_sent && !lock->unlocked && !lock->ended) {
        wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_INVALID_DESTROY,
                               "the lock was destroyed while locked: unlock_and_destroy unlocks");
        return;
    }
    wl_resource_destroy(resource);
}

static void lock_unlock_and_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    slate_session_lock *lock = wl_resource_get_user_data(resource);
    if (lock && !lock->locked_sent) {
        wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_INVALID_UNLOCK,
                               "unlock_and_destroy before the locked event");
        return;
    }
    if (lock) {
        lock->unlocked = 1;
        lock_end(lock, SLATE_SESSION_LOCK_UNLOCK);
    }
    wl_resource_destroy(resource);
}

static const struct ext_session_lock_v1_interface lock_impl = {
    .destroy = lock_destroy,
    .get_lock_surface = lock_get_surface,
    .unlock_and_destroy = lock_unlock_and_destroy,
};

static void lock_resource_destroy(struct wl_resource *resource) {
    slate_session_lock *lock = wl_resource_get_user_data(resource);
    if (!lock) return;
    lock->resource = NULL;
    // Gone without unlocking (its client died, or it destroyed a lock that never held): the screen
    // stays locked if it was.
    if (!lock->unlocked) lock_end(lock, SLATE_SESSION_LOCK_ABANDONED);
    lock_maybe_free(lock);
}

static void manager_destroy(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void manager_lock(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    slate_comp *comp = wl_resource_get_user_data(resource);
    struct wl_resource *r = wl_resource_create(client, &ext_session_lock_v1_interface, 1, id);
    if (!r) {
        wl_client_post_no_memory(client);
        return;
    }
    // Locked already (by another program or by Slate's own lock screen): refused.
    if (comp->session_lock || comp->locked || !comp->cb.session_lock_event) {
        wl_resource_set_implementation(r, &lock_impl, NULL, NULL);
        ext_session_lock_v1_send_finished(r);
        return;
    }
    slate_session_lock *lock = calloc(1, sizeof(*lock));
    if (!lock) {
        wl_resource_destroy(r);
        wl_client_post_no_memory(client);
        return;
    }
    lock->comp = comp;
    lock->shown.comp = comp;
    lock->resource = r;
    wl_resource_set_implementation(r, &lock_impl, lock, lock_resource_destroy);
    comp->session_lock = lock;
    emit(lock, SLATE_SESSION_LOCK_LOCK);
}

static const struct ext_session_lock_manager_v1_interface manager_impl = {
    .destroy = manager_destroy,
    .lock = manager_lock,
};

static void bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(client, &ext_session_lock_manager_v1_interface, (int)version, id);
    if (!r) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(r, &manager_impl, data, NULL);
}

int slate_session_lock_init(slate_comp *comp) {
    comp->session_lock_manager = wl_global_create(comp->display, &ext_session_lock_manager_v1_interface, 1, comp,
                                                  bind_manager);
    return comp->session_lock_manager ? 0 : -1;
}

// ---- The shell's side -------------------------------------------------------------------------------

void slate_comp_set_locked(slate_comp *comp, int locked) {
    comp->locked = locked ? 1 : 0;
    if (locked) {
        // Nothing behind the lock keeps the keys or the pointer.
        wlr_seat_keyboard_notify_clear_focus(comp->seat);
        wlr_seat_pointer_notify_clear_focus(comp->seat);
        comp->pointer_view = NULL;
        return;
    }
    // Unlocked, a layer surface that holds the keyboard (a launcher left open) has it again.
    slate_layer *holder = slate_layers_holding_keyboard(comp);
    if (holder) slate_layer_take_keyboard(holder);
}

int slate_comp_is_locked(slate_comp *comp) { return comp->locked; }

/// Marks a screen copy failed for the lock (in the frame's `data`), so that it fails once.
static char refused_copy;

void slate_lock_refuse_copies(slate_comp *comp) {
    if (!comp->locked || !comp->screencopy) return;
    struct wlr_screencopy_frame_v1 *frame;
    wl_list_for_each(frame, &comp->screencopy->frames, link) {
        // A copy asked for (its buffer given) by a program that bound the copier before the lock: it
        // is not made — the frame no longer hears the output's commits — and fails. The frame keeps
        // its state otherwise, so that wlroots lets go of it as usual when the program destroys it.
        if ((!frame->shm_buffer && !frame->dma_buffer) || frame->data == &refused_copy) continue;
        frame->data = &refused_copy;
        wl_list_remove(&frame->output_commit.link);
        wl_list_init(&frame->output_commit.link);
        zwlr_screencopy_frame_v1_send_failed(frame->resource);
    }
}

void slate_session_lock_confirm(slate_session_lock *lock) {
    if (lock->locked_sent || lock->ended || !lock->resource) return;
    lock->locked_sent = 1;
    ext_session_lock_v1_send_locked(lock->resource);
}

void slate_session_lock_refuse(slate_session_lock *lock) {
    if (lock->ended) return;
    if (lock->resource && !lock->locked_sent) ext_session_lock_v1_send_finished(lock->resource);
    lock_end(lock, SLATE_SESSION_LOCK_ABANDONED);
}

void slate_session_lock_size(slate_session_lock *lock, int *width, int *height) {
    *width = lock->width;
    *height = lock->height;
}

slate_surface *slate_session_lock_surface(slate_session_lock *lock) { return &lock->shown; }
