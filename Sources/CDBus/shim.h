// libdbus-1 for Swift: the library itself, and small helpers for what Swift cannot call directly
// (values passed by the address of a C variable, the type codes defined as macros).
#include <dbus/dbus.h>

static const int slate_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int slate_dbus_type_string = DBUS_TYPE_STRING;
static const int slate_dbus_type_object_path = DBUS_TYPE_OBJECT_PATH;
static const int slate_dbus_type_int32 = DBUS_TYPE_INT32;
static const int slate_dbus_type_uint32 = DBUS_TYPE_UINT32;
static const int slate_dbus_type_int16 = DBUS_TYPE_INT16;
static const int slate_dbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int slate_dbus_type_double = DBUS_TYPE_DOUBLE;
static const int slate_dbus_type_array = DBUS_TYPE_ARRAY;
static const int slate_dbus_type_variant = DBUS_TYPE_VARIANT;
static const int slate_dbus_type_struct = DBUS_TYPE_STRUCT;
static const int slate_dbus_type_dict_entry = DBUS_TYPE_DICT_ENTRY;
static const int slate_dbus_message_method_call = DBUS_MESSAGE_TYPE_METHOD_CALL;

static inline dbus_bool_t slate_dbus_append_string(DBusMessageIter *iter, const char *value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &value);
}

static inline dbus_bool_t slate_dbus_append_object_path(DBusMessageIter *iter, const char *value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_OBJECT_PATH, &value);
}

static inline dbus_bool_t slate_dbus_append_int32(DBusMessageIter *iter, dbus_int32_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_INT32, &value);
}

static inline dbus_bool_t slate_dbus_append_uint32(DBusMessageIter *iter, dbus_uint32_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT32, &value);
}

static inline dbus_bool_t slate_dbus_append_int16(DBusMessageIter *iter, dbus_int16_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_INT16, &value);
}

static inline dbus_bool_t slate_dbus_append_boolean(DBusMessageIter *iter, int value) {
    dbus_bool_t b = value ? TRUE : FALSE;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_BOOLEAN, &b);
}

static inline dbus_bool_t slate_dbus_append_double(DBusMessageIter *iter, double value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_DOUBLE, &value);
}

/// The string (or object path, or signature) at the iterator; NULL when it holds none.
static inline const char *slate_dbus_get_string(DBusMessageIter *iter) {
    int t = dbus_message_iter_get_arg_type(iter);
    if (t != DBUS_TYPE_STRING && t != DBUS_TYPE_OBJECT_PATH && t != DBUS_TYPE_SIGNATURE) return NULL;
    const char *value = NULL;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}

static inline dbus_int32_t slate_dbus_get_int32(DBusMessageIter *iter) {
    dbus_int32_t value = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}

static inline dbus_uint32_t slate_dbus_get_uint32(DBusMessageIter *iter) {
    dbus_uint32_t value = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}

/// A connection to the bus at `address`, registered with it, private (never shared, never exiting the
/// process when the bus goes away); NULL, with nothing printed, when it cannot be had.
static inline DBusConnection *slate_dbus_open(const char *address) {
    DBusConnection *c = address ? dbus_connection_open_private(address, NULL) : dbus_bus_get_private(DBUS_BUS_SESSION, NULL);
    if (!c) return NULL;
    dbus_connection_set_exit_on_disconnect(c, FALSE);
    if (address && !dbus_bus_register(c, NULL)) {
        dbus_connection_close(c);
        dbus_connection_unref(c);
        return NULL;
    }
    return c;
}

/// Closes and releases a private connection.
static inline void slate_dbus_close(DBusConnection *c) {
    dbus_connection_close(c);
    dbus_connection_unref(c);
}
