/// What is wrong with one line of a device database file. The section it is in is dropped;
/// the rest of the file loads (SPEC §2).
public struct DeviceDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the whole file is concerned (it cannot be read).
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `10-touchpads.quirks:12: MatchVendor: "0x05ag" is not a 16-bit number`.
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
