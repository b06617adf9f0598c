import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Logging

// The overlay (forcetouch-overlay): where menus and intent windows go; the press progress it
// draws is `PressProgress`'s.
extension Daemon {
    /// The owner of the overlay's name changed (SPEC §11, "Who shows the menu"): menus go to
    /// the new owner, or to the menu program again when there is none. A client that takes
    /// the name from another (the GNOME Shell extension from forcetouch-overlay) is a new
    /// overlay: what the old one was shown goes with it. Who draws is logged once the owner
    /// has said its `Mode`, asked without waiting.
    func overlayChanged(owner: String) {
        guard owner != overlayOwner else { return }
        let replaced = !overlayOwner.isEmpty && !owner.isEmpty
        overlayOwner = owner
        overlayClient = nil
        if replaced { listen(false) }
        listen(!owner.isEmpty)
        guard !owner.isEmpty else {
            logger.info("overlay gone from the bus: quick-action menus go to the menu program")
            return
        }
        bus?.overlayMode(of: owner) { [unowned self] mode in
            // Another owner since: its own answer says.
            guard owner == overlayOwner else { return }
            let client = OverlayClient(owner: owner, mode: mode)
            overlayClient = client
            logger.info("overlay \(BusNames.overlay) on the bus: \(client.logLine)")
        }
    }

    /// Menus, intent windows and the press's progress go to the bus, or stop going.
    private func listen(_ present: Bool) {
        guard present != runner.overlay.listening else { return }
        runner.overlay.listening = present
        runner.intentWindows.listening = present
        pressProgress.forget()
        if present {
            announceButton()
            loadApplications(inPlace: readsApplicationsInPlace)
        }
    }

    /// Whether the card of a press on `session`'s device may be drawn (SPEC §11,
    /// `PreviewCondition`): at once where its deep press opens something wherever it is, else
    /// once what is under the finger is known to have a menu. A `newPress` is not looked up yet.
    func previews(_ session: DeviceSession, newPress: Bool) -> Bool {
        let pipeline = session.pipeline
        return PreviewCondition(bindings: pipeline.bindings, assistiveTouch: pipeline.assistiveTouch,
                                configured: runner.shortcuts)
            .previews(newPress ? nil : runner.underFinger.answered, configured: runner.shortcuts)
    }

    /// `forcectl status`'s `overlay`: the mode of whoever draws the menus (`unknown` until it
    /// says, or when it does not), nil when no client owns the name.
    var overlayStatus: String? {
        overlayOwner.isEmpty ? nil : overlayClient?.statusMode ?? "unknown"
    }

    /// Reads the installed applications that what is under the finger is matched to, on a
    /// thread of its own (`inPlace`: here, for a replay, which runs no loop until it has
    /// played), and takes `[quick-actions] under-finger`. When an overlay comes onto the bus
    /// and at each reload while one is there: only an overlay looks, so a daemon without one
    /// reads nothing and never opens GIO for it. One read at a time: one asked for during
    /// another is folded into a single read after it (`OneRunAtATime`), so that an owner of
    /// the overlay's name taken and dropped in a loop costs no more threads or descriptors.
    func loadApplications(inPlace: Bool = false) {
        let used = configuration.quickActionSettings.underFinger
        runner.underFinger.resolver.used = used
        guard !used.isEmpty else { return runner.underFinger.resolver.applications = [] }
        guard runner.overlay.listening else { return }
        if inPlace { return takeApplications(InstalledApplications.read(ProcessEnvironment.current())) }
        if applicationsRead.ask() { startApplicationsRead() }
    }

    private func startApplicationsRead() {
        let environment = ProcessEnvironment.current()
        let done: ([DesktopApplication]) -> Void = { [unowned self] apps in
            takeApplications(apps)
            if applicationsRead.ended() { startApplicationsRead() }
        }
        if BackgroundJob.start(on: loop, { InstalledApplications.read(environment) }, done: done) == nil {
            done(InstalledApplications.read(environment))
        }
    }

    private func takeApplications(_ apps: [DesktopApplication]) {
        runner.underFinger.resolver.applications = apps
        logger.debug("under the finger: \(apps.count) installed application(s) read")
    }

    /// Wires the overlay's messages to the bus and the control socket: one value, two encodings.
    func connectOverlay() {
        runner.overlay.send = { [unowned self] message in
            bus?.overlay(message)
            switch message {
            case .shown(let m): control?.publish(ProtocolJSON.line(m))
            case .progress(let m): control?.publish(ProtocolJSON.line(m))
            case .dismissed(let m): control?.publish(ProtocolJSON.line(m))
            }
        }
        runner.overlay.activateWindow = { [unowned self] id in bus?.activateWindow(id) }
        runner.intentWindows.send = { [unowned self] message in
            bus?.intentWindow(message)
            switch message {
            case .started(let m): control?.publish(ProtocolJSON.line(m))
            case .ask(let m): control?.publish(ProtocolJSON.line(m))
            case .window(let m): control?.publish(ProtocolJSON.line(m))
            }
        }
        runner.intentWindows.log = { [unowned self] in logger.warning("\($0)") }
        runner.overlay.onProgress = { [unowned self] m in
            runner.underFinger.progress(m)
            runner.noticePop(m)
        }
        runner.underFinger.debug = { [unowned self] in logger.debug("\($0)") }
        runner.overlay.locate = { [unowned self] name in
            guard let s = sessions.values.first(where: { $0.name == name }) else { return (.pointer, "") }
            return (s.deviceClass == .touchscreen ? .touch : .pointer, s.settings.output)
        }
    }
}
