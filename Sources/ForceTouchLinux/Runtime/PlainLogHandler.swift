import ForceTouchProtocol
import Glibc
import Logging

/// A swift-log handler that writes one plain line a message to stderr: `level: message`.
/// No timestamp of its own: a terminal user does not need one, and whatever collects stderr
/// (a service manager, a test) stamps lines itself.
public struct PlainLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The message's control characters escaped (`LogText`): one message, one line.
    public static func line(level: Logger.Level, message: String) -> String {
        "\(level.rawValue): \(LogText.escaped(message))\n"
    }

    public func log(event: LogEvent) {
        let text = Self.line(level: event.level, message: event.message.description)
        // One write(2) a line, so lines from the daemon and its children do not interleave.
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
