import FoundationEssentials
import Glibc

/// The one configuration for the JSON the project writes and reads: keys sorted, so the same
/// value always prints the same way, and `/tmp`, not `\/tmp`. Replies, events, `forcetest
/// --json`, `shortcuts.json`'s dynamic items and learned calibration are all written here,
/// and read through `decode`.
public enum ProtocolJSON {
    /// How every JSON the project writes is formatted.
    public static let formatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]

    /// The one encoder, made once: the daemon encodes lines for subscribers while gestures
    /// come, and a new encoder a line is an allocation and its set-up each time.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return encoder
    }()

    /// The same, indented: for the files a person may read (the dynamic quick actions,
    /// learned calibration).
    public static let fileEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting.union(.prettyPrinted)
        return encoder
    }()

    /// The one decoder, made once.
    public static let decoder = JSONDecoder()

    /// Decodes a value with the one decoder; `userInfo` (what a type's `init(from:)` reads,
    /// such as the actions a quick action may have) gets a decoder of its own, configured
    /// the same way.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data,
                                            userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> T {
        guard !userInfo.isEmpty else { return try decoder.decode(type, from: data) }
        let decoder = JSONDecoder()
        for (key, value) in userInfo { decoder.userInfo[key] = value }
        return try decoder.decode(type, from: data)
    }

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

    /// A reply as one line of JSON; one that cannot be (a number JSON cannot hold) says so.
    public static func string(_ reply: ControlReply) -> String {
        (try? string(reply as ControlReply?)) ?? line(ControlReply.failure("internal: reply not encodable", id: nil))
    }
}

/// Where the daemon listens by default: `$XDG_RUNTIME_DIR/forcetouch/control.sock`.
public enum ControlSocket {
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
        return runtime + "/forcetouch/control.sock"
    }
}
