import FoundationEssentials
import ForceTouchEngine
import ForceTouchProtocol
import TOMLKit

/// What the settings window shows (`SettingsState`), read from a configuration file's text
/// that has passed the check, and the configuration it gives: each setting as the file
/// writes it (sensitivity by its name, not as the thresholds it scales), its default when
/// the file leaves it out.
public enum SettingsReader {
    public static func state(text: String, file: String, configuration: Configuration, canUndo: Bool) -> SettingsState {
        let root = try? TOMLScanner.parse(text, file: file)
        func value(_ table: String, _ key: String) -> TOMLValueConvertible? { root?[table]?.table?[key] }
        func name(_ table: String, _ key: String, _ fallback: String) -> String { value(table, key)?.string ?? fallback }
        let time: JSONValue = switch value("gestures", "haptic-touch-time") {
        case let v? where v.string != nil: .string(v.string!)
        case let v? where v.double != nil: .number(v.double!)
        case let v? where v.int != nil: .number(Double(v.int!))
        default: .string("fast")
        }
        let kinds = configuration.quickActionSettings.underFinger.map(\.rawValue)
        let blocks = TOMLEditor(text).count(of: "quick-action")
        return SettingsState(
            file: file,
            sensitivity: name("general", "sensitivity", Sensitivity.medium.rawValue),
            hapticTouch: name("gestures", "haptic-touch", "auto"),
            hapticTouchTime: time,
            haptics: configuration.general.haptics.rawValue,
            underFinger: value("quick-actions", "under-finger")?.array?.compactMap(\.string) ?? kinds.sorted(),
            quickActions: configuration.quickActions.prefix(blocks).compactMap(quickAction),
            bindings: configuration.bindings.map { BindingSummary.line($0, in: configuration) },
            canUndo: canUndo,
            underFingerKinds: PressTargetKind.configurable.map(\.rawValue),
            gestureKinds: GestureKind.allCases.map(\.rawValue),
            assistiveTouch: AssistiveTouch.Slot.allCases.map { slot in
                .init(slot: slot.rawValue, title: slot.title,
                      action: configuration.assistiveTouch?.slots[slot].map { BindingSummary.what($0, configuration) } ?? "")
            },
            bindingKeys: configuration.bindings.map { binding in
                let exec: [String]? = if case .exec(let e) = binding.action { e.argv } else { nil }
                return .init(gesture: binding.gesture.rawValue, action: binding.action.key, exec: exec)
            },
            assistiveTouchButton: AssistiveTouchSettings.button(configuration),
            assistiveTouchNumbers: AssistiveTouchSettings.numbers(configuration))
    }

    /// A quick action as the window shows it: the item's JSON, and `icon-name`, the theme icon
    /// the daemon's menu draws for it (an `icon-type` mapped as the menu maps it), when it has one.
    static func quickAction(_ item: ShortcutItem) -> JSONValue? {
        guard let text = try? ProtocolJSON.string(item),
              case .object(var fields)? = try? ProtocolJSON.decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
        if let name = item.icon?.themeIconName { fields["icon-name"] = .string(name) }
        return .object(fields)
    }
}
