import ForceTouchEngine
import ForceTouchCore
import ForceTouchProtocol

/// The quick-action menu as an overlay presents it (`forcetouch-overlay`, SPEC §11): while
/// an overlay owns `io.github.forcetouch.Overlay1` on the session bus, a menu is announced
/// to it instead of being handed to the menu program, and waits for the overlay to choose an
/// item or dismiss it. Also sends the press's progress, at most 60 times a second and only
/// while an overlay listens: a daemon without one pays nothing for it.
final class OverlayMenus {
    /// What is sent, to the bus and to the control socket's subscribers alike.
    enum Message {
        case shown(MenuShownMessage)
        case progress(PressProgressMessage)
        case dismissed(MenuDismissedMessage)
    }

    /// Whether an overlay is on the bus; set by the bus as the name's owner comes and goes.
    var listening = false {
        didSet { if !listening, oldValue { dismiss(id: nil, reason: "overlay-gone") } }
    }
    /// Sends a message; set by the daemon.
    var send: (Message) -> Void = { _ in }
    /// Asks the overlay to bring a window it listed to the front (`ActivateWindow`); set by the daemon.
    var activateWindow: (UInt32) -> Void = { _ in }
    /// Told each progress sent: the lookup of what is under the finger starts at its `began`.
    var onProgress: (PressProgressMessage) -> Void = { _ in }
    /// Where a device's menu goes: at its contact (a touchscreen) or at the pointer, and on
    /// which output. Set by the daemon, which knows the devices.
    var locate: (_ device: String?) -> Place = { _ in (.pointer, "") }
    /// Where a menu goes: at the contact or the pointer, on which output.
    typealias Place = (placement: MenuPlacement, output: String)

    /// How long a shown menu waits for the overlay to choose from it or dismiss it before it
    /// is dismissed (`timeout`), as the menu program is ended after as long: an overlay
    /// that owns the name and never answers must not keep the binding, or a replay, waiting
    /// for ever. `[quick-actions] menu-timeout`.
    var timeout = QuickActionSettings.defaultMenuTimeout
    /// The clock deadlines are measured on; a test may set its own.
    var now: () -> Timestamp = { MonotonicClock.now() }

    /// A menu shown and not yet chosen from or dismissed.
    private struct Pending {
        let id: UInt32
        let deadline: Timestamp
        let entries: [ShortcutStore.Entry]
        let finish: (ActionResult) -> Void
        let chosen: (ShortcutStore.Entry, @escaping (ActionResult) -> Void) -> Void
    }
    private var pending: Pending?
    private var lastID: UInt32 = 0
    /// When the last `changed` progress went out, to keep to 60 a second.
    private var lastProgress = Timestamp(microseconds: 0)
    static let progressInterval = Timestamp.Duration(seconds: 1.0 / 60)

    /// The id of the menu on screen, if one is.
    var shownID: UInt32? { pending?.id }
    /// When the menu on screen is dismissed unanswered, for the event loop's timer.
    var nextDeadline: Timestamp? { pending?.deadline }

    /// Dismisses the menu on screen if its time is up (reason `timeout`), after `announce`
    /// is told its id: the log says why before the binding's result comes.
    func expire(now: Timestamp, announce: (UInt32) -> Void = { _ in }) {
        guard let p = pending, p.deadline <= now else { return }
        announce(p.id)
        dismiss(id: p.id, reason: "timeout")
    }

    /// Shows `entries` at the event's position; `finish` gets the binding's result once an
    /// item is chosen (`chosen` performs it) or the menu goes.
    @discardableResult
    func show(_ entries: [ShortcutStore.Entry], event: GestureEvent?, device: String?, place: Place? = nil,
              target: MenuShownMessage.Target = .init(),
              finish: @escaping (ActionResult) -> Void,
              chosen: @escaping (ShortcutStore.Entry, @escaping (ActionResult) -> Void) -> Void) -> UInt32 {
        dismiss(id: nil, reason: "replaced")
        lastID &+= 1
        if lastID == 0 { lastID = 1 }
        let (placement, output) = place ?? locate(device)
        pending = Pending(id: lastID, deadline: now() + timeout, entries: entries, finish: finish, chosen: chosen)
        send(.shown(MenuShownMessage(id: lastID, items: entries.map(Self.item), x: event?.x ?? 0.5, y: event?.y ?? 0.5,
                                     placement: placement, output: output, target: target)))
        return lastID
    }

    /// Chooses the shown menu's item of `type`: it is performed as the menu program's choice
    /// would be, and `reply` gets its result. False when no shown menu has such an item.
    func choose(type: String, reply: @escaping (ActionResult) -> Void) -> Bool {
        guard let p = pending, let entry = p.entries.first(where: { $0.item.type == type }) else { return false }
        pending = nil
        send(.dismissed(MenuDismissedMessage(id: p.id, reason: "chosen")))
        p.chosen(entry) { result in
            p.finish(result)
            reply(result)
        }
        return true
    }

    /// Dismisses the menu `id` (nil: whichever is shown). False when it is not shown.
    @discardableResult
    func dismiss(id: UInt32?, reason: String) -> Bool {
        guard let p = pending, id == nil || id == p.id else { return false }
        pending = nil
        send(.dismissed(MenuDismissedMessage(id: p.id, reason: reason)))
        p.finish(ActionResult(.cancelled, "menu \(reason)"))
        return true
    }

    /// Sends a press's progress while an overlay listens; a `changed` one only if 1/60 s
    /// has passed since the last (`time` is the event clock).
    func progress(_ message: @autoclosure () -> PressProgressMessage, phase: String, time: Timestamp) {
        guard listening else { return }
        if phase == "changed" {
            guard time - lastProgress >= Self.progressInterval || time < lastProgress else { return }
        }
        lastProgress = time
        let m = message()
        onProgress(m)
        send(.progress(m))
    }

    static func item(_ entry: ShortcutStore.Entry) -> MenuShownMessage.Item {
        var file = ""
        if case .file(let f) = entry.item.icon { file = f }
        let icon = entry.item.icon?.themeIconName ?? ""
        return .init(type: entry.item.type, title: entry.item.title, subtitle: entry.item.subtitle ?? "",
                     icon: icon, iconFile: file, kind: entry.kind.rawValue)
    }
}
