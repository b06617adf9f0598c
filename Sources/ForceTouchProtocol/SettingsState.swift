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
    /// `GetQuickActions` shows an item, with `icon-name`: the theme icon the menu draws for it.
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
    /// Each `[[binding]]` block's keys a window edits in place (`binding.N.gesture`,
    /// `binding.N.exec`), in file order.
    public var bindingKeys: [BindingKeys]
    /// `[assistive-touch] button`: whether the floating button is drawn (false without the table).
    public var assistiveTouchButton: Bool
    /// `[assistive-touch]`'s numbers (`button-size`, `double-tap-timeout`,
    /// `long-press-duration`), each with the values the check allows.
    public var assistiveTouchNumbers: [NumberSetting]

    /// A binding's gesture, its action's key (`exec`, `quick-actions`, `launch`, …) and, for a
    /// command, its words.
    public struct BindingKeys: Codable, Hashable, Sendable {
        public var gesture: String
        public var action: String
        public var exec: [String]?

        public init(gesture: String, action: String, exec: [String]? = nil) {
            self.gesture = gesture
            self.action = action
            self.exec = exec
        }
    }

    /// A number a window offers as a spin button: its key as `SetSetting` names it
    /// (`assistive-touch.button-size`), its value now (its default when the file leaves it
    /// out), and the least and greatest the check accepts, in hundredths.
    public struct NumberSetting: Codable, Hashable, Sendable {
        public var key: String
        public var value: Double
        public var minimum: Double
        public var maximum: Double

        public init(key: String, value: Double, minimum: Double, maximum: Double) {
            self.key = key
            self.value = value
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    public init(file: String, sensitivity: String, hapticTouch: String, hapticTouchTime: JSONValue, haptics: String,
                underFinger: [String], quickActions: [JSONValue], bindings: [String], canUndo: Bool,
                underFingerKinds: [String] = [], gestureKinds: [String] = [], assistiveTouch: [AssistiveSlot] = [],
                bindingKeys: [BindingKeys] = [], assistiveTouchButton: Bool = false,
                assistiveTouchNumbers: [NumberSetting] = []) {
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
        self.bindingKeys = bindingKeys
        self.assistiveTouchButton = assistiveTouchButton
        self.assistiveTouchNumbers = assistiveTouchNumbers
    }
}
