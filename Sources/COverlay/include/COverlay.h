// forcetouch-overlay's entry point, the one thing its two halves share: the C shared object
// (Sources/COverlay, built by the Makefile) defines it, and the Swift command line
// (Sources/forcetouch-overlay) imports this header as the module COverlay (module.modulemap
// beside it) to call what dlsym finds by the type declared here. The C compiler holds the
// definition to this declaration; Swift casts to the same typedef, so neither side writes the
// signature again.
#ifndef FORCETOUCH_COVERLAY_H
#define FORCETOUCH_COVERLAY_H

/// How the overlay runs.
typedef struct {
    /// Logs each drawn menu's rectangle and its items' (`item 0 "Title" x y w h`), for tests.
    int verbose;
    /// Version printed in the first log line.
    const char *version;
} ft_overlay_options;

/// The entry point's type: what the Swift side casts dlsym's pointer to.
typedef int (*ft_overlay_run_function)(ft_overlay_options options);

/// The name the shared object exports it by.
#define FT_OVERLAY_RUN_SYMBOL "ft_overlay_run"

/// Opens the display, owns io.github.forcetouch.Overlay1 on the session bus and runs the GLib
/// main loop until SIGTERM/SIGINT or the loss of the name. Returns the exit status.
__attribute__((visibility("default"))) int ft_overlay_run(ft_overlay_options options);

#if !defined(__swift__)
// The typedef Swift casts to and the function C defines are one type, or the .so does not build.
_Static_assert(__builtin_types_compatible_p(__typeof__(&ft_overlay_run), ft_overlay_run_function),
               "ft_overlay_run_function is not ft_overlay_run's type");
#endif
#endif
