// A stand-in for forcetouchd on a test's session bus (Tests/Documented/bus-peer.sh): it owns a
// name and sends the Daemon1 signals the test writes on its standard input, so that the
// overlay, which believes only the owner of io.github.forcetouch.Daemon1 (docs/SPEC.md §11),
// takes them for the daemon's. Tests only; not installed.
//
//   bus-peer NAME [INPUT [UNDER-FINGER]]  owns NAME (refuses to queue), prints `owned NAME
//                        UNIQUE`, and holds it until stopped; with UNDER-FINGER (kinds separated
//                        by commas, "" for none) it has the daemon's UnderFinger property, `as`
//   INPUT (a FIFO; standard input without it, which a shell's background job has not):
//         MEMBER ARGS    one signal a line: ARGS is its arguments as one GVariant tuple in
//                        GVariant's text format, `(uint32 7, 'dismissed')`; prints `sent N`
//                        once the bus has it (N counts from 1), or `bad N: why`
//
// The overlay's calls to the daemon (ChooseQuickAction, DismissMenu, the intent window's
// answers, PressTarget) are printed as `call MEMBER ARGS` and answered as the daemon would, without doing
// anything: a method that returns (ss), ChooseQuickAction's, with ('success', 'stand-in').
//
// Names and types come from the bus's table (Sources/COverlay/bus-protocol.h, built with
// -ISources/COverlay), as the overlay's do: the methods are served with the table's signatures,
// and a line whose member is not a Daemon1 signal of the table, or whose arguments are not of
// its type, is refused (`bad N: …`), so that a test's hand-written signal cannot drift from the
// daemon's.
#include "bus-protocol.h"
#include <fcntl.h>
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#define DAEMON_PATH FT_BUS_DAEMON_PATH
#define DAEMON_IFACE FT_BUS_DAEMON_INTERFACE

/// The table's type for the Daemon1 signal `member`; NULL when the table has no such signal.
static const char *signal_type(const char *member) {
#define SIGNAL(name, type) if (strcmp(member, name) == 0) return type;
    FT_BUS_SIGNALS(SIGNAL)
#undef SIGNAL
    return NULL;
}

/// One `<arg>` per complete type of the tuple `tuple`, in `direction`.
static void add_args(GString *xml, const char *tuple, const char *direction) {
    GVariantType *t = g_variant_type_new(tuple);
    for (const GVariantType *e = g_variant_type_first(t); e; e = g_variant_type_next(e)) {
        char *code = g_variant_type_dup_string(e);
        g_string_append_printf(xml, "<arg type='%s' direction='%s'/>", code, direction);
        g_free(code);
    }
    g_variant_type_free(t);
}

/// The methods the overlay calls, with the table's signatures; and UnderFinger when `property`.
static char *methods_xml(gboolean property) {
    GString *xml = g_string_new("<node><interface name='" DAEMON_IFACE "'>");
#define METHOD(name, in, out) \
    if (strcmp(name, FT_METHOD_CHOOSE_QUICK_ACTION) == 0 || strcmp(name, FT_METHOD_DISMISS_MENU) == 0 || \
        strcmp(name, FT_METHOD_CONFIRM_INTENT) == 0 || strcmp(name, FT_METHOD_ANSWER_INTENT) == 0 || \
        strcmp(name, FT_METHOD_OPEN_INTENT_APP) == 0 || \
        strcmp(name, FT_METHOD_PRESS_TARGET) == 0) { \
        g_string_append_printf(xml, "<method name='%s'>", name); \
        add_args(xml, in, "in"); \
        add_args(xml, out, "out"); \
        g_string_append(xml, "</method>"); \
    }
    FT_BUS_METHODS(METHOD)
#undef METHOD
    if (property) g_string_append(xml, "<property name='" FT_BUS_PROPERTY_UNDER_FINGER "' type='as' access='read'/>");
    g_string_append(xml, "</interface></node>");
    return g_string_free(xml, FALSE);
}

static GMainLoop *loop;
/// The UnderFinger property's kinds.
static char **under_finger;
static GDBusConnection *bus;
static unsigned sent;

static void on_call(GDBusConnection *c, const char *sender, const char *path, const char *iface, const char *member,
                    GVariant *args, GDBusMethodInvocation *invocation, gpointer data) {
    (void)c; (void)sender; (void)path; (void)iface; (void)data;
    char *text = g_variant_print(args, TRUE);
    printf("call %s %s\n", member, text);
    fflush(stdout);
    g_free(text);
    const GDBusMethodInfo *info = g_dbus_method_invocation_get_method_info(invocation);
    if (info->out_args && info->out_args[0] && info->out_args[1] && !info->out_args[2])
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(ss)", "success", "stand-in"));
    else
        g_dbus_method_invocation_return_value(invocation, NULL);
}

static GVariant *on_get(GDBusConnection *c, const char *sender, const char *path, const char *iface,
                        const char *property, GError **error, gpointer data) {
    (void)c; (void)sender; (void)path; (void)iface; (void)property; (void)error; (void)data;
    return g_variant_new_strv((const char *const *)under_finger, -1);
}

static gboolean on_line(GIOChannel *in, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    char *line = NULL;
    gsize length = 0;
    GIOStatus status = g_io_channel_read_line(in, &line, &length, NULL, NULL);
    // The end of the input changes nothing: the name is held until the test stops the peer.
    if (status == G_IO_STATUS_EOF || status == G_IO_STATUS_ERROR) return G_SOURCE_REMOVE;
    if (!line) return G_SOURCE_CONTINUE;
    g_strchomp(line);
    char *space = strchr(line, ' ');
    sent++;
    GError *error = NULL;
    GVariant *args = space ? g_variant_parse(NULL, space + 1, NULL, NULL, &error) : NULL;
    if (space) *space = 0;
    const char *type = signal_type(line);
    if (!args || !g_variant_is_of_type(args, G_VARIANT_TYPE_TUPLE))
        printf("bad %u: %s\n", sent, error ? error->message : "want MEMBER (ARGS…)");
    else if (!type || !g_variant_is_of_type(args, G_VARIANT_TYPE(type)))
        printf("bad %u: %s%s is not a signal of the bus's table (%s%s, bus-protocol.h)\n", sent, line,
               g_variant_get_type_string(args), line, type ? type : " is none");
    else if (!g_dbus_connection_emit_signal(bus, NULL, DAEMON_PATH, DAEMON_IFACE, line, args, &error) ||
             !g_dbus_connection_flush_sync(bus, NULL, &error))
        printf("bad %u: %s\n", sent, error->message);
    else
        printf("sent %u\n", sent);
    fflush(stdout);
    if (args) g_variant_unref(args);  // parse gives a reference of its own; emit takes another
    g_clear_error(&error);
    g_free(line);
    return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: bus-peer NAME [INPUT [UNDER-FINGER]]\n");
        return 2;
    }
    GError *error = NULL;
    bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) {
        fprintf(stderr, "bus-peer: %s\n", error->message);
        return 1;
    }
    if (argc == 4) under_finger = *argv[3] ? g_strsplit(argv[3], ",", -1) : g_new0(char *, 1);
    char *xml = methods_xml(argc == 4);
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(xml, NULL);
    g_free(xml);
    static const GDBusInterfaceVTable vtable = { on_call, on_get, NULL, { 0 } };
    g_dbus_connection_register_object(bus, DAEMON_PATH, node->interfaces[0], &vtable, NULL, NULL, NULL);
    GVariant *reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus", "RequestName",
                                                  g_variant_new("(su)", argv[1], 4 /* DO_NOT_QUEUE */),
                                                  G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    guint32 result = 0;
    if (reply) g_variant_get(reply, "(u)", &result);
    if (result != 1 /* PRIMARY_OWNER */) {
        fprintf(stderr, "bus-peer: cannot own %s: %s\n", argv[1], error ? error->message : "another owns it");
        return 1;
    }
    printf("owned %s %s\n", argv[1], g_dbus_connection_get_unique_name(bus));
    fflush(stdout);
    loop = g_main_loop_new(NULL, FALSE);
    int fd = argc >= 3 ? open(argv[2], O_RDONLY | O_CLOEXEC) : 0;
    if (fd < 0) {
        perror(argv[2]);
        return 1;
    }
    GIOChannel *in = g_io_channel_unix_new(fd);
    g_io_add_watch(in, G_IO_IN | G_IO_HUP | G_IO_ERR, on_line, NULL);
    g_main_loop_run(loop);
    return 0;
}
