// An app's open windows, for its deep-press menu (docs/SPEC.md §11, "What is under the finger"):
// listed for the facts on the lookup's thread, and one brought to the front when the daemon says
// its item was chosen (ActivateWindow). Which windows are the app's is the daemon's to decide.
#ifndef FORCETOUCH_APP_WINDOWS_H
#define FORCETOUCH_APP_WINDOWS_H
#include "COverlayABI.h"
#include <gio/gio.h>
#include <xcb/xcb.h>

/// The most windows listed: more than a session shows, and what the daemon takes.
enum { FT_APP_WINDOWS_MAX = 64 };

/// The X server's managed windows (the root's `_NET_CLIENT_LIST`, oldest first), at most
/// FT_APP_WINDOWS_MAX: each window's id, `WM_CLASS` class and title (`_NET_WM_NAME`, else
/// `WM_NAME`), as PressTarget's `windows` (`a(uss)`: a reference, g_variant_unref it); NULL when the list
/// is unset.
GVariant *ft_app_windows_x11(xcb_connection_t *x, xcb_window_t root);

/// sway's windows from its `get_tree` reply (`length` bytes), read by `model`: each con_id,
/// app_id (an XWayland window's class) and title, as ft_app_windows_x11's; NULL for none.
GVariant *ft_app_windows_sway(const ft_lookup_model *model, const char *json, size_t length);

/// Where the window switched to is: the lookup's model, which says how windows are reached
/// (LookupSource). Called once at start.
void ft_app_windows_init(const ft_lookup_model *model, int verbose);

/// A Daemon1 signal: TRUE when it was ActivateWindow (of its type), which brings the window to
/// the front: under X11 a `_NET_ACTIVE_WINDOW` request to the window manager (as a pager's),
/// under sway the IPC command `[con_id=N] focus`.
gboolean ft_app_windows_signal(const char *member, GVariant *parameters);
#endif
