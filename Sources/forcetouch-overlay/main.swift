import COverlay
import ForceTouchCommandLine
import Glibc

/// `forcetouch-overlay`: the quick-action menu at the finger (docs/SPEC.md §11). Runs in the
/// user's graphical session (`forcetouch-overlay.service`); forcetouchd shows its menus here
/// while it is on the session bus. The window, drawing and bus client are C (COverlay), over
/// GTK 3, gtk-layer-shell and GDBus; this is the command line that starts them.
let usage = """
    usage: forcetouch-overlay [--verbose]

    Shows forcetouchd's quick-action menus at the finger: owns io.github.forcetouch.Overlay1
    on the session bus and draws the menus the daemon sends. Wayland with layer-shell, X11,
    or (GNOME Wayland) an ordinary window.

      --verbose   log each menu's and item's rectangle on the screen as it is drawn
      --version   print the version
      --help      print this

    """
var verbose = false
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--verbose", "-v": verbose = true
    case "--version":
        print("forcetouch-overlay \(ForceTouchVersion.string)")
        exit(0)
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    default:
        let text = "forcetouch-overlay: unknown argument \(argument)\n" + usage
        _ = text.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}
let status = ForceTouchVersion.string.withCString { version in
    ft_overlay_run(ft_overlay_options(verbose: verbose ? 1 : 0, version: version))
}
exit(status)
