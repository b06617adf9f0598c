// A window's frame drawn now (frame-now.h).
//
// GDK's frame clock paints at most once a refresh interval (16.7 ms at 60 Hz) after its last
// frame, even when that frame drew nothing. A menu whose MenuShown comes just after the card's
// frame (a press that reaches peek as its lookup answers, or one that lifted meanwhile, whose
// card was hidden) waited for the next tick: one frame, most of the 20 ms `make bench` measured
// from peek. Drawn here at once, it is in the X server's queue behind the window's map request,
// which the server handles first; the tick draws the same frame again.
#include "frame-now.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif

gboolean ft_draw_now(GtkWidget *window) {
#ifdef GDK_WINDOWING_X11
    if (!window || !GDK_IS_X11_DISPLAY(gtk_widget_get_display(window)) || !gtk_widget_get_mapped(window))
        return FALSE;
    GdkWindow *w = gtk_widget_get_window(window);
    if (!w || !gdk_window_is_viewable(w)) return FALSE;
    int width = gdk_window_get_width(w), height = gdk_window_get_height(w);
    if (width != gtk_widget_get_allocated_width(window) || height != gtk_widget_get_allocated_height(window))
        return FALSE;
    cairo_region_t *all = cairo_region_create_rectangle(&(cairo_rectangle_int_t){ 0, 0, width, height });
    GdkDrawingContext *context = gdk_window_begin_draw_frame(w, all);
    gtk_widget_draw(window, gdk_drawing_context_get_cairo_context(context));
    gdk_window_end_draw_frame(w, context);
    cairo_region_destroy(all);
    gdk_display_flush(gtk_widget_get_display(window));
    return TRUE;
#else
    (void)window;
    return FALSE;
#endif
}
