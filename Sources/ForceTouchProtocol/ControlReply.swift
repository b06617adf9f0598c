import FoundationEssentials

/// One reply on the control socket. `"ok"` says whether the request was done; a failure says
/// why in `"error"`. The other fields are those of the request's op:
///
/// - status: `status`; devices: `devices`; subscribe: `subscribed`; reload: `message`
/// - shortcuts list: `items`, `menu`; set, clear: `count`; add: `result`; update, remove: `type`
/// - perform: `result`, `message`; intent: `result`, `message`, `code`, `output`
/// - calibration-reset: `forgotten`; diagnose: `diagnosis`
/// - settings (get, set, reset, undo): `settings`, and `message` for a change
public struct ControlReply: Codable, Hashable, Sendable {
    public var ok: Bool
    public var id: JSONValue?
    public var error: String?
    /// What kind of failure `error` is (`ControlErrorKind`'s raw value), where it is one a
    /// client may act on; the D-Bus interface names its errors after it. A string, so that a
    /// client older than a new kind still reads the reply.
    public var kind: String?
    public var errorKind: ControlErrorKind? { kind.flatMap(ControlErrorKind.init(rawValue:)) }

    public var status: DaemonStatus?
    public var devices: [DeviceInfo]?
    public var subscribed: Bool?
    public var message: String?
    public var items: [JSONValue]?
    public var menu: [JSONValue]?
    public var count: Int?
    public var result: String?
    public var type: String?
    public var forgotten: [String]?
    public var code: String?
    public var output: JSONValue?
    public var diagnosis: DaemonDiagnosis?
    public var settings: SettingsState?

    public init(ok: Bool, id: JSONValue? = nil, error: String? = nil) {
        self.ok = ok
        self.id = id
        self.error = error
    }

    /// A successful reply to the request with this id; set the op's fields on it.
    public static func success(id: JSONValue?) -> ControlReply { ControlReply(ok: true, id: id) }

    public static func failure(_ message: String, id: JSONValue?, kind: ControlErrorKind? = nil) -> ControlReply {
        var reply = ControlReply(ok: false, id: id, error: message)
        reply.kind = kind?.rawValue
        return reply
    }

    /// The reply as one line of JSON.
    public var json: String { ProtocolJSON.string(self) }
}

/// A device in the `devices` reply.
public struct DeviceInfo: Codable, Hashable, Sendable {
    public var node: String
    public var name: String?
    public var deviceClass: String?
    public var capability: String
    public var reason: String
    /// vendor:product.
    public var id: String?
    public var emulated: Bool?
    public var maximumPossibleForce: Double?
    public var calibration: CalibrationInfo?
    public var quirks: [String]?
    /// How its touches are claimed (`cancel`, `hold`), absent while it is only watched.
    public var claim: String?
    /// The clone the compositor reads while it is claimed.
    public var clone: String?

    enum CodingKeys: String, CodingKey {
        case node, name, deviceClass = "class", capability, reason, id, emulated, maximumPossibleForce, calibration, quirks
        case claim, clone
    }

    public init(node: String, name: String? = nil, deviceClass: String? = nil, capability: String, reason: String,
                id: String? = nil, emulated: Bool? = nil, maximumPossibleForce: Double? = nil,
                calibration: CalibrationInfo? = nil, quirks: [String]? = nil) {
        self.node = node
        self.name = name
        self.deviceClass = deviceClass
        self.capability = capability
        self.reason = reason
        self.id = id
        self.emulated = emulated
        self.maximumPossibleForce = maximumPossibleForce
        self.calibration = calibration
        self.quirks = quirks
    }
}
