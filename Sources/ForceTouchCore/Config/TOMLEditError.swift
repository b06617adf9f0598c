/// Why `TOMLEditor` cannot make a change in place: the file writes the place in a form it
/// does not rewrite (an inline table, a dotted key under a parent), or the block is not
/// there. `line` is 1-based, 0 when the problem has no line.
public struct TOMLEditError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
