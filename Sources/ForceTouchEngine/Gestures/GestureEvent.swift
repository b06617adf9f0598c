/// The gestures forcetouch recognizes, by the names the configuration and JSON use.
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    case tap
    case doubleTap = "double-tap"
    case longPress = "long-press"
    case deepPress = "deep-press"
}

/// Gesture phases, as UIGestureRecognizer.State names them.
public enum GesturePhase: String, Hashable, Sendable, CaseIterable {
    case began
    case changed
    case ended
    case cancelled
    case failed
}

/// The two thresholds of a deep press, as UIPreviewInteraction names them.
public enum DeepPressStage: String, Hashable, Sendable {
    case peek
    case pop
}

/// One step of a recognized gesture: what bindings match against and what subscribers see.
public struct GestureEvent: Hashable, Sendable {
    public var gesture: GestureKind
    public var phase: GesturePhase
    public var fingers: Int
    /// Event-clock time of the frame or deadline that decided this.
    public var time: Timestamp
    /// Position in normalized 0...1 device coordinates, after the device's rotation.
    public var x: Double
    public var y: Double
    /// Force at the time, in units of an average touch.
    public var force: Double
    /// Deep press only: which threshold this step is about.
    public var stage: DeepPressStage?
    /// Deep press only: 0→1 from touch to peek (UIPreviewInteraction's transitionProgress).
    public var transitionProgress: Double?
    /// Deep press only: 0→1 from peek to pop (commitProgress).
    public var commitProgress: Double?
    /// The slots of the contacts the event is about (a deep press's one, a long press's
    /// all): what a claiming binding takes (`ContactClaims`). Empty for taps.
    public var contacts = SlotSet()
    /// A Haptic Touch's stand-in for a deep press (`HapticTouchRecognizer`): a press held
    /// still on a device without force. Only the `quick-actions = true` menu answers it, and
    /// only what has its own menu under the finger claims its touch.
    public var hapticTouch = false

    public init(gesture: GestureKind, phase: GesturePhase, fingers: Int, time: Timestamp,
                x: Double, y: Double, force: Double, stage: DeepPressStage? = nil,
                transitionProgress: Double? = nil, commitProgress: Double? = nil) {
        self.gesture = gesture
        self.phase = phase
        self.fingers = fingers
        self.time = time
        self.x = x
        self.y = y
        self.force = force
        self.stage = stage
        self.transitionProgress = transitionProgress
        self.commitProgress = commitProgress
    }
}
