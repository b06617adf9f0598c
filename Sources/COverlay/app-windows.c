// An app's open windows, for its deep-press menu (docs/SPEC.md §11, "What is under the finger").
//
// A deep press on an app's icon shows the app's windows to switch to, as a force click on a
// macOS Dock icon does. The lookup lists every window the display has, bounded (the X server's
// `_NET_CLIENT_LIST` with each window's class and title; sway's tree, read in Swift), and sends
// them with the facts; the daemon decides which are the app's and makes them items. When one is
// chosen the daemon signals ActivateWindow, and the window is brought to the front here, where
// the display is: the daemon links no X11 and speaks no compositor's IPC.
#include "app-windows.h"
#include "bounded.h"
#include "bus-protocol.h"
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

/// The most of a class or title read from the X server, in 32-bit units: 2 KiB, which holds
/// FT_TEXT_MAX_CHARS characters of UTF-8; what is past them is cut anyway.
enum { TEXT_LONGS = 512 };
/// How long sway is given to answer a focus command: a person's tap waits on it.
enum { SWAY_ANSWER_MS = 1000 };
/// i3's IPC message RUN_COMMAND, and the most of its reply read.
enum { SWAY_RUN_COMMAND = 0, SWAY_REPLY_MAX = 4096 };

static struct {
    const ft_lookup_model *model;
    int verbose;
} w;

void ft_app_windows_init(const ft_lookup_model *model, int verbose) {
    w.model = model;
    w.verbose = verbose;
}

// ---------------------------------------------------------------- listing

/// `--verbose`: how many windows were listed, and in how long (what a lookup pays for them).
static GVariant *listed(GVariant *windows, const char *from, gint64 start) {
    if (w.verbose && windows)
        g_printerr("under-finger: %zu window(s) listed from %s (%.1f ms)\n", g_variant_n_children(windows), from,
                   (g_get_monotonic_time() - start) / 1000.0);
    return windows;
}

/// A property's bytes when it holds 8-bit text (NULL otherwise), its length in *length.
static const char *text8(const xcb_get_property_reply_t *r, int *length) {
    *length = 0;
    if (!r || r->format != 8 || r->type == XCB_ATOM_NONE) return NULL;
    *length = xcb_get_property_value_length(r);
    return xcb_get_property_value(r);
}

GVariant *ft_app_windows_x11(xcb_connection_t *x, xcb_window_t root) {
    if (!x || xcb_connection_has_error(x)) return NULL;
    gint64 start = g_get_monotonic_time();
    static const char *const names[] = { "_NET_CLIENT_LIST", "_NET_WM_NAME", "UTF8_STRING" };
    xcb_atom_t atoms[G_N_ELEMENTS(names)];
    xcb_intern_atom_cookie_t interned[G_N_ELEMENTS(names)];
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) interned[i] = xcb_intern_atom(x, 1, strlen(names[i]), names[i]);
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(x, interned[i], NULL);
        atoms[i] = r ? r->atom : XCB_ATOM_NONE;
        free(r);
    }
    if (atoms[0] == XCB_ATOM_NONE) return NULL;
    xcb_get_property_reply_t *list = xcb_get_property_reply(
        x, xcb_get_property(x, 0, root, atoms[0], XCB_ATOM_WINDOW, 0, FT_APP_WINDOWS_MAX), NULL);
    if (!list || list->format != 32 || list->type != XCB_ATOM_WINDOW) {
        free(list);
        return NULL;
    }
    int n = MIN(xcb_get_property_value_length(list) / 4, FT_APP_WINDOWS_MAX);
    const xcb_window_t *ids = xcb_get_property_value(list);
    // Every question asked before any answer is read: one round trip for all the windows.
    xcb_get_property_cookie_t classes[FT_APP_WINDOWS_MAX], net_names[FT_APP_WINDOWS_MAX], wm_names[FT_APP_WINDOWS_MAX];
    for (int i = 0; i < n; i++) {
        classes[i] = xcb_get_property(x, 0, ids[i], XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 0, TEXT_LONGS);
        net_names[i] = xcb_get_property(x, 0, ids[i], atoms[1], atoms[2], 0, TEXT_LONGS);
        wm_names[i] = xcb_get_property(x, 0, ids[i], XCB_ATOM_WM_NAME, XCB_GET_PROPERTY_TYPE_ANY, 0, TEXT_LONGS);
    }
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(uss)"));
    for (int i = 0; i < n; i++) {
        xcb_get_property_reply_t *class = xcb_get_property_reply(x, classes[i], NULL);
        xcb_get_property_reply_t *net_name = xcb_get_property_reply(x, net_names[i], NULL);
        xcb_get_property_reply_t *wm_name = xcb_get_property_reply(x, wm_names[i], NULL);
        // WM_CLASS is the instance's name and the class's, each ended by a zero: the class is the app's.
        int length = 0;
        const char *instance = text8(class, &length);
        const char *end = instance ? memchr(instance, 0, length) : NULL;
        char *app = end ? ft_cut_text(end + 1, strnlen(end + 1, length - (end + 1 - instance)), FT_TEXT_MAX_CHARS)
                        : g_strdup("");
        const char *title = text8(net_name, &length);
        if (!title || length == 0) title = text8(wm_name, &length);
        char *cut = ft_cut_text(title ? title : "", title ? length : 0, FT_TEXT_MAX_CHARS);
        g_variant_builder_add(&b, "(uss)", (guint32)ids[i], app, cut);
        g_free(app);
        g_free(cut);
        free(class);
        free(net_name);
        free(wm_name);
    }
    free(list);
    return listed(g_variant_ref_sink(g_variant_builder_end(&b)), "the X server", start);
}

GVariant *ft_app_windows_sway(const ft_lookup_model *model, const char *json, size_t length) {
    if (!model || !model->sway_windows || !json) return NULL;
    gint64 start = g_get_monotonic_time();
    ft_app_window *found = g_new0(ft_app_window, FT_APP_WINDOWS_MAX);
    int n = MIN(model->sway_windows(json, length, found, FT_APP_WINDOWS_MAX), FT_APP_WINDOWS_MAX);
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(uss)"));
    for (int i = 0; i < n; i++) {
        char *app = ft_cut_text(found[i].app_id, -1, FT_TEXT_MAX_CHARS), *title = ft_cut_text(found[i].title, -1, FT_TEXT_MAX_CHARS);
        g_variant_builder_add(&b, "(uss)", found[i].id, app, title);
        g_free(app);
        g_free(title);
    }
    g_free(found);
    return listed(g_variant_ref_sink(g_variant_builder_end(&b)), "sway's tree", start);
}

// ---------------------------------------------------------------- switching

/// Asks the window manager to activate `window` as a pager does (EWMH `_NET_ACTIVE_WINDOW`,
/// source indication 2: the user's own choice, which a window manager does not refuse as it
/// may refuse an application stealing focus). NULL, or why not.
static const char *activate_x11(guint32 window) {
    int screen = 0;
    xcb_connection_t *x = xcb_connect(NULL, &screen);
    if (xcb_connection_has_error(x)) {
        xcb_disconnect(x);
        return "cannot connect to the X server (DISPLAY)";
    }
    xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(x));
    for (int i = 0; i < screen && it.rem; i++) xcb_screen_next(&it);
    static const char name[] = "_NET_ACTIVE_WINDOW";
    xcb_intern_atom_reply_t *atom = xcb_intern_atom_reply(x, xcb_intern_atom(x, 0, sizeof name - 1, name), NULL);
    xcb_client_message_event_t e;
    memset(&e, 0, sizeof e);
    e.response_type = XCB_CLIENT_MESSAGE;
    e.format = 32;
    e.window = window;
    e.type = atom ? atom->atom : XCB_ATOM_NONE;
    e.data.data32[0] = 2;
    e.data.data32[1] = XCB_CURRENT_TIME;
    free(atom);
    xcb_send_event(x, 0, it.data->root, XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY | XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT,
                   (const char *)&e);
    // A round trip: the request is with the server before the connection goes.
    free(xcb_get_input_focus_reply(x, xcb_get_input_focus(x), NULL));
    xcb_disconnect(x);
    return NULL;
}

/// sway's IPC command `[con_id=N] focus`, which shows the window's workspace and focuses it.
/// NULL, or why not (sway's own reply when it refused).
static const char *activate_sway(guint32 con, char *reply, size_t size) {
    const char *path = g_getenv("SWAYSOCK");
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    if (!path || strlen(path) >= sizeof addr.sun_path) return "no sway IPC socket (SWAYSOCK)";
    g_strlcpy(addr.sun_path, path, sizeof addr.sun_path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return "cannot reach sway's IPC socket (SWAYSOCK)";
    struct timeval tv = { SWAY_ANSWER_MS / 1000, (SWAY_ANSWER_MS % 1000) * 1000 };
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char command[64];
    guint32 length = (guint32)g_snprintf(command, sizeof command, "[con_id=%u] focus", con), type = SWAY_RUN_COMMAND;
    unsigned char header[14] = { 'i', '3', '-', 'i', 'p', 'c' };
    memcpy(header + 6, &length, 4);
    memcpy(header + 10, &type, 4);
    const char *why = NULL;
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || write(fd, header, sizeof header) != sizeof header
        || write(fd, command, length) != (ssize_t)length) {
        why = "cannot reach sway's IPC socket (SWAYSOCK)";
    } else if (recv(fd, header, sizeof header, MSG_WAITALL) != sizeof header || memcmp(header, "i3-ipc", 6) != 0) {
        why = "sway's IPC gave no answer";
    } else {
        memcpy(&length, header + 6, 4);
        ssize_t got = recv(fd, reply, MIN((size_t)length, size - 1), MSG_WAITALL);
        reply[MAX(got, 0)] = 0;
        // [{"success": true}], or the command's error.
        if (!strstr(reply, "\"success\": true") && !strstr(reply, "\"success\":true")) why = reply;
    }
    close(fd);
    return why;
}

gboolean ft_app_windows_signal(const char *member, GVariant *parameters) {
    if (!g_str_equal(member, FT_SIGNAL_ACTIVATE_WINDOW)) return FALSE;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE(FT_SIGNAL_ACTIVATE_WINDOW_TYPE))) return TRUE;
    guint32 window = 0;
    g_variant_get(parameters, FT_SIGNAL_ACTIVATE_WINDOW_GET, &window);
    char name[256] = "", why[256] = "", reply[SWAY_REPLY_MAX];
    // The windows were listed the way the lookup reaches them (LookupSource): switched to the same way.
    int source = w.model ? w.model->source(name, why, sizeof name) : FT_SOURCE_NONE;
    const char *failed = source == FT_SOURCE_X11    ? activate_x11(window)
                         : source == FT_SOURCE_SWAY ? activate_sway(window, reply, sizeof reply)
                                                    : "windows are switched to under X11 and sway only";
    g_autofree char *said = ft_log_text(failed);
    if (failed) g_printerr("window %u not brought to the front: %s\n", window, said);
    else g_printerr("window %u brought to the front (%s)\n", window, name);
    return TRUE;
}
