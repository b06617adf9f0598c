import ForceTouchEngine

/// One `[[device]]` block: settings for the devices it matches. Nil fields leave the
/// global value (or SPEC default) in place.
///
/// Only the first block that matches a device applies, whole: blocks are not merged, so
/// what a device gets can be read off one block, as with udev's hwdb entries.
public struct DeviceRule: Hashable, Sendable {
    public var match: DeviceMatch
    public var rotation: Rotation?
    /// `calibration.average`: the raw pressure of an average touch (SPEC §2).
    public var calibrationAverage: Double?
    public var sensitivity: Sensitivity?
    /// Force from contact size for devices without pressure (SPEC §3).
    public var emulateForce: Bool?
    /// Leave the device alone: not opened for gestures at all.
    public var ignore: Bool?
    /// How the device's claimed touches are kept from the app beneath (SPEC §10).
    public var claim: ClaimStrategy?
    /// `output`: the output a touchscreen drives (SPEC §11); nil for the only or built-in one.
    public var output: String?
    public var gestures: GestureOverrides
    /// Where the block sits, for logs that say which block a device got.
    public var index: Int
    public var line: Int

    public init(match: DeviceMatch = DeviceMatch(), rotation: Rotation? = nil,
                calibrationAverage: Double? = nil, sensitivity: Sensitivity? = nil,
                emulateForce: Bool? = nil, ignore: Bool? = nil,
                gestures: GestureOverrides = GestureOverrides(), index: Int = 0, line: Int = 0) {
        self.match = match
        self.rotation = rotation
        self.calibrationAverage = calibrationAverage
        self.sensitivity = sensitivity
        self.emulateForce = emulateForce
        self.ignore = ignore
        self.gestures = gestures
        self.index = index
        self.line = line
    }
}

/// A `[[device]]` block as written: with any error it is refused whole, every error said.
/// Its `index` and `line` are the configuration's to fill in; whether its gestures keep
/// peek below pop over `[gestures]` is checked with the other blocks (ConfigurationParser+Validation).
extension DeviceRule: Decodable {
    static let keys = [
        "match-name", "match-id", "match-class", "rotation", "calibration", "sensitivity",
        "emulate-force", "ignore", "gestures", "claim", "output",
    ]
    /// `other` is what forcetouch leaves alone, so no block can be about it.
    static let matchableClasses: [DeviceClass] = [.touchscreen, .tablet, .touchpad]

    public init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        self.init()
        match.name = try r("match-name") { v in
            let s = try v.nonEmptyString()
            do throws(Glob.SyntaxError) { return try Glob(s) } catch { throw RawValue.Problem("invalid pattern \"\(s)\": \(error.message)") }
        }
        match.id = try r("match-id") { v in
            let s = try v.stringValue()
            guard let id = VendorProduct(s) else {
                throw RawValue.Problem("expected vendor:product as four hex digits each, like \"056a:0333\", not \"\(s)\"")
            }
            return id
        }
        match.deviceClass = try r("match-class") { try $0.name(Self.matchableClasses, what: "device class") }
        rotation = try r("rotation") { v in
            // Only the exact four values: 450 or -90 are more likely mistakes than intent.
            let degrees = try v.integerValue()
            guard [0, 90, 180, 270].contains(degrees), let rotation = Rotation(degrees: degrees) else {
                throw RawValue.Problem("must be 0, 90, 180 or 270, not \(degrees)")
            }
            return rotation
        }
        if let calibration = try r.nested("calibration", keys: ["average"]) {
            // A raw pressure above the axis minimum, which is 0 on every pressure axis the
            // kernel reports; whether it is within the axis only a device can tell.
            calibrationAverage = try calibration("average") { v in
                let a = try v.numberValue()
                guard a > 0 else {
                    throw RawValue.Problem("must be greater than 0 (the raw pressure of an average touch, as forcetest "
                        + "calibrate measures it), not \(TextFormat.number(a))")
                }
                if let problem = NumberRange.rawPressure.problem(a) { throw RawValue.Problem(problem) }
                return a
            }
            if !calibration.has("average") {
                try calibration.report(nil, "needs \"average\", the raw value of an average touch (forcetest calibrate writes it)")
            }
        }
        sensitivity = try r("sensitivity") { try $0.name(Sensitivity.allCases, what: "sensitivity") }
        emulateForce = try r("emulate-force") { try $0.boolValue() }
        ignore = try r("ignore") { try $0.boolValue() }
        claim = try r("claim") { try $0.name(ClaimStrategy.allCases, what: "claim strategy") }
        output = try r("output") { try $0.nonEmptyString() }
        gestures = try r.decode(GestureOverrides.self, "gestures") ?? GestureOverrides()
        try r.finish()
    }
}
