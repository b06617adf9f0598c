// What forcetouch-overlay's three windows (the menu, the intent window, the AssistiveTouch
// button) draw with and where: one copy of each helper.
#ifndef FORCETOUCH_DRAWING_H
#define FORCETOUCH_DRAWING_H
#include "COverlayABI.h"
#include <gtk/gtk.h>

/// The most monitors an output is looked for among.
#define FT_MONITORS_MAX 32

/// Once, at start: the rule that picks the output a name names (Swift's OutputName).
void ft_drawing_init(const ft_client_model *client);

/// The output a signal names by its model (a device's `output` key), else the primary one, else
/// the first. `what` (may be NULL: say nothing) names what shows there, for the line logged when
/// no output has that name.
GdkMonitor *ft_find_monitor(const char *output, const char *what);

/// A rounded rectangle as a new sub-path of `cr`, corners of radius `r`.
void ft_rounded(cairo_t *cr, double x, double y, double width, double height, double r);

/// Adds to `region` the pixels of the rounded rectangle `ft_rounded` draws (a pixel counts when
/// its row's middle is inside the arc): what a window is cut to where nothing can blend it.
void ft_region_add_rounded(cairo_region_t *region, int x, int y, int width, int height, double r);

/// `layout` set up for `text` in `font`, wrapped to `width` pixels in at most `lines` lines, the
/// last ellipsized: the one way the overlay sets text. Returns `layout`.
PangoLayout *ft_text_layout(PangoLayout *layout, const char *text, const char *font, double width, int lines);
#endif
