import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol

/// The intent window as an overlay presents it (`forcetouch-overlay`, SPEC §11, "The intent window"): while an
/// overlay owns `io.github.forcetouch.Overlay1`, each intent run that a gesture or the bus
/// starts is announced to it (`IntentStarted`), its questions wait for the window's answer
/// (`ConfirmIntent`, `AnswerIntent`) instead of stopping the run, and its handlers'
/// answers are shown (`IntentResponse`). A question left unanswered for `timeout` counts as
/// Cancel. With no overlay on the bus nothing here is used: runs go as they always did.
///
/// The overlay has one window, so one question is shown at a time: while a run's question
/// waits, what other runs send (their start, their questions, their answers) is held, in
/// order, and sent once it is answered; a held question's `timeout` starts when it is shown.
/// At most `maximumHeld` questions are held: one more is answered Cancel at once, and said so
/// (`log`).
final class IntentWindows {
    /// What is sent, to the bus and to the control socket's subscribers alike.
    enum Message {
        case started(IntentStartedMessage)
        case ask(IntentAskMessage)
        case window(IntentWindowMessage)
    }

    /// Whether an overlay is on the bus (the daemon sets it with the menus'). When it goes,
    /// every question waiting is answered Cancel.
    var listening = false {
        didSet { if !listening, oldValue { cancelAll(reason: "overlay-gone") } }
    }
    /// Sends a message; set by the daemon.
    var send: (Message) -> Void = { _ in }
    /// How long a question waits for its answer.
    var timeout = Timestamp.Duration(seconds: 30)
    /// The clock deadlines are measured on; a test may set its own.
    var now: () -> Timestamp = { MonotonicClock.now() }
    /// Where a question refused because too many wait is said; set by the daemon.
    var log: (String) -> Void = { _ in }
    /// How many questions may wait behind the one shown.
    var maximumHeld = 8

    private struct Waiting {
        /// Nil while the question is held behind another run's.
        var deadline: Timestamp?
        let answer: (IntentAnswer) -> Void
    }
    private var waiting: [UInt32: Waiting] = [:]
    /// The run whose question the window shows, until it is answered.
    private var shown: UInt32?
    /// What other runs sent while `shown`'s question waits, in order.
    private var held: [(id: UInt32, message: Message)] = []
    /// Each run's app, for `OpenIntentApp`: the last few runs'.
    private var apps: [(id: UInt32, app: String)] = []
    private var lastID: UInt32 = 0

    /// The earliest deadline of a question waiting, for the event loop's timer.
    var nextDeadline: Timestamp? { waiting.values.compactMap(\.deadline).min() }
    /// How many questions wait for an answer.
    var waitingCount: Int { waiting.count }

    /// Announces a run of `definition` started by `event` (nil: by the bus, no position),
    /// placed as `locate` says; returns the id later messages and answers name it by.
    func start(_ definition: IntentDefinition, event: GestureEvent?, placement: MenuPlacement, output: String) -> UInt32 {
        lastID &+= 1
        if lastID == 0 { lastID = 1 }
        let app = definition.app ?? ""
        apps.append((lastID, app))
        if apps.count > 16 { apps.removeFirst(apps.count - 16) }
        emit(.started(IntentStartedMessage(id: lastID, intent: definition.name, title: definition.displayTitle,
                                           app: app, x: event?.x ?? 0.5, y: event?.y ?? 0.5,
                                           placement: placement, output: output, located: event != nil)), id: lastID)
        return lastID
    }

    /// Asks `question` for the run `id`; `answer` is called once, with the window's answer
    /// or, after `timeout` shown, with Cancel. Behind another run's question it is held
    /// until that one is answered.
    func ask(_ question: IntentQuestion, id: UInt32, answer: @escaping (IntentAnswer) -> Void) {
        let message = Message.ask(question.message(id: id, timeout: timeout.seconds))
        if let shown, shown != id {
            guard held.count(where: { if case .ask = $0.message { true } else { false } }) < maximumHeld else {
                log("intent run \(id) (\(question.intent)): not asked, \(maximumHeld) questions already wait behind "
                    + "run \(shown)'s in the intent window; cancelled")
                answer(.confirmed(false))
                return
            }
            waiting[id] = Waiting(deadline: nil, answer: answer)
            held.append((id, message))
            return
        }
        shown = id
        waiting[id] = Waiting(deadline: now() + timeout, answer: answer)
        send(message)
    }

    /// The window's (or a socket client's) answer to the run `id`'s question, shown or held.
    /// False when the run waits for none.
    @discardableResult
    func answer(id: UInt32, _ answer: IntentAnswer) -> Bool {
        guard let w = waiting.removeValue(forKey: id) else { return false }
        if shown == id {
            shown = nil
        } else {
            // Answered before it was shown (on the socket): it is not asked again.
            held.removeAll { if case .ask = $0.message { $0.id == id } else { false } }
        }
        w.answer(answer)
        release()
        return true
    }

    /// Shows a handler's answer, or the run's end (`final`).
    func show(_ message: IntentWindowMessage) { emit(.window(message), id: message.id) }

    /// Sends `message` of the run `id`, or holds it while another run's question is shown.
    private func emit(_ message: Message, id: UInt32) {
        if let shown, shown != id {
            held.append((id, message))
        } else {
            send(message)
        }
    }

    /// Sends what was held, in order, up to and including the next question, which the
    /// window then shows.
    private func release() {
        while shown == nil, !held.isEmpty {
            let (id, message) = held.removeFirst()
            if case .ask = message {
                shown = id
                waiting[id]?.deadline = now() + timeout
            }
            send(message)
        }
    }

    /// The app of the run `id`, when it has one.
    func app(of id: UInt32) -> String? {
        apps.last { $0.id == id }.flatMap { $0.app.isEmpty ? nil : $0.app }
    }

    /// Answers Cancel to every question whose time is up.
    func expire(now: Timestamp) {
        for (id, w) in waiting where w.deadline.map({ $0 <= now }) ?? false {
            answer(id: id, .confirmed(false))
        }
    }

    private func cancelAll(reason: String) {
        let all = waiting
        waiting.removeAll()
        held.removeAll()
        shown = nil
        for (_, w) in all.sorted(by: { $0.key < $1.key }) { w.answer(.confirmed(false)) }
    }

    /// The text and image the window shows for a handler's output: an image when the output
    /// is the absolute path of an existing image file (`fileExists`: a readable regular file,
    /// never a FIFO the overlay would block on), else the output as text (JSON as one line).
    static func display(_ output: JSONValue?, fileExists: (String) -> Bool) -> (text: String, image: String) {
        guard let output else { return ("", "") }
        if case .string(let s) = output {
            let path = s.hasSuffix("\n") ? String(s.dropLast()) : s
            let lower = path.lowercased()
            let images = [".png", ".jpg", ".jpeg", ".gif", ".bmp", ".svg", ".webp", ".tif", ".tiff"]
            if path.hasPrefix("/"), images.contains(where: { lower.hasSuffix($0) }), fileExists(path) {
                return ("", path)
            }
            return (s, "")
        }
        return (ProtocolJSON.line(output), "")
    }
}
