/// The 3D Touch sensitivity setting: scales the deep-press thresholds (SPEC §2).
public enum Sensitivity: String, Hashable, Sendable, CaseIterable {
    case light
    case medium
    case firm

    public var thresholdScale: Double {
        switch self {
        case .light: 0.8
        case .medium: 1.0
        case .firm: 1.25
        }
    }
}
