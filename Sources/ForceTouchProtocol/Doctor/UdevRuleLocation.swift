/// Where forcetouch's udev rule can be installed, so that the daemon's messages and
/// `forcectl doctor` look for it in the same places udev reads rules from.
public enum UdevRuleLocation {
    /// The rule's file name, ordered by udev among the others by its number.
    public static let fileName = "70-forcetouch.rules"

    /// The directories udev reads rules from, the administrator's first: a copy in /etc
    /// overrides the package's.
    public static let directories = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/local/lib/udev/rules.d",
                                     "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]

    /// The first installed copy of the rule, `exists` saying whether a path is there.
    public static func installedPath(exists: (String) -> Bool) -> String? {
        directories.map { "\($0)/\(fileName)" }.first(where: exists)
    }
}
