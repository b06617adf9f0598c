import ForceTouchCore
import Glibc
import Logging

/// forcetouchd's runtime: discovers devices, reads them, recognizes gestures and runs what
/// the configuration binds to them, all on one event loop.
///
/// Data flows one way: device → frames → gestures → bindings → dispatch.
public final class Daemon {
    public struct Options: Sendable {
        /// The configuration file in use, if any.
        public var configPath: String?
        public init(configPath: String?) { self.configPath = configPath }
    }

    let logger: Logger
    let options: Options
    public private(set) var configuration: Configuration
    let loop: EventLoop
    let children: ChildSupervisor
    private var discovery: UdevDiscovery?
    /// Devices being followed, by device node.
    public private(set) var sessions: [String: DeviceSession] = [:]
    /// Devices seen but not followed (cannot be opened), with why.
    public private(set) var unreadable: [String: CapabilityReport] = [:]
    private var exitWhenIdle = false

    public init(configuration: Configuration, options: Options, logger: Logger) throws(SystemError) {
        self.configuration = configuration
        self.options = options
        self.logger = logger
        loop = try EventLoop(signals: [SIGHUP, SIGTERM, SIGINT, SIGCHLD])
        children = ChildSupervisor(maximumChildren: configuration.general.maxChildren)
        children.onExit = { [logger] exit in
            if exit.succeeded {
                logger.info("action \(exit.label): \(exit.summary)")
            } else {
                logger.warning("action \(exit.label): \(exit.summary)")
            }
        }
        loop.onSignal { [unowned self] signal in self.handle(signal: signal) }
        loop.onTimer { [unowned self] in self.timerFired() }
    }

    // MARK: Live devices

    /// Follows every input device now present and every one that comes later, then runs
    /// until SIGTERM or SIGINT.
    public func runLive() throws(SystemError) {
        let discovery = try UdevDiscovery()
        self.discovery = discovery
        if !discovery.usesUdevDaemon {
            logger.warning("no udev daemon is running: following kernel uevents and classifying devices from their evdev bits")
        }
        loop.add(fd: discovery.fd) { [unowned self] in
            for change in discovery.receive() {
                switch change {
                case .added(let node): self.add(node)
                case .removed(let devnode): self.remove(devnode)
                }
            }
        }
        for node in discovery.enumerate() { add(node) }
        logger.info("ready: \(sessions.count) device(s), overall force capability \(overallCapability)")
        SystemdNotify.send("READY=1\nSTATUS=\(sessions.count) device(s)")
        runLoop()
    }

    public var overallCapability: Capability {
        Capability.overall(sessions.values.map(\.capability.capability) + unreadable.values.map(\.capability))
    }

    func add(_ node: InputNode) {
        if sessions[node.devnode] != nil { return }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: node.devnode)
        } catch {
            // Only touch-like nodes are worth a report; the rest (keyboards…) we cannot tell.
            if node.udevClass != nil || node.properties.isEmpty {
                unreadable[node.devnode] = error.capabilityReport
                logger.warning("device \(node.devnode): capability unknown: \(error)")
            }
            return
        }
        let session = DeviceSession(node: node, description: device.description, device: device,
                                    configuration: configuration)
        guard session.deviceClass != .other else {
            logger.debug("device \(node.devnode) \"\(session.name)\": not a touch device, ignored")
            return
        }
        if session.settings.ignore {
            logger.info("device \(node.devnode) \"\(session.name)\": ignored by the configuration")
            return
        }
        unreadable[node.devnode] = nil
        sessions[node.devnode] = session
        session.loopToken = loop.add(fd: device.fd) { [unowned self, unowned session] in
            self.readable(session)
        }
        logCapability(session, verb: "found")
    }

    func remove(_ devnode: String) {
        unreadable[devnode] = nil
        guard let session = sessions.removeValue(forKey: devnode) else { return }
        retire(session, now: MonotonicClock.now())
    }

    private func retire(_ session: DeviceSession, now: Timestamp) {
        if let token = session.loopToken { loop.remove(token) }
        session.cancelAll(at: now, dispatch: dispatch)
        logger.info("device \(session.node.devnode) \"\(session.name)\": lost, capability unknown")
    }

    private func readable(_ session: DeviceSession) {
        guard let device = session.device else { return }
        let status = device.read { event in
            if event.type == EV.SYN && event.code == SYN.DROPPED {
                logger.warning("device \(session.node.devnode): events dropped by the kernel, resynchronizing; touches in progress are cancelled")
            }
            session.feed(event, dispatch: dispatch)
        }
        switch status {
        case .drained: break
        case .gone:
            sessions[session.node.devnode] = nil
            retire(session, now: MonotonicClock.now())
        case .failed(let e):
            logger.error("device \(session.node.devnode): read failed: \(String(cString: strerror(e)))")
        }
    }

    private func logCapability(_ s: DeviceSession, verb: String) {
        var line = "device \(s.node.devnode) \"\(s.name)\" (\(s.description.id.vendorProduct), \(s.deviceClass.rawValue)): \(verb), capability \(s.capability.capability) (\(s.capability.reason))"
        if let model = s.engine.forceModel {
            line += ", maximumPossibleForce \(JSONLine.number(model.maximumPossibleForce))"
        }
        logger.info("\(line)")
    }

    // MARK: Replay

    /// Feeds a recording through a session exactly as a live device's events would go,
    /// with real dispatch, in the recording's own time; returns once every action it
    /// started has finished.
    public func runReplay(_ recording: Recording, name: String) {
        let node = InputNode(devnode: "replay:" + name)
        let session = DeviceSession(node: node, description: recording.device, device: nil,
                                    configuration: configuration)
        sessions[node.devnode] = session
        logCapability(session, verb: "replaying")
        for event in recording.events { session.feed(event, dispatch: dispatch) }
        while let d = session.nextDeadline { session.advance(to: d, dispatch: dispatch) }
        sessions[node.devnode] = nil
        exitWhenIdle = true
        if children.count > 0 { runLoop() }
    }

    // MARK: Dispatch

    private func dispatch(_ event: GestureEvent, _ session: DeviceSession) {
        logger.debug("\(session.node.devnode): \(GestureReport.gestureText(event))")
        for binding in session.bindings.actions(for: event) {
            let request = ActionRequest(binding: binding, event: event, deviceName: session.name,
                                        general: configuration.general)
            let label = "binding[\(binding.index)] (line \(binding.line)) \(event.gesture.rawValue) \(event.phase.rawValue)"
            switch request {
            case .exec(let exec):
                do {
                    let pid = try children.spawn(exec.argv, environment: exec.environment,
                                                 timeout: Timestamp.Duration(seconds: exec.timeout), label: label)
                    logger.info("dispatch \(label) → \(exec.argv.joined(separator: " ")): started, pid \(pid)")
                } catch {
                    logger.error("dispatch \(label) failed: \(error)")
                }
            }
        }
    }

    // MARK: Loop, time and signals

    private func runLoop() {
        loop.run { [unowned self] in
            if exitWhenIdle && children.count == 0 { loop.stop(); return }
            loop.arm(at: nextDeadline())
        }
    }

    private func nextDeadline() -> Timestamp? {
        var next = children.nextDeadline
        for s in sessions.values {
            if let d = s.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        }
        return next
    }

    private func timerFired() {
        let now = MonotonicClock.now()
        for s in sessions.values where (s.nextDeadline.map { $0 <= now } ?? false) {
            s.advance(to: now, dispatch: dispatch)
        }
        children.enforceTimeouts(now: now)
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGCHLD:
            children.reap()
        case SIGHUP:
            reload()
        case SIGTERM, SIGINT:
            logger.info("stopping on signal \(signal)")
            SystemdNotify.send("STOPPING=1")
            loop.stop()
        default:
            break
        }
    }

    /// SIGHUP: an invalid new file is refused whole, with its errors, and the running
    /// configuration stays.
    public func reload() {
        guard let path = options.configPath else {
            logger.warning("reload: no configuration file in use; searched \(ConfigurationFile.searchPath().joined(separator: ", "))")
            return
        }
        SystemdNotify.send("RELOADING=1")
        defer { SystemdNotify.send("READY=1") }
        let load = ConfigurationFile.load(path)
        guard load.isValid else {
            for e in load.errors { logger.error("\(e)") }
            logger.error("reload refused: \(load.errors.count) error(s) in \(path); keeping the previous configuration")
            return
        }
        configuration = load.configuration
        for s in sessions.values { s.reconfigure(configuration) }
        logger.info("reloaded \(path): \(configuration.bindings.count) binding(s), \(configuration.devices.count) device rule(s)")
    }
}
