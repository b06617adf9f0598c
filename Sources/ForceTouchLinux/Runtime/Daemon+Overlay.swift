import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Logging

// The overlay (forcetouch-overlay): where menus and intent windows go; the press progress it
// draws is `PressProgress`'s.
extension Daemon {
    /// An overlay came onto the bus or left it: menus go to it, or to the menu program again.
    func overlayChanged(_ present: Bool) {
        guard present != runner.overlay.listening else { return }
        runner.overlay.listening = present
        runner.intentWindows.listening = present
        pressProgress.forget()
        if present {
            announceButton()
            loadApplications(inPlace: readsApplicationsInPlace)
        }
        logger.info(present ? "overlay \(BusNames.overlay) on the bus: quick-action menus show at the finger"
                            : "overlay gone from the bus: quick-action menus go to the menu program")
    }

    /// Reads the installed applications that what is under the finger is matched to, on a
    /// thread of its own (`inPlace`: here, for a replay, which runs no loop until it has
    /// played), and takes `[quick-actions] under-finger`. When an overlay comes onto the bus
    /// and at each reload while one is there: only an overlay looks, so a daemon without one
    /// reads nothing and never opens GIO for it.
    func loadApplications(inPlace: Bool = false) {
        let used = configuration.quickActionSettings.underFinger
        runner.underFinger.resolver.used = used
        guard !used.isEmpty else { return runner.underFinger.resolver.applications = [] }
        guard runner.overlay.listening else { return }
        let environment = ProcessEnvironment.current()
        let done: ([DesktopApplication]) -> Void = { [unowned self] apps in
            runner.underFinger.resolver.applications = apps
            logger.debug("under the finger: \(apps.count) installed application(s) read")
        }
        if inPlace || BackgroundJob.start(on: loop, { InstalledApplications.read(environment) }, done: done) == nil {
            done(InstalledApplications.read(environment))
        }
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
        runner.intentWindows.send = { [unowned self] message in
            bus?.intentWindow(message)
            switch message {
            case .started(let m): control?.publish(ProtocolJSON.line(m))
            case .ask(let m): control?.publish(ProtocolJSON.line(m))
            case .window(let m): control?.publish(ProtocolJSON.line(m))
            }
        }
        runner.intentWindows.log = { [unowned self] in logger.warning("\($0)") }
        runner.overlay.onProgress = { [unowned self] m in runner.underFinger.progress(m) }
        runner.underFinger.debug = { [unowned self] in logger.debug("\($0)") }
        runner.overlay.locate = { [unowned self] name in
            guard let s = sessions.values.first(where: { $0.name == name }) else { return (.pointer, "") }
            return (s.deviceClass == .touchscreen ? .touch : .pointer, s.settings.output)
        }
    }
}
