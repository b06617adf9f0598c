/// What parsing a configuration file produced: the configuration built from every part
/// that was valid, and every problem found on the way.
///
/// Both at once because the daemon "keeps running on what was valid" at start-up, while a
/// reload (SIGHUP) or `--check-config` refuses a file with any error: each caller decides
/// with `isValid`. Warnings never make a file invalid: they are shown, and the file is
/// used as written.
public struct ConfigurationLoad: Sendable {
    public var configuration: Configuration
    /// Errors and warnings, in line order: what `--check-config` prints.
    public var diagnostics: [ConfigError]

    public init(configuration: Configuration, diagnostics: [ConfigError]) {
        self.configuration = configuration
        self.diagnostics = diagnostics
    }

    /// The problems that dropped something, in line order.
    public var errors: [ConfigError] { diagnostics.filter { !$0.isWarning } }

    /// What was kept as written but looks unintended, in line order.
    public var warnings: [ConfigError] { diagnostics.filter(\.isWarning) }

    public var isValid: Bool { !diagnostics.contains { !$0.isWarning } }
}
