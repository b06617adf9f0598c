/// The quick-action menu's press / slide / dismiss machine (SPEC §11): what the daemon's
/// signals and the user's taps do to the menu, and what the overlay then draws and tells the
/// daemon. A value with no clock and no toolkit: the overlay's C glue feeds it events and draws
/// its frames; the tests feed it the same events in virtual time.
///
/// ```
/// hidden ──progress──▶ previewing(stage) ──lifted──▶ hidden
///   │                        │ shown
///   │ shown                  ▼
///   │                  sliding(stage) ──lifted on a row after pop──▶ hidden (choose)
///   ▼                        │ lifted elsewhere
/// open ◀─────────────────────┘
///   │ tap on a row: hidden (choose) · tap outside, Escape: hidden (dismiss)
///   │ a new press reaching a stage: dismiss, then previewing(stage)
///   └ dismissed by the daemon: hidden (from any state with that menu)
/// any state ──the daemon gone──▶ hidden (nothing chosen or dismissed: nobody to tell)
/// sliding(peek) of a link ──pop──▶ popped (choose Open) ──lifted──▶ hidden
/// ```
/// A menu shown for a link (`LinkTarget`) is its preview above its actions (iOS 13's context
/// menu): while sliding, the row under the finger is highlighted from peek on and lifting on
/// it chooses it; pressing on to pop chooses the row that opens the link (hidden, choose);
/// lifted elsewhere it stays open, and a tap on the preview opens the link too.
/// A menu shown for an app is headed by its icon and name (`MenuLayout.heading`): a tap on the
/// heading does nothing (the menu stays open), and a finger sliding over it highlights nothing.
public struct MenuInteraction: Sendable {
    /// The machine's named states.
    public enum State: Hashable, Sendable {
        /// Nothing shown: the window is unmapped.
        case hidden
        /// A press on its way and no menu yet: a card grows at the finger as its preview, once
        /// the daemon says the press opens something (`preview`); until then nothing is drawn.
        case previewing(PressStage)
        /// A menu shown, the finger that opened it still down: it grows on to pop; after pop
        /// the row under the finger is highlighted, and lifting on it chooses it.
        case sliding(PressStage)
        /// A menu shown and no finger on it: a tap on a row chooses it, a tap outside or
        /// Escape closes it.
        case open
        /// A link's preview popped: the link is opened, and the finger that popped it, still
        /// down, shows nothing more until it lifts.
        case popped

        /// The state's name in the log.
        public var name: String {
            switch self {
            case .hidden: "hidden"
            case .previewing(let s): "previewing(\(s == .towardsPeek ? "towards peek" : s.rawValue))"
            case .sliding(let s): "sliding(\(s == .towardsPeek ? "towards peek" : s.rawValue))"
            case .open: "open"
            case .popped: "popped"
            }
        }
    }

    /// Below this much progress towards peek a press shows nothing: a tap must not flash a card.
    public static let previewThreshold = 0.05

    /// How long, in seconds, a press that lifted after peek keeps its window for the menu still to
    /// come (`awaitingMenu`): the daemon holds a menu at most until 0.1 s after peek (SPEC §11,
    /// "The menu waits"), and the lift is after peek; the rest is the bus's slack.
    public static let menuWait = 0.25

    public private(set) var state = State.hidden
    /// The menu shown (MenuShown's id), 0 for none.
    public private(set) var menuID: UInt32 = 0
    /// The rows of the menu shown; 0 while a press only previews one.
    public private(set) var items = 0
    /// The menu shown is for a link: previewed above its actions.
    public private(set) var link: LinkTarget?
    /// The menu shown is for an app: its icon and name head the rows.
    public private(set) var heading = false
    /// The row under the sliding finger.
    public private(set) var highlight: Int?
    /// Where the menu opens: the finger across the output (0…1), or the pointer.
    public private(set) var finger = (x: 0.0, y: 0.0)
    public private(set) var atPointer = false
    public private(set) var transition = 0.0
    public private(set) var commit = 0.0
    /// The previewed press is known to open something: its card may be drawn. A press on what
    /// a deep press leaves alone draws nothing at all, before peek or after (SPEC §11).
    public private(set) var preview = false
    /// A press lifted after peek with no menu yet (a fast press, an unpaced replay): the daemon
    /// may still send its menu, held for what is under the finger. Nothing shows, but the
    /// window the card was drawn in is kept, drawn empty, so that the menu's first frame goes
    /// into a window the display server already has: under Wayland a surface mapped anew waits
    /// for its configure and then for the frame clock's tick, up to a refresh interval after
    /// the card's last frame. Ends when the menu comes, the press is cancelled (nothing to
    /// show), a new press begins, or `menuWait` has passed (`MenuEvent.menuWaitOver`).
    public private(set) var awaitingMenu = false
    /// The layout last drawn: what a tap is tested against, as the user saw it.
    public private(set) var drawn: MenuLayout?
    /// A link's preview as last drawn, what a tap on it is tested against.
    public private(set) var drawnLink: LinkPreviewLayout?
    /// The window's size at the last frame, for finding the row under a sliding finger.
    private var surface = (width: 0.0, height: 0.0)
    private var placed = false
    /// The state changes since the glue last took them (`takeTransitions`).
    public private(set) var transitions: [MenuTransition] = []

    public init() {}

    /// Whether the window shows at all.
    public var isVisible: Bool {
        switch state {
        case .hidden, .popped: false
        case .previewing: preview && transition > Self.previewThreshold
        case .sliding, .open: true
        }
    }

    /// The menu's growth in this state.
    public var growth: MenuGrowth {
        switch state {
        case .hidden, .open, .popped: .full
        case .previewing(let stage), .sliding(let stage):
            MenuGrowth(stage: stage, transition: transition, commit: commit)
        }
    }

    /// Applies one event; returns what the glue must do besides drawing.
    public mutating func handle(_ event: MenuEvent) -> MenuEffects {
        let before = state
        var effects = MenuEffects()
        switch event {
        case .progress(let ended, let stage, let t, let c, let x, let y, let pointer, let shows, let began,
                       let cancelled):
            progress(ended: ended, stage: stage, transition: t, commit: c, x: x, y: y, atPointer: pointer,
                     preview: shows, into: &effects)
            // `cancelled` (nothing to show, or the press was taken): no menu is coming.
            if cancelled {
                awaitingMenu = false
                effects.awaitMenu = false
            }
            // What is under the finger is looked up from the press's first progress, to be ready
            // by peek, whatever the menu's state.
            effects.lookUp = began
        case .shown(let id, let count, let x, let y, let pointer, let target, let headed):
            awaitingMenu = false
            menuID = id
            items = count
            link = target
            heading = headed && target == nil
            finger = (x, y)
            atPointer = pointer
            highlight = nil
            switch state {
            case .previewing(let stage), .sliding(let stage): state = .sliding(stage)
            case .hidden, .open, .popped: state = .open
            }
            effects.redraw = true
            // A link's menu that comes after pop: the press already asked for the link.
            if state == .sliding(.pop), let open = target?.openRow, open < count { pop(open, into: &effects) }
        case .dismissed(let id):
            guard menuID != 0, id == menuID else { break }
            close()
            effects.redraw = true
        case .released(let x, let y):
            guard menuID != 0 else { break }
            if let link, let drawnLink {
                switch drawnLink.part(at: x, y) {
                case .row(let row)?: choose(row, into: &effects)
                // A tap on the preview opens the link, as on iOS.
                case .preview?: if let open = link.openRow, open < items { choose(open, into: &effects) }
                case nil: dismiss(into: &effects)
                }
            } else if let row = drawn?.row(at: x, y) {
                choose(row, into: &effects)
            } else if drawn?.isOnHeading(x, y) == true {
                // The heading names the app: nothing to choose, and the menu stays.
                break
            } else {
                dismiss(into: &effects)
            }
        case .escape:
            if menuID != 0 { dismiss(into: &effects) }
        case .daemonGone:
            // A card the daemon can no longer answer for would stay over the apps, dead.
            guard state != .hidden || awaitingMenu else { break }
            close()
            effects.redraw = true
        case .menuWaitOver:
            // No menu came: the kept window goes.
            guard awaitingMenu, state == .hidden else { break }
            awaitingMenu = false
            effects.redraw = true
        }
        if state != before { transitions.append(MenuTransition(from: before, to: state, cause: event)) }
        return effects
    }

    /// The frame to draw in a window of `surface` pixels; `pointer` is where the pointer is in
    /// it, for a menu at the pointer (nil: unknown, the window's centre); `placed`: the window
    /// is the menu, placed by the compositor.
    public mutating func frame(surface: (width: Double, height: Double), pointer: (x: Double, y: Double)?,
                               placed: Bool) -> MenuFrame {
        self.surface = surface
        self.placed = placed
        let preview = linkLayout(pointer: pointer)
        let layout = preview?.actions ?? layout(pointer: pointer)
        drawn = layout
        drawnLink = preview
        return MenuFrame(visible: isVisible, menuID: menuID, growth: growth, layout: layout, link: preview,
                         highlight: highlight, atPointer: atPointer, keepsWindow: awaitingMenu)
    }

    /// Takes the transitions logged since the last call.
    public mutating func takeTransitions() -> [MenuTransition] {
        defer { transitions.removeAll(keepingCapacity: true) }
        return transitions
    }

    // MARK: - The steps

    private mutating func progress(ended: Bool, stage: PressStage, transition t: Double, commit c: Double,
                                   x: Double, y: Double, atPointer pointer: Bool, preview shows: Bool,
                                   into effects: inout MenuEffects) {
        switch state {
        case .sliding(let current):
            slide(ended: ended, stage: ended ? current : (stage == .towardsPeek ? current : stage),
                  transition: ended ? transition : t, commit: ended ? commit : c, x: x, y: y, into: &effects)
            return
        case .open:
            // A later touch: a tap on the open menu reaches the overlay's surface itself and
            // must not choose a second time here; a new press that reaches a stage elsewhere
            // dismisses the menu and grows its own.
            if ended || stage == .towardsPeek { return }
            dismiss(into: &effects)
        case .popped:
            if ended { state = .hidden }
            return
        case .hidden, .previewing:
            break
        }
        effects.redraw = true
        if ended {
            // Released before the menu came: nothing shows. Past peek its deep press was
            // recognized, so its menu may still come (held for the lookup): the window waits.
            let peeked = if case .previewing(let reached) = state { reached != .towardsPeek } else { false }
            close()
            if peeked {
                awaitingMenu = true
                effects.awaitMenu = true
            }
            return
        }
        if case .hidden = state {
            awaitingMenu = false
            finger = (x, y)
            atPointer = pointer
            items = 0
            link = nil
            heading = false
            effects.beganPress = true
        }
        state = .previewing(stage)
        transition = t
        commit = c
        preview = shows
    }

    /// The finger that opened the menu, still down: the row under it is highlighted after pop,
    /// and lifting on one chooses it; lifting elsewhere leaves the menu open for a tap.
    private mutating func slide(ended: Bool, stage: PressStage, transition t: Double, commit c: Double,
                                x: Double, y: Double, into effects: inout MenuEffects) {
        state = .sliding(stage)
        transition = t
        commit = c
        var under: Int?
        if !atPointer {
            // A touchpad's or a pen's position says nothing of the screen: no sliding there.
            if let preview = linkLayout(pointer: nil) {
                drawnLink = preview
                drawn = preview.actions
                if case .row(let row)? = preview.part(at: x * surface.width, y * surface.height) { under = row }
            } else {
                let layout = layout(pointer: nil)
                drawn = layout
                under = layout.row(at: x * surface.width, y * surface.height)
            }
        }
        if let link {
            // Pressing on to pop opens the link; before it, the actions are slid onto at peek.
            if stage == .pop, !ended, let open = link.openRow, open < items {
                pop(open, into: &effects)
                return
            }
            highlight = under
            effects.redraw = true
            if ended {
                if let row = under {
                    choose(row, into: &effects)
                    return
                }
                highlight = nil
                state = .open
            }
            return
        }
        let popped = stage == .pop
        if popped { highlight = under }
        effects.redraw = true
        if ended {
            if popped, let row = under {
                choose(row, into: &effects)
                return
            }
            highlight = nil
            state = .open
        }
    }

    private mutating func choose(_ row: Int, into effects: inout MenuEffects) {
        effects.choose = row
        effects.redraw = true
        // The daemon's MenuDismissed closes the menu; it is hidden now, as a tap would.
        close()
    }

    /// A link's preview popped: the row that opens it is chosen, and the finger that is still
    /// down shows nothing until it lifts.
    private mutating func pop(_ row: Int, into effects: inout MenuEffects) {
        choose(row, into: &effects)
        state = .popped
    }

    private mutating func dismiss(into effects: inout MenuEffects) {
        effects.dismiss = menuID
        effects.redraw = true
        close()
    }

    private mutating func close() {
        state = .hidden
        awaitingMenu = false
        menuID = 0
        link = nil
        heading = false
        highlight = nil
        transition = 0
        commit = 0
        preview = false
    }

    private func layout(pointer: (x: Double, y: Double)?) -> MenuLayout {
        MenuLayout(items: items, finger: place(pointer: pointer), surface: surface, scale: growth.scale, placed: placed,
                   heading: heading)
    }

    /// The link's preview and actions, for a menu shown for a link.
    private func linkLayout(pointer: (x: Double, y: Double)?) -> LinkPreviewLayout? {
        guard let link else { return nil }
        return LinkPreviewLayout(items: items, page: link.page, definition: link.definition,
                                 finger: place(pointer: pointer), surface: surface, scale: growth.scale, placed: placed)
    }

    /// Where the menu opens in the window: the finger, or the pointer (the window's centre when
    /// it is not known).
    private func place(pointer: (x: Double, y: Double)?) -> (x: Double, y: Double) {
        atPointer ? (pointer ?? (surface.width / 2, surface.height / 2))
            : (finger.x * surface.width, finger.y * surface.height)
    }
}
