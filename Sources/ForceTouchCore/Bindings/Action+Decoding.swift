/// The one set of rules for reading an action (SPEC §8), the same from the configuration
/// (TOMLKit's `TOMLDecoder` over a `[[binding]]`, `[[quick-action]]` or slot table) and
/// from JSON (an item's `"action"` on the socket and in the dynamic-items file).
///
/// A problem is a `DecodingError.dataCorrupted` whose coding path ends at the offending
/// key and whose description is the sentence to show: the configuration turns it into
/// `file:line: binding[2].exec: message`, the socket into `action.exec: message`. What needs
/// the rest of the file — whether a `perform` type or an `intent` exists — is checked after
/// decoding, by the configuration (`ConfigurationParser.validate`).
extension Action: Decodable {
    /// What holds the action: decides the wording of "how many". Set under `ownerKey` in a
    /// decoder's `userInfo` when the action's keys sit in a larger table (the
    /// configuration's blocks), whose other keys are then not the action's business; unset,
    /// the object is the action alone (JSON) and any other key is an error.
    public enum Owner: Sendable {
        case binding, quickAction, slot

        var noun: String {
            switch self {
            case .binding: "a binding"
            case .quickAction: "a quick action"
            case .slot: "a slot"
            }
        }
    }

    public static let ownerKey = CodingUserInfoKey(rawValue: "forcetouch.action-owner")!

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let embeddedOwner = decoder.userInfo[Action.ownerKey] as? Owner
        if embeddedOwner == nil { _ = try BlockReader(decoder, keys: Action.keys + Action.qualifiers) }
        let owner = embeddedOwner ?? .quickAction
        func problem(_ key: String?, _ message: String) -> DecodingError {
            corrupted(c, key, message)
        }
        let present = Kind.allCases.filter { c.contains(AnyKey($0.rawValue)) }
        if c.contains(AnyKey("parameters")), !present.contains(.intent) {
            throw problem("parameters", "only an intent takes parameters; add intent = \"name\"")
        }
        if c.contains(AnyKey("action")), !present.contains(.launch) {
            throw problem("action", "only launch = \"app.desktop\" takes an action (one of the app's Desktop Actions)")
        }
        guard let kind = present.first else {
            throw problem(nil, "needs an action: \(KeyNames.list(Action.keys)) (e.g. exec = [\"notify-send\", \"pressed\"])")
        }
        guard present.count == 1 else {
            let limit = owner == .quickAction ? "at most one" : "exactly one"
            throw problem(nil, "has \(present.count) actions (\(present.map(\.rawValue).joined(separator: ", "))); \(owner.noun) runs \(limit)")
        }
        let key = kind.rawValue
        let value = try RawValue.read(c, key)
        self = try RawValue.at(c, key) { () throws(RawValue.Problem) -> Action in
            switch kind {
            case .exec: return .exec(ExecAction(argv: try value.argv(example: "[\"notify-send\", \"hi\"]")))
            case .launch: return .launch(try Action.appLaunch(value))
            case .click:
                let name = try value.nonEmptyString()
                guard let click = PointerClick(parsing: name) else {
                    throw RawValue.Problem("unknown click \"\(name)\"; expected \(KeyNames.list(PointerClick.names))")
                }
                return .click(click)
            case .keys: return .keys(try Action.keyStrokes(value))
            case .quickActions:
                if case .string(let id) = value {
                    guard id.hasSuffix(".desktop"), id.count > ".desktop".count, !id.contains("/") else {
                        throw RawValue.Problem("expected true (the quick-action menu) or an application's desktop file "
                            + "id such as \"firefox.desktop\" (its Desktop Actions as a menu), found \"\(id)\"")
                    }
                    return .applicationMenu(id)
                }
                guard case .bool(let b) = value else {
                    throw RawValue.Problem("expected true, or an application such as \"firefox.desktop\", found \(value.kind)")
                }
                guard b else {
                    throw RawValue.Problem("must be true (present the quick-action menu); for no action, leave the block out")
                }
                return .quickActions
            case .perform: return .perform(type: try value.nonEmptyString())
            case .intent: return .intent(IntentAction(name: try value.nonEmptyString()))
            case .notify: return .notify(try value.nonEmptyString())
            }
        }
        if case .launch(.desktop(let id, nil)) = self, c.contains(AnyKey("action")) {
            let v = try RawValue.read(c, "action")
            let action = try RawValue.at(c, "action") { () throws(RawValue.Problem) in try v.nonEmptyString() }
            self = .launch(.desktop(id: id, action: action))
        } else if case .launch(.command) = self, c.contains(AnyKey("action")) {
            throw problem("action", "only launch = \"app.desktop\" takes an action; a command line is started as written")
        }
        guard case .intent(var intent) = self, c.contains(AnyKey("parameters")) else { return }
        let table = try RawValue.read(c, "parameters")
        guard case .table = table else { throw problem("parameters", "expected a table, found \(table.kind)") }
        let p = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("parameters"))
        for k in p.allKeys.map(\.stringValue).sorted() {
            let v = try RawValue.read(p, k)
            intent.parameters[k] = try RawValue.at(p, k) { () throws(RawValue.Problem) in try v.literal() }
        }
        self = .intent(intent)
    }

    /// `"firefox.desktop"` (an installed application, by its desktop file id) or a command
    /// line as an array.
    private static func appLaunch(_ v: RawValue) throws(RawValue.Problem) -> AppLaunch {
        if case .string(let s) = v {
            guard s.hasSuffix(".desktop"), s.count > ".desktop".count, !s.contains("/") else {
                throw RawValue.Problem("expected an application's desktop file id such as \"firefox.desktop\", "
                    + "or a command line such as [\"firefox\", \"--private-window\"], found \"\(s)\"")
            }
            return .desktop(id: s, action: nil)
        }
        return .command(try v.argv(example: "[\"firefox\", \"--private-window\"]"))
    }

    /// `"KEY_LEFTMETA+KEY_A"`, or an array of such combinations typed in turn.
    private static func keyStrokes(_ v: RawValue) throws(RawValue.Problem) -> [KeyStroke] {
        let texts: [String]
        switch v {
        case .string(let s): texts = [s]
        case .array(let elements):
            texts = try elements.enumerated().map { (i, element) throws(RawValue.Problem) in
                guard case .string(let s) = element else {
                    throw RawValue.Problem("element \(i + 1) must be a string such as \"KEY_LEFTCTRL+KEY_C\", not \(element.kind)")
                }
                return s
            }
            guard !texts.isEmpty else { throw RawValue.Problem("needs at least one key combination") }
        default:
            throw RawValue.Problem("expected a key combination such as \"KEY_LEFTCTRL+KEY_C\", or an array of them, found \(v.kind)")
        }
        return try texts.enumerated().map { (i, text) throws(RawValue.Problem) in
            do throws(KeyStroke.ParseError) {
                return try KeyStroke(parsing: text)
            } catch {
                if case .array = v { throw RawValue.Problem("element \(i + 1): \(error.message)") }
                throw RawValue.Problem(error.message)
            }
        }
    }
}
