/// What can claim a contact on one device, and how: the engine's input for `ContactClaims`,
/// derived from the bindings and AssistiveTouch slots that apply to the device and its
/// `ClaimMode` (`DevicePipeline`).
public struct ClaimPolicy: Hashable, Sendable {
    /// A deep press that a claiming binding or slot is bound to takes its contact at peek.
    public var deepPress: Bool
    /// A long press that a claiming binding or slot is bound to takes its contacts when it fires.
    public var longPress: Bool
    /// A touch that begins here (the AssistiveTouch region) is claimed from its first frame.
    public var region: Region?
    public var mode: ClaimMode

    public init(deepPress: Bool = false, longPress: Bool = false, region: Region? = nil, mode: ClaimMode = .off) {
        self.deepPress = deepPress
        self.longPress = longPress
        self.region = region
        self.mode = mode
    }

    /// Nothing is claimed.
    public static let none = ClaimPolicy()

    /// Some gesture on the device claims, whatever the mode: whether `auto` claims it at all.
    public var claimsAnything: Bool { deepPress || longPress || region != nil }

    /// Touches are held back while they may still be claimed.
    public var holds: Bool { mode == .hold && (deepPress || longPress) }
}
