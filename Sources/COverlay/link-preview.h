// A link's preview card (docs/SPEC.md §11): the page's title and address, and where WebKitGTK is
// installed and the preview is on, a rendering of the page (page-snapshot.h), waited for at
// most a timeout. The model (LinkPreviewLayout) places the card; this loads and draws what is
// in it.
#ifndef FORCETOUCH_LINK_PREVIEW_H
#define FORCETOUCH_LINK_PREVIEW_H
#include <gtk/gtk.h>

/// From the command line: render pages at all (--no-link-preview: no), how long to wait.
void ft_link_preview_init(int enabled, double timeout, int verbose);

/// A press is on its way to a deep press: the page renderer starts opening now, off GTK's
/// thread, so that a link's menu at peek seldom waits for it (once; later calls do nothing).
void ft_link_preview_prepare(void);

/// Menu `menu` is for the link to `address`, whose text is `name`: starts rendering the page
/// where it can, and calls `redraw` when something new is to be drawn. Returns whether a
/// rendering may come: the card then keeps room for it.
gboolean ft_link_preview_begin(guint menu, const char *address, const char *name, void (*redraw)(void));

/// The menu is gone: loading stops and what was loaded goes.
void ft_link_preview_end(void);

/// The card at 0, 0 of `cr`, in the menu's units at pop: `width` wide, its header `header` high,
/// then the page `page` high when `has_page`.
void ft_link_preview_draw(cairo_t *cr, double width, double header, double page, int has_page, int dark);

/// The title drawn and the address, for the log.
const char *ft_link_preview_title(void);
const char *ft_link_preview_address(void);
#endif
