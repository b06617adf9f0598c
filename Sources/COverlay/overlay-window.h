// forcetouch-overlay's windows (the menu, the intent window, the AssistiveTouch button): how each
// is made to float above the desktop, the one way all three decide it.
#ifndef FORCETOUCH_OVERLAY_WINDOW_H
#define FORCETOUCH_OVERLAY_WINDOW_H
#include <gtk/gtk.h>

/// How a window floats: a layer-shell surface (sway, wlroots), an override-redirect popup
/// (X11), or, on a Wayland without layer-shell (GNOME), an undecorated window the
/// compositor places.
typedef enum { FT_WINDOW_LAYER, FT_WINDOW_POPUP, FT_WINDOW_PLACED } ft_window_mode;

/// A new window for this display's mode (set in `mode`), titled `title`, painted by its
/// owner, with an RGBA visual where the screen has one; `composited` (may be NULL) says
/// whether translucency will show.
GtkWidget *ft_window_new(const char *title, ft_window_mode *mode, gboolean *composited);
#endif
