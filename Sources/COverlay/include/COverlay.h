// forcetouch-overlay's window, drawing and bus client (overlay.c): GTK 3 with gtk-layer-shell,
// cairo and GDBus on the GLib main loop. The Swift executable parses the command line, holds
// the menu's logic and runs this through the one entry point COverlayABI.h types.
#ifndef FORCETOUCH_COVERLAY_H
#define FORCETOUCH_COVERLAY_H
#include "COverlayABI.h"

/// Opens the display, owns io.github.forcetouch.Overlay1 on the session bus and runs the GLib
/// main loop until SIGTERM/SIGINT or the loss of the name. Returns the exit status.
__attribute__((visibility("default"))) int ft_overlay_main(const ft_overlay_args *args);

// The typedef Swift casts dlsym's pointer to (COverlayABI.h) and the function C defines are one
// type, or the .so does not build.
_Static_assert(__builtin_types_compatible_p(__typeof__(&ft_overlay_main), ft_overlay_main_fn),
               "ft_overlay_main_fn is not ft_overlay_main's type");
#endif
