import ArgumentParser
import COverlayABI
import ForceTouchCommandLine
import Glibc

/// `forcetouch-overlay` in the multi-call executable (Sources/forcetouch).
public let program = Program(name: "forcetouch-overlay") { ForcetouchOverlay.main() }

/// `forcetouch-overlay`: the quick-action menu at the finger (docs/SPEC.md §11). Runs in the
/// user's graphical session (`forcetouch-overlay.service`); forcetouchd shows its menus here
/// while it is on the session bus. The window, drawing and bus client are C over GTK 3,
/// gtk-layer-shell and GDBus (`OverlayToolkit`); this is the command line that starts them, and
/// the menu's logic (`OverlayModel`, through `OverlayModelBridge`) that they call.
struct ForcetouchOverlay: ForceTouchCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcetouch-overlay",
        abstract: "Show forcetouchd's quick-action menus and intent windows at the finger.",
        discussion: """
            Owns io.github.forcetouch.Overlay1 on the session bus: while it runs, forcetouchd sends \
            its quick-action menus here (MenuShown, PressProgress, MenuDismissed) instead of running \
            the menu program, and this draws them where the press is, growing with it; a tap or a \
            finger lifted on an item chooses it (ChooseQuickAction), a tap outside or Escape closes \
            it. Intent runs show in a floating window beside the finger (IntentStarted, \
            IntentConfirm, IntentChoose, IntentNeedsValue, IntentResponse): Next and Cancel, the \
            choices or a text field answer the run (ConfirmIntent, AnswerIntent), and the \
            response shows with its code and output; a tap opens the intent's app. \
            A menu for a link shows its preview above its actions (Open, Copy Link): the page's \
            title and address, and where WebKitGTK 4.1 is installed a rendering of the page, which \
            it fetches (--no-link-preview: it fetches nothing); pressing on to pop opens the link. \
            Wayland compositors with layer-shell get an overlay layer surface, X11 an \
            override-redirect popup, GNOME's Wayland session an ordinary window. SIGTERM stops it.

            From the moment a press is on its way to a deep press, it looks up what is under the \
            finger (the window, from the X server or sway's IPC, and the accessible object there, \
            through AT-SPI: its role, name and a link's address) and tells the daemon \
            (PressTarget); `--no-under-finger` looks nothing up. `--what-is-at X Y` prints what it would tell for a screen pixel, as \
            JSON, and exits (with `--read-text`, the text there too); `--observe-at X Y` prints before it each \
            answer the application gave there.
            """,
        version: ForceTouchVersion.string)

    @Flag(help: "Log each drawn menu's and item's rectangle on the screen (`item 0 \"Title\" x y w h`), and each intent window's and its buttons'.")
    var verbose = false

    @Flag(inversion: .prefixedNo,
          help: "On a deep press on a link, render the page in its preview (fetching it) where WebKitGTK 4.1 is installed.")
    var linkPreview = true

    @Flag(inversion: .prefixedNo,
          help: "From a press on its way to a deep press, look up what is under the finger (the window, and through AT-SPI the object there) and tell the daemon. The overlay follows the daemon's `under-finger` (its UnderFinger property): with `[]` it looks nothing up. --no-under-finger looks nothing up whatever the daemon says: it asks nothing of the X server, the compositor or AT-SPI, and the daemon shows its configured menus (with its own `under-finger = []` it does not wait for an answer either).")
    var underFinger = true

    @Option(help: ArgumentHelp("How long a link's preview waits for the page's rendering, in seconds.", valueName: "seconds"))
    var linkPreviewTimeout = 5.0

    @Option(name: .customLong("what-is-at"), parsing: .upToNextOption,
            help: ArgumentHelp("Print what is at screen pixel X Y (the window, the accessible object, a link's address), as the daemon would be told, as JSON, and exit.",
                               valueName: "X Y"))
    var whatIsAt: [Int32] = []

    @Option(name: .customLong("observe-at"), parsing: .upToNextOption,
            help: ArgumentHelp("As --what-is-at, and first each answer the application at X Y gave, as it was asked, as one line of JSON: the path from the deepest object up to its window, each object's role, name, description, states and URI (as the recorded observations in Tests/Documented/fixtures/under-finger are made).",
                               valueName: "X Y"))
    var observeAt: [Int32] = []

    @Flag(help: "With --what-is-at or --observe-at, read the text at the point too and print it (`text`, and `text-offset`, the character at the point in it), as the overlay does for a press where the daemon's `under-finger` lists a kind found in text; a password field's is never read.")
    var readText = false

    func validate() throws {
        for (option, numbers) in [("--what-is-at", whatIsAt), ("--observe-at", observeAt)] {
            guard numbers.isEmpty || numbers.count == 2 else {
                throw ValidationError("\(option) takes two numbers, X and Y, in screen pixels")
            }
            guard numbers.isEmpty || underFinger else {
                throw ValidationError("\(option) looks up what is under the finger: it cannot go with --no-under-finger")
            }
        }
        guard !readText || !whatIsAt.isEmpty || !observeAt.isEmpty else {
            throw ValidationError("--read-text reads the text at the point --what-is-at or --observe-at looks up: give one of them")
        }
        guard whatIsAt.isEmpty || observeAt.isEmpty else {
            throw ValidationError("--what-is-at and --observe-at each look up one point: give one of them")
        }
        guard linkPreviewTimeout > 0, linkPreviewTimeout <= 60 else {
            throw ValidationError("--link-preview-timeout must be above 0 and at most 60 seconds, not \(linkPreviewTimeout)")
        }
    }

    func run() throws {
        let toolkit = try OverlayToolkit.load()
        OverlayModelBridge.verbose = verbose
        if !underFinger {
            OverlayModelBridge.log("under-finger: off (--no-under-finger): what is under the finger is not looked up\n")
        }
        let status = ForceTouchVersion.string.withCString { version in
            withUnsafePointer(to: OverlayModelBridge.table) { menu in
                withUnsafePointer(to: OverlayModelBridge.button) { button in
                    withUnsafePointer(to: OverlayModelBridge.intent) { intent in
                        var table = UnderFingerBridge.table
                        table.observe = observeAt.isEmpty ? 0 : 1
                        let at = observeAt.isEmpty ? whatIsAt : observeAt
                        return withUnsafePointer(to: table) { lookup in
                            withUnsafePointer(to: ClientModelBridge.table) { client in
                                var args = ft_overlay_args(verbose: verbose ? 1 : 0, version: version, menu: menu,
                                                           button: button, intent: intent,
                                                           lookup: underFinger ? lookup : nil,
                                                           what_is_at: at.count == 2 ? 1 : 0,
                                                           at_x: at.first ?? 0, at_y: at.last ?? 0,
                                                           read_text: readText ? 1 : 0,
                                                           link_preview: linkPreview ? 1 : 0,
                                                           link_preview_timeout: linkPreviewTimeout, client: client)
                                return toolkit.run(&args)
                            }
                        }
                    }
                }
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
