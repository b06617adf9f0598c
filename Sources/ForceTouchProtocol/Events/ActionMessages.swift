/// `{"event":"dispatch",…}`: an action is about to be carried out for a binding, a quick
/// action or a request (`label` says which).
public struct DispatchMessage: Codable, Hashable, Sendable {
    public var event = "dispatch"
    public var label: String
    /// `exec`, `keys`, `menu`, `perform`, `intent`, `notify`.
    public var action: String
    public var detail: String
    /// The time of the gesture that called for it, in seconds on the device's clock (as the
    /// gesture event's `time`); absent for a request from forcectl.
    public var time: JSONNumber?
    /// When the daemon dispatched it, in seconds on CLOCK_MONOTONIC: the clock a live
    /// device's `time` is on, so `dispatched - time` is how long the gesture took to act on
    /// (a tap bound beside a double tap includes its wait for a second tap).
    public var dispatched: JSONNumber?

    public init(label: String, action: String, detail: String, time: Double? = nil, dispatched: Double? = nil) {
        self.label = label
        self.action = action
        self.detail = detail
        self.time = time.map(JSONNumber.init)
        self.dispatched = dispatched.map(JSONNumber.init)
    }
}

/// `{"event":"result",…}`: how carrying out an action ended.
public struct ResultMessage: Codable, Hashable, Sendable {
    public var event = "result"
    public var label: String
    /// `success`, `failure` or `cancelled`.
    public var result: String
    public var message: String
    /// An intent's response code.
    public var code: String?
    /// An intent's output.
    public var output: JSONValue?

    public init(label: String, result: String, message: String, code: String? = nil, output: JSONValue? = nil) {
        self.label = label
        self.result = result
        self.message = message
        self.code = code
        self.output = output
    }
}

/// `{"event":"notify","text":…}`: a `notify` action, for a subscriber to show.
public struct NotifyMessage: Codable, Hashable, Sendable {
    public var event = "notify"
    public var text: String

    public init(text: String) { self.text = text }
}

/// `{"event":"menu","items":[…]}`: the quick-action menu being shown, for a subscriber
/// that draws its own.
public struct MenuMessage: Codable, Hashable, Sendable {
    public var event = "menu"
    public var items: [Item]

    /// One entry of the menu.
    public struct Item: Codable, Hashable, Sendable {
        public var type: String
        public var title: String
        public var subtitle: String?
        /// `static` or `dynamic`.
        public var kind: String

        public init(type: String, title: String, subtitle: String?, kind: String) {
            self.type = type
            self.title = title
            self.subtitle = subtitle
            self.kind = kind
        }
    }

    public init(items: [Item]) { self.items = items }
}

/// `{"event":"perform",…}`: a quick action performed, with its user info, as an app's
/// `performActionFor shortcutItem` receives it.
public struct PerformMessage: Codable, Hashable, Sendable {
    public var event = "perform"
    public var type: String
    public var title: String
    public var kind: String
    public var userInfo: JSONValue

    public init(type: String, title: String, kind: String, userInfo: JSONValue) {
        self.type = type
        self.title = title
        self.kind = kind
        self.userInfo = userInfo
    }
}
