/// A setting the settings window and `forcectl set` change, by the name they give it, and
/// where in the configuration it is written. The names are the configuration's own keys:
/// `sensitivity`, `haptic-touch`, `haptic-touch-time`, `haptics`, `under-finger`, and a
/// block's key by its 1-based position, `quick-action.2.title`, `binding.1.gesture`.
public enum SettingKey: Hashable, Sendable, CustomStringConvertible {
    /// `[general] sensitivity`: light, medium or firm.
    case sensitivity
    /// `[gestures] haptic-touch`: on, off or auto.
    case hapticTouch
    /// `[gestures] haptic-touch-time`: fast, slow or seconds.
    case hapticTouchTime
    /// `[general] haptics`: auto or off.
    case haptics
    /// `[quick-actions] under-finger`: the kinds of target looked up.
    case underFinger
    /// An AssistiveTouch slot (`assistive-touch.double-tap`): `[assistive-touch]`'s key, set
    /// to an inline table holding one action.
    case assistiveTouch(AssistiveTouch.Slot)
    /// One of `[assistive-touch]`'s other keys (`assistive-touch.button-size`): a plain value.
    case assistiveTouchOption(String)
    /// A key of the `index`-th `[[quick-action]]` or `[[binding]]` block (`quick-action.2.title`).
    case blockKey(Block, index: Int, key: String)
    /// The `index`-th block itself (`quick-action.2`): resetting it removes it.
    case block(Block, index: Int)
    /// A block to append (`quick-action.new`), set to an inline table of its keys.
    case newBlock(Block)

    /// The arrays of tables a setting may change.
    public enum Block: String, Hashable, Sendable, CaseIterable {
        case quickAction = "quick-action"
        case binding
    }

    /// The names of the settings that are not a block's key, as `forcectl get` lists them.
    public static let names = ["sensitivity", "haptic-touch", "haptic-touch-time", "haptics", "under-finger"]

    public init(_ name: String) throws(SettingError) {
        switch name {
        case "sensitivity": self = .sensitivity
        case "haptic-touch": self = .hapticTouch
        case "haptic-touch-time": self = .hapticTouchTime
        case "haptics": self = .haptics
        case "under-finger": self = .underFinger
        case _ where name.hasPrefix("assistive-touch."):
            let key = String(name.dropFirst("assistive-touch.".count))
            if AssistiveTouchSettings.options.contains(key) {
                self = .assistiveTouchOption(key)
                return
            }
            guard let slot = AssistiveTouch.Slot(rawValue: key) else {
                throw SettingError("unknown AssistiveTouch key \"\(name)\"; the slots are "
                    + AssistiveTouch.Slot.allCases.map { "assistive-touch.\($0.rawValue)" }.joined(separator: ", ")
                    + ", and its other keys " + AssistiveTouchSettings.options.map { "assistive-touch.\($0)" }.joined(separator: ", "))
            }
            self = .assistiveTouch(slot)
        default:
            let parts = name.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
            guard let block = Block(rawValue: String(parts[0])), parts.count >= 2 else {
                throw SettingError("unknown setting \"\(name)\"; settings are " + Self.names.joined(separator: ", ")
                    + ", and a block's: quick-action.N.KEY, quick-action.N, quick-action.new (binding. alike)")
            }
            if parts.count == 2, parts[1] == "new" {
                self = .newBlock(block)
                return
            }
            guard let index = Int(parts[1]), index >= 1 else {
                throw SettingError("\"\(name)\": a \(block.rawValue) is named by its position from 1, or \"new\"")
            }
            guard parts.count == 3 else {
                self = .block(block, index: index)
                return
            }
            guard !parts[2].isEmpty else { throw SettingError("\"\(name)\": no key after the position") }
            self = .blockKey(block, index: index, key: String(parts[2]))
        }
    }

    public var description: String {
        switch self {
        case .sensitivity: "sensitivity"
        case .hapticTouch: "haptic-touch"
        case .hapticTouchTime: "haptic-touch-time"
        case .haptics: "haptics"
        case .underFinger: "under-finger"
        case .assistiveTouch(let slot): "assistive-touch.\(slot.rawValue)"
        case .assistiveTouchOption(let key): "assistive-touch.\(key)"
        case .blockKey(let block, let index, let key): "\(block.rawValue).\(index).\(key)"
        case .block(let block, let index): "\(block.rawValue).\(index)"
        case .newBlock(let block): "\(block.rawValue).new"
        }
    }

    /// The table a key is written in, and its key there; nil for a whole block.
    public var place: (place: TOMLEditor.Place, key: String)? {
        switch self {
        case .sensitivity: (.table(["general"]), "sensitivity")
        case .haptics: (.table(["general"]), "haptics")
        case .hapticTouch: (.table(["gestures"]), "haptic-touch")
        case .hapticTouchTime: (.table(["gestures"]), "haptic-touch-time")
        case .underFinger: (.table(["quick-actions"]), "under-finger")
        case .assistiveTouch(let slot): (.table(["assistive-touch"]), slot.rawValue)
        case .assistiveTouchOption(let key): (.table(["assistive-touch"]), key)
        case .blockKey(let block, let index, let key): (.entry(block.rawValue, index), key)
        case .block, .newBlock: nil
        }
    }

    /// The value a person typed, as TOML: a TOML value as written (`0.5`, `true`,
    /// `["link"]`, `"firm"`), else the text itself as a string, so that `firm` needs no
    /// quotes. `under-finger` also takes its kinds separated by commas (`app-icon,link`),
    /// and "" for none. Whether the value is right for the key is the configuration's
    /// check, made on the whole file after the edit.
    public func value(_ typed: String) -> TOMLEditValue {
        if self == .underFinger, !typed.hasPrefix("[") {
            return .array(typed.split(separator: ",").map { .string(String($0).trimmingBlanks) })
        }
        return TOMLEditValue(parsing: typed) ?? .string(typed)
    }
}

/// Why a setting was not changed; `location` (`file:line`) when a line of the file is the reason.
public struct SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
