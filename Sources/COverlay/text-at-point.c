// The text at the point of a deep press (docs/SPEC.md §11, "Force Click on text").
//
// Called on the under-finger lookup's thread with the deepest accessible object at the point.
// It only gathers: the character offset AT-SPI's Text gives for the point, and a bounded run of
// the text around it. What that text holds (a word, an email address, a phone number, a date, a
// web address) is the daemon's to decide. A password field is never read: its role is checked
// first, on the object and its parent (a toolkit may put the field's text in a child).
#include "text-at-point.h"
#include "text-highlight.h"
#include <atspi/atspi-constants.h>

static int remaining_ms(gint64 deadline) {
    gint64 left = (deadline - g_get_monotonic_time()) / 1000;
    return left <= 0 ? 0 : (int)MAX(left, 1);
}

static GVariant *call(GDBusConnection *a11y, gint64 deadline, const char *bus, const char *path, const char *iface,
                      const char *method, GVariant *args, const char *reply) {
    int ms = remaining_ms(deadline);
    if (!a11y || ms == 0) {
        if (args) g_variant_unref(g_variant_ref_sink(args));
        return NULL;
    }
    return g_dbus_connection_call_sync(a11y, bus, path, iface, method, args, G_VARIANT_TYPE(reply),
                                       G_DBUS_CALL_FLAGS_NO_AUTO_START, ms, NULL, NULL);
}

/// The object's AtspiRole, or -1 when it does not say.
static int role_of(GDBusConnection *a11y, gint64 deadline, const char *bus, const char *path) {
    GVariant *r = call(a11y, deadline, bus, path, ATSPI_DBUS_INTERFACE_ACCESSIBLE, "GetRole", NULL, "(u)");
    if (!r) return -1;
    guint32 role = 0;
    g_variant_get(r, "(u)", &role);
    g_variant_unref(r);
    return (int)role;
}

/// The object's parent's path (owned), or NULL.
static char *parent_of(GDBusConnection *a11y, gint64 deadline, const char *bus, const char *path) {
    GVariant *r = call(a11y, deadline, bus, path, "org.freedesktop.DBus.Properties", "Get",
                       g_variant_new("(ss)", ATSPI_DBUS_INTERFACE_ACCESSIBLE, "Parent"), "(v)");
    if (!r) return NULL;
    GVariant *v = NULL;
    g_variant_get(r, "(v)", &v);
    char *out = NULL;
    if (g_variant_is_of_type(v, G_VARIANT_TYPE("(so)"))) {
        const char *up_bus, *up;
        g_variant_get(v, "(&s&o)", &up_bus, &up);
        if (!g_str_equal(up, ATSPI_DBUS_PATH_NULL)) out = g_strdup(up);
    }
    g_variant_unref(v);
    g_variant_unref(r);
    return out;
}

/// Whether the object or its parent is a password field.
static gboolean secret(GDBusConnection *a11y, gint64 deadline, const char *bus, const char *path) {
    int role = role_of(a11y, deadline, bus, path);
    // An object that does not say what it is is not read either.
    if (role < 0 || role == ATSPI_ROLE_PASSWORD_TEXT) return TRUE;
    char *parent = parent_of(a11y, deadline, bus, path);
    gboolean out = parent && role_of(a11y, deadline, bus, parent) == ATSPI_ROLE_PASSWORD_TEXT;
    g_free(parent);
    return out;
}

gboolean ft_text_at_point(GDBusConnection *a11y, const char *bus, const char *path, int x, int y, guint coord,
                          int origin_x, int origin_y, gint64 deadline, char **text, guint32 *offset) {
    *text = NULL;
    *offset = 0;
    if (secret(a11y, deadline, bus, path)) return FALSE;
    // Asked directly: an object without the Text interface answers with an error, one call
    // instead of GetInterfaces first.
    GVariant *r = call(a11y, deadline, bus, path, ATSPI_DBUS_INTERFACE_TEXT, "GetOffsetAtPoint",
                       g_variant_new("(iiu)", x, y, coord), "(i)");
    if (!r) return FALSE;
    gint32 at = -1;
    g_variant_get(r, "(i)", &at);
    g_variant_unref(r);
    if (at < 0) return FALSE;
    gint32 from = at > FT_TEXT_AROUND_CHARS ? at - FT_TEXT_AROUND_CHARS : 0;
    // The end asked is within the text: GTK takes an end past it as the text's end, Firefox
    // answers an empty string.
    r = call(a11y, deadline, bus, path, "org.freedesktop.DBus.Properties", "Get",
             g_variant_new("(ss)", ATSPI_DBUS_INTERFACE_TEXT, "CharacterCount"), "(v)");
    if (!r) return FALSE;
    GVariant *count = NULL;
    g_variant_get(r, "(v)", &count);
    gint32 characters = g_variant_is_of_type(count, G_VARIANT_TYPE_INT32) ? g_variant_get_int32(count) : -1;
    g_variant_unref(count);
    g_variant_unref(r);
    if (at >= characters) return FALSE;
    r = call(a11y, deadline, bus, path, ATSPI_DBUS_INTERFACE_TEXT, "GetText",
             g_variant_new("(ii)", from, MIN(at + FT_TEXT_AROUND_CHARS + 1, characters)), "(s)");
    if (!r) return FALSE;
    const char *got = NULL;
    g_variant_get(r, "(&s)", &got);
    // What came is the application's: kept only as long as asked for, and the offset inside it.
    glong length = 0;
    const char *end = got;
    while (*end && length < 2 * FT_TEXT_AROUND_CHARS + 1) {
        end = g_utf8_next_char(end);
        length++;
    }
    gboolean ok = g_utf8_validate(got, end - got, NULL) && at - from < length;
    if (ok) {
        *text = g_strndup(got, end - got);
        *offset = (guint32)(at - from);
        // Where the find is highlighted while its menu shows is asked of this object then, in the
        // coordinates read in: the screen's (X11), or its window's (Wayland), placed from the
        // window's corner the compositor gave.
        ft_text_highlight_read(a11y, bus, path, from, (int)length, coord, origin_x, origin_y);
    }
    g_variant_unref(r);
    return ok;
}
