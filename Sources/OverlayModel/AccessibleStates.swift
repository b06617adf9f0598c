/// AT-SPI's states by their bit in `GetState`'s set (AtspiStateType, at-spi2-core's
/// atspi-constants.h, in its order), named as libatspi's nicks name them.
public enum AccessibleStates {
    static let names = [
        "invalid", "active", "armed", "busy", "checked", "collapsed", "defunct", "editable", "enabled",
        "expandable", "expanded", "focusable", "focused", "has-tooltip", "horizontal", "iconified", "modal",
        "multi-line", "multiselectable", "opaque", "pressed", "resizable", "selectable", "selected", "sensitive",
        "showing", "single-line", "stale", "transient", "vertical", "visible", "manages-descendants",
        "indeterminate", "required", "truncated", "animated", "invalid-entry", "supports-autocompletion",
        "selectable-text", "is-default", "visited", "checkable", "has-popup", "read-only",
    ]

    /// The names of the bits set in `bits` (the set's first two words); a bit AT-SPI has not
    /// named yet is `state N`.
    public static func names(of bits: UInt64) -> [String] {
        (0..<64).filter { bits >> UInt64($0) & 1 == 1 }.map { $0 < names.count ? names[$0] : "state \($0)" }
    }
}
