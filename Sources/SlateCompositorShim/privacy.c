// Privacy: the clipboard, the screen, input and other windows are the person's. The protocols that
// reach them beyond a program's own window — data-control (read or replace the clipboard with no
// paste of the person's), screencopy (copy the screen), virtual pointer (click as the person),
// foreign-toplevel management (see and close other windows) and layer shell's overlay layer (draw
// over everything: a fake lock screen) — are real only for programs the person allowed. Every other
// program sees a global of the same name and version that refuses: its clipboard device hears the
// clipboard is empty and sets nothing, its screen copies fail, its virtual pointer moves nothing, its toplevel
// list is finished at once, its overlay surfaces are closed — and its first try asks the person
// (the owner's `permission` callback, `asked` set). One filter decides which of the two a client
// sees (`wl_display_set_global_filter`).
#include "internal.h"

#include <wlr/types/wlr_virtual_pointer_v1.h>

#include "wlr-data-control-unstable-v1-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-protocol.h"
#include "wlr-screencopy-unstable-v1-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-protocol.h"

/// The client's process id (0 when unknown).
static int client_pid(struct wl_client *client) {
    pid_t pid = 0;
    wl_client_get_credentials(client, &pid, NULL, NULL);
    return pid;
}

slate_permission slate_privacy_check(slate_comp *comp, struct wl_client *client, slate_privilege privilege,
                                     int asked) {
    // Locked, no program reads the clipboard or copies the screen, whatever it was allowed.
    if (comp->locked && (privilege == SLATE_PRIVILEGE_CLIPBOARD || privilege == SLATE_PRIVILEGE_SCREEN))
        return SLATE_PERMISSION_DENIED;
    if (!comp->cb.permission) return SLATE_PERMISSION_ALLOWED;
    return comp->cb.permission(comp->cb.user, client_pid(client), privilege, asked);
}

/// The privilege a global's interface needs, or -1 for one anybody may have.
static int privilege_of(const struct wl_interface *iface) {
    static const struct {
        const char *name;
        slate_privilege privilege;
    } table[] = {
        {"zwlr_data_control_manager_v1", SLATE_PRIVILEGE_CLIPBOARD},
        {"zwlr_screencopy_manager_v1", SLATE_PRIVILEGE_SCREEN},
        {"zwlr_virtual_pointer_manager_v1", SLATE_PRIVILEGE_INPUT},
        {"zwp_virtual_keyboard_manager_v1", SLATE_PRIVILEGE_INPUT},
        {"zwp_input_method_manager_v2", SLATE_PRIVILEGE_INPUT},
        {"zwlr_foreign_toplevel_manager_v1", SLATE_PRIVILEGE_WINDOWS},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (!strcmp(iface->name, table[i].name)) return (int)table[i].privilege;
    return -1;
}

bool slate_privacy_global_filter(const struct wl_client *client, const struct wl_global *global, void *data) {
    slate_comp *comp = data;
    int privilege = privilege_of(wl_global_get_interface(global));
    if (privilege < 0) return true;
    int refusing = 0;
    for (int i = 0; i < SLATE_REFUSING_GLOBALS; i++) refusing |= comp->refusing[i] == global;
    int allowed =
        slate_privacy_check(comp, (struct wl_client *)client, (slate_privilege)privilege, 0) == SLATE_PERMISSION_ALLOWED;
    // The real one for a program allowed; the refusing one for any other (with no refusing one of
    // its name, none).
    return refusing ? !allowed : allowed;
}

// ---- The refusing data-control ------------------------------------------------------------------------

static void destroy_resource(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static void ask(struct wl_resource *resource, slate_privilege privilege) {
    slate_comp *comp = wl_resource_get_user_data(resource);
    slate_privacy_check(comp, wl_resource_get_client(resource), privilege, 1);
}

static void source_offer(struct wl_client *client, struct wl_resource *resource, const char *mime) {
    (void)client, (void)resource, (void)mime;
}
static const struct zwlr_data_control_source_v1_interface refusing_source = {
    .offer = source_offer,
    .destroy = destroy_resource,
};

static void device_set_selection(struct wl_client *client, struct wl_resource *resource, struct wl_resource *source) {
    (void)client;
    // The selection stays the person's: the program's source is told it is not the selection.
    if (source) zwlr_data_control_source_v1_send_cancelled(source);
    ask(resource, SLATE_PRIVILEGE_CLIPBOARD);
}
static const struct zwlr_data_control_device_v1_interface refusing_device = {
    .set_selection = device_set_selection,
    .destroy = destroy_resource,
    .set_primary_selection = device_set_selection,
};

static void manager_create_source(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *source =
        wl_resource_create(client, &zwlr_data_control_source_v1_interface, wl_resource_get_version(resource), id);
    if (!source) {
        wl_resource_post_no_memory(resource);
        return;
    }
    wl_resource_set_implementation(source, &refusing_source, wl_resource_get_user_data(resource), NULL);
}

static void manager_get_device(struct wl_client *client, struct wl_resource *resource, uint32_t id,
                               struct wl_resource *seat) {
    (void)seat;
    struct wl_resource *device =
        wl_resource_create(client, &zwlr_data_control_device_v1_interface, wl_resource_get_version(resource), id);
    if (!device) {
        wl_resource_post_no_memory(resource);
        return;
    }
    wl_resource_set_implementation(device, &refusing_device, wl_resource_get_user_data(resource), NULL);
    // A device is how a program reads the clipboard: it hears there is nothing in it.
    zwlr_data_control_device_v1_send_selection(device, NULL);
    if (wl_resource_get_version(device) >= ZWLR_DATA_CONTROL_DEVICE_V1_PRIMARY_SELECTION_SINCE_VERSION)
        zwlr_data_control_device_v1_send_primary_selection(device, NULL);
    ask(resource, SLATE_PRIVILEGE_CLIPBOARD);
}

static const struct zwlr_data_control_manager_v1_interface refusing_data_control = {
    .create_data_source = manager_create_source,
    .get_data_device = manager_get_device,
    .destroy = destroy_resource,
};

// ---- The refusing screencopy -------------------------------------------------------------------------------

static void frame_copy(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer) {
    (void)client, (void)buffer;
    zwlr_screencopy_frame_v1_send_failed(resource);
}
static const struct zwlr_screencopy_frame_v1_interface refusing_frame = {
    .copy = frame_copy,
    .destroy = destroy_resource,
    .copy_with_damage = frame_copy,
};

static void capture(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *frame =
        wl_resource_create(client, &zwlr_screencopy_frame_v1_interface, wl_resource_get_version(resource), id);
    if (!frame) {
        wl_resource_post_no_memory(resource);
        return;
    }
    wl_resource_set_implementation(frame, &refusing_frame, wl_resource_get_user_data(resource), NULL);
    ask(resource, SLATE_PRIVILEGE_SCREEN);
    // No copy of the screen: it failed.
    zwlr_screencopy_frame_v1_send_failed(frame);
}
static void capture_output(struct wl_client *client, struct wl_resource *resource, uint32_t id, int32_t cursor,
                           struct wl_resource *output) {
    (void)cursor, (void)output;
    capture(client, resource, id);
}
static void capture_output_region(struct wl_client *client, struct wl_resource *resource, uint32_t id, int32_t cursor,
                                  struct wl_resource *output, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)cursor, (void)output, (void)x, (void)y, (void)w, (void)h;
    capture(client, resource, id);
}
static const struct zwlr_screencopy_manager_v1_interface refusing_screencopy = {
    .capture_output = capture_output,
    .capture_output_region = capture_output_region,
    .destroy = destroy_resource,
};

// ---- The refusing virtual pointer --------------------------------------------------------------------------

static void vp_motion(struct wl_client *c, struct wl_resource *r, uint32_t t, wl_fixed_t dx, wl_fixed_t dy) {
    (void)c, (void)t, (void)dx, (void)dy;
    (void)r;
}
static void vp_motion_absolute(struct wl_client *c, struct wl_resource *r, uint32_t t, uint32_t x, uint32_t y,
                               uint32_t w, uint32_t h) {
    (void)c, (void)r, (void)t, (void)x, (void)y, (void)w, (void)h;
}
static void vp_button(struct wl_client *c, struct wl_resource *r, uint32_t t, uint32_t b, uint32_t s) {
    (void)c, (void)r, (void)t, (void)b, (void)s;
}
static void vp_axis(struct wl_client *c, struct wl_resource *r, uint32_t t, uint32_t a, wl_fixed_t v) {
    (void)c, (void)r, (void)t, (void)a, (void)v;
}
static void vp_frame(struct wl_client *c, struct wl_resource *r) { (void)c, (void)r; }
static void vp_axis_source(struct wl_client *c, struct wl_resource *r, uint32_t s) { (void)c, (void)r, (void)s; }
static void vp_axis_stop(struct wl_client *c, struct wl_resource *r, uint32_t t, uint32_t a) {
    (void)c, (void)r, (void)t, (void)a;
}
static void vp_axis_discrete(struct wl_client *c, struct wl_resource *r, uint32_t t, uint32_t a, wl_fixed_t v,
                             int32_t d) {
    (void)c, (void)r, (void)t, (void)a, (void)v, (void)d;
}
static const struct zwlr_virtual_pointer_v1_interface refusing_pointer = {
    .motion = vp_motion,
    .motion_absolute = vp_motion_absolute,
    .button = vp_button,
    .axis = vp_axis,
    .frame = vp_frame,
    .axis_source = vp_axis_source,
    .axis_stop = vp_axis_stop,
    .axis_discrete = vp_axis_discrete,
    .destroy = destroy_resource,
};

static void create_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
    struct wl_resource *pointer =
        wl_resource_create(client, &zwlr_virtual_pointer_v1_interface, wl_resource_get_version(resource), id);
    if (!pointer) {
        wl_resource_post_no_memory(resource);
        return;
    }
    wl_resource_set_implementation(pointer, &refusing_pointer, wl_resource_get_user_data(resource), NULL);
    // What it sends moves nothing.
    ask(resource, SLATE_PRIVILEGE_INPUT);
}
static void vpm_create(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat, uint32_t id) {
    (void)seat;
    create_pointer(client, resource, id);
}
static void vpm_create_with_output(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat,
                                   struct wl_resource *output, uint32_t id) {
    (void)seat, (void)output;
    create_pointer(client, resource, id);
}
static const struct zwlr_virtual_pointer_manager_v1_interface refusing_virtual_pointer = {
    .create_virtual_pointer = vpm_create,
    .destroy = destroy_resource,
    .create_virtual_pointer_with_output = vpm_create_with_output,
};

// ---- The refusing foreign-toplevel list ---------------------------------------------------------------------

static void ftm_stop(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    zwlr_foreign_toplevel_manager_v1_send_finished(resource);
}
static const struct zwlr_foreign_toplevel_manager_v1_interface refusing_toplevels = {.stop = ftm_stop};

// ---- Binding -------------------------------------------------------------------------------------------------

/// Binds a refusing global: the implementation in `data`'s slot for the interface.
struct refusing_kind {
    const struct wl_interface *interface;
    const void *implementation;
    int version;
};

static const struct refusing_kind refusing_kinds[SLATE_REFUSING_GLOBALS] = {
    {&zwlr_data_control_manager_v1_interface, &refusing_data_control, 2},
    {&zwlr_screencopy_manager_v1_interface, &refusing_screencopy, 3},
    {&zwlr_virtual_pointer_manager_v1_interface, &refusing_virtual_pointer, 2},
    {&zwlr_foreign_toplevel_manager_v1_interface, &refusing_toplevels, 3},
};

static void bind_refusing(struct wl_client *client, const struct refusing_kind *kind, slate_comp *comp,
                          uint32_t version, uint32_t id) {
    struct wl_resource *resource = wl_resource_create(client, kind->interface, (int)version, id);
    if (!resource) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(resource, kind->implementation, comp, NULL);
    if (kind->interface == &zwlr_foreign_toplevel_manager_v1_interface) {
        // A list of windows it will not be given: finished at once, and the person asked.
        slate_privacy_check(comp, client, SLATE_PRIVILEGE_WINDOWS, 1);
        zwlr_foreign_toplevel_manager_v1_send_finished(resource);
    }
}

static void bind_data_control(struct wl_client *c, void *data, uint32_t v, uint32_t id) {
    bind_refusing(c, &refusing_kinds[0], data, v, id);
}
static void bind_screencopy(struct wl_client *c, void *data, uint32_t v, uint32_t id) {
    bind_refusing(c, &refusing_kinds[1], data, v, id);
}
static void bind_virtual_pointer(struct wl_client *c, void *data, uint32_t v, uint32_t id) {
    bind_refusing(c, &refusing_kinds[2], data, v, id);
}
static void bind_toplevels(struct wl_client *c, void *data, uint32_t v, uint32_t id) {
    bind_refusing(c, &refusing_kinds[3], data, v, id);
}

static void on_new_virtual_pointer(struct wl_listener *l, void *data) {
    slate_comp *comp = wl_container_of(l, comp, new_virtual_pointer);
    struct wlr_virtual_pointer_v1_new_pointer_event *event = data;
    // (Allowed: it is a mouse of the person's, through the shell's input as any other.)
    slate_input_attach(comp, &event->new_pointer->input_device);
}

int slate_privacy_init(slate_comp *comp) {
    struct wlr_virtual_pointer_manager_v1 *virtual_pointer = wlr_virtual_pointer_manager_v1_create(comp->display);
    if (!virtual_pointer) return -1;
    comp->new_virtual_pointer.notify = on_new_virtual_pointer;
    wl_signal_add(&virtual_pointer->events.new_virtual_pointer, &comp->new_virtual_pointer);
    wl_global_bind_func_t binds[SLATE_REFUSING_GLOBALS] = {bind_data_control, bind_screencopy, bind_virtual_pointer,
                                                           bind_toplevels};
    for (int i = 0; i < SLATE_REFUSING_GLOBALS; i++) {
        comp->refusing[i] =
            wl_global_create(comp->display, refusing_kinds[i].interface, refusing_kinds[i].version, comp, binds[i]);
        if (!comp->refusing[i]) return -1;
    }
    wl_display_set_global_filter(comp->display, slate_privacy_global_filter, comp);
    return 0;
}
