import Glibc

/// A failed system call, with errno's words.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var errno: Int32
    public init(_ call: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.errno = errno
    }
    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}
