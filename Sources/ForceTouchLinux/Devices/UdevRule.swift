import ForceTouchProtocol
import Glibc

/// forcetouch's udev rule, which gives the logged-in user access to force-capable devices:
/// where an installed copy is, so that messages give the fix that applies to this machine.
public enum UdevRule {
    public static let fileName = UdevRuleLocation.fileName

    /// The installed rule's path, or nil when udev would not find it.
    public static func installedPath() -> String? {
        UdevRuleLocation.installedPath { access($0, F_OK) == 0 }
    }
}
