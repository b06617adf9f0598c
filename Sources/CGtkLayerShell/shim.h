// GTK 3 and gtk-layer-shell, for forcetouch-overlay only: the daemon never links a toolkit.
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
