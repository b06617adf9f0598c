import ForceTouchProtocol
import FoundationEssentials
import Glibc
import ForceTouchCore
import ForceTouchEngine
import Logging

/// Carries out what bindings, AssistiveTouch slots, quick actions and forcectl ask for:
/// commands, key strokes, the quick-action menu, intents and notifications. Nothing here
/// waits: every child is watched by the event loop and reports through a completion.
final class ActionRunner {
    let children: ChildSupervisor
    let keyboard: VirtualKeyboard
    let pointer: VirtualPointer
    let launcher: AppLauncher
    let logger: Logger
    /// Sends one JSON line to subscribers; the line is made only when someone listens.
    let publishLine: (@escaping () -> String) -> Void
    var configuration: Configuration
    var shortcuts: ShortcutStore
    /// Told each quick action performed, with how it ended (the bus's QuickActionPerformed).
    var onPerformed: ((ShortcutItem, ActionResult) -> Void)?
    /// The overlay that shows the menu at the finger instead of the menu program, while one
    /// is on the bus.
    let overlay = OverlayMenus()
    /// The overlay's intent window: the runs it shows, and their questions waiting for it.
    let intentWindows = IntentWindows()
    /// What is under the finger: the looker's answer for the followed press, and the menu
    /// that waits for it (SPEC §11).
    let underFinger = UnderFinger()
    /// Look Up's definition of a word, from the local dictionary server: the daemon runs
    /// `DictClient` on a thread of its own (`BackgroundJob`) and answers on the loop.
    var define: (_ word: String, _ done: @escaping (Result<DictReply, DictClient.Failure>) -> Void) -> Void = {
        _, done in done(.failure(.system("no dictionary lookup in this process")))
    }
    /// Definitions asked and not yet answered: each holds a menu back, so the daemon is not
    /// idle while one is (a replay's daemon, which exits once idle, waits for the menu).
    var definitionsAsked = 0
    /// The shown word menu that has no dictionary application to pop to, whose pop is said.
    var wordMenuWithoutApp: UInt32?
    /// Whether the daemon has said that pop on a word opens nothing: once in its life.
    var noDictionaryAppSaid = false

    init(children: ChildSupervisor, keyboard: VirtualKeyboard, pointer: VirtualPointer = VirtualPointer(),
         configuration: Configuration, shortcuts: ShortcutStore, logger: Logger,
         publish: @escaping (@escaping () -> String) -> Void) {
        self.children = children
        self.keyboard = keyboard
        self.pointer = pointer
        self.launcher = AppLauncher(children: children)
        self.configuration = configuration
        self.shortcuts = shortcuts
        self.logger = logger
        self.publishLine = publish
    }

    /// Publishes `line`, which is not even formatted when no subscriber listens.
    func publish(_ line: @autoclosure @escaping () -> String) { publishLine(line) }

    /// Runs `request`, logs and publishes its dispatch and its result, then calls `completion`.
    /// The action starts before its dispatch is logged: no log line stands between a
    /// gesture's decision and its action. (Its dispatch line is published first; while the
    /// daemon holds publishing, that costs nothing until the actions have started.)
    /// `menuDecided`, for a deep press whose claim waits for its menu, is told whether the
    /// `quick-actions = true` menu shows something, as soon as that is known.
    func run(_ request: ActionRequest, label: String, event: GestureEvent? = nil, device: String? = nil,
             menuDecided: ((Bool) -> Void)? = nil, completion: @escaping (ActionResult) -> Void = { _ in }) {
        let dispatched = MonotonicClock.now().seconds
        publish(ProtocolJSON.line(DispatchMessage(label: label, action: Self.kind(request), detail: Self.detail(request),
                                                  time: event?.time.seconds, dispatched: dispatched)))
        // The journal keeps these as fields of their own (FORCETOUCH_BINDING…; JournalLogHandler).
        var metadata: Logger.Metadata = ["binding": "\(label)"]
        if let device { metadata["device"] = "\(device)" }
        if let event { metadata["gesture"] = "\(event.gesture.rawValue)" }
        // An action that ends at once (keys, notify, a failure to start) reports after its
        // dispatch line is logged.
        var logged = false
        var endedEarly: ActionResult?
        let finish: (ActionResult) -> Void = { [logger, publishLine] result in
            guard logged else { endedEarly = result; return }
            var metadata = metadata
            metadata["result"] = "\(result.outcome.rawValue)"
            switch result.outcome {
            case .success, .cancelled:
                logger.info("action \(label): \(result.outcome.rawValue): \(result.message)", metadata: metadata)
            case .failure: logger.error("action \(label): failure: \(result.message)", metadata: metadata)
            }
            publishLine { result.eventJSON(label: label) }
            completion(result)
        }
        perform(request, event: event, device: device, label: label, menuDecided: menuDecided, finish)
        logger.info("dispatch \(label) → \(Self.kind(request)) \(Self.detail(request))", metadata: metadata)
        logged = true
        if let result = endedEarly { finish(result) }
    }

    private func perform(_ request: ActionRequest, event: GestureEvent?, device: String?, label: String,
                         menuDecided: ((Bool) -> Void)? = nil, _ finish: @escaping (ActionResult) -> Void) {
        // Any other action shows no such menu: a claim that waited for one is settled as shown.
        if let menuDecided, request != .presentMenu { menuDecided(true) }
        switch request {
        case .exec(let exec):
            runExec(exec, label: label, finish)
        case .keys(let strokes):
            do {
                try keyboard.type(strokes)
                finish(.success("typed \(strokes.map(\.description).joined(separator: ", "))"))
            } catch {
                finish(.failure("keys: \(error.description)"))
            }
        case .presentMenu:
            presentTargetMenu(event: event, device: device, label: label, menuDecided: menuDecided, finish)
        case .presentApplicationMenu(let id):
            presentApplicationMenu(id, event: event, device: device, label: label, finish)
        case .presentItems(let items):
            presentItems(items, event: event, device: device, label: label, finish)
        case .perform(let type):
            perform(type: type, event: event, device: device, label: label, finish)
        case .intent(let name, let gesture, let deviceName, let parameters):
            runIntent(name, event: gesture, device: deviceName, arguments: parameters.mapValues(Self.json),
                      window: true, label: label, finish)
        case .notify(let text):
            publish(ProtocolJSON.line(NotifyMessage(text: text)))
            finish(.success("notified"))
        case .launch(let launch):
            self.launch(launch, label: label, finish)
        case .click(let click, let x, let y):
            guard let x, let y else {
                return finish(.failure("click: no position; a click happens at a gesture, not from forcectl perform"))
            }
            do {
                try pointer.click(click, x: x, y: y)
                finish(.success("clicked \(click) at \(TextFormat.number(x)),\(TextFormat.number(y))"))
            } catch {
                finish(.failure("click: \(error.description)"))
            }
        }
    }

    private func runExec(_ exec: ExecRequest, label: String, _ finish: @escaping (ActionResult) -> Void) {
        do {
            let pid = try children.spawn(exec.argv, environment: exec.environment,
                                         timeout: Timestamp.Duration(seconds: exec.timeout), label: label) { exit, _ in
                finish(exit.succeeded ? .success(exit.summary) : .failure(exit.summary))
            }
            logger.debug("\(label): \(exec.argv.joined(separator: " ")) started, pid \(pid)")
        } catch {
            finish(.failure(error.description))
        }
    }

    // MARK: Quick actions

    /// Hands the menu of `store` to subscribers and to the overlay when one is on the bus,
    /// else to the menu program; `chosen` performs the entry picked, then calls the
    /// completion it is given. `place` is where the menu goes when it was learnt earlier (a
    /// menu held for what is under the finger: the device may be gone by then).
    func presentMenu(_ store: ShortcutStore, event: GestureEvent?, device: String?, label: String,
                     target: PressTarget? = nil, looked: Bool = false,
                     place: OverlayMenus.Place? = nil,
                     _ finish: @escaping (ActionResult) -> Void,
                     chosen: @escaping (ShortcutStore.Entry, @escaping (ActionResult) -> Void) -> Void) {
        let menu = store.menu
        publish(ProtocolJSON.line(MenuMessage(items: menu.map {
            .init(type: $0.item.type, title: $0.item.title, subtitle: $0.item.subtitle, kind: $0.kind.rawValue)
        })))
        guard !menu.isEmpty else { return finish(ActionResult(.cancelled, "no quick actions to show")) }
        let timeout = configuration.quickActionSettings.menuTimeout
        let nothing = looked ? target.flatMap { $0.kind == .nothing ? $0.why : nil } : nil
        if overlay.listening {
            overlay.timeout = timeout
            let id = overlay.show(menu, event: event, device: device, place: place,
                                  target: target.map(Self.message) ?? .init(), finish: finish, chosen: chosen)
            if let nothing { logger.info("menu \(id): nothing under the finger: \(nothing)") }
            return
        }
        if let nothing { logger.info("menu: nothing under the finger: \(nothing)") }
        let wayland = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil
        guard let argv = configuration.quickActionSettings.menuCommand(wayland: wayland, isInstalled: Self.isInstalled) else {
            return finish(ActionResult(.cancelled, "menu shown to subscribers only: no menu program installed"))
        }
        let titles = Array(store.menuLines.joined(separator: "\n").utf8) + [10]
        do {
            try children.spawn(argv, environment: [:], timeout: timeout, label: label + " menu",
                               input: titles, captureOutput: true) { exit, output in
                let choice = String(decoding: output, as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
                guard !choice.isEmpty else {
                    return finish(ActionResult(.cancelled, "nothing chosen"))
                }
                guard let entry = store.menuChoice(choice) else {
                    return finish(.failure("the menu answered \"\(choice)\", which is no item"))
                }
                chosen(entry, finish)
            }
        } catch {
            finish(.failure(error.description))
        }
    }

    /// Performs the quick action of `type`: its action runs; without one, subscribers are told.
    func perform(type: String, event: GestureEvent?, device: String?, label: String,
                 _ finish: @escaping (ActionResult) -> Void) {
        guard let entry = shortcuts.item(type: type) else {
            return finish(.failure("no quick action of type \"\(type)\""))
        }
        publish(ProtocolJSON.line(PerformMessage(type: entry.item.type, title: entry.item.title, kind: entry.kind.rawValue,
                                                 userInfo: .object(entry.item.userInfo.mapValues(\.jsonValue)))))
        let finish: (ActionResult) -> Void = { [weak self] result in
            self?.onPerformed?(entry.item, result)
            finish(result)
        }
        guard let request = ActionRequest(item: entry.item, event: event, deviceName: device,
                                          general: configuration.general) else {
            return finish(.success("\(type) performed (no action; subscribers told)"))
        }
        run(request, label: "\(label) → \(type)", event: event, device: device, completion: finish)
    }

    // MARK: Intents

    /// Runs an intent by hand: `key=value` arguments, typed by the intent's parameters.
    /// `confirmed` counts every `confirm = true` parameter as confirmed by the person who
    /// asked (`forcectl intent … --yes`), as a run confirmed in a dialog would.
    func runIntent(_ name: String, keyValues: [String], confirmed: Bool = false, window: Bool = false, label: String,
                   _ finish: @escaping (ActionResult) -> Void) {
        guard let definition = configuration.intents.first(where: { $0.name == name }) else {
            return finish(.failure("no intent named \"\(name)\""))
        }
        do {
            let arguments = try IntentArguments.parse(keyValues, for: definition)
            runIntent(name, event: nil, device: nil, arguments: arguments, confirmed: confirmed, window: window,
                      label: label, finish)
        } catch {
            finish(.failure("intent \(name): \(error)"))
        }
    }

    /// - Parameter window: shown in the overlay's intent window when one is on the bus (a
    ///   gesture's or the bus's run, or `forcectl intent --window`): its questions then wait
    ///   for the window instead of stopping the run.
    func runIntent(_ name: String, event: GestureEvent?, device: String?, arguments: [String: JSONValue],
                   confirmed: Bool = false, window: Bool = false, label: String,
                   _ finish: @escaping (ActionResult) -> Void) {
        guard let definition = configuration.intents.first(where: { $0.name == name }) else {
            return finish(.failure("no intent named \"\(name)\""))
        }
        let shown = window && intentWindows.listening
        let run = IntentRun(definition: definition, intents: configuration.intents, event: event,
                            deviceName: device, arguments: arguments, confirmed: confirmed, interactive: shown,
                            fileExists: { access($0, F_OK) == 0 })
        var id: UInt32?
        if shown {
            let (placement, output) = event == nil ? (MenuPlacement.pointer, "") : overlay.locate(device)
            id = intentWindows.start(definition, event: event, placement: placement, output: output)
        }
        step(run, label: label, window: id.map { IntentWindowRun(id: $0, definition: definition) }, finish)
    }

    /// A run the intent window shows.
    struct IntentWindowRun {
        let id: UInt32
        let definition: IntentDefinition

        func message(code: String, message: String?, output: JSONValue?, final: Bool) -> IntentWindowMessage {
            // A regular file only: a FIFO named as the image would pass `access` and block
            // the overlay that opens it.
            let (text, image) = IntentWindows.display(output) { path in
                var st = stat()
                return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
            }
            return IntentWindowMessage(id: id, intent: definition.name, title: definition.displayTitle, code: code,
                                       message: message ?? "", text: text, image: image, app: definition.app ?? "",
                                       final: final)
        }
    }

    /// Opens the intent's app (`app`) as a `launch` action would.
    func openIntentApp(_ app: String, label: String, _ finish: @escaping (ActionResult) -> Void = { _ in }) {
        launch(.desktop(id: app, action: nil), label: label + " app", finish)
    }

    static func json(_ v: LiteralValue) -> JSONValue {
        switch v {
        case .string(let s): .string(s)
        case .number(let n): .number(n)
        case .bool(let b): .bool(b)
        case .list(let l): .array(l.map(json))
        }
    }

    private func step(_ start: IntentRun, label: String, window: IntentWindowRun? = nil,
                      _ finish: @escaping (ActionResult) -> Void) {
        var run = start
        while true {
            let step = run.next()
            switch step {
            case .resolved, .responded:
                publish(step.json)
                logger.info("intent \(run.intent): \(step.text)")
                if let window, case .responded(let r) = step, r.stage == .handle {
                    intentWindows.show(window.message(code: r.code.rawValue, message: r.message, output: r.output,
                                                      final: false))
                }
            case .ask(let question):
                logger.info("intent \(run.intent): \(step.text)")
                guard let window else {
                    run.answer(.confirmed(false))
                    continue
                }
                intentWindows.ask(question, id: window.id) { [weak self] answer in
                    var next = run
                    next.answer(answer)
                    self?.step(next, label: label, window: window, finish)
                }
                return
            case .runConfirm(let spec), .runHandler(let spec):
                do {
                    try children.spawn(spec.argv, environment: spec.environment,
                                       timeout: Timestamp.Duration(seconds: spec.timeout ?? configuration.general.actionTimeout),
                                       label: "\(label) intent \(spec.intent) \(spec.stage.rawValue)",
                                       input: Array(spec.stdin.utf8), captureOutput: true) { [weak self] exit, output in
                        var next = run
                        next.deliver(exitStatus: exit.status ?? 128 + (exit.signal ?? 0), stdout: output)
                        self?.step(next, label: label, window: window, finish)
                    }
                } catch {
                    run.deliver(exitStatus: 127, stdout: Array(error.description.utf8))
                    continue
                }
                return
            case .finished(let outcome):
                publish(step.json)
                if let window {
                    intentWindows.show(window.message(code: outcome.code.rawValue, message: outcome.message,
                                                      output: outcome.output, final: true))
                    if let app = window.definition.app, outcome.code == .continueInApp {
                        openIntentApp(app, label: label)
                    }
                }
                let result = ActionResult(outcome.succeeded ? .success : .failure,
                                          outcome.message ?? outcome.code.rawValue,
                                          output: outcome.output, code: outcome.code.rawValue)
                return finish(result)
            }
        }
    }

    // MARK: Descriptions

    static func kind(_ r: ActionRequest) -> String {
        switch r {
        case .exec: "exec"
        case .keys: "keys"
        case .presentMenu, .presentApplicationMenu, .presentItems: "quick-actions"
        case .perform: "perform"
        case .intent: "intent"
        case .notify: "notify"
        case .launch: "launch"
        case .click: "click"
        }
    }

    static func detail(_ r: ActionRequest) -> String {
        switch r {
        case .exec(let e): e.argv.joined(separator: " ")
        case .keys(let k): k.map(\.description).joined(separator: " ")
        case .presentMenu: "menu"
        case .presentApplicationMenu(let id): "menu of \(id)"
        case .presentItems(let items): "menu of \(items.map(\.type).joined(separator: ", "))"
        case .perform(let type): type
        case .intent(let name, _, _, _): name
        case .notify(let text): text
        case .launch(let launch): launch.description
        case .click(let click, let x?, let y?): "\(click) at \(TextFormat.number(x)),\(TextFormat.number(y))"
        case .click(let click, _, _): click.description
        }
    }

    static func isInstalled(_ program: String) -> Bool {
        ProgramLookup.path(of: program, searchPath: ProcessInfo.processInfo.environment["PATH"]) != nil
    }
}

extension ShortcutValue {
    /// The value as `perform` events and `forcectl shortcuts list` show it.
    var jsonValue: JSONValue {
        switch self {
        case .string(let s): .string(s)
        case .number(let d): .number(d)
        case .bool(let b): .bool(b)
        }
    }
}
