// forcetouch-overlay's windows: see overlay-window.h.
#include "overlay-window.h"
#include <gtk-layer-shell/gtk-layer-shell.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

GtkWidget *ft_window_new(const char *title, ft_window_mode *mode, gboolean *composited) {
    gboolean wayland = FALSE;
#ifdef GDK_WINDOWING_WAYLAND
    wayland = GDK_IS_WAYLAND_DISPLAY(gdk_display_get_default());
#endif
    *mode = wayland && gtk_layer_is_supported() ? FT_WINDOW_LAYER : wayland ? FT_WINDOW_PLACED : FT_WINDOW_POPUP;
    GtkWidget *window = gtk_window_new(*mode == FT_WINDOW_POPUP ? GTK_WINDOW_POPUP : GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), title);
    gtk_widget_set_app_paintable(window, TRUE);
    GdkScreen *screen = gtk_widget_get_screen(window);
    GdkVisual *visual = gdk_screen_get_rgba_visual(screen);
    if (composited) *composited = visual != NULL && gdk_screen_is_composited(screen);
    if (visual) gtk_widget_set_visual(window, visual);
    return window;
}
