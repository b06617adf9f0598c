/// What a `launch` action starts: an application that lives on its own, not a supervised
/// command. Either a command line (`launch = ["firefox", "--private-window"]`) or an
/// installed application by its desktop file id (`launch = "firefox.desktop"`), with one of
/// its Desktop Actions (`action = "new-private-window"`).
public enum AppLaunch: Hashable, Sendable, CustomStringConvertible {
    case command([String])
    case desktop(id: String, action: String?)

    /// The application id a unit is named after: the desktop file id without `.desktop`,
    /// or the command's program name.
    public var applicationID: String {
        switch self {
        case .command(let argv):
            let program = argv.first ?? "app"
            return String(program.split(separator: "/").last ?? Substring(program))
        case .desktop(let id, _):
            return id.hasSuffix(".desktop") ? String(id.dropLast(".desktop".count)) : id
        }
    }

    public var description: String {
        switch self {
        case .command(let argv): argv.joined(separator: " ")
        case .desktop(let id, let action): action.map { "\(id) action \($0)" } ?? id
        }
    }
}

/// Names of systemd units, as the systemd documentation for desktop environments asks
/// applications to be named: `app-<launcher>-<application id>@<random>.service` (a
/// service's form; a scope's ends `-<random>.scope`), the id escaped like `systemd-escape`
/// does, so that a `-` inside it stays apart from the separators.
public enum SystemdUnitName {
    /// `app-forcetouch-org.gnome.Terminal@1a2b3c4d.service`.
    public static func app(_ applicationID: String, random: UInt32) -> String {
        let suffix = String(random, radix: 16)
        return "app-forcetouch-" + escape(applicationID) + "@" + String(repeating: "0", count: 8 - suffix.count) + suffix
            + ".service"
    }

    /// `systemd-escape`'s rules: ASCII letters, digits, `:`, `_` and `.` (but not a leading
    /// `.`) stay; every other byte becomes `\xNN`; `/` becomes `-`.
    public static func escape(_ text: String) -> String {
        var out = ""
        for (i, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "/"): out += "-"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where i > 0:
                out += "."
            default:
                let hex = String(byte, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out.isEmpty ? "app" : out
    }
}
