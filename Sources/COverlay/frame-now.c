// A window's frame drawn now (frame-now.h).
//
// GDK's frame clock paints at most once a refresh interval (16.7 ms at 60 Hz) after its last
// frame, even when that frame drew nothing. A menu whose MenuShown comes just after the card's
// frame (a press that reaches peek as its lookup answers, or one that lifted meanwhile, whose
// card was hidden) waited for the next tick: one frame, most of the 20 ms `make bench` measured
// from peek. Drawn here at once, it is in the X server's queue behind the window's map request,
// which the server handles first; the tick draws the same frame again.
//
// Under Wayland GDK commits a frame only at the tick (after its paint): here the surface is
// committed at once, but only once it has shown a frame since it was mapped, so that the
// compositor has configured it (a buffer before the first configure is a protocol error).
// The menu's window is kept mapped for that while its menu may still come
// (MenuInteraction.awaitingMenu). A layer surface mapped anew (a press that drew no card, the
// overlay's first menu) is configured by the time it is mapped: gtk-layer-shell commits it bare
// and waits for the compositor's answer (a roundtrip) in its own "map" handler. Its first frame
// is committed then too, not at the frame clock's first tick, which under headless sway mostly
// came at once, at times 17 to 24 ms after the MenuShown.
#include "frame-now.h"
#include <gtk-layer-shell/gtk-layer-shell.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#include <wayland-client.h>
#endif

/// The key of the count of frames a window has drawn since it was mapped, one more for a layer
/// surface, configured as it was mapped.
static const char drawn_key[] = "ft-frame-now-drawn";

static gboolean on_drawn(GtkWidget *window, cairo_t *cr, gpointer data) {
    (void)cr, (void)data;
    int drawn = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(window), drawn_key));
    g_object_set_data(G_OBJECT(window), drawn_key, GINT_TO_POINTER(drawn + 1));
    return FALSE;
}

/// After gtk-layer-shell's own "map" handler, whose roundtrip has brought the configure.
static void on_mapped(GtkWidget *window, gpointer data) {
    (void)data;
    if (gtk_layer_is_layer_window(GTK_WINDOW(window))) g_object_set_data(G_OBJECT(window), drawn_key, GINT_TO_POINTER(1));
}

static void on_unmapped(GtkWidget *window, gpointer data) {
    (void)data;
    g_object_set_data(G_OBJECT(window), drawn_key, NULL);
}

void ft_frame_now_follow(GtkWidget *window) {
    // Connected before the window's own draw handler, which ends the emission.
    g_signal_connect(window, "draw", G_CALLBACK(on_drawn), NULL);
    g_signal_connect_after(window, "map", G_CALLBACK(on_mapped), NULL);
    g_signal_connect(window, "unmap", G_CALLBACK(on_unmapped), NULL);
}

gboolean ft_draw_now(GtkWidget *window) {
#if defined(GDK_WINDOWING_X11) || defined(GDK_WINDOWING_WAYLAND)
    if (!window || !gtk_widget_get_mapped(window)) return FALSE;
    GdkDisplay *display = gtk_widget_get_display(window);
    gboolean x11 = FALSE, wayland = FALSE;
#ifdef GDK_WINDOWING_X11
    x11 = GDK_IS_X11_DISPLAY(display);
#endif
#ifdef GDK_WINDOWING_WAYLAND
    wayland = GDK_IS_WAYLAND_DISPLAY(display) && g_object_get_data(G_OBJECT(window), drawn_key);
#endif
    if (!x11 && !wayland) return FALSE;
    // A layout asked for since the last tick (the menu's keyboard mode, under Wayland) is done
    // now, as the tick's layout phase would before its paint.
    gtk_container_check_resize(GTK_CONTAINER(window));
    GdkWindow *w = gtk_widget_get_window(window);
    if (!w || !gdk_window_is_viewable(w)) return FALSE;
    int width = gdk_window_get_width(w), height = gdk_window_get_height(w);
    if (width != gtk_widget_get_allocated_width(window) || height != gtk_widget_get_allocated_height(window))
        return FALSE;
    cairo_region_t *all = cairo_region_create_rectangle(&(cairo_rectangle_int_t){ 0, 0, width, height });
    GdkDrawingContext *context = gdk_window_begin_draw_frame(w, all);
    int before = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(window), drawn_key));
    gtk_widget_draw(window, gdk_drawing_context_get_cairo_context(context));
    gboolean drawn = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(window), drawn_key)) != before;
    gdk_window_end_draw_frame(w, context);
    cairo_region_destroy(all);
#ifdef GDK_WINDOWING_WAYLAND
    // The buffer is attached and damaged: committed now, not at the tick (which commits again).
    // Not when GTK drew nothing into it (a layout is pending): the tick draws it whole.
    if (wayland && drawn) wl_surface_commit(gdk_wayland_window_get_wl_surface(w));
#endif
    gdk_display_flush(display);
    return drawn;
#else
    (void)window;
    return FALSE;
#endif
}
