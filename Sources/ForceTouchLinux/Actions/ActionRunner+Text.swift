import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials
import Glibc
import Logging

extension ActionRunner {
    /// A word's target with its definition, from the local dictionary server (`define`, off
    /// the loop, bounded: `DictClient`); any other target as it is. The menu waits for it:
    /// a loopback server answers in milliseconds, and one that does not is given up at
    /// `DictClient.timeoutMS`, the card then saying why.
    func withDefinition(_ target: PressTarget, _ then: @escaping (PressTarget) -> Void) {
        guard target.kind == .word, case .word(let word)? = target.text else { return then(target) }
        let asked = MonotonicClock.now()
        definitionsAsked += 1
        define(word) { [weak self, logger] result in
            self?.definitionsAsked -= 1
            var target = target
            // Its size and time, not the word: what a window shows is not logged here.
            let ms = Int(((MonotonicClock.now().seconds - asked.seconds) * 1000).rounded())
            switch result {
            case .success(let reply): logger.debug("Look Up: the dictionary server answered in \(ms) ms: \(reply.outcome.summary)")
            case .failure(let why): logger.debug("Look Up: no definition after \(ms) ms: \(why)")
            }
            switch result {
            case .success(let reply):
                switch reply.outcome {
                case .definitions(let definitions):
                    // WordNet's first where several databases answer: it is what dict-wn installs.
                    let chosen = definitions.first { $0.database == "wn" } ?? definitions.first
                    target.definition = chosen?.text ?? ""
                    target.dictionary = [chosen?.databaseDescription, "dictd " + reply.banner]
                        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                case .noMatch: target.dictionary = "no definition of “\(word)” in the dictionaries of 127.0.0.1"
                case .refused(let code, let message): target.dictionary = "the dictionary server refused: \(code) \(message)"
                }
            case .failure(let why): target.dictionary = why.description
            }
            then(target)
        }
    }

    /// A text menu's item (`TextTargetMenu`): Copy to the clipboard; New Email, Call, Send
    /// Message and Search the Web opened by GIO (`gio open URI`: the desktop's handler for
    /// `mailto:`, `tel:`, `sms:`, the browser for the search); Create Event an iCalendar file
    /// (`CalendarEvent`) written to the user's runtime directory and opened; Look Up the
    /// shown (the card at the word holds the definition); Look Up in Dictionary the installed
    /// dictionary application started at the word (`lookUpInApp`).
    func performText(_ type: String, target: PressTarget, label: String, _ finish: @escaping (ActionResult) -> Void) {
        switch type {
        case PressTargetMenu.openLinkType, PressTargetMenu.copyLinkType:
            performLink(type, address: target.address, label: label, finish)
        case TextTargetMenu.copyType:
            copy(target.name, what: "Copy", label: label, finish)
        case TextTargetMenu.lookUpType:
            // The card at the word is the look-up: choosing it closes the card.
            finish(.success("looked up “\(target.name)”: \(target.dictionary)"))
        case TextTargetMenu.lookUpInAppType:
            lookUpInApp(target, label: label, finish)
        case TextTargetMenu.createEventType:
            guard case .date(let date)? = target.text else { return finish(.failure("Create Event: no date")) }
            switch Self.writeEvent(date, summary: target.context, runtime: ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]) {
            case .success(let path): open(path, what: "Create Event", label: label, finish)
            case .failure(let why): finish(.failure("Create Event: \(why)"))
            }
        default:
            guard let uri = TextTargetMenu.uri(type, for: target) else { return finish(.failure("\(type): no such text action")) }
            if let refusal = TextTargetMenu.schemes.refusal(uri) { return finish(.failure("\(type): \(refusal)")) }
            open(uri, what: type, label: label, finish)
        }
    }

    /// The word opened in the dictionary application (`DictionaryApplication`): started as an
    /// application is (`AppLauncher.launch`: its own service, outliving the daemon), with the
    /// word one argument of its own, never read by a shell.
    func lookUpInApp(_ target: PressTarget, label: String, _ finish: @escaping (ActionResult) -> Void) {
        guard let dictionary = target.dictionaryApp, case .word(let word)? = target.text else {
            return finish(.failure("Look Up in a dictionary application: "
                + DictionaryApplication.absence(in: underFinger.resolver.applications)))
        }
        guard let argv = dictionary.commandLine(word: word) else {
            return finish(.failure("\(dictionary.itemTitle): \(dictionary.app.id) has no command line to start "
                + "(no Exec), or “\(word)” cannot be handed to it as a word"))
        }
        launcher.launch(argv, applicationID: dictionary.app.id, label: label + " look up in app") { result in
            switch result {
            case .success(let started): finish(.success("looked up “\(word)” in \(dictionary.app.name): \(started)"))
            case .failure(let error): finish(.failure("\(dictionary.itemTitle): \(error.description)"))
            }
        }
    }

    /// Pop on a word's menu where no dictionary application is installed opens nothing: the
    /// daemon says why once in its life, not at every such pop (`noDictionaryAppSaid`).
    func poppedOnWordWithoutApp() {
        guard !noDictionaryAppSaid else { return }
        noDictionaryAppSaid = true
        let why = DictionaryApplication.absence(in: underFinger.resolver.applications)
        logger.notice("Look Up: pop on a word opens nothing: \(why) (said once)")
    }

    /// A press's progress sent to the overlay: its pop on a shown word menu without a
    /// dictionary application is said (`poppedOnWordWithoutApp`); the overlay pops nothing.
    func noticePop(_ m: PressProgressMessage) {
        guard m.stage == "pop", let menu = wordMenuWithoutApp, menu == overlay.shownID else { return }
        poppedOnWordWithoutApp()
    }

    /// `gio open` of a URI or a file, as a link's Open opens it.
    private func open(_ what: String, what name: String, label: String, _ finish: @escaping (ActionResult) -> Void) {
        guard Self.isInstalled("gio") else {
            return finish(.failure("\(name): opening needs GIO's gio program (Debian: libglib2.0-bin)"))
        }
        launcher.run(["gio", "open", what], applicationID: "gio", label: label + " " + name,
                     timeout: Timestamp.Duration(seconds: 25)) { result in
            switch result {
            case .success(let exit) where exit.succeeded: finish(.success("opened \(what)"))
            case .success(let exit): finish(.failure("\(name): gio \(exit.summary) (its message is in the log, before this line)"))
            case .failure(let error): finish(.failure("\(name): \(error.description)"))
            }
        }
    }

    /// Text to the clipboard, as Copy Link writes a link's.
    private func copy(_ text: String, what: String, label: String, _ finish: @escaping (ActionResult) -> Void) {
        let environment = ProcessInfo.processInfo.environment
        guard let argv = Self.clipboardCommand(wayland: environment["WAYLAND_DISPLAY"] != nil,
                                               x11: environment["DISPLAY"] != nil, isInstalled: Self.isInstalled) else {
            return finish(.failure("\(what): no clipboard program: install wl-clipboard (Wayland), or xclip or xsel (X11)"))
        }
        do {
            try children.spawn(argv, environment: [:], timeout: Timestamp.Duration(seconds: 10),
                               label: label + " copy", input: Array(text.utf8)) { exit, _ in
                finish(exit.succeeded ? .success("copied “\(text)”") : .failure("\(what): \(argv[0]) \(exit.summary)"))
            }
        } catch {
            finish(.failure("\(what): \(error.description)"))
        }
    }

    /// The event's file, `$XDG_RUNTIME_DIR/forcetouch/event-N.ics` (private to the user),
    /// written whole before it is opened; its path, or why not.
    static func writeEvent(_ date: DateDetector.DetectedDate, summary: String,
                           runtime: String?) -> Result<String, EventFileError> {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard let runtime, runtime.hasPrefix("/") else {
            return .failure(EventFileError("XDG_RUNTIME_DIR is not set: there is no private place for the event's file"))
        }
        let folder = runtime + "/forcetouch"
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            return .failure(EventFileError("\(folder): \(String(cString: strerror(errno)))"))
        }
        let stamp = CivilDateTime(unixSeconds: Int(now.tv_sec))
        let unique = "\(now.tv_sec)-\(now.tv_nsec)-\(getpid())"
        let event = CalendarEvent(summary: summary, start: date, uid: unique + "@forcetouch", stamp: stamp)
        let path = folder + "/event-\(unique).ics"
        do { try AtomicFile.write(Array(event.icsText.utf8), to: path, mode: 0o600) } catch {
            return .failure(EventFileError("\(path): \(error)"))
        }
        return .success(path)
    }
}

/// Why Create Event's file could not be written.
struct EventFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ActionRunner {
    /// `underFinger.target`, a word's target given its definition first (`withDefinition`).
    func lookedUpTarget(event: GestureEvent?, listening: Bool, _ deliver: @escaping UnderFinger.Deliver) {
        underFinger.target(event: event, listening: listening) { [weak self] found, looked, popped in
            guard let self else { return }
            withDefinition(found) { deliver($0, looked, popped) }
        }
    }
}

extension DictReply.Outcome {
    /// `1 definition(s), 2317 bytes`, `no match`, `refused 530`: for the log, without the text.
    var summary: String {
        switch self {
        case .definitions(let d): "\(d.count) definition(s), \(d.reduce(0) { $0 + $1.text.utf8.count }) bytes"
        case .noMatch: "no match"
        case .refused(let code, _): "refused \(code)"
        }
    }
}
