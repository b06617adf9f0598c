// forcetouch-overlay's drawing helpers: see drawing.h.
#include "drawing.h"
#include "bounded.h"
#include <math.h>

/// The rule naming an output (OutputName), set once at start.
static const ft_client_model *rules;

void ft_drawing_init(const ft_client_model *client) { rules = client; }

GdkMonitor *ft_find_monitor(const char *output, const char *what) {
    GdkDisplay *display = gdk_display_get_default();
    int count = MIN(gdk_display_get_n_monitors(display), FT_MONITORS_MAX);
    const char *models[FT_MONITORS_MAX];
    for (int i = 0; i < count; i++) models[i] = gdk_monitor_get_model(gdk_display_get_monitor(display, i));
    int found = rules ? rules->output_index(output ? output : "", models, count) : -1;
    if (found >= 0 && found < count) return gdk_display_get_monitor(display, found);
    if (what && output && *output) {
        // The name is the daemon's word (from a device's configuration): escaped.
        g_autofree char *name = ft_log_text(output);
        g_printerr("no output named %s: %s shows on the primary one\n", name, what);
    }
    GdkMonitor *primary = gdk_display_get_primary_monitor(display);
    return primary ? primary : gdk_display_get_monitor(display, 0);
}

void ft_rounded(cairo_t *cr, double x, double y, double width, double height, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + width - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + width - r, y + height - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + height - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

void ft_region_add_rounded(cairo_region_t *region, int x, int y, int width, int height, double r) {
    if (width <= 0 || height <= 0) return;
    r = MAX(0, MIN(r, MIN(width, height) / 2.0));
    int rows = (int)ceil(r);
    for (int i = 0; i < rows; i++) {
        double dy = r - (i + 0.5);
        int inset = (int)floor(r - sqrt(MAX(r * r - dy * dy, 0)) + 0.5);
        cairo_rectangle_int_t top = { x + inset, y + i, width - 2 * inset, 1 };
        cairo_rectangle_int_t bottom = { x + inset, y + height - 1 - i, width - 2 * inset, 1 };
        cairo_region_union_rectangle(region, &top);
        cairo_region_union_rectangle(region, &bottom);
    }
    cairo_rectangle_int_t middle = { x, y + rows, width, height - 2 * rows };
    if (middle.height > 0) cairo_region_union_rectangle(region, &middle);
}

PangoLayout *ft_text_layout(PangoLayout *layout, const char *text, const char *font, double width, int lines) {
    PangoFontDescription *desc = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, desc);
    pango_font_description_free(desc);
    pango_layout_set_text(layout, text, -1);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    // Negative heights count lines: at most `lines`, the last ellipsized.
    pango_layout_set_height(layout, -lines);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    return layout;
}
