/// The 29 system icons a quick action may show (UIApplicationShortcutIcon.IconType), by
/// the names the configuration uses; `iOSName` is the Info.plist spelling.
public enum SystemIcon: String, Hashable, Sendable, CaseIterable, Codable {
    case compose, play, pause, add, location, search, share, prohibit, contact, home
    case markLocation = "mark-location"
    case favorite, love, cloud, invitation, confirmation, mail, message, date, time
    case capturePhoto = "capture-photo"
    case captureVideo = "capture-video"
    case task
    case taskCompleted = "task-completed"
    case alarm, bookmark, shuffle, audio, update

    /// `UIApplicationShortcutIconTypeMarkLocation` for `.markLocation`: the constant an
    /// Info.plist's UIApplicationShortcutItemIconType names.
    public var iOSName: String {
        let camel = rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return "UIApplicationShortcutIconType" + camel
    }

    /// Either spelling: `mark-location` or `UIApplicationShortcutIconTypeMarkLocation`, so
    /// that a value copied from an Info.plist works in the configuration too.
    public init?(name: String) {
        if let icon = SystemIcon(rawValue: name) {
            self = icon
        } else if let icon = SystemIcon.allCases.first(where: { $0.iOSName == name }) {
            self = icon
        } else {
            return nil
        }
    }
}
