import ForceTouchCore
import Logging

/// One device the daemon follows: where its events come from, its engine configured for
/// it, and the bindings that can apply to it.
///
/// Live devices and replays both go through `feed` and `advance`, so a replay exercises the
/// very path a real touchscreen does.
public final class DeviceSession {
    public let node: InputNode
    public let description: DeviceDescription
    public let deviceClass: DeviceClass
    public private(set) var settings: DeviceSettings
    public private(set) var engine: GestureEngine
    public private(set) var bindings: BindingTable
    /// The open device, nil for a replay.
    public let device: EvdevDevice?
    /// Token of its descriptor in the event loop.
    var loopToken: UInt64?

    /// How many touches the saved learned calibration counted, so that the daemon saves only news.
    var savedLearnedTouches: Int

    /// - Parameters:
    ///   - database: the device database the settings are resolved with.
    ///   - learned: what auto-calibration learned of the device before.
    public init(node: InputNode, description: DeviceDescription, device: EvdevDevice?, configuration: Configuration,
                database: DeviceDatabase = .empty, learned: LearnedCalibration = LearnedCalibration()) {
        self.node = node
        self.description = description
        self.device = device
        self.deviceClass = node.deviceClass(of: description)
        savedLearnedTouches = learned.touches
        (settings, engine, bindings) = Self.configure(description, deviceClass, configuration, database, learned)
    }

    public var name: String { description.name }
    public var capability: CapabilityReport { engine.capability }

    /// Applies a new configuration. Gestures in progress are dropped without being reported:
    /// their timings and bindings no longer hold.
    public func reconfigure(_ configuration: Configuration, database: DeviceDatabase = .empty) {
        (settings, engine, bindings) = Self.configure(description, deviceClass, configuration, database, engine.learned)
    }

    /// Forgets what auto-calibration learned: the engine starts again from the database or
    /// the default. Gestures in progress are dropped, as on a reload.
    public func forgetLearned(_ configuration: Configuration, database: DeviceDatabase = .empty) {
        (settings, engine, bindings) = Self.configure(description, deviceClass, configuration, database,
                                                      LearnedCalibration())
        savedLearnedTouches = 0
    }

    /// Feeds events and hands every gesture event they complete to `dispatch`.
    public func feed(_ event: InputEvent, dispatch: (GestureEvent, DeviceSession) -> Void) {
        engine.process(event)
        drain(dispatch)
    }

    /// Lets time pass to `t`: long presses and waiting taps decide.
    public func advance(to t: Timestamp, dispatch: (GestureEvent, DeviceSession) -> Void) {
        engine.advance(to: t)
        drain(dispatch)
    }

    /// The device is gone: gestures in progress are cancelled (and reported as such).
    public func cancelAll(at t: Timestamp, dispatch: (GestureEvent, DeviceSession) -> Void) {
        engine.cancelAll(at: t)
        drain(dispatch)
    }

    public var nextDeadline: Timestamp? { engine.nextDeadline }

    private func drain(_ dispatch: (GestureEvent, DeviceSession) -> Void) {
        guard !engine.output.isEmpty else { return }
        for g in engine.takeOutput() { dispatch(g, self) }
    }

    private static func configure(_ d: DeviceDescription, _ c: DeviceClass, _ configuration: Configuration,
                                  _ database: DeviceDatabase, _ learned: LearnedCalibration)
        -> (DeviceSettings, GestureEngine, BindingTable)
    {
        let settings = configuration.settings(for: d, deviceClass: c, database: database)
        let engine = GestureEngine(device: d, settings: settings, learned: learned)
        return (settings, engine, BindingTable(configuration).narrowed(to: d, deviceClass: c))
    }
}
