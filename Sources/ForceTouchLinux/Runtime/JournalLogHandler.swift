import CSystemd
import ForceTouchProtocol
import Glibc
import Logging

/// A swift-log handler that writes native journal entries (sd_journal_sendv): the message,
/// its `PRIORITY`, the `SYSLOG_IDENTIFIER`, and each metadata key as a field of its own
/// (`device` becomes `FORCETOUCH_DEVICE`: the device's name, as actions get it in their
/// environment; `node` its /dev/input node), so that `journalctl -p err` selects exactly the
/// errors and `journalctl FORCETOUCH_DEVICE=…` one device's lines.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// The journal's `SYSLOG_IDENTIFIER`: the program's name, as journalctl prints it.
    let identifier: String

    public init(identifier: String) { self.identifier = identifier }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// syslog(3) priorities, as journald stores them.
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }

    /// `device` → `FORCETOUCH_DEVICE`: journal field names are upper-case letters, digits and
    /// underscores.
    public static func fieldName(_ key: String) -> String {
        "FORCETOUCH_" + String(key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// The entry's fields, `NAME=value` each.
    public static func fields(level: Logger.Level, message: String, identifier: String,
                              metadata: Logger.Metadata) -> [String] {
        // Control characters escaped (`LogText`), in every field: a journal line as the
        // terminal shows it is then the message, and a NUL cuts nothing.
        var fields = ["MESSAGE=\(LogText.escaped(message))", "PRIORITY=\(priority(level))",
                      "SYSLOG_IDENTIFIER=\(LogText.escaped(identifier))"]
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            fields.append("\(fieldName(key))=\(LogText.escaped(value.description))")
        }
        return fields
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let more = event.metadata { all.merge(more) { _, new in new } }
        let fields = Self.fields(level: event.level, message: event.message.description,
                                 identifier: identifier, metadata: all)
        let buffers = fields.map { strdup($0)! }
        defer { buffers.forEach { free($0) } }
        var vectors = buffers.map { iovec(iov_base: UnsafeMutableRawPointer($0), iov_len: strlen($0)) }
        _ = sd_journal_sendv(&vectors, Int32(vectors.count))
    }
}
