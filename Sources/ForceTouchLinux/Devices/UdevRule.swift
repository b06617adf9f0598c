import Glibc

/// forcetouch's udev rule, which gives the logged-in user access to force-capable devices:
/// where an installed copy is, so that messages give the fix that applies to this machine.
public enum UdevRule {
    public static let fileName = "70-forcetouch.rules"

    /// The directories udev reads rules from, the administrator's first.
    static let directories = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/local/lib/udev/rules.d",
                              "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]

    /// The installed rule's path, or nil when udev would not find it.
    public static func installedPath() -> String? {
        directories.map { "\($0)/\(fileName)" }.first { access($0, F_OK) == 0 }
    }
}
