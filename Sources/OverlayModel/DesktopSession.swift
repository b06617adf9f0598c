/// The desktop the overlay runs in, by `XDG_CURRENT_DESKTOP` (a colon-separated list, `ubuntu:GNOME`):
/// under GNOME the forcetouch GNOME Shell extension draws at the finger, where this program
/// cannot, and the overlay says so once.
public enum DesktopSession {
    /// Whether `currentDesktop` (nil: unset) names GNOME, in any case.
    public static func isGnome(_ currentDesktop: String?) -> Bool {
        guard let currentDesktop else { return false }
        return currentDesktop.split(separator: ":", omittingEmptySubsequences: false)
            .contains { $0.lowercased() == "gnome" }
    }
}
