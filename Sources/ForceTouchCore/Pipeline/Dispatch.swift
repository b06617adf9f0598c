import ForceTouchEngine

/// One action a gesture calls for, ready to be carried out, with the name logs give it:
/// `binding[2] (line 14) tap ended`, `assistive-touch deep-press`.
public struct Dispatch: Hashable, Sendable {
    public var label: String
    public var request: ActionRequest
    /// The binding or slot takes the gesture's contacts (SPEC §10): the app beneath does not
    /// get them as a touch.
    public var claims: Bool
    /// The claim waits for the menu (a `quick-actions = true` deep press): the contacts are
    /// forcetouch's only once it shows something; a press on nothing with nothing configured
    /// reaches the app as an ordinary touch (`DeviceSession.settleClaim`).
    public var claimWaitsForMenu: Bool

    public init(label: String, request: ActionRequest, claims: Bool = false, claimWaitsForMenu: Bool = false) {
        self.label = label
        self.request = request
        self.claims = claims
        self.claimWaitsForMenu = claims && claimWaitsForMenu
    }
}

/// A gesture event and the dispatches it calls for (none when nothing is bound to it).
public struct PipelineOutput: Hashable, Sendable {
    public var gesture: GestureEvent
    public var dispatches: [Dispatch]

    public init(gesture: GestureEvent, dispatches: [Dispatch]) {
        self.gesture = gesture
        self.dispatches = dispatches
    }
}
