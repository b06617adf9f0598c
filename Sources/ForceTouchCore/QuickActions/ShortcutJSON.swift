import FoundationEssentials
import ForceTouchProtocol

/// The JSON of quick actions, for the control socket, `forcectl` and the file of dynamic
/// items: which actions an item read may carry, and the decoding entry points that turn
/// errors into sentences. The Codable conformances live beside the types
/// (`ShortcutIcon+Codable`, `ShortcutUpdate+Codable`, `Action+Encoding`…), so that they
/// embed in the daemon's own messages.
///
/// An item is `{"type": …, "title": …, "subtitle": …, "icon": {"type": "compose"} |
/// {"file": …} | {"symbol": …}, "userInfo": {…}, "action": {…}}`; a menu or listing entry
/// adds `"kind": "static" | "dynamic"`. `subtitle`, `icon` and `action` are left out when
/// absent; `userInfo` is always written. An action is an object with the configuration's
/// action key: `{"exec": […]}`, `{"keys": ["KEY_LEFTCTRL+KEY_C"]}`, `{"quick-actions": true}`,
/// `{"perform": "type"}`, `{"intent": "name", "parameters": {…}}`, `{"notify": "text"}`.
///
/// Decoding is strict — unknown keys are errors — and applies the same rules as the
/// configuration. Which actions an item may carry depends on who sends it (see
/// `ActionPolicy`): a client of the control socket may not make the daemon run commands.
public enum ShortcutJSON {
    /// Which actions decoded items may carry, set in a decoder's `userInfo` under
    /// `ShortcutJSON.actionPolicyKey`; `.safe` when unset.
    public enum ActionPolicy: String, Sendable {
        /// No action at all.
        case none
        /// `intent` and `notify` only: what any client of the control socket may already do
        /// itself (`forcectl intent`), so an item adds no power. The default.
        case safe
        /// Every action an item may have (not `perform` or `quick-actions`, which no item
        /// may: an item performing items could loop). For the daemon's own file.
        case any
    }

    public static let actionPolicyKey = CodingUserInfoKey(rawValue: "forcetouch.shortcut-action-policy")!

    /// The current version of the dynamic-items file.
    public static let fileVersion = 1

    // MARK: Encoding

    /// One line, keys sorted: stable output for JSON Lines.
    public static func text<T: Encodable>(_ value: T) -> String {
        // Everything here encodes: the types hold only strings, finite numbers and booleans.
        (try? ProtocolJSON.string(value)) ?? "null"
    }

    /// The user info as a JSON object, for FORCETOUCH_SHORTCUT_USERINFO.
    public static func userInfoText(_ userInfo: [String: ShortcutValue]) -> String { text(userInfo) }

    // MARK: Decoding

    /// One item, as `forcectl shortcuts add` sends it.
    public static func decodeItem(_ data: Data, policy: ActionPolicy = .safe) throws(ShortcutError) -> ShortcutItem {
        try decode(ShortcutItem.self, data, policy: policy)
    }

    /// A list of items, as `forcectl shortcuts set` sends it.
    public static func decodeItems(_ data: Data, policy: ActionPolicy = .safe) throws(ShortcutError) -> [ShortcutItem] {
        try decode([ShortcutItem].self, data, policy: policy)
    }

    /// An update, as `forcectl shortcuts update` sends it: the type of the item to change
    /// and only the fields to change, `null` removing a subtitle or icon.
    public static func decodeUpdate(_ data: Data) throws(ShortcutError) -> (type: String, update: ShortcutUpdate) {
        let targeted = try decode(TargetedUpdate.self, data, policy: .none)
        return (targeted.type, targeted.update)
    }

    /// Decodes any of these types with a policy and readable errors.
    public static func decode<T: Decodable>(_ type: T.Type, _ data: Data, policy: ActionPolicy) throws(ShortcutError) -> T {
        do {
            return try ProtocolJSON.decode(type, from: data, userInfo: [actionPolicyKey: policy])
        } catch {
            throw ShortcutError(DecodingErrorText.message(for: error))
        }
    }


    static func policy(_ decoder: any Decoder) -> ActionPolicy {
        decoder.userInfo[actionPolicyKey] as? ActionPolicy ?? .safe
    }
}
