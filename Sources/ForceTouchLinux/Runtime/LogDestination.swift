import Logging

/// Where forcetouchd's log goes: the journal, natively, when systemd connected stderr to it
/// (`JournalStream`), else plain lines on stderr.
public enum LogDestination: Sendable {
    case journal
    case standardError

    public static func detect(environment: [String: String] = ProcessEnvironment.current()) -> LogDestination {
        JournalStream.isStandardError(environment: environment) ? .journal : .standardError
    }

    /// A handler for `LoggingSystem.bootstrap`.
    public func handler(identifier: String, level: Logger.Level) -> any LogHandler {
        switch self {
        case .journal:
            var h = JournalLogHandler(identifier: identifier)
            h.logLevel = level
            return h
        case .standardError:
            var h = PlainLogHandler()
            h.logLevel = level
            return h
        }
    }
}
