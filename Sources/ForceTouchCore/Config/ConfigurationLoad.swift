/// What parsing a configuration file produced: the configuration built from every part
/// that was valid, and every error found on the way.
///
/// Both at once because the daemon "keeps running on what was valid" at start-up, while a
/// reload (SIGHUP) or `--check-config` refuses a file with any error: each caller decides
/// with `isValid`.
public struct ConfigurationLoad: Sendable {
    public var configuration: Configuration
    /// In line order.
    public var errors: [ConfigError]

    public init(configuration: Configuration, errors: [ConfigError]) {
        self.configuration = configuration
        self.errors = errors
    }

    public var isValid: Bool { errors.isEmpty }
}
