/// Why a recording could not be read, and where: every malformed input names its line.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A line that does not have the shape its prefix promises (`E:` with three fields…).
        case malformedLine
        /// A value that should be hexadecimal or decimal and is not.
        case badNumber
        /// An `A:` line whose maximum is below its minimum.
        case invalidAxisRange
        /// The events came with no device description (no `N:`/`I:` header, no `devices`).
        case missingDescription
        /// A `# EVEMU x.y` version, or a libinput record `version`, that this reader does not know.
        case unsupportedVersion
        /// A line prefix the format does not define.
        case unknownLine
        /// The file ends in the middle of something.
        case truncated
        /// YAML that is not a libinput recording.
        case invalidStructure
        /// The file could not be read at all, or is not text.
        case unreadable
    }

    public var kind: Kind
    /// The file as the user named it, when known.
    public var file: String?
    /// 1-based line number, when the problem has one.
    public var line: Int?
    /// What was expected and what was found, in words.
    public var message: String
    /// 1-based column, when the problem is placed that exactly (bytes that are not text).
    public var column: Int?

    public init(_ kind: Kind, line: Int?, _ message: String, file: String? = nil) {
        self.kind = kind
        self.line = line
        self.message = message
        self.file = file
    }

    /// `file:line: message`, the form compilers and editors understand.
    public var description: String {
        var location = file ?? "<recording>"
        if let line { location += ":\(line)" }
        if line != nil, let column { location += ":\(column)" }
        return "\(location): \(message)"
    }

    public func inFile(_ name: String) -> RecordingError {
        var copy = self
        copy.file = name
        return copy
    }
}
