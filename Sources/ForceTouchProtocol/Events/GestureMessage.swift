/// `{"event":"gesture",…}`: a recognized gesture, as control-socket subscribers,
/// `forcetest replay --json` and `forcetest watch --json` see it (SPEC §9).
public struct GestureMessage: Codable, Hashable, Sendable {
    public var event = "gesture"
    public var gesture: String
    public var phase: String
    public var fingers: Int
    /// Seconds on the device's clock.
    public var time: JSONNumber
    public var x: JSONNumber
    public var y: JSONNumber
    public var force: JSONNumber
    /// `peek` or `pop`, for a deep press.
    public var stage: String?
    public var transitionProgress: JSONNumber?
    public var commitProgress: JSONNumber?
    /// `true` for a Haptic Touch, the deep press's stand-in on a device without force (a
    /// press held still); absent otherwise.
    public var hapticTouch: Bool?
    /// The device's name, where several devices share one stream.
    public var device: String?
    /// The recording, where `forcetest replay` plays several.
    public var file: String?

    public init(gesture: String, phase: String, fingers: Int, time: Double, x: Double, y: Double, force: Double,
                stage: String? = nil, transitionProgress: Double? = nil, commitProgress: Double? = nil,
                device: String? = nil, file: String? = nil, hapticTouch: Bool? = nil) {
        self.gesture = gesture
        self.phase = phase
        self.fingers = fingers
        self.time = JSONNumber(time)
        self.x = JSONNumber(x)
        self.y = JSONNumber(y)
        self.force = JSONNumber(force)
        self.stage = stage
        self.transitionProgress = transitionProgress.map(JSONNumber.init)
        self.commitProgress = commitProgress.map(JSONNumber.init)
        self.device = device
        self.file = file
        self.hapticTouch = hapticTouch
    }
}
