// A window's frame drawn now, not at its frame clock's next tick: for the menu, whose first
// frame should not wait a refresh interval behind the card's last one (issue 52, item 5).
#ifndef FORCETOUCH_FRAME_NOW_H
#define FORCETOUCH_FRAME_NOW_H
#include <gtk/gtk.h>

/// Draws `window` (a toplevel, shown) at once, through its "draw" handler, and hands the frame
/// to the X server, or commits it to the Wayland compositor; TRUE when drawn. FALSE, and
/// nothing drawn, when the window is not mapped or not yet allocated at its size (its first
/// show: the tick lays it out and draws it), or under Wayland when it has shown no frame since
/// it was mapped (its surface may not be configured yet), unless it is a layer surface, which
/// gtk-layer-shell has configured by the time it is mapped.
gboolean ft_draw_now(GtkWidget *window);

/// Follows `window`'s frames for `ft_draw_now`: whether it has drawn one since it was mapped.
/// Called before any "draw" handler that returns TRUE is connected.
void ft_frame_now_follow(GtkWidget *window);
#endif
