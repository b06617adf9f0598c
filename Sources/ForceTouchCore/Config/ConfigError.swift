/// One problem found in a configuration file, located well enough for a user to fix it.
///
/// Its description is `file:line: key: message`, the form compilers use, so editors and
/// terminals can jump to it; a syntax error, which belongs to no key, reads
/// `file:line: message`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based line. For a semantic error this is `TOMLSourceMap`'s best guess (see there).
    public var line: Int
    /// Dotted path of the offending value, e.g. `binding[2].fingers`; empty for syntax errors.
    public var key: String
    public var message: String

    public init(file: String, line: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        key.isEmpty ? "\(file):\(line): \(message)" : "\(file):\(line): \(key): \(message)"
    }
}
