import ForceTouchEngine

/// What a `[[binding]]` does, in one line, as `forcetouchd --check-config` says it: so that a
/// user sees what the file binds without reading it, the shipped file's default included.
///
/// `binding 1 (line 172): deep-press at peek → quick-actions: a link's Open and Copy Link, an
/// app icon's actions (under-finger); on anything else nothing, and the touch is the app's (no
/// [[quick-action]] items)`
public enum BindingSummary {
    /// The line for `binding` in `configuration`.
    public static func line(_ binding: Binding, in configuration: Configuration) -> String {
        "binding \(binding.index) (line \(binding.line)): \(when(binding)) → \(what(binding.action, configuration))"
            + (claim(binding).map { "; \($0)" } ?? "")
    }

    /// The gesture and what narrows it.
    static func when(_ b: Binding) -> String {
        var s = b.gesture.rawValue
        if let stage = b.stage {
            s += " at \(stage.rawValue)"
        } else if b.phase != Binding.defaultPhase(b.gesture) {
            s += " \(b.phase.rawValue)"
        }
        if let f = b.fingers { s += ", \(f) finger\(f == 1 ? "" : "s")" }
        if let d = b.device { s += ", device \(d)" }
        if let r = b.region { s += ", region [\(r.x), \(r.y), \(r.width), \(r.height)]" }
        if let m = b.minimumForce { s += ", force ≥ \(m)" }
        return s
    }

    /// The action, and for the menu what it shows.
    static func what(_ action: Action, _ c: Configuration) -> String {
        switch action {
        case .quickActions: return "quick-actions: " + menu(c)
        case .applicationMenu(let id): return "quick-actions: \(id)'s actions"
        case .exec(let e): return "exec \(e.argv)"
        case .launch(let l): return "launch \(l)"
        case .keys(let k): return "keys \(k.map(\.description).joined(separator: ", "))"
        case .click(let p): return "click \(p)"
        case .perform(let type): return "perform \(type)"
        case .intent(let i): return "intent \(i.name)"
        case .notify(let text): return "notify \"\(text)\""
        }
    }

    /// What the `quick-actions = true` menu shows (SPEC §11, "What is under the finger").
    static func menu(_ c: Configuration) -> String {
        let used = c.quickActionSettings.underFinger
        var targets: [String] = []
        if used.contains(.link) { targets.append("a link's Open and Copy Link") }
        if used.contains(.appIcon) { targets.append("an app icon's actions") }
        if used.contains(.window) { targets.append("a window's app's actions") }
        let items = c.quickActions.count
        let elsewhere = items == 0
            ? "nothing, and the touch is the app's (no [[quick-action]] items)"
            : "the \(items) [[quick-action]] item\(items == 1 ? "" : "s")"
        guard !targets.isEmpty else { return "the \(items) [[quick-action]] item\(items == 1 ? "" : "s") (under-finger = [])" }
        return targets.joined(separator: ", ") + " (under-finger); on anything else " + elsewhere
    }

    /// Whether the touch is claimed, where that is not the default.
    static func claim(_ b: Binding) -> String? {
        guard let claim = b.claim, claim != Binding.canClaim(b.gesture, phase: b.phase) else { return nil }
        return claim ? "claims the touch" : "the app gets the touch too (claim = false)"
    }
}
