/// What to run for a binding that fired, with the gesture filled in: the value handed
/// from the pure core to the daemon's dispatcher, which does the actual spawning.
public enum ActionRequest: Hashable, Sendable {
    case exec(ExecRequest)

    /// - Parameters:
    ///   - deviceName: the kernel's name of the device the gesture came from.
    ///   - general: supplies the timeout when the binding sets none.
    public init(binding: Binding, event: GestureEvent, deviceName: String, general: GeneralSettings) {
        switch binding.action {
        case .exec(let exec):
            self = .exec(ExecRequest(exec, event: event, deviceName: deviceName,
                                     timeout: binding.timeout ?? general.actionTimeout))
        }
    }
}

/// A command ready to spawn: argv as written, plus FORCETOUCH_* variables that tell it
/// what happened (SPEC §8). The gesture travels in the environment rather than in argv so
/// that it can never change which program runs or how its arguments split.
public struct ExecRequest: Hashable, Sendable {
    public var argv: [String]
    /// Added to the daemon's own environment for the child.
    public var environment: [String: String]
    /// Seconds before the child is killed.
    public var timeout: Double

    public init(argv: [String], environment: [String: String], timeout: Double) {
        self.argv = argv
        self.environment = environment
        self.timeout = timeout
    }

    public init(_ action: ExecAction, event: GestureEvent, deviceName: String, timeout: Double) {
        argv = action.argv
        self.timeout = timeout
        environment = ExecRequest.environment(for: event, deviceName: deviceName)
    }

    /// Numbers as the JSON output writes them, so a script sees the same values
    /// `forcetest replay --json` and subscribers do.
    public static func environment(for event: GestureEvent, deviceName: String) -> [String: String] {
        var env = [
            "FORCETOUCH_GESTURE": event.gesture.rawValue,
            "FORCETOUCH_PHASE": event.phase.rawValue,
            "FORCETOUCH_FINGERS": String(event.fingers),
            "FORCETOUCH_FORCE": JSONLine.number(event.force),
            "FORCETOUCH_X": JSONLine.number(event.x),
            "FORCETOUCH_Y": JSONLine.number(event.y),
            "FORCETOUCH_DEVICE": deviceName,
        ]
        if let stage = event.stage { env["FORCETOUCH_STAGE"] = stage.rawValue }
        return env
    }
}
