import FoundationEssentials

/// The methods of `io.github.forcetouch.Daemon1` (dbus/io.github.forcetouch.Daemon1.xml), in
/// the order introspection lists them: the one table the sd-bus vtable is made from, a call
/// is dispatched by, and its `ControlRequest` and return values come from.
///
/// A method is a control request by another road: `request(_:)` makes the same
/// `ControlRequest.Operation` the socket's JSON would, which `ControlRequestHandler` answers,
/// and `results(of:)` turns its `ControlReply` into the method's return values. Every
/// switch here is exhaustive, so a method added without its request or its results does not
/// compile.
public enum BusMethod: String, CaseIterable, Sendable {
    case reload = "Reload"
    case getQuickActions = "GetQuickActions"
    case setQuickActions = "SetQuickActions"
    case addQuickAction = "AddQuickAction"
    case updateQuickAction = "UpdateQuickAction"
    case removeQuickAction = "RemoveQuickAction"
    case clearQuickActions = "ClearQuickActions"
    case performQuickAction = "PerformQuickAction"
    case runIntent = "RunIntent"
    /// The overlay's: the menu on screen performs its item, as the menu program's choice
    /// would; a type it does not show is performed as `PerformQuickAction` does.
    case chooseQuickAction = "ChooseQuickAction"
    /// The overlay's alone: no control request.
    case dismissMenu = "DismissMenu"
    case resetCalibration = "ResetCalibration"

    /// The member name on the bus.
    public var name: String { rawValue }

    /// The arguments, each named as introspection shows it.
    public var parameters: [BusParameter] {
        switch self {
        case .reload, .getQuickActions, .clearQuickActions: []
        case .setQuickActions: [.string("items")]
        case .addQuickAction, .updateQuickAction: [.string("item")]
        case .removeQuickAction, .performQuickAction, .chooseQuickAction: [.string("type")]
        case .runIntent: [.string("name"), .string("parameters"), .bool("confirmed")]
        case .dismissMenu: [.uint32("id")]
        case .resetCalibration: [.string("device")]
        }
    }

    /// The return values.
    public var results: [BusParameter] {
        switch self {
        case .reload: [.string("message")]
        case .getQuickActions: [.string("items"), .string("menu")]
        case .setQuickActions, .clearQuickActions: [.uint32("count")]
        case .addQuickAction: [.string("result")]
        case .updateQuickAction: [.string("type")]
        case .removeQuickAction, .dismissMenu: []
        case .performQuickAction, .chooseQuickAction: [.string("result"), .string("message")]
        case .runIntent: [.string("result"), .string("message"), .string("code"), .string("output")]
        case .resetCalibration: [.strings("forgotten")]
        }
    }

    /// The request a call stands for, from its arguments (read by `parameters`); nil for
    /// `DismissMenu`, which only the overlay answers. A malformed argument is an
    /// `InvalidRequest`, worded as before the table: "RunIntent: name must not be empty".
    public func request(_ arguments: [BusArgument]) throws(ControlRequestError) -> ControlRequest.Operation? {
        var next = arguments.makeIterator()
        func string() throws(ControlRequestError) -> String {
            guard case .string(let s)? = next.next() else { throw mismatch }
            return s
        }
        func json(_ text: String, _ what: String) throws(ControlRequestError) -> JSONValue {
            guard let value = try? ProtocolJSON.decode(JSONValue.self, from: Data(text.utf8)) else {
                throw ControlRequestError("\(name): \(what) is not valid JSON", field: what, id: nil)
            }
            return value
        }
        func object(_ text: String, _ what: String) throws(ControlRequestError) -> [String: JSONValue] {
            guard case .object(let o) = try json(text, what) else {
                throw ControlRequestError("\(name): \(what) must be a JSON object", field: what, id: nil)
            }
            return o
        }
        func nonEmpty(_ s: String, _ what: String) throws(ControlRequestError) -> String {
            guard !s.isEmpty else { throw ControlRequestError("\(name): \(what) must not be empty", field: what, id: nil) }
            return s
        }
        switch self {
        case .reload: return .reload
        case .getQuickActions: return .shortcuts(.list)
        case .setQuickActions:
            guard case .array(let items) = try json(try string(), "items") else {
                throw ControlRequestError("\(name): items must be a JSON array", field: "items", id: nil)
            }
            return .shortcuts(.set(items: items))
        case .addQuickAction: return .shortcuts(.add(item: try object(try string(), "item")))
        case .updateQuickAction: return .shortcuts(.update(item: try object(try string(), "item")))
        case .removeQuickAction: return .shortcuts(.remove(type: try nonEmpty(try string(), "type")))
        case .clearQuickActions: return .shortcuts(.clear)
        case .performQuickAction, .chooseQuickAction: return .perform(type: try nonEmpty(try string(), "type"))
        case .runIntent:
            let name = try nonEmpty(try string(), "name")
            let text = try string()
            let parameters = text.isEmpty ? [:] : try object(text, "parameters")
            guard case .bool(let confirmed)? = next.next() else { throw mismatch }
            return .intent(name: name, parameters: parameters, confirmed: confirmed)
        case .dismissMenu: return nil
        case .resetCalibration: return .calibrationReset(device: try nonEmpty(try string(), "device"))
        }
    }

    /// Why the arguments could not be read: sd-bus checks them against the vtable's
    /// signature first, so only a call made by hand past it gets this.
    public var mismatch: ControlRequestError {
        ControlRequestError("\(name): the arguments do not match its signature", field: nil, id: nil)
    }

    /// The return values, from the reply's fields.
    public func results(of reply: ControlReply) -> [BusArgument] {
        func json(_ value: some Encodable) -> String { (try? ProtocolJSON.string(value)) ?? "" }
        switch self {
        case .reload: return [.string(reply.message ?? "")]
        case .getQuickActions: return [.string(json(reply.items ?? [])), .string(json(reply.menu ?? []))]
        case .setQuickActions, .clearQuickActions: return [.uint32(UInt32(reply.count ?? 0))]
        case .addQuickAction: return [.string(reply.result ?? "")]
        case .updateQuickAction: return [.string(reply.type ?? "")]
        case .removeQuickAction, .dismissMenu: return []
        case .performQuickAction, .chooseQuickAction: return [.string(reply.result ?? ""), .string(reply.message ?? "")]
        case .runIntent:
            return [.string(reply.result ?? ""), .string(reply.message ?? ""), .string(reply.code ?? ""),
                    .string(reply.output.map { json($0) } ?? "")]
        case .resetCalibration: return [.strings(reply.forgotten ?? [])]
        }
    }

    /// The arguments' type codes, one string: sd-bus's `signature`.
    public var signature: String { parameters.map(\.type.rawValue).joined() }
    /// The return values' type codes: sd-bus's `result`.
    public var resultSignature: String { results.map(\.type.rawValue).joined() }
}

/// One argument or return value of a D-Bus method: its name in introspection, and its type.
public struct BusParameter: Hashable, Sendable {
    public var name: String
    public var type: BusType

    public static func string(_ name: String) -> BusParameter { BusParameter(name: name, type: .string) }
    public static func bool(_ name: String) -> BusParameter { BusParameter(name: name, type: .bool) }
    public static func uint32(_ name: String) -> BusParameter { BusParameter(name: name, type: .uint32) }
    public static func strings(_ name: String) -> BusParameter { BusParameter(name: name, type: .strings) }
}

/// The D-Bus types the Daemon1 methods take and return, by their type codes.
public enum BusType: String, Hashable, Sendable {
    case string = "s", bool = "b", uint32 = "u", strings = "as"
}

/// A value a method reads or returns: the kinds the Daemon1 methods use.
public enum BusArgument: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case uint32(UInt32)
    case strings([String])
}
