import FoundationEssentials

/// One request on the control socket: a JSON object a line, `"op"` saying what it asks.
///
/// `{"op":"status"}`, `{"op":"devices"}`, `{"op":"subscribe"}`, `{"op":"reload"}`,
/// `{"op":"shortcuts","action":"list|set|add|update|remove|clear",…}`, `{"op":"perform","type":…}`,
/// `{"op":"intent","name":…,"parameters":{…},"confirmed":true|false}`,
/// `{"op":"calibration-reset","device":…}`, `{"op":"pause"}`, `{"op":"resume"}`. An `"id"`, any JSON value, comes back in the reply.
public struct ControlRequest: Codable, Hashable, Sendable {
    public var id: JSONValue?
    public var operation: Operation

    public enum Operation: Hashable, Sendable {
        case status
        case devices
        case subscribe
        case reload
        case shortcuts(ShortcutsAction)
        /// Perform one quick action by its type; the reply comes when it is done.
        case perform(type: String)
        /// Run an intent; parameters are JSON values (a point may be `[x, y]` or `{"x":…,"y":…}`).
        case intent(name: String, parameters: [String: JSONValue], confirmed: Bool)
        /// Forget what auto-calibration learned of a device: a node, a name or vendor:product.
        case calibrationReset(device: String)
        /// Stop running what gestures are bound to, and give every claimed device back.
        case pause
        /// Undo `pause`.
        case resume

        /// Its `"op"`.
        public var op: Op {
            switch self {
            case .status: .status
            case .devices: .devices
            case .subscribe: .subscribe
            case .reload: .reload
            case .shortcuts: .shortcuts
            case .perform: .perform
            case .intent: .intent
            case .calibrationReset: .calibrationReset
            case .pause: .pause
            case .resume: .resume
            }
        }
    }

    /// The `"op"` of each request: what `Operation` is without its fields. Decoding switches
    /// over it, so an op without a case does not compile.
    public enum Op: String, CaseIterable, Sendable {
        case status, devices, subscribe, reload, shortcuts, perform, intent
        case calibrationReset = "calibration-reset"
        case pause, resume
    }

    public enum ShortcutsAction: Hashable, Sendable {
        case list
        /// Replace every dynamic item.
        case set(items: [JSONValue])
        case add(item: [String: JSONValue])
        /// Change the fields given of the dynamic item whose `"type"` is among them.
        case update(item: [String: JSONValue])
        case remove(type: String)
        case clear

        /// The `"action"` of each: what the action is without its fields.
        public enum Name: String, CaseIterable, Sendable {
            case list, set, add, update, remove, clear
        }

        public var name: Name {
            switch self {
            case .list: .list
            case .set: .set
            case .add: .add
            case .update: .update
            case .remove: .remove
            case .clear: .clear
            }
        }
    }

    public init(_ operation: Operation, id: JSONValue? = nil) {
        self.operation = operation
        self.id = id
    }

    enum CodingKeys: String, CodingKey {
        case id, op, action, type, device, name, parameters, confirmed, items, item
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Present, even as null, it comes back as it was.
        let requestID = c.contains(.id) ? try c.decode(JSONValue.self, forKey: .id) : nil
        id = requestID
        operation = .status
        func fail(_ message: String, _ key: CodingKeys) -> ControlRequestError {
            ControlRequestError(message, field: key.rawValue, id: requestID)
        }
        /// A string field; nil when it is missing or null.
        func string(_ key: CodingKeys) throws(ControlRequestError) -> String? {
            guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { return nil }
            guard let s = try? c.decode(String.self, forKey: key) else {
                throw fail("\"\(key.rawValue)\" must be a string", key)
            }
            return s
        }
        func object(_ key: CodingKeys, needs message: String) throws(ControlRequestError) -> [String: JSONValue] {
            guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { throw fail(message, key) }
            guard let o = try? c.decode([String: JSONValue].self, forKey: key) else {
                throw fail("\"\(key.rawValue)\" must be an object", key)
            }
            return o
        }
        guard let name = try string(.op) else { throw fail("missing \"op\"", .op) }
        guard let op = Op(rawValue: name) else { throw fail("unknown op \"\(name)\"", .op) }
        switch op {
        case .status: operation = .status
        case .devices: operation = .devices
        case .subscribe: operation = .subscribe
        case .reload: operation = .reload
        case .pause: operation = .pause
        case .resume: operation = .resume
        case .calibrationReset:
            guard let device = try string(.device), !device.isEmpty else {
                throw fail("calibration-reset needs \"device\" (a node, a name or vendor:product)", .device)
            }
            operation = .calibrationReset(device: device)
        case .perform:
            guard let type = try string(.type), !type.isEmpty else { throw fail("perform needs \"type\"", .type) }
            operation = .perform(type: type)
        case .intent:
            guard let name = try string(.name), !name.isEmpty else { throw fail("intent needs \"name\"", .name) }
            let parameters = c.contains(.parameters) && (try? c.decodeNil(forKey: .parameters)) != true
                ? try object(.parameters, needs: "") : [:]
            var confirmed = false
            if c.contains(.confirmed) {
                guard let b = try? c.decode(Bool.self, forKey: .confirmed) else {
                    throw fail("\"confirmed\" must be true or false", .confirmed)
                }
                confirmed = b
            }
            operation = .intent(name: name, parameters: parameters, confirmed: confirmed)
        case .shortcuts:
            let actionName = try string(.action) ?? "list"
            guard let action = ShortcutsAction.Name(rawValue: actionName) else {
                throw fail("unknown shortcuts action \"\(actionName)\"", .action)
            }
            switch action {
            case .list: operation = .shortcuts(.list)
            case .set:
                guard c.contains(.items), (try? c.decodeNil(forKey: .items)) != true else {
                    throw fail("set needs \"items\"", .items)
                }
                guard let items = try? c.decode([JSONValue].self, forKey: .items) else {
                    throw fail("\"items\" must be an array", .items)
                }
                operation = .shortcuts(.set(items: items))
            case .add: operation = .shortcuts(.add(item: try object(.item, needs: "add needs \"item\"")))
            case .update: operation = .shortcuts(.update(item: try object(.item, needs: "update needs \"item\"")))
            case .remove:
                guard let type = try string(.type) else { throw fail("remove needs \"type\"", .type) }
                operation = .shortcuts(.remove(type: type))
            case .clear: operation = .shortcuts(.clear)
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(operation.op.rawValue, forKey: .op)
        switch operation {
        case .status, .devices, .subscribe, .reload, .pause, .resume: break
        case .calibrationReset(let device): try c.encode(device, forKey: .device)
        case .perform(let type): try c.encode(type, forKey: .type)
        case .intent(let name, let parameters, let confirmed):
            try c.encode(name, forKey: .name)
            try c.encode(parameters, forKey: .parameters)
            try c.encode(confirmed, forKey: .confirmed)
        case .shortcuts(let action):
            try c.encode(action.name.rawValue, forKey: .action)
            switch action {
            case .list, .clear: break
            case .set(let items): try c.encode(items, forKey: .items)
            case .add(let item), .update(let item): try c.encode(item, forKey: .item)
            case .remove(let type): try c.encode(type, forKey: .type)
            }
        }
    }

    /// Reads one request line; a failure says which field is wrong, with the request's id
    /// when it had one.
    public static func decode(_ line: String) throws(ControlRequestError) -> ControlRequest {
        let data = Data(line.utf8)
        guard case .object(let object)? = try? ProtocolJSON.decode(JSONValue.self, from: data) else {
            throw ControlRequestError("not a JSON object", field: nil, id: nil)
        }
        do {
            return try ProtocolJSON.decode(ControlRequest.self, from: data)
        } catch let error as ControlRequestError {
            throw error
        } catch {
            throw ControlRequestError("not a JSON object", field: nil, id: object["id"])
        }
    }

    /// The request as one line of JSON.
    public var json: String { (try? ProtocolJSON.string(self)) ?? "{}" }
}

/// Why a request line was refused: the message of the error reply, and the field it is about.
public struct ControlRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var field: String?
    public var id: JSONValue?

    public init(_ message: String, field: String?, id: JSONValue?) {
        self.message = message
        self.field = field
        self.id = id
    }

    public var description: String { message }
    public var reply: ControlReply { .failure(message, id: id, kind: .invalidRequest) }
}
