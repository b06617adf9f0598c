import FoundationEssentials
import Glibc

/// The one configuration for the JSON the project writes: keys sorted, so the same value
/// always prints the same way, and `/tmp`, not `\/tmp`.
public enum ProtocolJSON {
    /// The one encoder, made once: the daemon encodes lines for subscribers while gestures
    /// come, and a new encoder a line is an allocation and its set-up each time.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A value as one line of JSON.
    public static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A value as one line of JSON. The project's messages always encode (their numbers
    /// are `JSONNumber`s, which write null for what JSON cannot hold).
    public static func line<T: Encodable>(_ value: T) -> String {
        do {
            return try string(value)
        } catch {
            preconditionFailure("not encodable as JSON: \(error)")
        }
    }

    /// A reply as one line of JSON.
    public static func string(_ reply: ControlReply) -> String {
        (try? string(reply as ControlReply?)) ?? #"{"error":"internal: reply not encodable","ok":false}"#
    }
}

/// Where the daemon listens by default: `$XDG_RUNTIME_DIR/forcetouch/control.sock`.
public enum ControlSocket {
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
        return runtime + "/forcetouch/control.sock"
    }
}
