import ForceTouchCore
import ForceTouchProtocol
import Logging

// The daemon on the session bus: taking the name, and serving it from the loop.
extension Daemon {
    /// Takes the daemon's name on the session bus and serves it from the loop, after the
    /// devices (`.low`); without a session bus, says so in one line and goes on without.
    func startBus() {
        guard options.useBus, bus == nil else { return }
        do {
            let service = try BusService(daemon: self, environment: ProcessEnvironment.current())
            bus = service
            busToken = loop.add(fd: service.connection.fd, priority: .low) { [unowned self] in self.serviceBus() }
            logger.info("D-Bus: \(BusNames.service) on the session bus")
            service.onOverlayChanged = { [unowned self] owner in self.overlayChanged(owner: owner) }
            overlayChanged(owner: service.overlayOwner())
            let settings = BusNameWatch(connection: service.connection, name: BusNames.settings)
            // The window gone, the press it was shown is forgotten: the next one begins afresh.
            settings.changed = { [unowned self] in pressForce.forget() }
            settingsWatch = settings
        } catch {
            logger.notice("D-Bus: \(error); running without it")
        }
    }

    func serviceBus() {
        guard let bus, let token = busToken else { return }
        do {
            if try bus.connection.process(budget: 16) { loop.callAgain(token) }
        } catch {
            logger.error("D-Bus: \(error); running without it")
            loop.remove(token)
            busToken = nil
            self.bus = nil
            settingsWatch = nil
        }
    }
}
