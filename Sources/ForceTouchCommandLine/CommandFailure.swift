
/// A failure of a command at run time — a file that cannot be read, a daemon that is not
/// running — as opposed to a mistake in how the command was called.
///
/// `ForceTouchCommand.main` prints it as `PROGRAM: MESSAGE` on stderr and exits with status
/// 1, without the usage banner and status 64 that argument errors get: the fix is in the
/// message, not in the command line.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
