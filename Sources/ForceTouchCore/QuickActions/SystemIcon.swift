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

    /// The freedesktop icon-theme name that shows it (Icon Naming Specification names where
    /// one fits, Adwaita's otherwise): what the overlay looks up in the user's theme.
    public var themeIconName: String {
        switch self {
        case .compose: "document-edit"
        case .play: "media-playback-start"
        case .pause: "media-playback-pause"
        case .add: "list-add"
        case .location: "find-location"
        case .search: "edit-find"
        case .share: "emblem-shared"
        case .prohibit: "action-unavailable"
        case .contact: "avatar-default"
        case .home: "go-home"
        case .markLocation: "mark-location"
        case .favorite: "starred"
        case .love: "emblem-favorite"
        case .cloud: "weather-overcast"
        case .invitation: "contact-new"
        case .confirmation: "object-select"
        case .mail: "mail-unread"
        case .message: "mail-message-new"
        case .date: "x-office-calendar"
        case .time: "preferences-system-time"
        case .capturePhoto: "camera-photo"
        case .captureVideo: "camera-video"
        case .task: "view-list"
        case .taskCompleted: "checkbox-checked"
        case .alarm: "alarm"
        case .bookmark: "bookmark-new"
        case .shuffle: "media-playlist-shuffle"
        case .audio: "audio-x-generic"
        case .update: "view-refresh"
        }
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
