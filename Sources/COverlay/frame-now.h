// A window's frame drawn now, not at its frame clock's next tick: for the menu, whose first
// frame should not wait a refresh interval behind the card's last one (issue 52, item 5).
#ifndef FORCETOUCH_FRAME_NOW_H
#define FORCETOUCH_FRAME_NOW_H
#include <gtk/gtk.h>

/// Draws `window` (a toplevel, shown) at once, through its "draw" handler, and hands the frame
/// to the X server; TRUE when drawn. Only under X11, where what is drawn is on screen as soon
/// as the server has it: under Wayland a frame is committed at the frame clock's tick, so
/// drawing earlier would gain nothing. FALSE, and nothing drawn, when the window is not mapped
/// or not yet allocated at its size (its first show: the tick lays it out and draws it).
gboolean ft_draw_now(GtkWidget *window);
#endif
