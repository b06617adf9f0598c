/// One problem found in a configuration file, located well enough for a user to fix it.
///
/// Its description is `file:line: key: message`, the form compilers use, so editors and
/// terminals can jump to it; a syntax error, which belongs to no key, reads
/// `file:line: message` (`file:line:column: message` when the column is known). A warning reads `file:line: key: warning: message`, again as
/// compilers write it.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether the file can be used as written.
    public enum Severity: String, Hashable, Sendable {
        /// The value (and the block holding it) is dropped; a reload or `--check-config`
        /// refuses the file.
        case error
        /// The file means something and is used as written, but very likely not what its
        /// author meant: a block that can never apply, an item that is never shown.
        case warning
    }

    public var file: String
    /// 1-based line. For a semantic error this is `TOMLSourceMap`'s best guess (see there).
    public var line: Int
    /// Dotted path of the offending value, e.g. `binding[2].fingers`; empty for syntax errors.
    public var key: String
    public var message: String
    public var severity: Severity
    /// 1-based column, for a problem the reader can place exactly (bytes that are not text).
    public var column: Int?

    public init(file: String, line: Int, key: String, message: String, severity: Severity = .error, column: Int? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
        self.severity = severity
        self.column = column
    }

    public var isWarning: Bool { severity == .warning }

    public var description: String {
        let text = isWarning ? "warning: " + message : message
        let location = column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
        return key.isEmpty ? "\(location): \(text)" : "\(location): \(key): \(text)"
    }
}
