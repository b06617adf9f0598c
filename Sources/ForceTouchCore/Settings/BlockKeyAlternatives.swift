/// The keys of a block that say one thing in several ways, of which a block holds one: its
/// action (`exec`, `launch`, `keys`, … with `action` and `parameters`, which only qualify
/// `launch` and `intent`) and a quick action's icon (`icon-type`, `icon-file`, `icon-symbol`,
/// of which a file wins). A setting that writes one of them takes the others out of the block
/// in the same change: a quick action turned from a command into an app would otherwise be
/// refused for having two actions, and a new icon from the theme hidden behind an old file.
public enum BlockKeyAlternatives {
    static let iconKeys = [ShortcutField.iconType, .iconFile, .iconSymbol].map(\.configKey)

    /// The keys a block of `block` loses when `keys` are written into it (none of `keys` among them).
    public static func replaced(by keys: [String], in block: SettingKey.Block) -> [String] {
        var out: [String] = []
        for key in keys {
            let group: [String]
            if Action.keys.contains(key) {
                // A new action drops the old one's qualifiers too: another app's Desktop Action
                // or another intent's parameters mean nothing to it.
                group = Action.keys + Action.qualifiers
            } else if block == .quickAction, iconKeys.contains(key) {
                group = iconKeys
            } else {
                group = []
            }
            for other in group where !keys.contains(other) && !out.contains(other) { out.append(other) }
        }
        return out
    }
}
