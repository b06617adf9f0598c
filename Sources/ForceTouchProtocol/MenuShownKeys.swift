/// The keys of `MenuShown`'s dictionaries (docs/SPEC.md §11): each item's (`aa{sv}` items) and
/// the target's (`a{sv}` target), every value a string. Part of the bus's one table, beside
/// `BusSignal`: the daemon writes them from here, forcetouch-overlay's C reads them as
/// `FT_ITEM_*` and `FT_TARGET_*` (Sources/COverlay/bus-protocol.h) and the GNOME Shell extension
/// as `ITEM_KEYS` and `TARGET_KEYS` (busProtocol.js), both made from these by `BusTableTests`.
public enum MenuItemKey: String, CaseIterable, Sendable {
    /// The quick action's type, which `ChooseQuickAction` names.
    case type
    case title, subtitle
    /// A theme icon's name, or an image file's path (`icon-file`).
    case icon
    case iconFile = "icon-file"
    /// The item's kind, for a drawer that tells actions apart.
    case kind
}

/// The keys of `MenuShown`'s target: what the press is on, as the daemon resolved it.
public enum MenuTargetKey: String, CaseIterable, Sendable {
    /// `app-icon`, `link`, `window`, `word`, `email`, `phone`, `date`, `url` or `nothing`.
    case kind
    case appID = "app-id"
    /// The app's name, or the link's text.
    case name
    /// The app's icon name (or file).
    case icon
    /// A link's URI.
    case address
    /// Why nothing was found.
    case why
    /// A word's definition from the local dictionary server (`word` only; empty otherwise).
    case definition
    /// Where the definition came from, or why there is none (`word` only; empty otherwise).
    case dictionary
    /// Where the text found begins and ends (its first character and the one past its last) in
    /// the `text` the looker sent, counted as its `text-offset` is, in decimal: what the looker
    /// highlights in the application while the menu shows. Empty for a target not found in text.
    case textStart = "text-start"
    case textEnd = "text-end"
}
