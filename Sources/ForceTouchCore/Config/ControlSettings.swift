import FoundationEssentials

/// The `[control]` table: who besides the daemon's own user may use the control socket.
/// Names only; the daemon resolves them (getpwnam, getgrnam) when it checks a peer.
public struct ControlSettings: Hashable, Sendable {
    /// `allow-users`: user names also served.
    public var allowUsers: [String] = []
    /// `allow-group`: a group whose members are also served.
    public var allowGroup: String?

    public init(allowUsers: [String] = [], allowGroup: String? = nil) {
        self.allowUsers = allowUsers
        self.allowGroup = allowGroup
    }
}

/// `[control]` as written. A name that cannot be one is dropped (serving fewer is the safe
/// side). A well-formed name that no account has is a warning, not an error: the file still
/// means something, an account can be added later (or come from a directory service that is
/// not up yet), and refusing a reload for it would help no one. Accounts are looked up
/// through the `ConfigurationLookups` in the decoder's `userInfo`.
extension ControlSettings: Decodable {
    static let keys = ["allow-users", "allow-group"]

    public init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        let lookups = decoder.userInfo[ConfigurationLookups.key] as? ConfigurationLookups
        self.init()
        let users = try r("allow-users") { v in
            guard case .array(let elements) = v else {
                throw RawValue.Problem("expected an array of user names such as [\"alice\"], found \(v.kind)")
            }
            return elements
        }
        for (i, element) in (users ?? []).enumerated() {
            guard case .string(let name) = element else {
                try r.report("allow-users", "element \(i + 1) must be a user name, not \(element.kind)")
                continue
            }
            guard Self.isAccountName(name) else { try r.report("allow-users", "\"\(name)\" is not a valid user name"); continue }
            allowUsers.append(name)
            if lookups?.userExists(name) == false {
                try r.report("allow-users", "no user \"\(name)\" exists on this system; "
                    + "it is allowed once it does and the configuration is reloaded", warning: true)
            }
        }
        allowGroup = try r("allow-group") { v in
            let s = try v.stringValue()
            guard Self.isAccountName(s) else { throw RawValue.Problem("\"\(s)\" is not a valid group name") }
            return s
        }
        if let group = allowGroup, lookups?.groupExists(group) == false {
            try r.report("allow-group", "no group \"\(group)\" exists on this system; "
                + "its members are allowed once it does and the configuration is reloaded", warning: true)
        }
    }

    /// A user or group name as shadow-utils accepts it: letters, digits, `.`, `_`, `-`
    /// (not first), an optional trailing `$`.
    static func isAccountName(_ s: String) -> Bool {
        let body = s.hasSuffix("$") ? s.dropLast() : s[...]
        return !body.isEmpty && body.count <= 32 && !body.hasPrefix("-")
            && body.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "._-".unicodeScalars.contains($0)) }
    }
}
