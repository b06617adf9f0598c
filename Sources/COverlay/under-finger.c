// What is under the finger (docs/SPEC.md §11, "What is under the finger").
//
// At PressProgress `began` (the press is on its way to a deep press) the overlay asks, on a
// thread of its own, what is at the press's point: the window there and its process, from the
// X server's stacking order under X11 or from sway's tree (IPC `get_tree`) under sway; then
// that application's accessible object at the point through AT-SPI (the session's accessibility
// bus, org.a11y.Bus): its role, name, description and, for a link, its address. The facts go to
// the daemon with PressTarget from GTK's thread; a lookup past its deadline sends `why` instead,
// and an answer for an older press is dropped.
//
// AT-SPI is spoken here with GDBus on a connection of the thread's own, not through libatspi:
// in a GTK process libatspi's one connection to the accessibility bus and its main context are
// GTK's accessibility bridge's (atk-bridge shares them), so a second thread using it would race
// GTK's own. GDBus connections are safe on any thread, and each call's timeout is what is left of
// the deadline. The X server is asked through xcb, which returns an error with the request that
// caused it, rather than Xlib, whose error handler is the process's (GDK's) and not
// thread-safe. The names and numbers of AT-SPI come from libatspi's header (atspi-constants.h).
#include "under-finger.h"
#include "drawing.h"
#include "bus-protocol.h"
#include "bounded.h"
#include "text-at-point.h"
#include "app-windows.h"
#include <atspi/atspi-constants.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#include <xcb/xcb.h>
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

/// How long a lookup may take, from `began`: past it the daemon is told `why`, and the answer,
/// when it comes, is dropped. A press takes longer than this from `began` to peek's menu.
/// The lookup's own calls are given a little less, so that a slow application's answer is
/// its `why`; the deadline's timer on GTK's thread is for a lookup stuck elsewhere.
enum { DEADLINE_MS = 300, LOOKUP_MS = DEADLINE_MS - 30 };

/// What the daemon takes (SPEC §11, PressTarget): texts of at most 500 characters, their "…"
/// among them, and addresses of at most 8192 bytes (a longer one is refused, and with it the
/// whole call). A name, a title or a URI is another application's to choose: each is bounded as
/// it is read, so that a 10 MB name is neither kept, nor logged, nor sent whole.
enum { FACT_MAX_CHARS = 500, ADDRESS_MAX_BYTES = 8192 };
/// The most applications, or windows of one, looked at: more than a session has.
enum { LIST_MAX = 1024 };

/// A text another program gave (`length` bytes, -1: to its zero), bounded: a copy, g_free it.
static char *fact_text(const char *text, gssize length) { return ft_cut_text(text, length, FACT_MAX_CHARS); }

/// The facts of one lookup, owned (g_free'd by facts_clear).
typedef struct {
    gboolean has_press;
    double press_x, press_y;
    char *source, *role, *name, *description, *address, *window_app_id, *window_title, *window_type, *app_id, *why;
    gboolean has_pid;
    guint32 window_pid;
    /// The display's windows (app-windows.c), for an app icon's menu: `a(uss)`, or NULL.
    GVariant *windows;
    /// The text around the point and the character pressed in it (text-at-point.c).
    char *text;
    guint32 text_offset;
} facts_t;

static void facts_clear(facts_t *f) {
    g_free(f->source); g_free(f->role); g_free(f->name); g_free(f->description); g_free(f->address);
    g_free(f->window_app_id); g_free(f->window_title); g_free(f->window_type); g_free(f->app_id); g_free(f->why);
    g_free(f->text);
    if (f->windows) g_variant_unref(f->windows);
    memset(f, 0, sizeof *f);
}

/// The connections a lookup uses, kept open between lookups: all on one thread.
typedef struct {
    const ft_lookup_model *model;
    GDBusConnection *session;
    /// The accessibility bus (NULL until reached).
    GDBusConnection *a11y;
    xcb_connection_t *x;
    xcb_window_t root;
    xcb_atom_t net_wm_pid, net_wm_type, net_wm_name, utf8, wm_state;
    /// An accessibility bus name → its process (pid + 1), and → its toolkit's name.
    GHashTable *pids, *toolkits;
    /// When the lookup under way must be done (g_get_monotonic_time).
    gint64 deadline;
    /// The overlay's own X windows (its menu's popup is over the point while a press grows): passed over.
    GArray *own;
    /// The last reason logged for AT-SPI being unusable: logged once, again when it changes.
    char *logged_why;
    /// A compositor's reply did not come by the deadline (the lookup's `why` says so).
    const char *late;
    /// The deepest object at the point in the last answer gathered: where text is read.
    char *deepest;
    /// Where the coordinates the application is asked in start, in screen (layout) pixels: 0, 0
    /// for the screen's (X11), a placed window's content corner for its window's (Wayland).
    int origin_x, origin_y;
    int verbose;
} lookup_t;

// ---------------------------------------------------------------- AT-SPI over GDBus

/// What is left of the deadline, in ms; at least 1 while any is left, 0 once it has passed.
static int remaining_ms(const lookup_t *l) {
    gint64 left = (l->deadline - g_get_monotonic_time()) / 1000;
    return left <= 0 ? 0 : (int)MAX(left, 1);
}

static GVariant *call_on(lookup_t *l, GDBusConnection *c, const char *dest, const char *path, const char *iface,
                         const char *method, GVariant *args, const char *reply) {
    int ms = remaining_ms(l);
    if (!c || ms == 0) {
        if (args) g_variant_unref(g_variant_ref_sink(args));
        return NULL;
    }
    return g_dbus_connection_call_sync(c, dest, path, iface, method, args, reply ? G_VARIANT_TYPE(reply) : NULL,
                                       G_DBUS_CALL_FLAGS_NO_AUTO_START, ms, NULL, NULL);
}

/// A method of an accessible object (`bus`, `path`) on the accessibility bus.
static GVariant *call(lookup_t *l, const char *bus, const char *path, const char *iface, const char *method,
                      GVariant *args, const char *reply) {
    return call_on(l, l->a11y, bus, path, iface, method, args, reply);
}

/// A string property of an accessible object, or NULL.
static char *string_property(lookup_t *l, const char *bus, const char *path, const char *iface, const char *name) {
    GVariant *r = call(l, bus, path, "org.freedesktop.DBus.Properties", "Get", g_variant_new("(ss)", iface, name),
                       "(v)");
    if (!r) return NULL;
    GVariant *v = NULL;
    g_variant_get(r, "(v)", &v);
    char *s = g_variant_is_of_type(v, G_VARIANT_TYPE_STRING) ? fact_text(g_variant_get_string(v, NULL), -1) : NULL;
    g_variant_unref(v);
    g_variant_unref(r);
    return s;
}

/// A method whose reply is one string, bounded (fact_text), or NULL.
static char *string_call(lookup_t *l, const char *bus, const char *path, const char *iface, const char *method,
                         GVariant *args) {
    GVariant *r = call(l, bus, path, iface, method, args, "(s)");
    if (!r) return NULL;
    const char *s = NULL;
    g_variant_get(r, "(&s)", &s);
    char *out = fact_text(s, -1);
    g_variant_unref(r);
    return out;
}

/// The objects a reply of `a(so)` names in `bus` (paths, owned).
static GPtrArray *children(lookup_t *l, const char *bus, const char *path) {
    GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
    GVariant *r = call(l, bus, path, ATSPI_DBUS_INTERFACE_ACCESSIBLE, "GetChildren", NULL, "(a(so))");
    if (!r) return out;
    GVariantIter *it;
    const char *name, *child;
    g_variant_get(r, "(a(so))", &it);
    while (out->len < LIST_MAX && g_variant_iter_next(it, "(&s&o)", &name, &child))
        if (!g_str_equal(child, ATSPI_DBUS_PATH_NULL)) g_ptr_array_add(out, g_strdup(child));
    g_variant_iter_free(it);
    g_variant_unref(r);
    return out;
}

/// The applications on the accessibility bus: the registry's children (bus names, owned).
static GPtrArray *applications(lookup_t *l) {
    GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
    GVariant *r = call(l, ATSPI_DBUS_NAME_REGISTRY, ATSPI_DBUS_PATH_ROOT, ATSPI_DBUS_INTERFACE_ACCESSIBLE,
                       "GetChildren", NULL, "(a(so))");
    if (!r) return out;
    GVariantIter *it;
    const char *name, *path;
    g_variant_get(r, "(a(so))", &it);
    while (out->len < LIST_MAX && g_variant_iter_next(it, "(&s&o)", &name, &path)) g_ptr_array_add(out, g_strdup(name));
    g_variant_iter_free(it);
    g_variant_unref(r);
    return out;
}

/// The process behind an application's bus name (0: unknown), asked of the bus once per name.
static guint32 application_pid(lookup_t *l, const char *bus) {
    gpointer known = g_hash_table_lookup(l->pids, bus);
    if (known) return GPOINTER_TO_UINT(known) - 1;
    GVariant *r = call(l, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                       "GetConnectionUnixProcessID", g_variant_new("(s)", bus), "(u)");
    if (!r) return 0;
    guint32 pid;
    g_variant_get(r, "(u)", &pid);
    g_variant_unref(r);
    if (g_hash_table_size(l->pids) > 512) g_hash_table_remove_all(l->pids);
    g_hash_table_insert(l->pids, g_strdup(bus), GUINT_TO_POINTER(pid + 1));
    return pid;
}

/// The toolkit an application is written with (`GTK`, `Gecko`…), asked once per name.
static const char *toolkit(lookup_t *l, const char *bus) {
    const char *known = g_hash_table_lookup(l->toolkits, bus);
    if (known) return known;
    char *name = string_property(l, bus, ATSPI_DBUS_PATH_ROOT, ATSPI_DBUS_INTERFACE_APPLICATION, "ToolkitName");
    if (!name) return "";
    if (g_hash_table_size(l->toolkits) > 512) g_hash_table_remove_all(l->toolkits);
    g_hash_table_insert(l->toolkits, g_strdup(bus), name);
    return name;
}

/// The object's GetState set: its first two words, bit n for AtspiStateType n.
static guint64 state_bits(lookup_t *l, const char *bus, const char *path) {
    GVariant *r = call(l, bus, path, ATSPI_DBUS_INTERFACE_ACCESSIBLE, "GetState", NULL, "(au)");
    if (!r) return 0;
    guint64 bits = 0;
    GVariantIter *it;
    guint32 word;
    int i = 0;
    g_variant_get(r, "(au)", &it);
    while (g_variant_iter_next(it, "u", &word)) {
        if (i < 2) bits |= (guint64)word << (32 * i);
        i++;
    }
    g_variant_iter_free(it);
    g_variant_unref(r);
    return bits;
}

/// The object's state has SHOWING (or VISIBLE); `active`: ACTIVE too.
static gboolean showing(lookup_t *l, const char *bus, const char *path, gboolean *active) {
    guint64 bits = state_bits(l, bus, path);
    if (active) *active = (bits >> ATSPI_STATE_ACTIVE) & 1;
    return ((bits >> ATSPI_STATE_SHOWING) & 1) || ((bits >> ATSPI_STATE_VISIBLE) & 1);
}

/// The object implements `iface`.
static gboolean implements(lookup_t *l, const char *bus, const char *path, const char *iface) {
    GVariant *r = call(l, bus, path, ATSPI_DBUS_INTERFACE_ACCESSIBLE, "GetInterfaces", NULL, "(as)");
    if (!r) return FALSE;
    const char **names = NULL;
    g_variant_get(r, "(^a&s)", &names);
    gboolean found = names && g_strv_contains(names, iface);
    g_free(names);
    g_variant_unref(r);
    return found;
}

/// The child of `path` at x, y (owned; NULL: none, or another application's).
static char *child_at(lookup_t *l, const char *bus, const char *path, int x, int y, guint coord) {
    GVariant *r = call(l, bus, path, ATSPI_DBUS_INTERFACE_COMPONENT, "GetAccessibleAtPoint",
                       g_variant_new("(iiu)", x, y, coord), "((so))");
    if (!r) return NULL;
    const char *name, *child;
    g_variant_get(r, "((&s&o))", &name, &child);
    char *out = !g_str_equal(child, ATSPI_DBUS_PATH_NULL) && !g_str_equal(child, path) ? g_strdup(child) : NULL;
    g_variant_unref(r);
    return out;
}

/// The object's Hyperlink URI, when it has the interface: bounded (a cut address would open
/// another page, so one too long is none at all), "" as the application gave it.
static char *uri_of(lookup_t *l, const char *bus, const char *path) {
    if (!implements(l, bus, path, ATSPI_DBUS_INTERFACE_HYPERLINK)) return NULL;
    GVariant *r = call(l, bus, path, ATSPI_DBUS_INTERFACE_HYPERLINK, "GetURI", g_variant_new("(i)", 0), "(s)");
    if (!r) return NULL;
    const char *uri = NULL;
    g_variant_get(r, "(&s)", &uri);
    size_t n = strlen(uri);
    char *out = n <= ADDRESS_MAX_BYTES && g_utf8_validate(uri, n, NULL) ? g_strndup(uri, n) : NULL;
    if (n > ADDRESS_MAX_BYTES && l->verbose)
        g_printerr("under-finger: a link's address of %zu bytes, more than %d, is not an address\n", n,
                   ADDRESS_MAX_BYTES);
    g_variant_unref(r);
    return out;
}

/// One object of an answer, as the application gave it: its Accessible properties (one GetAll:
/// name, description, children, parent), its role, states and URI. `parent` (owned) is where
/// its path goes up.
static void gather_node(lookup_t *l, const char *bus, const char *path, ft_accessible_node *n, char **parent) {
    memset(n, 0, sizeof *n);
    *parent = NULL;
    GVariant *r = call(l, bus, path, "org.freedesktop.DBus.Properties", "GetAll",
                       g_variant_new("(s)", ATSPI_DBUS_INTERFACE_ACCESSIBLE), "(a{sv})");
    if (r) {
        GVariant *props = g_variant_get_child_value(r, 0);
        const char *text = NULL, *up_bus = NULL, *up = NULL;
        if (g_variant_lookup(props, "Name", "&s", &text)) n->name = fact_text(text, -1);
        if (g_variant_lookup(props, "Description", "&s", &text)) n->description = fact_text(text, -1);
        g_variant_lookup(props, "ChildCount", "i", &n->children);
        if (g_variant_lookup(props, "Parent", "(&s&o)", &up_bus, &up) && !g_str_equal(up, ATSPI_DBUS_PATH_NULL))
            *parent = g_strdup(up);
        g_variant_unref(props);
        g_variant_unref(r);
    }
    n->role = string_call(l, bus, path, ATSPI_DBUS_INTERFACE_ACCESSIBLE, "GetRoleName", NULL);
    n->states = state_bits(l, bus, path);
    n->uri = uri_of(l, bus, path);
}

static void answer_clear(ft_accessible_answer *a, ft_accessible_node *nodes) {
    for (int i = 0; i < a->count; i++) {
        g_free((char *)nodes[i].role); g_free((char *)nodes[i].name); g_free((char *)nodes[i].description);
        g_free((char *)nodes[i].uri);
    }
    a->count = 0;
}

/// The application's answer at x, y in its window `top`: the deepest object (GetAccessibleAtPoint
/// asked again of each child: Gecko answers its deepest at once, GTK one level at a time), then
/// its parents up to `top`, which is last (those more than FT_PATH_MAX - 1 above the deepest
/// are left out).
static void gather_answer(lookup_t *l, const char *bus, const char *top, int x, int y, guint coord,
                          ft_accessible_answer *a, ft_accessible_node *nodes) {
    char *deepest = g_strdup(top);
    for (int depth = 0; depth < 48; depth++) {
        char *child = child_at(l, bus, deepest, x, y, coord);
        if (!child) break;
        g_free(deepest);
        deepest = child;
    }
    g_free(l->deepest);
    l->deepest = g_strdup(deepest);
    char *at = deepest;
    while (at && a->count < FT_PATH_MAX - 1 && !g_str_equal(at, top)) {
        char *parent = NULL;
        gather_node(l, bus, at, &nodes[a->count++], &parent);
        g_free(at);
        at = parent;
    }
    g_free(at);
    char *ignored = NULL;
    gather_node(l, bus, top, &nodes[a->count++], &ignored);
    g_free(ignored);
    a->toolkit = toolkit(l, bus);
    a->nodes = nodes;
}

/// Whether the text under the finger is read: set from GTK's thread as the daemon's UnderFinger
/// says (ft_under_finger_reads_text), read on the lookup's.
static gint text_read;

/// The accessible at x, y in the application `bus`, whose window there is `top`: its answer
/// gathered and decided by the model (PointedObject), asked again while the answer is partial
/// and the deadline leaves time for another ask (an application building its tree is asked
/// again after a pause).
static void describe(lookup_t *l, const char *bus, const char *top, int x, int y, guint coord, facts_t *f) {
    ft_accessible_node nodes[FT_PATH_MAX];
    ft_accessible_answer a = { 0 };
    ft_pointed_object chosen = { 0 };
    enum { PAUSE_MS = 15 };
    for (int ask = 1;; ask++) {
        gint64 start = g_get_monotonic_time();
        answer_clear(&a, nodes);
        gather_answer(l, bus, top, x, y, coord, &a, nodes);
        if (l->model->observe) l->model->print_answer(&a);
        int took = (int)((g_get_monotonic_time() - start) / 1000);
        gboolean last = remaining_ms(l) <= 2 * took + PAUSE_MS + 5;
        l->model->pointed_object(&a, last, &chosen);
        if (!chosen.ask_again || last) break;
        if (l->verbose) g_printerr("under-finger: ask %d: %s: asked again\n", ask, chosen.why);
        g_usleep(PAUSE_MS * 1000);
    }
    if (chosen.ask_again) chosen.node = 0, chosen.address = -1;
    const ft_accessible_node *n = &nodes[CLAMP(chosen.node, 0, a.count - 1)];
    f->role = g_strdup(n->role);
    f->name = g_strdup(n->name);
    f->description = n->description && *n->description ? g_strdup(n->description) : NULL;
    if (chosen.address >= 0 && chosen.address < a.count) f->address = g_strdup(nodes[chosen.address].uri);
    // Not a link: the text there, for the daemon's detectors (never a password field's), where
    // the daemon uses a kind found in text (ft_under_finger_reads_text).
    if (!f->address && l->deepest && g_atomic_int_get(&text_read))
        ft_text_at_point(l->a11y, bus, l->deepest, x, y, coord, l->origin_x, l->origin_y, l->deadline, &f->text,
                         &f->text_offset);
    answer_clear(&a, nodes);
}

/// The application with process `pid` and its window holding x, y: every window (top-level
/// object) of its applications on the bus gathered, its extents, states and (when the compositor
/// named one to match) name, and the model's choice among them (AccessibleWindow). Returns FALSE
/// when none holds it.
static gboolean find_window(lookup_t *l, guint32 pid, const char *title, int x, int y, guint coord,
                            char **bus_out, char **top_out) {
    GPtrArray *apps = applications(l);
    GPtrArray *buses = g_ptr_array_new_with_free_func(g_free), *tops = g_ptr_array_new_with_free_func(g_free);
    GArray *windows = g_array_new(FALSE, TRUE, sizeof(ft_accessible_window));
    for (guint i = 0; i < apps->len && windows->len < LIST_MAX; i++) {
        const char *bus = g_ptr_array_index(apps, i);
        if (application_pid(l, bus) != pid) continue;
        GPtrArray *frames = children(l, bus, ATSPI_DBUS_PATH_ROOT);
        for (guint j = 0; j < frames->len && windows->len < LIST_MAX; j++) {
            const char *top = g_ptr_array_index(frames, j);
            ft_accessible_window w = { 0 };
            GVariant *r = call(l, bus, top, ATSPI_DBUS_INTERFACE_COMPONENT, "GetExtents", g_variant_new("(u)", coord),
                               "((iiii))");
            if (!r) continue;
            g_variant_get(r, "((iiii))", &w.extents.x, &w.extents.y, &w.extents.width, &w.extents.height);
            g_variant_unref(r);
            w.states = state_bits(l, bus, top);
            if (title && *title) w.name = string_property(l, bus, top, ATSPI_DBUS_INTERFACE_ACCESSIBLE, "Name");
            g_array_append_val(windows, w);
            g_ptr_array_add(buses, g_strdup(bus));
            g_ptr_array_add(tops, g_strdup(top));
        }
        g_ptr_array_unref(frames);
    }
    g_ptr_array_unref(apps);
    int index = l->model->window_at((const ft_accessible_window *)(void *)windows->data, (int)windows->len, x, y, title);
    gboolean found = index >= 0 && index < (int)windows->len;
    if (found) {
        *bus_out = g_strdup(g_ptr_array_index(buses, index));
        *top_out = g_strdup(g_ptr_array_index(tops, index));
    }
    for (guint i = 0; i < windows->len; i++) g_free((char *)g_array_index(windows, ft_accessible_window, i).name);
    g_array_unref(windows);
    g_ptr_array_unref(buses);
    g_ptr_array_unref(tops);
    return found;
}

/// Why AT-SPI cannot be asked now (a static string), or NULL when it can: the accessibility
/// bus is reached once and kept.
static const char *accessibility_unusable(lookup_t *l) {
    if (!l->session) return "no session bus";
    GError *error = NULL;
    GVariant *r = g_dbus_connection_call_sync(l->session, "org.a11y.Bus", "/org/a11y/bus",
                                              "org.freedesktop.DBus.Properties", "Get",
                                              g_variant_new("(ss)", "org.a11y.Status", "IsEnabled"),
                                              G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                                              MAX(remaining_ms(l), 1), NULL, &error);
    if (!r) {
        gboolean absent = g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
                          g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER);
        g_error_free(error);
        return absent ? "no accessibility bus: org.a11y.Bus is not on the session bus (at-spi2-core's "
                        "at-spi-bus-launcher)"
                      : "the accessibility bus (org.a11y.Bus) did not answer";
    }
    GVariant *v = NULL;
    g_variant_get(r, "(v)", &v);
    gboolean enabled = g_variant_is_of_type(v, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(v);
    g_variant_unref(v);
    g_variant_unref(r);
    if (!enabled)
        return "accessibility is off (org.a11y.Status IsEnabled is false; `gsettings set "
               "org.gnome.desktop.interface toolkit-accessibility true` turns it on)";
    if (l->a11y && !g_dbus_connection_is_closed(l->a11y)) return NULL;
    g_clear_object(&l->a11y);
    r = g_dbus_connection_call_sync(l->session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                    NULL, G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                                    MAX(remaining_ms(l), 1), NULL, NULL);
    if (!r) return "the accessibility bus (org.a11y.Bus) gave no address";
    const char *address;
    g_variant_get(r, "(&s)", &address);
    l->a11y = g_dbus_connection_new_for_address_sync(
        address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL,
        NULL, NULL);
    g_variant_unref(r);
    if (!l->a11y) return "cannot connect to the accessibility bus";
    g_dbus_connection_set_exit_on_close(l->a11y, FALSE);
    return NULL;
}

// ---------------------------------------------------------------- X11: the stacking order

static xcb_atom_t atom(xcb_connection_t *c, const char *name) {
    xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(c, xcb_intern_atom(c, 0, strlen(name), name), NULL);
    xcb_atom_t a = r ? r->atom : XCB_ATOM_NONE;
    free(r);
    return a;
}

/// Why the X server cannot be asked, or NULL: connected once and kept.
static const char *x11_unusable(lookup_t *l) {
    if (l->x && !xcb_connection_has_error(l->x)) return NULL;
    if (l->x) xcb_disconnect(l->x);
    int screen = 0;
    l->x = xcb_connect(NULL, &screen);
    if (xcb_connection_has_error(l->x)) {
        xcb_disconnect(l->x);
        l->x = NULL;
        return "cannot connect to the X server (DISPLAY)";
    }
    xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(l->x));
    for (int i = 0; i < screen && it.rem; i++) xcb_screen_next(&it);
    l->root = it.data->root;
    l->net_wm_pid = atom(l->x, "_NET_WM_PID");
    l->net_wm_type = atom(l->x, "_NET_WM_WINDOW_TYPE");
    l->net_wm_name = atom(l->x, "_NET_WM_NAME");
    l->utf8 = atom(l->x, "UTF8_STRING");
    l->wm_state = atom(l->x, "WM_STATE");
    return NULL;
}

/// A window's property (`length` bytes, g_free'd, at most 16 KiB: a title past them is cut
/// anyway) or NULL: also when it is not of `format` (8 or 32 bits an item) or holds fewer than
/// `least` bytes. Any program may set any property in any format: `_NET_WM_PID` set as one
/// byte of format 8 must not be read as four.
static void *x11_property(lookup_t *l, xcb_window_t w, xcb_atom_t name, xcb_atom_t type, guint8 format, int least,
                          int *length) {
    xcb_get_property_reply_t *r =
        xcb_get_property_reply(l->x, xcb_get_property(l->x, 0, w, name, type, 0, 4096), NULL);
    if (!r) return NULL;
    int n = xcb_get_property_value_length(r);
    void *out = r->format == format && n >= MAX(least, 1) ? g_memdup2(xcb_get_property_value(r), n) : NULL;
    free(r);
    if (length) *length = out ? n : 0;
    return out;
}

/// A property of `format` holding at least `least` bytes came back for `cookie`.
static gboolean x11_has_property(lookup_t *l, xcb_get_property_cookie_t cookie, guint8 format, int least) {
    xcb_get_property_reply_t *r = xcb_get_property_reply(l->x, cookie, NULL);
    gboolean has = r && r->format == format && xcb_get_property_value_length(r) >= least;
    free(r);
    return has;
}

/// The client window in a top-level one (the window manager's frame), as the model picks it
/// (X11ClientWindow) among the windows three levels under it, with each one's WM_STATE and
/// _NET_WM_PID: gathered a level at a time, each level's requests sent at once and answered in
/// one round trip. XCB_WINDOW_NONE: none.
static xcb_window_t x11_client(lookup_t *l, xcb_window_t top) {
    enum { NODES_MAX = 256, LEVELS = 3 };
    xcb_window_t ids[NODES_MAX] = { top };
    ft_x11_node nodes[NODES_MAX] = { { .parent = -1 } };
    xcb_query_tree_cookie_t trees[NODES_MAX];
    int count = 1, from = 0;
    for (int level = 0; level < LEVELS && from < count; level++) {
        int to = count;
        for (int i = from; i < to; i++) trees[i] = xcb_query_tree(l->x, ids[i]);
        for (int i = from; i < to; i++) {
            xcb_query_tree_reply_t *tree = xcb_query_tree_reply(l->x, trees[i], NULL);
            if (!tree) continue;
            xcb_window_t *kids = xcb_query_tree_children(tree);
            // Topmost first: the X server lists a window's children bottom first.
            for (int k = xcb_query_tree_children_length(tree) - 1; k >= 0 && count < NODES_MAX; k--) {
                ids[count] = kids[k];
                nodes[count++] = (ft_x11_node){ .parent = i };
            }
            free(tree);
        }
        from = to;
    }
    xcb_get_property_cookie_t states[NODES_MAX], pids[NODES_MAX];
    for (int i = 0; i < count; i++) {
        states[i] = xcb_get_property(l->x, 0, ids[i], l->wm_state, XCB_ATOM_ANY, 0, 1);
        pids[i] = xcb_get_property(l->x, 0, ids[i], l->net_wm_pid, XCB_ATOM_CARDINAL, 0, 1);
    }
    for (int i = 0; i < count; i++) {
        nodes[i].wm_state = x11_has_property(l, states[i], 32, 4);
        nodes[i].pid = x11_has_property(l, pids[i], 32, 4);
    }
    int found = l->model->x11_client(nodes, count);
    return found >= 0 && found < count ? ids[found] : XCB_WINDOW_NONE;
}

/// A client window's `window-type` fact, owned: the name of its `_NET_WM_WINDOW_TYPE`'s first
/// atom, as the model names it (X11WindowType: `dock`, `desktop`, `normal` when it names none).
static char *x11_window_type(lookup_t *l, xcb_window_t w) {
    char *name = NULL, type[64];
    xcb_atom_t *types = x11_property(l, w, l->net_wm_type, XCB_ATOM_ATOM, 32, 4, NULL);
    xcb_get_atom_name_reply_t *r = types ? xcb_get_atom_name_reply(l->x, xcb_get_atom_name(l->x, types[0]), NULL) : NULL;
    if (r) name = g_strndup(xcb_get_atom_name_name(r), xcb_get_atom_name_name_length(r));
    l->model->x11_window_type(name, type, sizeof type);
    free(r);
    g_free(name);
    g_free(types);
    return fact_text(type, -1);
}

/// The window at x, y from the X server's stacking order: the root's children gathered (asked
/// all at once, answered in one round trip), the model's candidates for the point
/// (X11StackingList), and the first of them whose client is not the overlay's own process; its
/// facts in `f`. FALSE: none.
static gboolean x11_window_at(lookup_t *l, int x, int y, facts_t *f) {
    xcb_query_tree_reply_t *tree = xcb_query_tree_reply(l->x, xcb_query_tree(l->x, l->root), NULL);
    if (!tree) return FALSE;
    int n = xcb_query_tree_children_length(tree);
    xcb_window_t *kids = xcb_query_tree_children(tree);
    xcb_get_window_attributes_cookie_t *attrs = g_new(xcb_get_window_attributes_cookie_t, n);
    xcb_get_geometry_cookie_t *geoms = g_new(xcb_get_geometry_cookie_t, n);
    for (int i = 0; i < n; i++) {
        attrs[i] = xcb_get_window_attributes(l->x, kids[i]);
        geoms[i] = xcb_get_geometry(l->x, kids[i]);
    }
    ft_x11_window *windows = g_new0(ft_x11_window, MAX(n, 1));
    for (int i = 0; i < n; i++) {
        xcb_get_window_attributes_reply_t *a = xcb_get_window_attributes_reply(l->x, attrs[i], NULL);
        xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(l->x, geoms[i], NULL);
        for (guint k = 0; l->own && k < l->own->len; k++) windows[i].ours |= g_array_index(l->own, guint32, k) == kids[i];
        windows[i].viewable = a && a->map_state == XCB_MAP_STATE_VIEWABLE;
        windows[i].drawing = a && a->_class == XCB_WINDOW_CLASS_INPUT_OUTPUT;
        if (g) windows[i].frame = (ft_rect){ g->x, g->y, g->width + 2 * g->border_width, g->height + 2 * g->border_width };
        free(a);
        free(g);
    }
    int *order = g_new(int, MAX(n, 1));
    int count = n ? l->model->x11_candidates(windows, n, x, y, order) : 0;
    gboolean found = FALSE;
    for (int c = 0; c < count && !found; c++) {
        if (order[c] < 0 || order[c] >= n) continue;
        xcb_window_t top = kids[order[c]], client = x11_client(l, top), w = client ? client : top;
        guint32 *pid = x11_property(l, w, l->net_wm_pid, XCB_ATOM_CARDINAL, 32, 4, NULL);
        if (pid && *pid == (guint32)getpid()) {
            g_free(pid);
            continue;
        }
        found = TRUE;
        if (pid) {
            f->has_pid = TRUE;
            f->window_pid = *pid;
        }
        g_free(pid);
        int len = 0;
        char *cls = x11_property(l, w, XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, 1, &len);
        if (cls) {
            // "instance\0class\0": the class, as a Desktop Entry's StartupWMClass names it.
            size_t first = strnlen(cls, len);
            if ((int)first + 1 < len) f->window_app_id = ft_cut_text(cls + first + 1, len - first - 1, FACT_MAX_CHARS);
            else f->window_app_id = ft_cut_text(cls, len, FACT_MAX_CHARS);
            g_free(cls);
        }
        char *title = x11_property(l, w, l->net_wm_name, l->utf8, 8, 1, &len);
        if (!title) title = x11_property(l, w, XCB_ATOM_WM_NAME, XCB_ATOM_ANY, 8, 1, &len);
        if (title) {
            f->window_title = ft_cut_text(title, len, FACT_MAX_CHARS);
            g_free(title);
        }
        f->window_type = x11_window_type(l, w);
    }
    g_free(order);
    g_free(windows);
    g_free(attrs);
    g_free(geoms);
    free(tree);
    return found;
}

// ---------------------------------------------------------------- a compositor's IPC

/// The largest reply read from sway's or Hyprland's IPC: a `get_tree` of a session's windows is
/// some kilobytes a window (some hundreds of kilobytes for a busy session); more is refused
/// before it is read, so that neither reading nor parsing it takes the overlay's memory.
#define IPC_MAX_BYTES (8u << 20)

/// Why an IPC read ended short.
typedef enum { IPC_READ_DONE, IPC_READ_CLOSED, IPC_READ_LATE } ipc_read_t;

/// Reads up to `size` bytes from `fd` into `buffer` (all of them unless `to_end`, which reads
/// until the peer closes), by the lookup's deadline: one deadline for the whole reply, however
/// slowly it trickles in, not a timeout per read. *got: the bytes read.
static ipc_read_t ipc_read(lookup_t *l, int fd, void *buffer, size_t size, gboolean to_end, size_t *got) {
    *got = 0;
    while (*got < size) {
        int ms = remaining_ms(l);
        if (ms == 0) return IPC_READ_LATE;
        struct pollfd p = { .fd = fd, .events = POLLIN };
        int ready = poll(&p, 1, ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return IPC_READ_CLOSED;
        if (ready == 0) continue;
        ssize_t n = recv(fd, (char *)buffer + *got, size - *got, MSG_DONTWAIT);
        if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
        if (n <= 0) return n == 0 && to_end ? IPC_READ_DONE : IPC_READ_CLOSED;
        *got += (size_t)n;
    }
    return IPC_READ_DONE;
}

// ---------------------------------------------------------------- sway: IPC get_tree

/// The IPC messages asked of sway: its workspaces, its outputs, its tree.
enum { SWAY_GET_WORKSPACES = 1, SWAY_GET_OUTPUTS = 3, SWAY_GET_TREE = 4 };

/// sway's reply to the IPC message `message` (`get_tree`, `get_outputs`…; i3's IPC: "i3-ipc", a
/// length and a type, then the JSON), or NULL with
/// `why` set. The reply is malloc'd; its length in *length.
static char *sway_ipc(lookup_t *l, const char *socket_path, guint32 message, size_t *length, const char **why) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    if (fd < 0 || strlen(socket_path) >= sizeof addr.sun_path) {
        if (fd >= 0) close(fd);
        *why = "cannot reach sway's IPC socket (SWAYSOCK)";
        return NULL;
    }
    g_strlcpy(addr.sun_path, socket_path, sizeof addr.sun_path);
    // The request is 14 bytes: a socket's buffer takes them at once, or sway is not listening.
    int ms = MAX(remaining_ms(l), 1);
    struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    unsigned char request[14] = { 'i', '3', '-', 'i', 'p', 'c', 0, 0, 0, 0, 0, 0, 0, 0 };
    memcpy(request + 10, &message, 4);
    unsigned char header[14];
    char *json = NULL;
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || write(fd, request, sizeof request) != sizeof request) {
        *why = "cannot reach sway's IPC socket (SWAYSOCK)";
        goto done;
    }
    size_t got = 0;
    if (ipc_read(l, fd, header, sizeof header, FALSE, &got) == IPC_READ_LATE) {
        *why = l->late = "sway's IPC did not answer in time";
        goto done;
    }
    guint32 size, type;
    memcpy(&size, header + 6, 4);
    memcpy(&type, header + 10, 4);
    if (got != sizeof header || memcmp(header, "i3-ipc", 6) != 0 || type != message) {
        *why = "sway's IPC gave no answer";
        goto done;
    }
    if (size > IPC_MAX_BYTES) {
        *why = "sway's IPC answer is larger than the 8 MiB read";
        goto done;
    }
    json = g_malloc(size + 1);
    ipc_read_t r = ipc_read(l, fd, json, size, FALSE, &got);
    if (r != IPC_READ_DONE) {
        g_clear_pointer(&json, g_free);
        *why = r == IPC_READ_LATE ? (l->late = "sway's IPC answer did not come in time") : "sway's IPC answer was cut short";
        goto done;
    }
    json[size] = 0;
    *length = size;
done:
    close(fd);
    return json;
}

/// A layer-shell panel at x, y (sway's IPC places no layer surface, and its application gives
/// its extents from its own corner): the strips the outputs' usable areas leave (`get_outputs`,
/// `get_workspaces`), and the frames of the applications that have no window in sway's tree
/// (`windowed`), matched by size in Swift (SwayReservedStrips). The frame's application and
/// path, and its place in the layout; FALSE with `why` (a static string, or NULL: nothing there).
static gboolean sway_panel_at(lookup_t *l, const GArray *windowed, int x, int y, char **bus_out, char **top_out,
                              ft_rect *place, const char **why) {
    *why = NULL;
    size_t olen = 0, wlen = 0;
    const char *socket_path = g_getenv("SWAYSOCK");
    char *outputs = sway_ipc(l, socket_path, SWAY_GET_OUTPUTS, &olen, why);
    char *workspaces = outputs ? sway_ipc(l, socket_path, SWAY_GET_WORKSPACES, &wlen, why) : NULL;
    gboolean found = FALSE;
    if (!workspaces) goto done;
    // Every showing frame of an application without a window: what a layer surface's is.
    GPtrArray *buses = g_ptr_array_new_with_free_func(g_free), *tops = g_ptr_array_new_with_free_func(g_free);
    GArray *sizes = g_array_new(FALSE, TRUE, sizeof(ft_rect));
    GPtrArray *apps = applications(l);
    for (guint i = 0; i < apps->len && sizes->len < 64; i++) {
        const char *bus = g_ptr_array_index(apps, i);
        guint32 p = application_pid(l, bus);
        gboolean excluded = p == 0 || p == (guint32)getpid();
        for (guint k = 0; k < windowed->len; k++) excluded = excluded || g_array_index(windowed, int, k) == (int)p;
        if (excluded) continue;
        GPtrArray *frames = children(l, bus, ATSPI_DBUS_PATH_ROOT);
        for (guint j = 0; j < frames->len && sizes->len < 64; j++) {
            const char *top = g_ptr_array_index(frames, j);
            GVariant *r = call(l, bus, top, ATSPI_DBUS_INTERFACE_COMPONENT, "GetExtents",
                               g_variant_new("(u)", ATSPI_COORD_TYPE_WINDOW), "((iiii))");
            if (!r) continue;
            ft_rect e;
            g_variant_get(r, "((iiii))", &e.x, &e.y, &e.width, &e.height);
            g_variant_unref(r);
            if (e.width <= 0 || e.height <= 0 || !showing(l, bus, top, NULL)) continue;
            g_array_append_val(sizes, e);
            g_ptr_array_add(buses, g_strdup(bus));
            g_ptr_array_add(tops, g_strdup(top));
        }
        g_ptr_array_unref(frames);
    }
    g_ptr_array_unref(apps);
    int index = sizes->len ? l->model->sway_layer_surface_at(outputs, olen, workspaces, wlen, x, y,
                                                            (const ft_rect *)(void *)sizes->data, (int)sizes->len, place)
                           : -1;
    if (index >= 0 && index < (int)sizes->len) {
        found = TRUE;
        *bus_out = g_strdup(g_ptr_array_index(buses, index));
        *top_out = g_strdup(g_ptr_array_index(tops, index));
    }
    g_ptr_array_unref(buses);
    g_ptr_array_unref(tops);
    g_array_unref(sizes);
done:
    g_free(outputs);
    g_free(workspaces);
    return found;
}

// ---------------------------------------------------------------- Hyprland: IPC j/clients

/// Hyprland's reply to `request` (`j/clients`, `j/monitors`, `j/layers`: JSON) on its request
/// socket, `$XDG_RUNTIME_DIR/hypr/SIGNATURE/.socket.sock` (before Hyprland 0.40
/// `/tmp/hypr/SIGNATURE/…`), read to its end; or NULL with `why` (static). Written from
/// Hyprland's documentation; not tried against a running Hyprland.
static char *hyprland_ipc(lookup_t *l, const char *request, size_t *length, const char **why) {
    const char *signature = g_getenv("HYPRLAND_INSTANCE_SIGNATURE");
    char *paths[2] = { g_build_filename(g_get_user_runtime_dir(), "hypr", signature, ".socket.sock", NULL),
                       g_build_filename("/tmp/hypr", signature, ".socket.sock", NULL) };
    int fd = -1;
    *why = "cannot reach Hyprland's IPC socket (HYPRLAND_INSTANCE_SIGNATURE)";
    for (int i = 0; i < 2 && fd < 0; i++) {
        struct sockaddr_un addr = { .sun_family = AF_UNIX };
        if (strchr(signature, '/') || strlen(paths[i]) >= sizeof addr.sun_path) continue;
        g_strlcpy(addr.sun_path, paths[i], sizeof addr.sun_path);
        fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) continue;
        int ms = MAX(remaining_ms(l), 1);
        struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
            close(fd);
            fd = -1;
        }
    }
    g_free(paths[0]);
    g_free(paths[1]);
    if (fd < 0) return NULL;
    gboolean ok = write(fd, request, strlen(request)) == (ssize_t)strlen(request);
    // Hyprland says no length: the reply ends where it closes the socket, read into a buffer
    // that grows as it comes, up to one byte past the bound (which tells a reply too large).
    GByteArray *reply = g_byte_array_new();
    ipc_read_t r = IPC_READ_CLOSED;
    while (ok && reply->len <= IPC_MAX_BYTES) {
        size_t had = reply->len, want = MIN(MAX(had, 16384u), IPC_MAX_BYTES + 1 - had), got = 0;
        g_byte_array_set_size(reply, had + want);
        r = ipc_read(l, fd, reply->data + had, want, TRUE, &got);
        g_byte_array_set_size(reply, had + got);
        if (r != IPC_READ_DONE || got < want) break;
    }
    close(fd);
    *why = r == IPC_READ_LATE ? (l->late = "Hyprland's IPC answer did not come in time")
         : reply->len > IPC_MAX_BYTES ? "Hyprland's IPC answer is larger than the 8 MiB read"
         : !ok || r != IPC_READ_DONE || reply->len == 0 ? "Hyprland's IPC gave no answer"
         : NULL;
    if (*why) {
        g_byte_array_unref(reply);
        return NULL;
    }
    *length = reply->len;
    g_byte_array_append(reply, (const guint8 *)"", 1);
    return (char *)g_byte_array_free(reply, FALSE);
}

// ---------------------------------------------------------------- one lookup

/// A window the compositor placed (sway's or Hyprland's `w`, its content's corner in layout
/// pixels) holding x, y: its facts in `f`, its type `type` (owned, kept), and its application
/// asked at the point in window coordinates, since under Wayland an application knows its window
/// only from its own corner. `named`: `w` has an app id and a title (a layer surface has neither),
/// and the title picks the application's window.
static void placed_window(lookup_t *l, const ft_sway_window *w, gboolean named, char *type, int x, int y, facts_t *f,
                          char **bus, char **top) {
    f->has_pid = w->pid > 0;
    f->window_pid = w->pid > 0 ? (guint32)w->pid : 0;
    f->window_app_id = named && *w->app_id ? fact_text(w->app_id, -1) : NULL;
    f->window_title = named && *w->title ? fact_text(w->title, -1) : NULL;
    f->window_type = type;
    int wx = x - w->content.x, wy = y - w->content.y;
    l->origin_x = w->content.x;
    l->origin_y = w->content.y;
    if (!f->has_pid) f->why = g_strdup("the window names no process");
    else if (find_window(l, f->window_pid, f->window_title, wx, wy, ATSPI_COORD_TYPE_WINDOW, bus, top))
        describe(l, *bus, *top, wx, wy, ATSPI_COORD_TYPE_WINDOW, f);
    else f->why = g_strdup_printf("process %u has no accessible window at %d,%d", f->window_pid, x, y);
}

/// Logs why AT-SPI cannot be asked, once per reason.
static void log_unusable(lookup_t *l, const char *why) {
    if (g_strcmp0(l->logged_why, why) == 0) return;
    g_free(l->logged_why);
    l->logged_why = g_strdup(why);
    if (why) g_printerr("under-finger: %s: what is under the finger is not looked up\n", why);
    else g_printerr("under-finger: the accessibility bus answers: what is under the finger is looked up\n");
}

/// What is at screen pixel x, y (sway's layout pixels under sway), within `budget_ms`.
static void look_up(lookup_t *l, int x, int y, int budget_ms, facts_t *f) {
    l->deadline = g_get_monotonic_time() + (gint64)budget_ms * 1000;
    l->late = NULL;
    l->origin_x = l->origin_y = 0;
    // Which way the window under the point is learned (LookupSource).
    char name[256], said[256];
    const char *why = NULL;
    int source = l->model->source(name, said, sizeof name);
    if (source == FT_SOURCE_NONE) {
        f->why = g_strdup(said);
        return;
    }
    why = accessibility_unusable(l);
    log_unusable(l, why);
    if (why) {
        f->why = g_strdup(why);
        return;
    }
    f->source = g_strdup(name);
    char *bus = NULL, *top = NULL;
    if (source == FT_SOURCE_X11) {
        if ((why = x11_unusable(l))) {
            f->why = g_strdup(why);
            return;
        }
        if (!x11_window_at(l, x, y, f)) {
            f->why = g_strdup_printf("no window at %d,%d", x, y);
            return;
        }
        if (!f->has_pid) {
            f->why = g_strdup("the window names no process (_NET_WM_PID)");
            return;
        }
        if (!find_window(l, f->window_pid, f->window_title, x, y, ATSPI_COORD_TYPE_SCREEN, &bus, &top)) {
            f->why = g_strdup_printf("process %u has no accessible window at %d,%d", f->window_pid, x, y);
            return;
        }
        describe(l, bus, top, x, y, ATSPI_COORD_TYPE_SCREEN, f);
        if (!f->address) f->windows = ft_app_windows_x11(l->x, l->root);
    } else if (source == FT_SOURCE_HYPRLAND) {
        // Hyprland places its windows and its layer surfaces (a panel) itself, and says where.
        size_t clen = 0, mlen = 0, llen = 0;
        char *clients = hyprland_ipc(l, "j/clients", &clen, &why);
        char *monitors = clients ? hyprland_ipc(l, "j/monitors", &mlen, &why) : NULL;
        const char *ignored = NULL;
        char *layers = monitors ? hyprland_ipc(l, "j/layers", &llen, &ignored) : NULL;
        ft_sway_window w = { 0 };
        int found = monitors ? l->model->hyprland_window_at(clients, clen, monitors, mlen, layers, llen, x, y,
                                                           (int)getpid(), &w)
                             : 0;
        g_free(clients);
        g_free(monitors);
        g_free(layers);
        if (!found) f->why = why ? g_strdup(why) : g_strdup_printf("no window at %d,%d", x, y);
        // A layer surface has a namespace (`waybar`), neither an app id nor a title.
        else placed_window(l, &w, found == 1, fact_text(w.window_type, -1), x, y, f, &bus, &top);
    } else {
        size_t length = 0;
        char *json = sway_ipc(l, g_getenv("SWAYSOCK"), SWAY_GET_TREE, &length, &why);
        if (!json) {
            f->why = g_strdup(why);
            return;
        }
        ft_sway_window w = { 0 };
        gboolean found = l->model->sway_window_at(json, length, x, y, &w) != 0;
        // The windows' processes: their applications' extents are their windows', not the screen's.
        // Asked only when no window is found (each ask parses the tree again).
        GArray *windowed = g_array_new(FALSE, TRUE, sizeof(int));
        if (!found) {
            g_array_set_size(windowed, 256);
            g_array_set_size(windowed, MIN(l->model->sway_pids(json, length, (int *)(void *)windowed->data, 256), 256));
        }
        if (found) {
            // An XWayland window's type is the X server's to tell (sway says `unknown` for a dock).
            placed_window(l, &w, TRUE,
                          w.x11_window && !x11_unusable(l) ? x11_window_type(l, w.x11_window) : fact_text(w.window_type, -1),
                          x, y, f, &bus, &top);
        } else if (sway_panel_at(l, windowed, x, y, &bus, &top, &w.content, &why)) {
            // No sway window, but a layer-shell panel placed by the strip its exclusive zone leaves.
            f->window_type = g_strdup("panel");
            guint32 pid = application_pid(l, bus);
            f->has_pid = pid != 0;
            f->window_pid = pid;
            l->origin_x = w.content.x;
            l->origin_y = w.content.y;
            describe(l, bus, top, x - w.content.x, y - w.content.y, ATSPI_COORD_TYPE_WINDOW, f);
            // A wlroots taskbar's button (waybar's) stands for a window: that window's app
            // (TaskbarButton, SwayTree).
            char app[FT_SWAY_TEXT];
            if (l->model->sway_taskbar_app(json, length, f->role, f->name, f->description, app, sizeof app))
                f->app_id = fact_text(app, -1);
        } else {
            f->why = why ? g_strdup_printf("no window at %d,%d (%s)", x, y, why) : g_strdup_printf("no window at %d,%d", x, y);
        }
        if (!f->address && !f->why) f->windows = ft_app_windows_sway(l->model, json, length);
        g_array_unref(windowed);
        g_free(json);
    }
    g_free(bus);
    g_free(top);
}

/// look_up, and when it ran out of time with nothing found, that as its `why`: what was not
/// answered in time says nothing of the application.
static void look_up_within(lookup_t *l, int x, int y, int budget_ms, facts_t *f) {
    look_up(l, x, y, budget_ms, f);
    if (remaining_ms(l) == 0 && !f->role && !f->name) {
        g_free(f->why);
        f->why = g_strdup_printf("the lookup took longer than %d ms%s%s", budget_ms, l->late ? ": " : "",
                                 l->late ? l->late : "");
    }
}

static lookup_t *lookup_new(const ft_lookup_model *model, int verbose) {
    lookup_t *l = g_new0(lookup_t, 1);
    l->model = model;
    l->verbose = verbose;
    l->session = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    l->pids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    l->toolkits = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    return l;
}

/// `under-finger X Y: role "name" address (N ms)`, or what was not found and why: one line
/// whatever the application named its objects (ft_log_text).
static void log_lookup(int x, int y, const facts_t *f, double ms) {
    char *role = ft_log_text(f->role ? f->role : "?"), *name = ft_log_text(f->name),
         *address = ft_log_text(f->address), *why = ft_log_text(f->why ? f->why : "?");
    if (f->role || f->name)
        g_printerr("under-finger %d %d: %s \"%s\"%s%s (%.1f ms)\n", x, y, role, name, f->address ? " " : "", address, ms);
    else
        g_printerr("under-finger %d %d: nothing: %s (%.1f ms)\n", x, y, why, ms);
    g_free(role);
    g_free(name);
    g_free(address);
    g_free(why);
}

// ---------------------------------------------------------------- the thread and the daemon

typedef struct {
    guint press;
    int x, y;
    double press_x, press_y;
    /// Set when the point is not known: nothing is looked up.
    const char *unknown;
    /// The overlay's own X windows (XIDs), or NULL.
    GArray *own;
    facts_t facts;
    double ms;
} job_t;

static struct {
    const ft_lookup_model *model;
    GDBusConnection *bus;
    int verbose;
    GAsyncQueue *jobs;
    /// The press looked up last (counts up), and whether the daemon has had its answer.
    guint press;
    gboolean answered;
    guint deadline_timer;
    double press_x, press_y;
} u;

static void send_facts(const facts_t *f) {
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&b, "{sv}", FT_FACT_PRESS_X, g_variant_new_double(f->press_x));
    g_variant_builder_add(&b, "{sv}", FT_FACT_PRESS_Y, g_variant_new_double(f->press_y));
    const struct { const char *key, *value; } texts[] = {
        { FT_FACT_SOURCE, f->source }, { FT_FACT_ROLE, f->role }, { FT_FACT_NAME, f->name },
        { FT_FACT_DESCRIPTION, f->description }, { FT_FACT_ADDRESS, f->address },
        { FT_FACT_WINDOW_APP_ID, f->window_app_id }, { FT_FACT_WINDOW_TITLE, f->window_title },
        { FT_FACT_WINDOW_TYPE, f->window_type }, { FT_FACT_APP_ID, f->app_id }, { FT_FACT_WHY, f->why },
        { FT_FACT_TEXT, f->text },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
        if (texts[i].value && g_utf8_validate(texts[i].value, -1, NULL))
            g_variant_builder_add(&b, "{sv}", texts[i].key, g_variant_new_string(texts[i].value));
    if (f->has_pid) g_variant_builder_add(&b, "{sv}", FT_FACT_WINDOW_PID, g_variant_new_uint32(f->window_pid));
    if (f->text) g_variant_builder_add(&b, "{sv}", FT_FACT_TEXT_OFFSET, g_variant_new_uint32(f->text_offset));
    if (f->windows) g_variant_builder_add(&b, "{sv}", FT_FACT_WINDOWS, f->windows);
    if (u.bus)
        g_dbus_connection_call(u.bus, FT_BUS_DAEMON_NAME, FT_BUS_DAEMON_PATH, FT_BUS_DAEMON_INTERFACE,
                               FT_METHOD_PRESS_TARGET, g_variant_new(FT_METHOD_PRESS_TARGET_IN, &b), NULL, G_DBUS_CALL_FLAGS_NONE,
                               -1, NULL, NULL, NULL);
    else
        g_variant_builder_clear(&b);
}

/// On GTK's thread: a lookup's answer. Sent unless a newer press began or the deadline passed.
static gboolean on_answer(gpointer data) {
    job_t *job = data;
    if (u.verbose) log_lookup(job->x, job->y, &job->facts, job->ms);
    if (job->press != u.press || u.answered) {
        if (u.verbose) g_printerr("under-finger %d %d: dropped: %s\n", job->x, job->y,
                                  job->press != u.press ? "a newer press began" : "past the deadline");
    } else {
        u.answered = TRUE;
        if (u.deadline_timer) g_source_remove(u.deadline_timer);
        u.deadline_timer = 0;
        job->facts.has_press = TRUE;
        job->facts.press_x = job->press_x;
        job->facts.press_y = job->press_y;
        send_facts(&job->facts);
    }
    facts_clear(&job->facts);
    g_free(job);
    return G_SOURCE_REMOVE;
}

static gboolean on_deadline(gpointer data) {
    (void)data;
    u.deadline_timer = 0;
    if (u.answered) return G_SOURCE_REMOVE;
    u.answered = TRUE;
    facts_t f = { .has_press = TRUE, .press_x = u.press_x, .press_y = u.press_y };
    f.why = g_strdup_printf("no answer within %d ms", DEADLINE_MS);
    g_printerr("under-finger: %s\n", f.why);
    send_facts(&f);
    facts_clear(&f);
    return G_SOURCE_REMOVE;
}

/// The lookup's thread: takes the newest press waiting, looks it up, hands the answer to GTK's
/// thread. Its connections are opened before the first press.
static gpointer worker(gpointer data) {
    (void)data;
    lookup_t *l = lookup_new(u.model, u.verbose);
    l->deadline = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
    char name[256], said[256];
    int source = u.model->source(name, said, sizeof name);
    if (source != FT_SOURCE_NONE) {
        log_unusable(l, accessibility_unusable(l));
        if (source == FT_SOURCE_X11) x11_unusable(l);
    }
    for (;;) {
        job_t *job = g_async_queue_pop(u.jobs), *newer;
        while ((newer = g_async_queue_try_pop(u.jobs))) {
            if (job->own) g_array_unref(job->own);
            g_free(job);
            job = newer;
        }
        gint64 start = g_get_monotonic_time();
        l->own = job->own;
        if (job->unknown) job->facts.why = g_strdup(job->unknown);
        else look_up_within(l, job->x, job->y, LOOKUP_MS, &job->facts);
        l->own = NULL;
        if (job->own) g_array_unref(job->own);
        job->ms = (g_get_monotonic_time() - start) / 1000.0;
        g_idle_add(on_answer, job);
    }
    return NULL;
}

void ft_under_finger_init(GDBusConnection *bus, const ft_lookup_model *model, int verbose) {
    if (!model) return;
    u.model = model;
    u.bus = bus;
    u.verbose = verbose;
    u.jobs = g_async_queue_new();
    g_thread_unref(g_thread_new("under-finger", worker, NULL));
}

void ft_under_finger_began(double x, double y, const char *placement, const char *output) {
    if (!u.jobs) return;
    job_t *job = g_new0(job_t, 1);
    job->press = ++u.press;
    job->press_x = u.press_x = x;
    job->press_y = u.press_y = y;
    u.answered = FALSE;
    GdkMonitor *monitor = ft_find_monitor(output, NULL);
    GdkRectangle g = { 0 };
    if (monitor) gdk_monitor_get_geometry(monitor, &g);
    job->x = g.x + (int)(x * g.width);
    job->y = g.y + (int)(y * g.height);
    if (placement && strcmp(placement, "pointer") == 0) {
        // Wayland tells a client where the pointer is only over its own surface.
        job->unknown = "a press at the pointer, whose place this Wayland compositor does not tell";
#ifdef GDK_WINDOWING_X11
        if (GDK_IS_X11_DISPLAY(gdk_display_get_default())) {
            GdkDevice *pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()));
            gdk_device_get_position(pointer, NULL, &job->x, &job->y);
            job->unknown = NULL;
        }
#endif
    }
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_DISPLAY(gdk_display_get_default())) {
        // Its toplevels' frames: what the X server lists among the root's children.
        job->own = g_array_new(FALSE, FALSE, sizeof(guint32));
        GList *tops = gtk_window_list_toplevels();
        for (GList *t = tops; t; t = t->next) {
            GdkWindow *w = gtk_widget_get_window(t->data);
            if (!w) continue;
            guint32 xid = (guint32)gdk_x11_window_get_xid(gdk_window_get_toplevel(w));
            g_array_append_val(job->own, xid);
        }
        g_list_free(tops);
    }
#endif
    if (u.deadline_timer) g_source_remove(u.deadline_timer);
    u.deadline_timer = g_timeout_add(DEADLINE_MS, on_deadline, NULL);
    g_async_queue_push(u.jobs, job);
}

void ft_under_finger_reads_text(int read) { g_atomic_int_set(&text_read, read != 0); }

int ft_under_finger_what_is_at(const ft_lookup_model *model, int x, int y, int read_text, int verbose) {
    // GTK is not started here, which would set it: the log's names in the user's charset.
    setlocale(LC_ALL, "");
    lookup_t *l = lookup_new(model, verbose);
    facts_t f = { 0 };
    // --read-text: as a press would be where the daemon uses text; looked at by the user, sent to no one.
    ft_under_finger_reads_text(read_text);
    gint64 start = g_get_monotonic_time();
    // A person waits at a terminal: a second, not the press's deadline.
    look_up_within(l, x, y, 1000, &f);
    if (verbose) log_lookup(x, y, &f, (g_get_monotonic_time() - start) / 1000.0);
    ft_target_facts out = {
        .source = f.source, .role = f.role, .name = f.name, .description = f.description, .address = f.address,
        .window_app_id = f.window_app_id, .window_title = f.window_title, .window_type = f.window_type,
        .has_window_pid = f.has_pid, .window_pid = f.window_pid, .app_id = f.app_id, .why = f.why,
        .text = f.text, .text_offset = f.text_offset,
    };
    // PressTarget's `windows` (a(uss)) as the model prints them.
    gsize count = f.windows ? MIN(g_variant_n_children(f.windows), FT_APP_WINDOWS_MAX) : 0;
    ft_app_window *windows = g_new0(ft_app_window, MAX(count, 1));
    for (gsize i = 0; i < count; i++) {
        const char *app_id = NULL, *title = NULL;
        g_variant_get_child(f.windows, i, "(u&s&s)", &windows[i].id, &app_id, &title);
        g_strlcpy(windows[i].app_id, app_id, sizeof windows[i].app_id);
        g_strlcpy(windows[i].title, title, sizeof windows[i].title);
    }
    out.windows = windows;
    out.window_count = (int)count;
    model->print_facts(&out);
    g_free(windows);
    facts_clear(&f);
    return 0;
}
