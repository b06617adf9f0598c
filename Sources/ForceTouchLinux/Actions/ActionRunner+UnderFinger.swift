import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials
import Logging

extension ActionRunner {
    /// The `quick-actions = true` menu, for what the press is on (SPEC §11, "What is under
    /// the finger"): once `underFinger` has the target (at once, or when the lookup answers,
    /// at most at its deadline), the target's menu (`PressTargetMenu`) goes to the overlay or
    /// the menu program. An item the target's menu adds is launched (an app's Desktop
    /// Action) or done by the daemon (a link's Open and Copy Link); the configured items are
    /// performed as always.
    ///
    /// A link's menu held for the lookup while its press went on to pop and lifted is popped
    /// here (`UnderFinger`'s `popped`): `MenuShown` goes as always, then its Open item is
    /// chosen as the overlay's `ChooseQuickAction("link.open")` would choose it, so that the
    /// overlay, `forcectl events` and the binding's result tell one story: the menu shown,
    /// dismissed as `chosen`, the link opened.
    ///
    /// `menuDecided` is told whether the menu shows something: a press on nothing with no
    /// items configured shows nothing, draws nothing, and its touch goes to the app.
    func presentTargetMenu(event: GestureEvent?, device: String?, label: String,
                           menuDecided: ((Bool) -> Void)? = nil, _ finish: @escaping (ActionResult) -> Void) {
        // Where the menu goes is the device's now: a replay's device is gone when a held menu
        // is shown at the lookup's deadline.
        let place = overlay.locate(device)
        lookedUpTarget(event: event, listening: overlay.listening) { [weak self] found, looked, popped in
            guard let self else { return }
            let (store, target) = PressTargetMenu.menu(for: found, configured: shortcuts)
            let hapticTouch = event?.hapticTouch == true
            let shows = !store.menu.isEmpty && (!hapticTouch || PressTargetMenu.opensOnHapticTouch(target))
            menuDecided?(shows)
            if hapticTouch, !shows {
                // Not forcetouch's: the app's own long press goes on as without forcetouch.
                return finish(ActionResult(.cancelled, "haptic touch on \(target.kind.rawValue)"
                    + (target.why.isEmpty ? "" : " (\(target.why))") + ", which has no menu of its own: the touch is the app's"))
            }
            guard shows else {
                publish(ProtocolJSON.line(MenuMessage(items: [])))
                return finish(ActionResult(.cancelled, "nothing to show: \(target.kind.rawValue)"
                    + (target.why.isEmpty ? "" : " (\(target.why))") + ", and no [[quick-action]] items: the touch is the app's"))
            }
            presentMenu(store, event: event, device: device, label: label, target: target, looked: looked,
                        place: place, finish) { [weak self] entry, finish in
                guard let self else { return }
                // One of the app's own actions (its Desktop Actions) is launched here: the store
                // does not hold it. A configured item is performed as the store has it.
                let appsOwn = entry.kind == .static && target.app?.quickActionItems.contains(entry.item) == true
                let window = entry.kind == .static ? AppWindows.windowID(ofItemType: entry.item.type) : nil
                switch (target.kind, entry.item.action) {
                case (.link, _): performLink(entry.item.type, address: target.address, label: label, finish)
                case (.word, _), (.email, _), (.phone, _), (.date, _), (.url, _):
                    performText(entry.item.type, target: target, label: label, finish)
                case (.appIcon, nil) where window != nil && target.windows.contains { $0.id == window }:
                    // The overlay that listed the window brings it to the front: the daemon links no X11.
                    overlay.activateWindow(window ?? 0)
                    finish(.success("switched to window \(window ?? 0) of \(target.appID)"))
                case (.appIcon, .launch(let launch)?) where appsOwn, (.window, .launch(let launch)?) where appsOwn:
                    self.launch(launch, label: "\(label) → \(entry.item.type)", finish)
                default: perform(type: entry.item.type, event: event, device: device, label: label, finish)
                }
            }
            wordMenuWithoutApp = target.kind == .word && target.dictionaryApp == nil ? overlay.shownID : nil
            if popped, target.kind == .link, overlay.listening, let id = overlay.shownID {
                logger.info("menu \(id): popped during the hold: \(PressTargetMenu.openLinkType) \(target.address)")
                _ = overlay.choose(type: PressTargetMenu.openLinkType) { _ in }
            }
            if popped, target.kind == .word, overlay.listening, let id = overlay.shownID {
                guard let app = target.dictionaryApp else { return poppedOnWordWithoutApp() }
                logger.info("menu \(id): popped during the hold: \(TextTargetMenu.lookUpInAppType) \(app.app.id)")
                _ = overlay.choose(type: TextTargetMenu.lookUpInAppType) { _ in }
            }
        }
    }

    /// A link menu's item: Open (the desktop's handler for its scheme, through GIO's `gio
    /// open`, started as apps are) or Copy Link (the clipboard, written by `wl-copy`, `xclip`
    /// or `xsel`). Open opens only the schemes of `[quick-actions] open-schemes`
    /// (`LinkSchemes`), whose addresses start with a letter, so never read as gio's option
    /// (gio 2.74 takes a `--` for a file to open, so none is passed); its result is gio's exit
    /// status, its message where an application's output goes (`AppLauncher.run`).
    func performLink(_ type: String, address: String, label: String, _ finish: @escaping (ActionResult) -> Void) {
        switch type {
        case PressTargetMenu.openLinkType:
            if let refusal = configuration.quickActionSettings.openSchemes.refusal(address) {
                return finish(.failure("Open: \(refusal)"))
            }
            guard Self.isInstalled("gio") else {
                return finish(.failure("Open: opening a link needs GIO's gio program (Debian: libglib2.0-bin)"))
            }
            launcher.run(["gio", "open", address], applicationID: "gio", label: label + " open link",
                         timeout: Timestamp.Duration(seconds: 25)) { result in
                switch result {
                case .success(let exit) where exit.succeeded: finish(.success("opened \(address)"))
                case .success(let exit): finish(.failure("Open: gio \(exit.summary) (its message is in the log, before this line)"))
                case .failure(let error): finish(.failure("Open: \(error.description)"))
                }
            }
        case PressTargetMenu.copyLinkType:
            let environment = ProcessInfo.processInfo.environment
            guard let argv = Self.clipboardCommand(wayland: environment["WAYLAND_DISPLAY"] != nil,
                                                   x11: environment["DISPLAY"] != nil, isInstalled: Self.isInstalled) else {
                return finish(.failure("Copy Link: no clipboard program: install wl-clipboard (Wayland), or xclip or xsel (X11)"))
            }
            do {
                try children.spawn(argv, environment: [:], timeout: Timestamp.Duration(seconds: 10),
                                   label: label + " copy link", input: Array(address.utf8)) { exit, _ in
                    finish(exit.succeeded ? .success("copied \(address)") : .failure("Copy Link: \(argv[0]) \(exit.summary)"))
                }
            } catch {
                finish(.failure("Copy Link: \(error.description)"))
            }
        default:
            finish(.failure("\(type): no such link action"))
        }
    }

    /// The program that puts its standard input on the clipboard: `wl-copy` under Wayland,
    /// `xclip` or `xsel` under X11; nil when none fits.
    static func clipboardCommand(wayland: Bool, x11: Bool, isInstalled: (String) -> Bool) -> [String]? {
        var candidates: [[String]] = []
        if wayland { candidates.append(["wl-copy"]) }
        if x11 { candidates += [["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]] }
        return candidates.first { isInstalled($0[0]) }
    }

    /// A target as `MenuShown` and `menu-shown` say it.
    static func message(_ t: PressTarget) -> MenuShownMessage.Target {
        .init(kind: t.kind.rawValue, appId: t.appID, name: t.name, icon: t.icon, address: t.address, why: t.why,
              definition: t.kind == .word ? t.definition : nil, dictionary: t.kind == .word ? t.dictionary : nil,
              textStart: t.textRange?.lowerBound, textEnd: t.textRange?.upperBound)
    }
}
