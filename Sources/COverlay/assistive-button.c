// forcetouch-overlay: the AssistiveTouch button (docs/SPEC.md §6, §11).
//
// A small window of its own, apart from the menu's: a round button floating on the
// touchscreen's output where the daemon's AssistiveButton signal puts it, translucent while
// idle and opaque while the finger drags it. The overlay only draws it: the daemon sees the
// touches on it (it claims them, so the app beneath gets none), runs the slots, moves it and
// keeps its place. So the window takes no input at all: a pointer click passes through it.
//
// Wayland with wlr-layer-shell: a layer surface on the top layer, anchored to the output's top
// left corner with margins. X11: an override-redirect popup, cut to a circle when no
// compositing manager can blend it. Elsewhere (GNOME Wayland) an undecorated window the
// compositor places, which is not where the touches are: the log says so.
#include "assistive-button.h"
#include "overlay-window.h"
#include "bus-protocol.h"
#include "drawing.h"
#include "bounded.h"
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif


static struct {
    GtkWidget *window;
    ft_window_mode mode;
    gboolean composited;
    gboolean shown;
    // Where the button goes, from the signal, by the model (Swift's ButtonPlacement).
    const ft_button_model *model;
    char output[128];
    ft_button_frame frame;
    GdkRectangle monitor;   // the output's, in the screen's logical pixels
    GdkRectangle rect;      // the window: the circle's square, on the screen
    int verbose;
} b;

/// The button as iOS draws it: a dark rounded disc, and in it a light ring around a light
/// dot. Idle it is translucent; dragged it is opaque. Without compositing nothing blends: it
/// is drawn opaque in the same greys, on a window cut to the circle.
static gboolean on_draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)data;
    double d = gtk_widget_get_allocated_width(widget), r = d / 2;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    double alpha = b.frame.dragging || !b.composited ? 1.0 : 0.55;
    cairo_arc(cr, r, r, r, 0, 2 * G_PI);
    cairo_set_source_rgba(cr, 0.12, 0.12, 0.12, alpha);
    cairo_fill(cr);
    cairo_set_line_width(cr, MAX(2.0, d * 0.05));
    cairo_arc(cr, r, r, r * 0.62, 0, 2 * G_PI);
    cairo_set_source_rgba(cr, 0.75, 0.75, 0.75, alpha);
    cairo_stroke(cr);
    cairo_arc(cr, r, r, r * 0.36, 0, 2 * G_PI);
    cairo_set_source_rgba(cr, 0.96, 0.96, 0.96, alpha);
    cairo_fill(cr);
    return TRUE;
}

static void create_window(void) {
    b.window = ft_window_new("forcetouch AssistiveTouch", &b.mode, &b.composited);
    GtkWindow *window = GTK_WINDOW(b.window);
    switch (b.mode) {
    case FT_WINDOW_LAYER:
        gtk_layer_init_for_window(window);
        // The top layer: the quick-action menu, on the overlay layer, opens over the button.
        gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_TOP);
        gtk_layer_set_namespace(window, "forcetouch-assistive-touch");
        gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_TOP, TRUE);
        gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_LEFT, TRUE);
        gtk_layer_set_exclusive_zone(window, -1);
        gtk_layer_set_keyboard_mode(window, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE);
        break;
    case FT_WINDOW_POPUP:
        gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_UTILITY);
        break;
    case FT_WINDOW_PLACED:
        gtk_window_set_decorated(window, FALSE);
        gtk_window_set_keep_above(window, TRUE);
        gtk_window_set_accept_focus(window, FALSE);
        g_printerr("overlay: no layer-shell: the AssistiveTouch button shows where the compositor puts it, "
                   "not where its touches are\n");
        break;
    }
    g_signal_connect(b.window, "draw", G_CALLBACK(on_draw), NULL);
}

/// Nothing of the button takes input: its touches are the daemon's.
static void no_input(void) {
    if (!gtk_widget_get_realized(b.window)) return;
    cairo_region_t *none = cairo_region_create();
    gtk_widget_input_shape_combine_region(b.window, none);
    cairo_region_destroy(none);
}

static void shape_to_circle(int d) {
    if (b.mode != FT_WINDOW_POPUP || b.composited) return;
    cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A1, d, d);
    cairo_t *cr = cairo_create(mask);
    cairo_arc(cr, d / 2.0, d / 2.0, d / 2.0, 0, 2 * G_PI);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_region_t *region = gdk_cairo_region_create_from_surface(mask);
    gtk_widget_shape_combine_region(b.window, region);
    cairo_region_destroy(region);
    cairo_surface_destroy(mask);
}

/// Moves the window to the model's square on `monitor`.
static void place(GdkMonitor *monitor) {
    int d = b.frame.square.width, left = b.frame.square.x, top = b.frame.square.y;
    b.rect = (GdkRectangle){ b.monitor.x + left, b.monitor.y + top, d, d };
    gtk_widget_set_size_request(b.window, d, d);
    switch (b.mode) {
    case FT_WINDOW_LAYER:
        gtk_layer_set_monitor(GTK_WINDOW(b.window), monitor);
        gtk_layer_set_margin(GTK_WINDOW(b.window), GTK_LAYER_SHELL_EDGE_LEFT, left);
        gtk_layer_set_margin(GTK_WINDOW(b.window), GTK_LAYER_SHELL_EDGE_TOP, top);
        break;
    case FT_WINDOW_POPUP:
        gtk_window_move(GTK_WINDOW(b.window), b.rect.x, b.rect.y);
        gtk_window_resize(GTK_WINDOW(b.window), d, d);
        break;
    case FT_WINDOW_PLACED:
        gtk_window_resize(GTK_WINDOW(b.window), d, d);
        break;
    }
    shape_to_circle(d);
}

static void hide(const char *why) {
    if (b.window && gtk_widget_get_visible(b.window)) {
        gtk_widget_hide(b.window);
        g_printerr("button hidden%s%s\n", *why ? ": " : "", why);
    }
}

void ft_assistive_button_daemon_gone(void) {
    hide("forcetouchd left the bus");
}

void ft_assistive_button_signal(GVariant *parameters, int verbose) {
    const char *output, *state;
    double x, y, size;
    g_variant_get(parameters, FT_SIGNAL_ASSISTIVE_BUTTON_GET, &x, &y, &size, &output, &state);
    b.verbose = verbose;
    g_strlcpy(b.output, output, sizeof b.output);
    // Asked once with no output, for whether it shows at all: a hidden button looks for none.
    b.model->place(x, y, size, state, 0, 0, &b.frame);
    if (!b.frame.visible) {
        hide("");
        return;
    }
    GdkMonitor *monitor = ft_find_monitor(b.output, "the AssistiveTouch button");
    gdk_monitor_get_geometry(monitor, &b.monitor);
    b.model->place(x, y, size, state, b.monitor.width, b.monitor.height, &b.frame);
    if (!b.window) create_window();
    place(monitor);
    if (!gtk_widget_get_visible(b.window)) gtk_widget_show_all(b.window);
    no_input();
    gtk_widget_queue_draw(b.window);
    // What tests check a screenshot's pixels against: the circle's square on the screen.
    if (verbose || !b.shown) {
        // The state is the bus's word: escaped (bounded.h).
        g_autofree char *said = ft_log_text(state);
        g_printerr("button %d %d %d %s\n", b.rect.x, b.rect.y, b.rect.width, said);
    }
    b.shown = TRUE;
}

void ft_assistive_button_init(const ft_button_model *model) {
    b.model = model;
}

void ft_assistive_button_destroy(void) {
    if (b.window) gtk_widget_destroy(b.window);
    b.window = NULL;
}
