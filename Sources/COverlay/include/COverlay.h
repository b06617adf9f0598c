// forcetouch-overlay's window, drawing and bus client (overlay.c): GTK 3 with gtk-layer-shell,
// cairo and GDBus on the GLib main loop. Swift's main parses the command line and runs it.
#ifndef FORCETOUCH_COVERLAY_H
#define FORCETOUCH_COVERLAY_H

/// How the overlay runs.
typedef struct {
    /// Logs each drawn menu's rectangle and its items' (`item 0 "Title" x y w h`), for tests.
    int verbose;
    /// Version printed in the first log line.
    const char *version;
} ft_overlay_options;

/// Opens the display, owns io.github.forcetouch.Overlay1 on the session bus and runs the GLib
/// main loop until SIGTERM/SIGINT or the loss of the name. Returns the exit status.
int ft_overlay_run(ft_overlay_options options);
#endif
