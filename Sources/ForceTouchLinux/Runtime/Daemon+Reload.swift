import ForceTouchCore
import ForceTouchEngine
import Logging

// Reloading: the configuration and the device database read again, the sessions reconfigured.
extension Daemon {
    /// SIGHUP and `forcectl reload`: an invalid new file is refused whole, with its errors,
    /// and the running configuration stays. `done` is told whether it loaded, and what
    /// happened.
    ///
    /// The file is checked in a child and parsed on a thread of its own (`BackgroundJob`):
    /// a large file takes seconds, and meanwhile devices keep flowing, requests are answered
    /// and SIGTERM stops the daemon at once (issue 40, item 5). Only the new configuration's
    /// taking over happens on the loop. A reload asked for while one runs runs after it.
    public func reload(_ done: @escaping (_ loaded: Bool, _ message: String) -> Void = { _, _ in }) {
        if reloading != nil {
            reloading?.next.append(done)
            return
        }
        startReload([done])
    }

    private func startReload(_ waiting: [ReloadInProgress.Done]) {
        func answer(_ loaded: Bool, _ message: String) { for done in waiting { done(loaded, message) } }
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
            return answer(false, message)
        }
        // Only a regular file: a FIFO would hang the reading, a device would never end.
        do { try RegularFile.check(path) } catch {
            return answer(false, refuseReload(path, "cannot read: \(error.reason)", databaseChanged: databaseChanged))
        }
        SystemdNotify.send("RELOADING=1")
        let state = ReloadInProgress(waiting: waiting, databaseChanged: databaseChanged)
        reloading = state
        let checkExecutable = options.checkExecutable, child = state.check
        let work: @Sendable () -> ReloadInProgress.Outcome = {
            if let checkExecutable {
                // A file that crashes or hangs the parser does it to a child, not to the daemon.
                let outcome = ConfigurationCheck.run(ConfigurationCheck.command(executable: checkExecutable, path: path),
                                                     started: child.started)
                child.ended()
                guard outcome.isSafeToParse else { return .unsafe(outcome.description) }
            }
            return .parsed(ConfigurationFile.load(path))
        }
        if BackgroundJob.start(on: loop, work, done: { [unowned self] outcome in finishReload(path, outcome) }) == nil {
            logger.warning("reload: no thread to read \(path) on (\(SystemError("pthread_create"))): reading it in the loop")
            finishReload(path, work())
        }
    }

    /// The loop's part: the parsed file taken over, or refused; then whoever waits is told,
    /// and a reload asked for meanwhile starts.
    private func finishReload(_ path: String, _ outcome: ReloadInProgress.Outcome) {
        guard let state = reloading else { return }
        reloading = nil
        SystemdNotify.send("READY=1")
        let (loaded, message) = apply(path, outcome, databaseChanged: state.databaseChanged)
        bus?.configurationReloaded(file: path, loaded: loaded, message: message)
        for done in state.waiting { done(loaded, message) }
        if !state.next.isEmpty { startReload(state.next) }
    }

    private func apply(_ path: String, _ outcome: ReloadInProgress.Outcome,
                       databaseChanged: Bool) -> (loaded: Bool, message: String) {
        let load: ConfigurationLoad
        switch outcome {
        case .unsafe(let why): return (false, refuseReload(path, why, databaseChanged: databaseChanged))
        case .parsed(let parsed): load = parsed
        }
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
        loadApplications(inPlace: readsApplicationsInPlace)
        prepareVirtualDevices()
        chooseHaptics()
        announceButton()
        let message = "reloaded \(path): \(configuration.bindings.count) binding(s), \(configuration.devices.count) device rule(s)"
        logger.info("\(message)")
        return (true, message)
    }

    private func refuseReload(_ path: String, _ why: String, databaseChanged: Bool) -> String {
        let message = "reload refused: \(path): \(why); keeping the previous configuration"
        logger.error("\(message)")
        if databaseChanged { reconfigureSessions() }
        return message
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
