/// Which way the overlay learns the window under a point (docs/SPEC.md §11, "What is under the
/// finger"), from the session's environment: sway's IPC (`SWAYSOCK`), Hyprland's
/// (`HYPRLAND_INSTANCE_SIGNATURE`), else the X server's stacking order (`DISPLAY`). Another Wayland
/// compositor does not say which window is at a point: nothing is looked up, and why.
public enum LookupSource: Int32, Sendable, CaseIterable {
    case x11 = 1, sway = 2, hyprland = 3

    /// Its name in PressTarget's `source`.
    public var name: String {
        switch self {
        case .x11: "x11"
        case .sway: "sway"
        case .hyprland: "hyprland"
        }
    }

    /// The source for `environment`, or why there is none.
    public static func of(_ environment: [String: String]) -> Result<LookupSource, NoSource> {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if set("SWAYSOCK") { return .success(.sway) }
        if set("HYPRLAND_INSTANCE_SIGNATURE") { return .success(.hyprland) }
        if set("WAYLAND_DISPLAY") {
            return .failure(NoSource(why: "this Wayland compositor does not say which window is at a point (only sway's and Hyprland's IPC are asked)"))
        }
        if set("DISPLAY") { return .success(.x11) }
        return .failure(NoSource(why: "no display (neither DISPLAY nor SWAYSOCK)"))
    }

    /// Why no source is there.
    public struct NoSource: Error, Hashable, Sendable {
        public var why: String
    }
}
