import FoundationEssentials

/// Everything the configuration parser may look up outside the text it is given: the files
/// the configuration refers to (`import-plist`), the installed applications it names
/// (`[quick-actions] desktop`), and whether the users and group that `[control]` names exist.
///
/// The core does no I/O, so whoever parses says how these are answered: the programs pass
/// the system's (`ConfigurationFile.systemLookups` in ForceTouchLinux), tests pass fakes.
/// It is a required argument of `Configuration.parse` on purpose: a parse that quietly
/// could not read anything is how Info.plist import once failed in every built program
/// while its unit tests passed.
public struct ConfigurationLookups: Sendable {
    /// The contents of the file at an absolute path, or nil when it cannot be read.
    public var readFile: @Sendable (String) -> Data?
    /// Whether a user of this name exists (getpwnam).
    public var userExists: @Sendable (String) -> Bool
    /// Whether a group of this name exists (getgrnam).
    public var groupExists: @Sendable (String) -> Bool
    /// An installed application by its desktop file id, or why there is none to use.
    public var desktopApplication: @Sendable (String) -> Result<DesktopApplication, DesktopLookupFailure>
    /// What is at a path that exists and is no regular file ("a FIFO", "a directory"…), else
    /// nil: an `icon-file` the overlay would block on or could not read is refused here.
    public var notRegularFile: @Sendable (String) -> String?

    /// Where the configuration's decoding finds them (`ControlSettings` looks up accounts).
    static let key = CodingUserInfoKey(rawValue: "forcetouch.lookups")!

    public init(readFile: @escaping @Sendable (String) -> Data?,
                userExists: @escaping @Sendable (String) -> Bool,
                groupExists: @escaping @Sendable (String) -> Bool,
                desktopApplication: @escaping @Sendable (String) -> Result<DesktopApplication, DesktopLookupFailure>,
                notRegularFile: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.readFile = readFile
        self.userExists = userExists
        self.groupExists = groupExists
        self.desktopApplication = desktopApplication
        self.notRegularFile = notRegularFile
    }
}

/// Why an application named by the configuration cannot give quick actions.
public struct DesktopLookupFailure: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
