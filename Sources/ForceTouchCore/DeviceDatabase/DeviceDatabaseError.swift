/// What is wrong with one line of a device database file. The section it is in is dropped;
/// the rest of the file loads (SPEC §2).
public struct DeviceDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the whole file is concerned (it cannot be read).
    public var line: Int
    public var message: String
    /// 1-based, for a byte that is not text (a NUL, invalid UTF-8); nil for the rest.
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `10-touchpads.quirks:12: MatchVendor: "0x05ag" is not a 16-bit number`; a byte that is
    /// not text as SPEC §9 says a quirks file gives it, `10-touchpads.quirks: line 2, column
    /// 13: a NUL byte…`.
    public var description: String {
        if let column { return "\(file): line \(line), column \(column): \(message)" }
        return line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
