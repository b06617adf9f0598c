import ForceTouchProtocol

/// What a looker (forcetouch-overlay through AT-SPI, X11 and sway; the GNOME Shell
/// extension) found under a press, as it tells the daemon with `PressTarget(a{sv} facts)`
/// (docs/SPEC.md §11, "What is under the finger"). Every fact is optional: a looker says
/// what it knows, and `PressTargetResolver` decides what the press is on.
public struct PressTargetFacts: Hashable, Sendable {
    /// The `x`, `y` of the `PressProgress` `began` the lookup was for, echoed exactly: an
    /// answer for an earlier press is told from the current one's by them.
    public var pressX: Double?
    public var pressY: Double?
    /// Who looked: `x11`, `sway`, `gnome-shell`, …
    public var source: String?
    /// Set only when the looker knows for sure: `app-icon`.
    public var kind: String?
    /// A Desktop Entry id, when the looker knows it exactly: `firefox-esr.desktop`.
    public var appID: String?
    /// The accessible object's role, name and description.
    public var role: String?
    public var name: String?
    public var description: String?
    /// A link's URI.
    public var address: String?
    /// The window under the point: sway's app_id or X11's WM_CLASS, its pid, title and type
    /// (`normal`, `dock`, `desktop`, `panel`…).
    public var windowAppID: String?
    public var windowPID: UInt32?
    public var windowTitle: String?
    public var windowType: String?
    /// Why nothing was found, when nothing was.
    public var why: String?

    public init() {}

    /// The longest text kept: longer ones are cut with `…`, as SPEC §11 bounds what the
    /// overlay draws.
    public static let maximumTextLength = 500
    /// The longest `address`: a URI is not cut (a cut one opens another page), it is refused.
    public static let maximumAddressLength = 8192
    /// The most entries one call may carry; more is refused.
    public static let maximumEntries = 64

    /// The keys read, with the type each must have; any other key is ignored.
    public static let keys: [(key: String, signature: String)] = [
        ("press-x", "d"), ("press-y", "d"), ("source", "s"), ("kind", "s"), ("app-id", "s"), ("role", "s"),
        ("name", "s"), ("description", "s"), ("address", "s"), ("window-app-id", "s"), ("window-pid", "u"),
        ("window-title", "s"), ("window-type", "s"), ("why", "s"),
    ]

    /// Reads the facts of one call: unknown keys are ignored, a known key of another type or
    /// an address too long is refused with a sentence that names it, and texts are cut.
    public init(entries: [BusVariantEntry]) throws(PressTargetFactsError) {
        guard entries.count <= Self.maximumEntries else {
            throw PressTargetFactsError("\(entries.count) facts, more than \(Self.maximumEntries)")
        }
        for entry in entries {
            guard let expected = Self.keys.first(where: { $0.key == entry.key })?.signature else { continue }
            guard entry.value.signature == expected else {
                throw PressTargetFactsError("\"\(entry.key)\" must be of type \(expected), not \(entry.value.signature)")
            }
            switch entry.value {
            case .double(let d):
                guard d.isFinite else { throw PressTargetFactsError("\"\(entry.key)\" must be a finite number") }
                if entry.key == "press-x" { pressX = d } else { pressY = d }
            case .uint32(let u): windowPID = u
            case .string(let s): try set(entry.key, s)
            case .bool, .other: break
            }
        }
    }

    private mutating func set(_ key: String, _ value: String) throws(PressTargetFactsError) {
        if key == "address" {
            guard value.utf8.count <= Self.maximumAddressLength else {
                throw PressTargetFactsError("\"address\" is \(value.utf8.count) bytes, more than \(Self.maximumAddressLength)")
            }
            address = value.isEmpty ? nil : value
            return
        }
        let text = Self.bounded(value)
        let kept: String? = text.isEmpty ? nil : text
        switch key {
        case "source": source = kept
        case "kind": kind = kept
        case "app-id": appID = kept
        case "role": role = kept
        case "name": name = kept
        case "description": description = kept
        case "window-app-id": windowAppID = kept
        case "window-title": windowTitle = kept
        case "window-type": windowType = kept
        case "why": why = kept
        default: break
        }
    }

    /// `text` cut to `maximumTextLength` characters, the last one an ellipsis.
    public static func bounded(_ text: String) -> String {
        guard text.count > maximumTextLength else { return text }
        return String(text.prefix(maximumTextLength - 1)) + "…"
    }

    /// Whether these facts answer the press that began at `x`, `y` (nil: the looker did not
    /// say, and the answer counts for the current press).
    public func answers(x: Double, y: Double) -> Bool {
        guard let pressX, let pressY else { return pressX == nil && pressY == nil }
        return pressX == x && pressY == y
    }
}

/// Why a `PressTarget` call was refused: one sentence naming the fact.
public struct PressTargetFactsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
