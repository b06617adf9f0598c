// The highlight over the text a deep press found (docs/SPEC.md §11, "Force Click on text"): the
// word (or address, number, date) is marked in the application while its menu shows, as macOS
// marks a looked-up word. The text object read for the press (text-at-point.c) is asked where
// the daemon's find is (AT-SPI Text.GetRangeExtents, in the coordinates it was read in);
// TextHighlight places it on the overlay's window.
#ifndef FORCETOUCH_TEXT_HIGHLIGHT_H
#define FORCETOUCH_TEXT_HIGHLIGHT_H
#include "COverlayABI.h"
#include <gtk/gtk.h>

/// The text object last read (any thread): its application's `bus` and `path` on the
/// accessibility bus `a11y`, the character the text sent began at and how many it held, and the
/// coordinates it was read in (`coord`, AT-SPI's), whose origin is at `origin_x`, `origin_y` on the
/// screen (0, 0 for the screen's; a window's content corner, as the compositor placed it, for its
/// window's).
void ft_text_highlight_read(GDBusConnection *a11y, const char *bus, const char *path, int from, int length,
                            guint coord, int origin_x, int origin_y);

/// Where the overlay's window is on the screen (layout pixels) and its size, asked when the text's
/// place comes: FALSE while it has none over the applications (no window, or one placed apart).
typedef gboolean (*ft_text_highlight_window)(GdkRectangle *out);

/// Menu `menu` is shown (GTK's thread): when its `target` says where its find is in the text sent,
/// the text object is asked, without waiting, where that is; `redraw` is called once it is known.
void ft_text_highlight_begin(const ft_menu_model *model, guint menu, const ft_bus_dict *target,
                             ft_text_highlight_window window, void (*redraw)(void), int verbose);

/// The menu is gone: its highlight goes (an answer still coming is dropped).
void ft_text_highlight_end(void);

/// The highlight, in the window's pixels: tinted, or where the window cannot blend, ringed.
void ft_text_highlight_draw(cairo_t *cr, int blends);

/// Adds the pixels the highlight paints to `region` (the window's shape where it cannot blend).
void ft_text_highlight_shape(cairo_region_t *region);
#endif
