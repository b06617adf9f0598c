import Glibc

/// The daemon never runs as root: started as root (by a system service manager or by hand)
/// it becomes an ordinary user before touching any device or running any action.
public enum Privileges {
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public static var isRoot: Bool { geteuid() == 0 }

    /// Switches to `user` for good: supplementary groups, group, then user; verified.
    public static func drop(to user: String) throws(Error) {
        guard let pw = getpwnam(user) else { throw Error(description: "no such user: \(user)") }
        let uid = pw.pointee.pw_uid, gid = pw.pointee.pw_gid
        guard uid != 0 else { throw Error(description: "\(user) is root; name an ordinary user") }
        guard initgroups(pw.pointee.pw_name, gid) == 0, setgid(gid) == 0, setuid(uid) == 0 else {
            throw Error(description: "cannot become \(user): \(String(cString: strerror(errno)))")
        }
        guard setuid(0) != 0, geteuid() == uid else {
            throw Error(description: "still able to regain root after switching to \(user)")
        }
        if let home = pw.pointee.pw_dir { setenv("HOME", home, 1) }
        setenv("USER", user, 1)
        setenv("LOGNAME", user, 1)
    }
}
