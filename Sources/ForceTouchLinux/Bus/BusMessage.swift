import CSystemd
import ForceTouchProtocol
import Glibc

/// One sd-bus message, read and written one basic value at a time: sd-bus's own
/// `sd_bus_message_append`/`read` are variadic, which Swift cannot call.
struct BusMessage {
    let pointer: OpaquePointer

    /// Why reading an argument failed: the call's arguments do not match its signature.
    struct ReadError: Error { let code: Int32 }

    private static func type(_ c: Character) -> CChar { CChar(UInt8(ascii: c.unicodeScalars.first!)) }

    var member: String { sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    var path: String { sd_bus_message_get_path(pointer).map { String(cString: $0) } ?? "" }

    func readString() throws(ReadError) -> String {
        var p: UnsafePointer<CChar>?
        let r = sd_bus_message_read_basic(pointer, Self.type("s"), &p)
        guard r > 0, let p else { throw ReadError(code: r) }
        return String(cString: p)
    }

    func readBool() throws(ReadError) -> Bool {
        var b: Int32 = 0
        let r = sd_bus_message_read_basic(pointer, Self.type("b"), &b)
        guard r > 0 else { throw ReadError(code: r) }
        return b != 0
    }

    @discardableResult
    func append(_ s: String) -> Int32 { s.withCString { sd_bus_message_append_basic(pointer, Self.type("s"), $0) } }

    @discardableResult
    func append(objectPath: String) -> Int32 {
        objectPath.withCString { sd_bus_message_append_basic(pointer, Self.type("o"), $0) }
    }

    @discardableResult
    func append(_ b: Bool) -> Int32 {
        var v: Int32 = b ? 1 : 0
        return sd_bus_message_append_basic(pointer, Self.type("b"), &v)
    }

    @discardableResult
    func append(_ d: Double) -> Int32 {
        var v = d
        return sd_bus_message_append_basic(pointer, Self.type("d"), &v)
    }

    @discardableResult
    func append(_ u: UInt32) -> Int32 {
        var v = u
        return sd_bus_message_append_basic(pointer, Self.type("u"), &v)
    }

    /// An array of `element` ("s", "o"), its items appended by `body`.
    @discardableResult
    func appendArray(of element: String, _ body: () -> Void) -> Int32 {
        let r = sd_bus_message_open_container(pointer, Self.type("a"), element)
        guard r >= 0 else { return r }
        body()
        return sd_bus_message_close_container(pointer)
    }

    func readUInt32() throws(ReadError) -> UInt32 {
        var v: UInt32 = 0
        let r = sd_bus_message_read_basic(pointer, Self.type("u"), &v)
        guard r > 0 else { throw ReadError(code: r) }
        return v
    }

    func readDouble() throws(ReadError) -> Double {
        var v: Double = 0
        let r = sd_bus_message_read_basic(pointer, Self.type("d"), &v)
        guard r > 0 else { throw ReadError(code: r) }
        return v
    }

    /// An `a{sv}` of any variants: strings, doubles, uint32s and booleans read, any other
    /// type skipped and kept as its signature (for the caller to refuse by name). At most
    /// `limit` entries are read; a longer dictionary is an error.
    func readVariantDictionary(limit: Int = 256) throws(ReadError) -> [BusVariantEntry] {
        var r = sd_bus_message_enter_container(pointer, Self.type("a"), "{sv}")
        guard r > 0 else { throw ReadError(code: r < 0 ? r : -EINVAL) }
        var entries: [BusVariantEntry] = []
        while true {
            r = sd_bus_message_enter_container(pointer, Self.type("e"), "sv")
            if r == 0 { break }
            guard r > 0, entries.count < limit else { throw ReadError(code: r < 0 ? r : -E2BIG) }
            let key = try readString()
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            r = sd_bus_message_peek_type(pointer, &type, &contents)
            guard r > 0, let contents else { throw ReadError(code: r < 0 ? r : -EINVAL) }
            let signature = String(cString: contents)
            r = sd_bus_message_enter_container(pointer, Self.type("v"), contents)
            guard r > 0 else { throw ReadError(code: r < 0 ? r : -EINVAL) }
            let value: BusVariant
            switch signature {
            case "s": value = .string(try readString())
            case "d": value = .double(try readDouble())
            case "u": value = .uint32(try readUInt32())
            case "b": value = .bool(try readBool())
            case "a(uss)": value = .windows(try readWindows(limit: PressTargetFacts.maximumWindows))
            default:
                r = sd_bus_message_skip(pointer, contents)
                guard r >= 0 else { throw ReadError(code: r) }
                value = .other(signature: signature)
            }
            guard sd_bus_message_exit_container(pointer) >= 0, sd_bus_message_exit_container(pointer) >= 0 else {
                throw ReadError(code: -EINVAL)
            }
            entries.append(BusVariantEntry(key, value))
        }
        guard sd_bus_message_exit_container(pointer) >= 0 else { throw ReadError(code: -EINVAL) }
        return entries
    }

    /// An `a(uss)` of windows (PressTarget's `windows`): at most `limit` read, one more is
    /// read to be refused by the facts' reader, which names it.
    func readWindows(limit: Int) throws(ReadError) -> [PressTargetFacts.Window] {
        var r = sd_bus_message_enter_container(pointer, Self.type("a"), "(uss)")
        guard r > 0 else { throw ReadError(code: r < 0 ? r : -EINVAL) }
        var windows: [PressTargetFacts.Window] = []
        while true {
            r = sd_bus_message_enter_container(pointer, Self.type("r"), "uss")
            if r == 0 { break }
            guard r > 0 else { throw ReadError(code: r) }
            let id = try readUInt32(), appID = try readString(), title = try readString()
            guard sd_bus_message_exit_container(pointer) >= 0 else { throw ReadError(code: -EINVAL) }
            if windows.count <= limit { windows.append(PressTargetFacts.Window(id: id, appID: appID, title: title)) }
        }
        guard sd_bus_message_exit_container(pointer) >= 0 else { throw ReadError(code: -EINVAL) }
        return windows
    }

    /// The arguments a method's table says it takes, in order.
    func read(_ parameters: [BusParameter]) throws(ReadError) -> [BusArgument] {
        var arguments: [BusArgument] = []
        for parameter in parameters {
            switch parameter.type {
            case .string: arguments.append(.string(try readString()))
            case .bool: arguments.append(.bool(try readBool()))
            case .uint32: arguments.append(.uint32(try readUInt32()))
            case .dictionary: arguments.append(.dictionary(try readVariantDictionary()))
            // No method takes these: they are results and signals' arguments, written, not read.
            case .strings, .double, .objectPath, .dictionaries: throw ReadError(code: -EINVAL)
            }
        }
        return arguments
    }

    /// A method's return value or a signal's argument.
    @discardableResult
    func append(_ value: BusArgument) -> Int32 {
        switch value {
        case .string(let s): append(s)
        case .bool(let b): append(b)
        case .uint32(let u): append(u)
        case .strings(let list): appendArray(of: "s") { for s in list { append(s) } }
        case .double(let d): append(d)
        case .objectPath(let p): append(objectPath: p)
        case .dictionaries(let list): appendDictionaries(list)
        case .dictionary(let entries): appendDictionary(entries)
        }
    }

    /// An `aa{sv}`: one dictionary of string variants per element, as D-Bus clients expect
    /// structured items (the menu's), not JSON in a string.
    @discardableResult
    func appendDictionaries(_ dictionaries: [[BusEntry]]) -> Int32 {
        var r = sd_bus_message_open_container(pointer, Self.type("a"), "a{sv}")
        guard r >= 0 else { return r }
        for dictionary in dictionaries {
            r = sd_bus_message_open_container(pointer, Self.type("a"), "{sv}")
            guard r >= 0 else { return r }
            for entry in dictionary {
                r = sd_bus_message_open_container(pointer, Self.type("e"), "sv")
                guard r >= 0 else { return r }
                append(entry.key)
                r = sd_bus_message_open_container(pointer, Self.type("v"), "s")
                guard r >= 0 else { return r }
                append(entry.value)
                _ = sd_bus_message_close_container(pointer)
                _ = sd_bus_message_close_container(pointer)
            }
            _ = sd_bus_message_close_container(pointer)
        }
        return sd_bus_message_close_container(pointer)
    }

    /// An `a{sv}` of the variants given.
    @discardableResult
    func appendDictionary(_ entries: [BusVariantEntry]) -> Int32 {
        var r = sd_bus_message_open_container(pointer, Self.type("a"), "{sv}")
        guard r >= 0 else { return r }
        for entry in entries {
            r = sd_bus_message_open_container(pointer, Self.type("e"), "sv")
            guard r >= 0 else { return r }
            append(entry.key)
            switch entry.value {
            case .string(let s):
                r = sd_bus_message_open_container(pointer, Self.type("v"), "s")
                if r >= 0 { append(s) }
            case .double(let d):
                r = sd_bus_message_open_container(pointer, Self.type("v"), "d")
                if r >= 0 { append(d) }
            case .uint32(let u):
                r = sd_bus_message_open_container(pointer, Self.type("v"), "u")
                if r >= 0 { append(u) }
            case .bool(let b):
                r = sd_bus_message_open_container(pointer, Self.type("v"), "b")
                if r >= 0 { append(b) }
            // Read, never written: the overlay sends the windows, the daemon only reads them.
            case .windows, .other: return -EINVAL
            }
            guard r >= 0 else { return r }
            _ = sd_bus_message_close_container(pointer)
            _ = sd_bus_message_close_container(pointer)
        }
        return sd_bus_message_close_container(pointer)
    }

    /// A value of the bus's kinds, for properties.
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        case double(Double)
        case objectPaths([String])
        case strings([String])

        @discardableResult
        func append(to m: BusMessage) -> Int32 {
            switch self {
            case .string(let s): m.append(s)
            case .bool(let b): m.append(b)
            case .double(let d): m.append(d)
            case .objectPaths(let paths): m.appendArray(of: "o") { for p in paths { m.append(objectPath: p) } }
            case .strings(let list): m.appendArray(of: "s") { for s in list { m.append(s) } }
            }
        }
    }
}
