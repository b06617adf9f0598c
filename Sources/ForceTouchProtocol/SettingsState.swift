/// The settings a settings window shows, as the configuration file says them now: the
/// `settings` field of the control socket's settings replies, and the JSON string of the
/// bus's `GetSettings`, `SetSetting`, `ResetSetting` and `UndoSetting`. Each is the value
/// the daemon runs on, its default when the file leaves it out.
public struct SettingsState: Codable, Hashable, Sendable {
    /// The configuration file the settings are read from and written to.
    public var file: String
    /// `[general] sensitivity`: light, medium or firm.
    public var sensitivity: String
    /// `[gestures] haptic-touch`: on, off or auto.
    public var hapticTouch: String
    /// `[gestures] haptic-touch-time`: "fast", "slow" or seconds.
    public var hapticTouchTime: JSONValue
    /// `[general] haptics`: auto or off.
    public var haptics: String
    /// `[quick-actions] under-finger`: what a deep press looks up under the finger.
    public var underFinger: [String]
    /// Every kind `under-finger` may list, in the order a window shows them.
    public var underFingerKinds: [String]
    /// The `[[quick-action]]` blocks, in file order (`quick-action.N` is the N-th), each as
    /// `GetQuickActions` shows an item.
    public var quickActions: [JSONValue]
    /// The `[[binding]]` blocks in file order (`binding.N` is the N-th), each one line as
    /// `forcetouchd --check-config` prints it.
    public var bindings: [String]
    /// Every gesture a `[[binding]]` may name, in the order a window offers them.
    public var gestureKinds: [String]
    /// The AssistiveTouch slots, each with what it does (`""` when unset).
    public var assistiveTouch: [AssistiveSlot]

    /// An AssistiveTouch slot: its key (`single-tap`), its name as iOS calls it, and its action
    /// in words as `--check-config` says a binding's.
    public struct AssistiveSlot: Codable, Hashable, Sendable {
        public var slot: String
        public var title: String
        public var action: String

        public init(slot: String, title: String, action: String) {
            self.slot = slot
            self.title = title
            self.action = action
        }
    }
    /// Whether `UndoSetting` has a change to take back.
    public var canUndo: Bool

    public init(file: String, sensitivity: String, hapticTouch: String, hapticTouchTime: JSONValue, haptics: String,
                underFinger: [String], quickActions: [JSONValue], bindings: [String], canUndo: Bool,
                underFingerKinds: [String] = [], gestureKinds: [String] = [], assistiveTouch: [AssistiveSlot] = []) {
        self.file = file
        self.sensitivity = sensitivity
        self.hapticTouch = hapticTouch
        self.hapticTouchTime = hapticTouchTime
        self.haptics = haptics
        self.underFinger = underFinger
        self.underFingerKinds = underFingerKinds
        self.gestureKinds = gestureKinds
        self.assistiveTouch = assistiveTouch
        self.quickActions = quickActions
        self.bindings = bindings
        self.canUndo = canUndo
    }
}
