import ForceTouchCore
import ForceTouchEngine
import Logging

// Reloading: the configuration and the device database read again, the sessions reconfigured.
extension Daemon {
    /// SIGHUP and `forcectl reload`: an invalid new file is refused whole, with its errors,
    /// and the running configuration stays. Returns whether it loaded, and what happened.
    @discardableResult
    public func reload() -> (loaded: Bool, message: String) {
        // Capability, calibration and device objects may all change: the bus re-reads them.
        bus?.needsSync = true
        // The device database is read again whatever becomes of the configuration: its
        // errors drop sections, never the whole, so there is nothing to refuse.
        let previous = database
        database = loadDatabase()
        let databaseChanged = database != previous
        guard let path = options.configPath else {
            if databaseChanged { reconfigureSessions() }
            let message = "no configuration file in use; searched \(ConfigurationFile.searchPath().joined(separator: ", "))"
            logger.warning("reload: \(message)")
            return (false, message)
        }
        SystemdNotify.send("RELOADING=1")
        defer { SystemdNotify.send("READY=1") }
        func refuse(_ why: String) -> (loaded: Bool, message: String) {
            let message = "reload refused: \(path): \(why); keeping the previous configuration"
            logger.error("\(message)")
            if databaseChanged { reconfigureSessions() }
            return (false, message)
        }
        // Only a regular file: a FIFO would hang the reading, a device would never end.
        do { try RegularFile.check(path) } catch { return refuse("cannot read: \(error.reason)") }
        if let executable = options.checkExecutable {
            // A file that crashes or hangs the parser does it to a child, not to the daemon.
            let outcome = ConfigurationCheck.run(ConfigurationCheck.command(executable: executable, path: path))
            guard outcome.isSafeToParse else { return refuse(outcome.description) }
        }
        let load = ConfigurationFile.load(path)
        for w in load.warnings { logger.warning("\(w)") }
        guard load.isValid else {
            for e in load.errors { logger.error("\(e)") }
            let message = "reload refused: \(load.errors.count) error(s) in \(path); keeping the previous configuration"
            logger.error("\(message)")
            if databaseChanged { reconfigureSessions() }
            return (false, message + ": " + load.errors.map(\.description).joined(separator: "; "))
        }
        configuration = load.configuration
        applyButtonPlace()
        reconfigureSessions()
        bus?.needsSync = true
        runner.configuration = configuration
        _ = runner.shortcuts.replaceStaticItems(configuration.quickActions,
                                                maximumMenuItems: configuration.quickActionSettings.maximumMenuItems)
        control?.access = resolveAccess(configuration.control)
        prepareVirtualDevices()
        announceButton()
        let message = "reloaded \(path): \(configuration.bindings.count) binding(s), \(configuration.devices.count) device rule(s)"
        logger.info("\(message)")
        return (true, message)
    }

    /// The configuration with the button's place applied (Daemon+AssistiveButton).
    func replaceConfiguration(_ c: Configuration) { configuration = c }

    func reconfigureSessions() {
        for s in sessions.values.sorted(by: { $0.node.devnode < $1.node.devnode }) {
            let before = s.claimMode
            s.reconfigure(configuration, database: database)
            if before != .off && s.claimMode == .off {
                logger.info("device \(s.node.devnode) \"\(s.name)\": released (\(s.wantedClaimMode == .off ? "nothing on it claims now" : "its claim changes")), the desktop reads it again")
            }
            claim(s)
        }
        sessionDeadline.invalidate()
    }

    /// Reads the device database; what is wrong with its files is logged, file:line, and
    /// the rest is used.
    func loadDatabase() -> DeviceDatabase {
        let load = DeviceDatabaseFiles.load()
        for e in load.errors { logger.warning("device database: \(e)") }
        logger.info("device database: \(load.database.entries.count) entries from \(load.files.count) file(s)")
        return load.database
    }
}
