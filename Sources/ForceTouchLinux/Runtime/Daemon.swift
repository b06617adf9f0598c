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
///
/// Its state is here; each of its jobs is an extension of its own: `Daemon+Devices` (following
/// devices), `+Claiming` (claims and pause), `+Dispatch` (carrying out gestures), `+Overlay`,
/// `+Bus`, `+Control` (what requests read), `+LearnedCalibration`, `+Loop` (deadlines and
/// signals), `+Reload` and `+Replay`.
public final class Daemon {
    let logger: Logger
    /// Its `configPath` moves to the user's own file when a settings change makes one (`Daemon+Settings`).
    var options: Options
    public internal(set) var configuration: Configuration
    /// The device database (docs/device-database.md): read at start and on every reload.
    public internal(set) var database: DeviceDatabase = .empty
    let loop: EventLoop
    let children: ChildSupervisor
    let runner: ActionRunner
    // `@exclusivity(unchecked)` below: the loop reads these at every turn. It is one thread
    // and no access to them overlaps another, so their dynamic check, a runtime call at
    // every access, is off.
    @exclusivity(unchecked) public internal(set) var control: ControlServer?
    /// The D-Bus interface; nil without a session bus.
    @exclusivity(unchecked) var bus: BusService?
    @exclusivity(unchecked) var busToken: UInt64?
    /// While paused, gestures are still recognized and published, and nothing they are bound
    /// to is carried out (the bus's `Paused` property).
    public internal(set) var paused = false
    var version: String { options.version }
    var discovery: UdevDiscovery?
    let started = MonotonicClock.now()
    /// Devices being followed, by device node.
    public internal(set) var sessions: [String: DeviceSession] = [:] {
        didSet { sessionDeadline.invalidate() }
    }
    /// The earliest deadline of all sessions: a read tells how it moved one session's, so that
    /// a turn of the loop does not look at every session. Anything else that changes sessions
    /// (a device comes or goes, a deadline fires, a reload) invalidates it.
    @exclusivity(unchecked) var sessionDeadline = EarliestDeadline()
    /// At debug level, each session's notes as the log writes them (`explainAtDebugLevel`),
    /// by device node: kept here to say at the end how many were left out.
    var noteLogs: [String: GestureNoteLog] = [:]
    /// Devices seen but not followed (cannot be opened), with why.
    public internal(set) var unreadable: [String: CapabilityReport] = [:]
    @exclusivity(unchecked) var exitWhenIdle = false
    /// A replay reads the applications what is under the finger is matched against in place,
    /// before it plays, not on a thread (`loadApplications`): unpaced, it runs no loop while
    /// it plays.
    var readsApplicationsInPlace = false
    /// A replay played at the recording's pace (`--paced`): what is left of it, its session and
    /// its name, until it has played out (`Daemon+Replay`).
    var pacedReplay: (replay: PacedReplay, session: DeviceSession, name: String)?
    /// The reads of the installed applications: one at a time, those asked for meanwhile folded.
    var applicationsRead = OneRunAtATime()
    /// What auto-calibration learned, persisted; nil when nothing is kept.
    let calibrationFile: LearnedCalibrationFile?
    /// Why the dynamic quick actions' file could not be read at start; while set, changes
    /// are refused rather than written over it.
    var shortcutsUnreadable: String?
    /// The graphical session claiming decides for (`claim = "auto"`), from the environment.
    let claimSession = ClaimSession(environment: ProcessEnvironment.current())
    /// The device nodes of the clones of claimed devices: never followed themselves.
    var cloneNodes: Set<String> = []
    /// The press whose progress the overlay is sent.
    var pressProgress = PressProgress()
    /// Whether forcetouch Settings is on the bus, and the press whose force its test areas are
    /// sent while it is (`Daemon+PressForce`).
    var settingsWatch: BusNameWatch?
    var pressForce = PressForceFollower()
    /// The unique name owning `io.github.forcetouch.Overlay1` (empty: none), and who it is once
    /// it has said its `Mode` (`Daemon+Overlay`).
    var overlayOwner = ""
    var overlayClient: OverlayClient?
    /// The dynamic quick actions' file as last read or written: one that differs was changed
    /// behind the daemon's back, and is read again (and kept aside if bad) before a change.
    var shortcutsStamp: FileStamp?
    /// Where the AssistiveTouch button is kept across restarts; nil keeps it in memory only.
    let assistiveButtonFile: AssistiveButtonFile?
    /// Where the user left the button, once moved or read back.
    var buttonPlace: AssistiveButton.Place?
    /// The long press then drag that moves the button, and the device of its finger.
    var buttonDrag = AssistiveButtonDrag()
    var buttonDragNode: String?
    /// When the dragged button was last told, to keep to 60 a second.
    var lastButtonAnnounced = Timestamp(microseconds: 0)
    /// The reload being checked and parsed off the loop, if one is.
    var reloading: ReloadInProgress?
    /// The settings requests in flight, and the change that can be undone (`Daemon+Settings`).
    let settingsEdits = SettingsEdits()
    /// Where the tick at peek, at pop and at a Haptic Touch plays (`Daemon+Haptics`).
    let haptics = HapticFeedback()

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
        runner.define = DictClient.definer(on: loop)
        runner.onPerformed = { [weak self] item, result in
            self?.bus?.quickActionPerformed(type: item.type, title: item.title, result: result)
        }
        database = loadDatabase()
        connectOverlay()
        loadAssistiveButton()
        loop.onSignal { [unowned self] signal in self.handle(signal: signal) }
        loop.onTimer { [unowned self] in self.timerFired() }
    }

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
            self.chooseHaptics()
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
            } catch where error.errno == EADDRINUSE {
                // Before any device is opened: the running daemon keeps what it claimed.
                throw error
            } catch {
                logger.error("control socket: \(error); forcectl will not reach this daemon")
            }
        }
        startBus()
        prepareVirtualDevices()
        for node in discovery.enumerate() { add(node) }
        chooseHaptics()
        logger.info("ready: \(sessions.count) device(s), overall force capability \(overallCapability)")
        SystemdNotify.send("READY=1\nSTATUS=\(sessions.count) device(s)")
        runLoop()
    }

    public var overallCapability: Capability {
        Capability.overall(sessions.values.map(\.capability.capability) + unreadable.values.map(\.capability))
    }
}
