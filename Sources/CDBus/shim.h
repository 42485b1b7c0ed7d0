// libdbus-1 for Swift: the library itself, and small helpers for what Swift cannot call directly
// (values passed by the address of a C variable, the type codes defined as macros).
#include <dbus/dbus.h>

static const int slate_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int slate_dbus_type_byte = DBUS_TYPE_BYTE;
static const int slate_dbus_type_uint16 = DBUS_TYPE_UINT16;
static const int slate_dbus_type_int64 = DBUS_TYPE_INT64;
static const int slate_dbus_type_uint64 = DBUS_TYPE_UINT64;
static const int slate_dbus_type_signature = DBUS_TYPE_SIGNATURE;
static const int slate_dbus_type_unix_fd = DBUS_TYPE_UNIX_FD;
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
static const int slate_dbus_message_method_return = DBUS_MESSAGE_TYPE_METHOD_RETURN;
static const int slate_dbus_message_error = DBUS_MESSAGE_TYPE_ERROR;
static const int slate_dbus_message_signal = DBUS_MESSAGE_TYPE_SIGNAL;
static const int slate_dbus_timeout_infinite = DBUS_TIMEOUT_INFINITE;

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

static inline dbus_bool_t slate_dbus_append_byte(DBusMessageIter *iter, unsigned char value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_BYTE, &value);
}

static inline dbus_bool_t slate_dbus_append_uint16(DBusMessageIter *iter, dbus_uint16_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT16, &value);
}

static inline dbus_bool_t slate_dbus_append_int64(DBusMessageIter *iter, dbus_int64_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_INT64, &value);
}

static inline dbus_bool_t slate_dbus_append_uint64(DBusMessageIter *iter, dbus_uint64_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT64, &value);
}

static inline dbus_bool_t slate_dbus_append_signature(DBusMessageIter *iter, const char *value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_SIGNATURE, &value);
}

/// The basic value at the iterator (any fixed-size type), as its 8 bytes; the caller knows its type.
static inline DBusBasicValue slate_dbus_get_basic(DBusMessageIter *iter) {
    DBusBasicValue value;
    value.u64 = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}

/// The signature of the value at the iterator (a container's whole signature), to be freed with dbus_free.
static inline char *slate_dbus_iter_signature(DBusMessageIter *iter) {
    return dbus_message_iter_get_signature(iter);
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

/// A private connection to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket), as
/// `slate_dbus_open` makes one to the session bus; NULL when it cannot be had.
static inline DBusConnection *slate_dbus_open_system(void) {
    DBusConnection *c = dbus_bus_get_private(DBUS_BUS_SYSTEM, NULL);
    if (!c) return NULL;
    dbus_connection_set_exit_on_disconnect(c, FALSE);
    return c;
}

/// Closes and releases a private connection.
static inline void slate_dbus_close(DBusConnection *c) {
    dbus_connection_close(c);
    dbus_connection_unref(c);
}
