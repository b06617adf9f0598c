/// Why a `PressTarget` call was refused: one sentence naming the fact, the bus error's text.
public struct PressTargetFactsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
