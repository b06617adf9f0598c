import FoundationEssentials
import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Glibc
import Logging

/// forcetouchd's runtime: discovers devices, reads them, recognizes gestures and runs what
/// the configuration binds to them, all on one event loop.
///
/// Data flows one way: device → frames → gestures → dispatches (a `DevicePipeline` per
/// device) → actions carried out here.
public final class Daemon {
    public struct Options: Sendable {
        /// The configuration file in use, if any.
        public var configPath: String?
        /// Where dynamic quick actions persist; nil keeps them in memory only (replays).
        public var shortcutsPath: String?
        /// The control socket; nil for none.
        public var controlSocketPath: String?
        /// Where what auto-calibration learns persists; nil keeps it in memory only (replays).
        public var calibrationPath: String?
        /// The program that checks a configuration in a child process before a reload parses
        /// it (`ConfigurationCheck`): forcetouchd itself; nil parses in-process only.
        public var checkExecutable: String?
        /// Whether to take `io.github.forcetouch.Daemon1` on the session bus, when there is one.
        public var useBus: Bool
        /// What the bus's `Version` property says.
        public var version: String
        /// Where the AssistiveTouch button's place is kept; nil keeps it in memory only.
        public var assistiveButtonPath: String? = nil
        public init(configPath: String?, shortcutsPath: String? = nil, controlSocketPath: String? = nil,
                    calibrationPath: String? = nil, checkExecutable: String? = nil, useBus: Bool = false,
                    version: String = "") {
            self.configPath = configPath
            self.useBus = useBus
            self.version = version
            self.shortcutsPath = shortcutsPath
            self.controlSocketPath = controlSocketPath
            self.calibrationPath = calibrationPath
            self.checkExecutable = checkExecutable
        }

        /// `$XDG_STATE_HOME/forcetouch/shortcuts.json` (else `~/.local/state/…`).
        public static func defaultShortcutsPath(environment: [String: String] = ProcessEnvironment.current()) -> String? {
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/forcetouch/shortcuts.json" }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return home + "/.local/state/forcetouch/shortcuts.json"
        }
    }

    let logger: Logger
    let options: Options
    public private(set) var configuration: Configuration
    /// The device database (docs/device-database.md): read at start and on every reload.
    public private(set) var database: DeviceDatabase = .empty
    let loop: EventLoop
    let children: ChildSupervisor
    let runner: ActionRunner
    // `@exclusivity(unchecked)` below: the loop reads these at every turn. It is one thread
    // and no access to them overlaps another, so their dynamic check, a runtime call at
    // every access, is off.
    @exclusivity(unchecked) public private(set) var control: ControlServer?
    /// The D-Bus interface; nil without a session bus.
    @exclusivity(unchecked) private(set) var bus: BusService?
    @exclusivity(unchecked) private var busToken: UInt64?
    /// While paused, gestures are still recognized and published, and nothing they are bound
    /// to is carried out (the bus's `Paused` property).
    public private(set) var paused = false
    var version: String { options.version }
    private var discovery: UdevDiscovery?
    private let started = MonotonicClock.now()
    /// Devices being followed, by device node.
    public private(set) var sessions: [String: DeviceSession] = [:] {
        didSet { sessionDeadline.invalidate() }
    }
    /// The earliest deadline of all sessions: a read tells how it moved one session's, so that
    /// a turn of the loop does not look at every session. Anything else that changes sessions
    /// (a device comes or goes, a deadline fires, a reload) invalidates it.
    @exclusivity(unchecked) private var sessionDeadline = EarliestDeadline()
    /// Devices seen but not followed (cannot be opened), with why.
    public private(set) var unreadable: [String: CapabilityReport] = [:]
    @exclusivity(unchecked) private var exitWhenIdle = false
    /// What auto-calibration learned, persisted; nil when nothing is kept.
    let calibrationFile: LearnedCalibrationFile?
    /// Why the dynamic quick actions' file could not be read at start; while set, changes
    /// are refused rather than written over it.
    private var shortcutsUnreadable: String?
    /// The graphical session claiming decides for (`claim = "auto"`), from the environment.
    let claimSession = ClaimSession(environment: ProcessEnvironment.current())
    /// The device nodes of the clones of claimed devices: never followed themselves.
    private var cloneNodes: Set<String> = []
    /// The dynamic quick actions' file as last read or written: one that differs was changed
    /// behind the daemon's back, and is read again (and kept aside if bad) before a change.
    private var shortcutsStamp: FileStamp?
    /// Where the AssistiveTouch button is kept across restarts; nil keeps it in memory only.
    let assistiveButtonFile: AssistiveButtonFile?
    /// Where the user left the button, once moved or read back.
    var buttonPlace: AssistiveButton.Place?
    /// The long press then drag that moves the button, and the device of its finger.
    var buttonDrag = AssistiveButtonDrag()
    var buttonDragNode: String?
    /// When the dragged button was last told, to keep to 60 a second.
    var lastButtonAnnounced = Timestamp(microseconds: 0)

    public init(configuration: Configuration, options: Options, logger: Logger) throws(SystemError) {
        self.configuration = configuration
        self.options = options
        self.logger = logger
        loop = try EventLoop(signals: [SIGHUP, SIGTERM, SIGINT, SIGCHLD])
        children = ChildSupervisor(maximumChildren: configuration.general.maxChildren)
        children.loop = loop
        var store = ShortcutStore(configuration: configuration)
        for path in [options.shortcutsPath, options.calibrationPath].compactMap({ $0 }) {
            for stale in ShortcutsFile.removeStaleTemporaries(of: path) {
                logger.warning("removed \(stale), left by a write that did not finish")
            }
        }
        if let path = options.shortcutsPath {
            let load = ShortcutsFile.load(path, into: &store)
            for m in load.messages {
                if load.setAside != nil || load.unreadable != nil { logger.error("\(m)") } else { logger.warning("\(m)") }
            }
            shortcutsUnreadable = load.unreadable
            shortcutsStamp = FileStamp.of(path)
        }
        calibrationFile = options.calibrationPath.map(LearnedCalibrationFile.init(path:))
        if let problem = calibrationFile?.load() { logger.warning("\(problem)") }
        calibrationFile?.log = { [logger] in logger.error("\($0)") }
        assistiveButtonFile = options.assistiveButtonPath.map(AssistiveButtonFile.init(path:))
        var publishTarget: ((@escaping () -> String) -> Void)?
        runner = ActionRunner(children: children, keyboard: VirtualKeyboard(), configuration: configuration,
                              shortcuts: store, logger: logger) { line in publishTarget?(line) }
        publishTarget = { [weak self] line in self?.control?.publish(line()) }
        runner.onPerformed = { [weak self] item, result in
            self?.bus?.quickActionPerformed(type: item.type, title: item.title, result: result)
        }
        database = loadDatabase()
        connectOverlay()
        loadAssistiveButton()
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
        if let path = options.controlSocketPath {
            do {
                let server = try ControlServer(path: path, access: resolveAccess(configuration.control), loop: loop)
                server.log = { [logger] in logger.warning("\($0)") }
                server.onRequest = { [unowned self] line, client in
                    ControlRequestHandler(daemon: self).handle(line, client: client)
                }
                control = server
                logger.info("control socket \(path)")
            } catch {
                logger.error("control socket: \(error); forcectl will not reach this daemon")
            }
        }
        startBus()
        prepareVirtualDevices()
        for node in discovery.enumerate() { add(node) }
        logger.info("ready: \(sessions.count) device(s), overall force capability \(overallCapability)")
        SystemdNotify.send("READY=1\nSTATUS=\(sessions.count) device(s)")
        runLoop()
    }

    public var overallCapability: Capability {
        Capability.overall(sessions.values.map(\.capability.capability) + unreadable.values.map(\.capability))
    }

    func add(_ node: InputNode) {
        if sessions[node.devnode] != nil || cloneNodes.contains(node.devnode) { return }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: node.devnode)
        } catch {
            // Only touch-like nodes are worth a report; the rest (keyboards…) we cannot tell.
            if node.udevClass != nil || node.properties.isEmpty {
                unreadable[node.devnode] = error.capabilityReport
                logger.warning("device \(node.devnode): capability unknown: \(error)")
                publishCapability(node.devnode, name: nil, report: error.capabilityReport, forceModel: nil)
            }
            return
        }
        let session = DeviceSession(node: node, description: device.description, device: device,
                                    configuration: configuration, database: database,
                                    learned: calibrationFile?.learned(for: device.description) ?? LearnedCalibration(),
                                    claimSession: claimSession)
        guard session.deviceClass != .other else {
            logger.debug("device \(node.devnode) \"\(session.name)\": not a touch device, ignored")
            return
        }
        if session.settings.ignore {
            logger.info("device \(node.devnode) \"\(session.name)\": ignored by the configuration")
            return
        }
        explainAtDebugLevel(session)
        unreadable[node.devnode] = nil
        sessions[node.devnode] = session
        publishCapability(session.node.devnode, name: session.name, report: session.capability,
                          forceModel: session.engine.forceModel)
        // The session is held by its handler until `retire` removes it. The daemon owns the
        // loop, which calls no handler once the daemon is gone, so the handler borrows the
        // daemon without a retain: even an unowned(unsafe) capture is retained for the call,
        // and the daemon's retains take the runtime's slow path (the weak references its
        // closures hold give it a side table), at every read.
        let daemon = Unmanaged.passUnretained(self)
        session.loopToken = loop.add(fd: device.fd, priority: .input) { [session] in
            daemon._withUnsafeGuaranteedRef { $0.readable(session) }
        }
        logCapability(session, verb: "found")
        claim(session)
    }

    func remove(_ devnode: String) {
        if cloneNodes.remove(devnode) != nil { return }
        unreadable[devnode] = nil
        guard let session = sessions.removeValue(forKey: devnode) else { return }
        retire(session, now: MonotonicClock.now())
    }

    private func retire(_ session: DeviceSession, now: Timestamp) {
        if let token = session.loopToken { loop.remove(token) }
        session.releaseClaim()
        cancelButtonDrag(session.node.devnode)
        carryOut(session.cancelAll(at: now), session)
        saveLearned(session, at: now)
        logger.info("device \(session.node.devnode) \"\(session.name)\": lost, capability unknown")
        publishCapability(session.node.devnode, name: session.name, report: .unknown("gone"), forceModel: nil)
    }

    // Inlined into the device's handler: it runs at every wake-up.
    @inline(always)
    private func readable(_ session: DeviceSession) {
        // Everything the kernel holds is read first, to EAGAIN, and only then are the
        // gestures it completed carried out: no action, log line or subscriber runs while
        // events wait in the kernel's buffer, where a burst could overflow it.
        let read = session.read()
        sessionDeadline.moved(from: read.deadlineBefore, to: read.deadlineAfter)
        if read.droppedByKernel {
            logger.warning("device \(session.node.devnode): events dropped by the kernel, resynchronizing; touches in progress are cancelled")
        }
        if read.completedGestures > 0 { carryOut(session.takeCompleted(), session) }
        if buttonDragNode == session.node.devnode { followButtonDrag(session, now: MonotonicClock.now()) }
        // Paused, no menu comes: no card grows for it either.
        if runner.overlay.listening, !paused { sampleProgress(session, now: MonotonicClock.now()) }
        if let slot = read.untrackedSlot {
            logger.warning("device \(session.node.devnode): \(session.untrackedSlotMessage(slot))")
        }
        if let t = read.saveLearnedAt { saveLearned(session, at: t) }
        if read.learnedAverageMoved {
            session.announcedAverage = session.engine.learned.average
            bus?.needsSync = true
        }
        switch read.status {
        case .drained, .full: break
        case .gone:
            sessions[session.node.devnode] = nil
            retire(session, now: MonotonicClock.now())
        case .failed(let e):
            logger.error("device \(session.node.devnode): read failed: \(String(cString: strerror(e)))",
                         metadata: ["device": "\(session.name)", "node": "\(session.node.devnode)"])
        }
    }

    // MARK: Claiming

    /// Claims the session's device when its configuration asks for it and the daemon is not
    /// paused (SPEC §10); says in the log what became of it.
    private func claim(_ s: DeviceSession) {
        guard !paused, s.claimMode == .off, s.wantedClaimMode != .off else { return }
        let meta: Logger.Metadata = ["device": "\(s.name)", "node": "\(s.node.devnode)"]
        if let why = s.claim() {
            logger.error("device \(s.node.devnode) \"\(s.name)\": cannot claim its touches: \(why); watching only, every touch reaches the desktop", metadata: meta)
            return
        }
        guard let clone = s.clone else { return }
        if let node = clone.devnode { cloneNodes.insert(node) }
        logger.info("device \(s.node.devnode) \"\(s.name)\": claimed (\(clone.mode.rawValue)), the desktop reads its clone \(clone.devnode ?? "?")", metadata: meta)
    }

    /// Gives the session's device back to every reader.
    private func release(_ s: DeviceSession, why: String) {
        guard s.claimMode != .off else { return }
        s.releaseClaim()
        logger.info("device \(s.node.devnode) \"\(s.name)\": released (\(why)), the desktop reads it again")
    }

    private func logCapability(_ s: DeviceSession, verb: String) {
        var line = "device \(s.node.devnode) \"\(s.name)\" (\(s.description.id.vendorProduct), \(s.deviceClass.rawValue)): \(verb), capability \(s.capability.capability) (\(s.capability.reason))"
        if let model = s.engine.forceModel {
            line += ", maximumPossibleForce \(TextFormat.number(model.maximumPossibleForce))"
            line += ", calibration \(s.engine.calibrationSource.summary) (average touch \(TextFormat.number(model.average)))"
        }
        logger.info("\(line)", metadata: ["device": "\(s.name)", "node": "\(s.node.devnode)"])
    }

    // MARK: Learned calibration

    /// Writes what the session's device learned since its last save, at `t` on the device's
    /// clock. Called when a read says it is worth it, and when the device goes or the daemon
    /// stops.
    private func saveLearned(_ s: DeviceSession, at t: Timestamp) {
        guard let file = calibrationFile, s.hasUnsavedTouches else { return }
        let learned = s.engine.learned
        let moved = learned.average != s.savedLearned.average
        do {
            try file.update(s.description, learned)
            s.learnedSaved(at: t)
            if moved, let average = learned.average {
                logger.info("device \(s.node.devnode) \"\(s.name)\": learned average touch \(TextFormat.number(average)) raw from \(learned.touches) touches")
            }
        } catch {
            logger.error("\(file.path): cannot save the learned calibration: \(error)")
            // Tried again when a made save would be, not at every read: a file that cannot
            // be written now would fail each time.
            s.learnedSaved(at: t)
        }
    }

    /// `forcectl calibration reset DEVICE`: forgets what was learned of every device whose
    /// node, name or vendor:product is `device`, present or not. Returns the names.
    func resetLearned(_ device: String) throws(SystemError) -> [String] {
        var names: [String] = []
        for s in sessions.values.sorted(by: { $0.node.devnode < $1.node.devnode })
        where s.node.devnode == device || s.name == device || s.description.id.vendorProduct == device {
            s.forgetLearned(configuration, database: database)
            sessionDeadline.invalidate()
            names.append(s.name)
            logCapability(s, verb: "calibration reset")
            bus?.needsSync = true
        }
        if let file = calibrationFile {
            names += try file.forget { $0.name == device || $0.id == device || names.contains($0.name) }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Replay

    /// Feeds a recording through a session exactly as a live device's events would go,
    /// with real dispatch, in the recording's own time; returns once every action it
    /// started has finished.
    public func runReplay(_ recording: Recording, name: String) {
        let node = InputNode(devnode: "replay:" + name)
        let session = DeviceSession(node: node, description: recording.device, device: nil,
                                    configuration: configuration, database: database)
        sessions[node.devnode] = session
        explainAtDebugLevel(session)
        startBus()
        bus?.sync()
        logCapability(session, verb: "replaying")
        for w in recording.warnings { logger.warning("\(w)") }
        session.play(recording) { carryOut([$0], session) }
        if let w = session.untrackedSlotWarning() { logger.warning("\(name): \(w)") }
        sessions[node.devnode] = nil
        exitWhenIdle = true
        // A menu an overlay shows is an action not yet finished, as a menu program would be.
        if !idle { runLoop() }
        bus?.sync()
        bus?.connection.flush()
    }

    // MARK: D-Bus

    /// Takes the daemon's name on the session bus and serves it from the loop, after the
    /// devices (`.low`); without a session bus, says so in one line and goes on without.
    private func startBus() {
        guard options.useBus, bus == nil else { return }
        do {
            let service = try BusService(daemon: self, environment: ProcessEnvironment.current())
            bus = service
            busToken = loop.add(fd: service.connection.fd, priority: .low) { [unowned self] in self.serviceBus() }
            logger.info("D-Bus: \(BusNames.service) on the session bus")
            service.onOverlayChanged = { [unowned self] present in self.overlayChanged(present) }
            overlayChanged(service.overlayOwned())
        } catch {
            logger.notice("D-Bus: \(error); running without it")
        }
    }

    private func serviceBus() {
        guard let bus, let token = busToken else { return }
        do {
            if try bus.connection.process(budget: 16) { loop.callAgain(token) }
        } catch {
            logger.error("D-Bus: \(error); running without it")
            loop.remove(token)
            busToken = nil
            self.bus = nil
        }
    }

    // MARK: The overlay

    /// An overlay came onto the bus or left it: menus go to it, or to the menu program again.
    private func overlayChanged(_ present: Bool) {
        guard present != runner.overlay.listening else { return }
        runner.overlay.listening = present
        runner.intentWindows.listening = present
        pressTrack = nil
        if present { announceButton() }
        logger.info(present ? "overlay \(BusNames.overlay) on the bus: quick-action menus show at the finger"
                            : "overlay gone from the bus: quick-action menus go to the menu program")
    }

    /// Wires the overlay's messages to the bus and the control socket: one value, two encodings.
    private func connectOverlay() {
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
        runner.overlay.locate = { [unowned self] name in
            guard let s = sessions.values.first(where: { $0.name == name }) else { return (.pointer, "") }
            return (s.deviceClass == .touchscreen ? .touch : .pointer, s.settings.output)
        }
    }

    /// The contact whose progress the overlay is sent: the first to come down on a
    /// force-sensing device, followed until it lifts.
    private var pressTrack: (node: String, slot: Int, stage: String)?

    /// After a read, while an overlay listens: the followed contact's force as progress
    /// towards peek and pop, and its position (after pop, for slide to select), then its lift.
    private func sampleProgress(_ session: DeviceSession, now: Timestamp) {
        let node = session.node.devnode
        if let t = pressTrack, t.node != node { return }
        let engine = session.engine
        guard let thresholds = engine.thresholds else { return }
        let contacts = engine.frames.contacts
        let slot: Int
        var phase = "changed"
        if let t = pressTrack {
            slot = t.slot
            if !(contacts.indices.contains(slot) && contacts[slot].isDown) { phase = "ended" }
        } else {
            guard let first = contacts.indices.first(where: { contacts[$0].isDown }) else { return }
            slot = first
            phase = "began"
            pressTrack = (node, slot, "")
        }
        guard contacts.indices.contains(slot) else { pressTrack = nil; return }
        let c = contacts[slot]
        let n = engine.frames.geometry.normalized(x: Double(c.x), y: Double(c.y))
        let p = engine.settings.rotation.apply(x: n.x, y: n.y)
        let stage = pressTrack?.stage ?? ""
        let (placement, output) = runner.overlay.locate(session.name)
        runner.overlay.progress(
            PressProgressMessage(phase: phase, stage: stage, transitionProgress: thresholds.transitionProgress(c.force),
                                 commitProgress: thresholds.commitProgress(c.force), x: p.x, y: p.y,
                                 placement: placement, output: output),
            phase: phase, time: now)
        if phase == "ended" { pressTrack = nil }
    }

    /// A deep press's step, as progress: its stage for the followed contact, and in a replay
    /// (where no read is sampled) the progress itself.
    private func deepPressProgress(_ event: GestureEvent, _ session: DeviceSession) {
        let stage = event.stage?.rawValue ?? ""
        let phase: String
        switch event.phase {
        case .began, .changed: phase = "changed"
        case .ended: phase = "ended"
        case .cancelled, .failed: phase = "cancelled"
        }
        if var t = pressTrack, t.node == session.node.devnode, event.contacts.contains(t.slot) {
            if !stage.isEmpty { t.stage = stage }
            pressTrack = t
            // A live press's lift is sampled after the read; its stage goes out now, since a
            // still finger's peek comes from a timer, with no read after it.
            if session.device != nil, phase != "changed" || stage.isEmpty { return }
        }
        let (placement, output) = runner.overlay.locate(session.name)
        runner.overlay.progress(
            PressProgressMessage(phase: phase, stage: stage, transitionProgress: event.transitionProgress ?? 0,
                                 commitProgress: event.commitProgress ?? 0, x: event.x, y: event.y,
                                 placement: placement, output: output),
            phase: stage.isEmpty ? phase : "stage", time: event.time)
    }

    /// The bus's `Paused` property.
    func setPaused(_ paused: Bool) {
        guard paused != self.paused else { return }
        self.paused = paused
        logger.notice(paused ? "paused: gestures are recognized, nothing bound to them runs, and no device is claimed" : "resumed")
        for s in sessions.values.sorted(by: { $0.node.devnode < $1.node.devnode }) {
            if paused { release(s, why: "paused") } else { claim(s) }
        }
        if paused { cancelButtonDrag(nil) }
        if paused, runner.overlay.listening {
            // What the overlay shows goes: no progress follows while paused.
            if pressTrack != nil {
                runner.overlay.progress(PressProgressMessage(phase: "cancelled", stage: "", transitionProgress: 0,
                                                             commitProgress: 0, x: 0, y: 0, placement: .touch, output: ""),
                                        phase: "cancelled", time: MonotonicClock.now())
                pressTrack = nil
            }
            runner.overlay.dismiss(id: nil, reason: "dismissed")
        }
        bus?.needsSync = true
    }

    // MARK: Dispatch

    /// At debug level the recognizers say why, beside each gesture: their transitions and
    /// every gesture they refused, with the rule and its figures. Otherwise they record
    /// nothing at all.
    private func explainAtDebugLevel(_ session: DeviceSession) {
        guard logger.logLevel <= .debug else { return }
        let devnode = session.node.devnode, name = session.name
        session.notes = { [logger] note in
            logger.debug("\(devnode): why: \(GestureNoteText.text(note))",
                         metadata: ["device": "\(name)", "node": "\(devnode)", "time": "\(note.time.description)"])
        }
    }

    /// Carries out what the session's pipeline decided: each gesture's dispatches run, and
    /// the gesture is logged and published. Subscribers get each gesture before its
    /// dispatches, as ever, but the lines are made and sent only once the actions have
    /// started: the action comes first.
    private func carryOut(_ outputs: [PipelineOutput], _ session: DeviceSession) {
        control?.holdPublishing()
        for o in outputs {
            let event = o.gesture
            logger.debug("\(session.node.devnode): \(GestureReport.gestureText(event))",
                         metadata: ["device": "\(session.name)", "node": "\(session.node.devnode)",
                                    "gesture": "\(event.gesture.rawValue)"])
            control?.publish(GestureReport.gestureJSON(event, device: session.name))
            if event.gesture == .deepPress, runner.overlay.listening, !paused { deepPressProgress(event, session) }
            if paused { continue }
            if event.gesture == .longPress { buttonGesture(event, session) }
            for d in o.dispatches {
                runner.run(d.request, label: d.label, event: event, device: session.name)
            }
        }
        control?.releasePublishing()
        for o in outputs { bus?.gesture(o.gesture, node: session.node.devnode) }
    }

    private func publishCapability(_ node: String, name: String?, report: CapabilityReport, forceModel: ForceModel?) {
        let message = CapabilityMessage(
            node: node, name: name, capability: report.capability.description, reason: report.reason,
            maximumPossibleForce: forceModel?.maximumPossibleForce, emulated: report.emulated,
            overall: overallCapability.description)
        control?.publish(ProtocolJSON.line(message))
        bus?.capabilityChanged(message)
    }

    /// Creates the virtual keyboard when the configuration has `keys` actions, and the
    /// virtual pointer when it has `click` actions, before the first gesture (compositors
    /// pick up a new device asynchronously); a failure is logged once and the rest goes on.
    private func prepareVirtualDevices() {
        let actions = configuration.bindings.map(\.action) + configuration.quickActions.map(\.action)
            + (configuration.assistiveTouch.map { Array($0.slots.values) } ?? [])
        let typesKeys = actions.contains { if case .keys = $0 { true } else { false } }
        let clicks = actions.contains { if case .click = $0 { true } else { false } }
        if typesKeys, runner.keyboard.devnode == nil, runner.keyboard.failure == nil {
            do {
                try runner.keyboard.prepare()
                logger.info("virtual keyboard for keys actions: \(runner.keyboard.devnode ?? "created")")
            } catch {
                logger.error("keys actions cannot run: \(error.description); everything else goes on")
            }
        }
        if clicks, runner.pointer.devnode == nil, runner.pointer.failure == nil {
            do {
                try runner.pointer.prepare()
                logger.info("virtual pointer for click actions: \(runner.pointer.devnode ?? "created")")
            } catch {
                logger.error("click actions cannot run: \(error.description); everything else goes on")
            }
        }
    }

    // MARK: Control

    func status() -> DaemonStatus {
        DaemonStatus(pid: Int(getpid()), devices: sessions.count, capability: overallCapability.description,
                     bindings: configuration.bindings.count, children: children.count,
                     subscribers: control?.subscriberCount ?? 0, uptime: (MonotonicClock.now() - started).seconds,
                     shortcuts: runner.shortcuts.allItems.count, config: options.configPath)
    }

    func devicesJSON() -> [DeviceInfo] {
        var list: [DeviceInfo] = sessions.values.sorted { $0.node.devnode < $1.node.devnode }.map { s in
            var d = DeviceInfo(node: s.node.devnode, name: s.name, deviceClass: s.deviceClass.rawValue,
                               capability: s.capability.capability.description, reason: s.capability.reason,
                               id: s.description.id.vendorProduct, emulated: s.capability.emulated)
            if let m = s.engine.forceModel {
                d.maximumPossibleForce = m.maximumPossibleForce
                d.calibration = s.engine.calibrationSource.info(average: m.average, summary: true)
            }
            if !s.settings.quirks.entries.isEmpty { d.quirks = s.settings.quirks.entries }
            if let clone = s.clone {
                d.claim = clone.mode.rawValue
                d.clone = clone.devnode
            }
            return d
        }
        for (node, report) in unreadable.sorted(by: { $0.key < $1.key }) {
            list.append(DeviceInfo(node: node, capability: report.capability.description, reason: report.reason))
        }
        return list
    }

    func shortcutEntriesJSON(all: Bool) -> [JSONValue] {
        let entries = all ? runner.shortcuts.allItems : runner.shortcuts.menu
        return entries.compactMap { entry in
            try? ProtocolJSON.decode(JSONValue.self, from: Data(ShortcutJSON.text(entry).utf8))
        }
    }

    /// Changes the dynamic quick actions and persists them atomically before answering.
    ///
    /// A file changed on disk since the daemon last read or wrote it is read again first:
    /// one edited by hand is what the change applies to, and one that can no longer be
    /// understood is kept aside and logged (`ShortcutsFile`) before anything is written.
    func changeShortcuts(_ change: (inout ShortcutStore) throws -> Void) throws {
        var store = runner.shortcuts
        if let path = options.shortcutsPath {
            let onDisk = FileStamp.of(path)
            let changed = onDisk != nil && onDisk != shortcutsStamp
            if shortcutsUnreadable != nil || changed {
                // Until the file can be read it is not written over.
                var fresh = ShortcutStore(configuration: configuration)
                let load = ShortcutsFile.load(path, into: &fresh)
                for m in load.messages { logger.error("\(m)") }
                if let reason = load.unreadable {
                    shortcutsUnreadable = reason
                    throw ShortcutError("cannot save the dynamic quick actions: \(path) \(reason); not writing over it")
                }
                shortcutsUnreadable = nil
                if load.setAside == nil {
                    if changed { logger.notice("\(path): changed on disk since the daemon wrote it; read again") }
                    store = fresh
                }
                // Else what the daemon holds goes on into the new file: the bad one is kept whole.
            }
        }
        try change(&store)
        if let path = options.shortcutsPath {
            try AtomicFile.write(Array(store.encodeDynamic()), to: path)
            shortcutsStamp = FileStamp.of(path)
        }
        runner.shortcuts = store
    }

    private func resolveAccess(_ settings: ControlSettings) -> ControlServer.Access {
        var access = ControlServer.Access()
        for name in settings.allowUsers {
            if let pw = getpwnam(name) { access.uids.insert(pw.pointee.pw_uid) }
            else { logger.warning("[control] allow-users: no user \(name)") }
        }
        if let group = settings.allowGroup {
            if let gr = getgrnam(group) { access.gids.insert(gr.pointee.gr_gid) }
            else { logger.warning("[control] allow-group: no group \(group)") }
        }
        return access
    }

    // MARK: Loop, time and signals

    /// No action running: no child, and no menu shown by an overlay awaiting a choice.
    private var idle: Bool {
        children.count == 0 && runner.overlay.shownID == nil && runner.intentWindows.waitingCount == 0
    }

    private func runLoop() {
        // The closure does not escape, so it needs no capture of `self`: an unowned one would
        // cost a checked retain of the daemon at every turn.
        loop.run {
            if exitWhenIdle && idle { loop.stop(); return }
            if let bus, let token = busToken {
                if bus.needsSync { bus.sync() }
                loop.watchWritable(token, bus.connection.wantsWrite)
            }
            loop.arm(at: nextDeadline())
        }
        bus?.connection.flush()
    }

    private func nextDeadline() -> Timestamp? {
        if sessionDeadline.isStale {
            var earliest: Timestamp?
            for s in sessions.values {
                if let d = s.nextDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
            }
            sessionDeadline.reset(to: earliest)
        }
        var next = sessionDeadline.value
        if let d = children.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = control?.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = runner.intentWindows.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = bus?.connection.deadline, next.map({ d < $0 }) ?? true { next = d }
        return next
    }

    /// The configuration with the button's place applied (Daemon+AssistiveButton).
    func replaceConfiguration(_ c: Configuration) { configuration = c }

    private func reconfigureSessions() {
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

    private func timerFired() {
        let now = MonotonicClock.now()
        for s in sessions.values where (s.nextDeadline.map { $0 <= now } ?? false) {
            carryOut(s.advance(to: now), s)
        }
        sessionDeadline.invalidate()
        // A SIGCHLD taken by another thread would leave a child unreaped: every child has a
        // deadline armed, so looking here too bounds how late its exit can be noticed.
        children.reap()
        children.enforceTimeouts(now: now)
        control?.expireIdle(now: now)
        runner.intentWindows.expire(now: now)
        if let d = bus?.connection.deadline, d <= now { serviceBus() }
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGCHLD:
            children.reap()
        case SIGHUP:
            _ = reload()
        case SIGTERM, SIGINT:
            logger.info("stopping on signal \(signal)")
            let now = MonotonicClock.now()
            for session in sessions.values {
                saveLearned(session, at: now)
                session.releaseClaim()
            }
            // Supervised commands end with the daemon (SPEC §8); launched apps are not ours.
            if children.count > 0 {
                logger.info("ending \(children.count) running action(s)")
                children.terminateAll()
            }
            SystemdNotify.send("STOPPING=1")
            loop.stop()
        default:
            break
        }
    }

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

    /// Reads the device database; what is wrong with its files is logged, file:line, and
    /// the rest is used.
    private func loadDatabase() -> DeviceDatabase {
        let load = DeviceDatabaseFiles.load()
        for e in load.errors { logger.warning("device database: \(e)") }
        logger.info("device database: \(load.database.entries.count) entries from \(load.files.count) file(s)")
        return load.database
    }
}
