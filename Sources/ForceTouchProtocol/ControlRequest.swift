import FoundationEssentials

/// One request on the control socket: a JSON object a line, `"op"` saying what it asks.
///
/// `{"op":"status"}`, `{"op":"devices"}`, `{"op":"subscribe"}`, `{"op":"reload"}`,
/// `{"op":"shortcuts","action":"list|set|add|update|remove|clear",…}`, `{"op":"perform","type":…}`,
/// `{"op":"intent","name":…,"parameters":{…},"confirmed":true|false}`,
/// `{"op":"intent-answer","run":N,"confirmed":true|false}` or `{"op":"intent-answer","run":N,"value":"…"}`,
/// `{"op":"intent-open","run":N}` (the intent window's answers, SPEC §11, "The intent window"),
/// `{"op":"calibration-reset","device":…}`, `{"op":"pause"}`, `{"op":"resume"}`. An `"id"`, any JSON value, comes back in the reply.
public struct ControlRequest: Codable, Hashable, Sendable {
    public var id: JSONValue?
    public var operation: Operation
    /// For `intent`: show the run in forcetouch-overlay's intent window (`"window":true`,
    /// `forcectl intent … --window`), as a run a gesture or the bus starts is.
    public var window = false

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
        /// Answer the question the intent run `run` waits on (`intent-confirm`…): a
        /// confirmation, or a chosen or typed value.
        case intentAnswer(run: UInt32, answer: IntentWindowAnswer)
        /// Open the app of the intent run `run`, as a tap on its window does.
        case intentOpen(run: UInt32)
        /// Forget what auto-calibration learned of a device: a node, a name or vendor:product.
        case calibrationReset(device: String)
        /// Stop running what gestures are bound to, and give every claimed device back.
        case pause
        /// Undo `pause`.
        case resume
    }

    /// An answer to an intent window's question.
    public enum IntentWindowAnswer: Hashable, Sendable {
        case confirmed(Bool)
        case value(String)
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
    }

    public init(_ operation: Operation, id: JSONValue? = nil, window: Bool = false) {
        self.operation = operation
        self.id = id
        self.window = window
    }

    enum CodingKeys: String, CodingKey {
        case id, op, action, type, device, name, parameters, confirmed, items, item, run, value, window
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
        guard let op = try string(.op) else { throw fail("missing \"op\"", .op) }
        switch op {
        case "status": operation = .status
        case "devices": operation = .devices
        case "subscribe": operation = .subscribe
        case "reload": operation = .reload
        case "pause": operation = .pause
        case "resume": operation = .resume
        case "calibration-reset":
            guard let device = try string(.device), !device.isEmpty else {
                throw fail("calibration-reset needs \"device\" (a node, a name or vendor:product)", .device)
            }
            operation = .calibrationReset(device: device)
        case "perform":
            guard let type = try string(.type), !type.isEmpty else { throw fail("perform needs \"type\"", .type) }
            operation = .perform(type: type)
        case "intent":
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
            if c.contains(.window) {
                guard let b = try? c.decode(Bool.self, forKey: .window) else {
                    throw fail("\"window\" must be true or false", .window)
                }
                window = b
            }
        case "intent-answer", "intent-open":
            guard let run = try? c.decode(UInt32.self, forKey: .run), run > 0 else {
                throw fail("\(op) needs \"run\", the id of the intent run (from intent-started)", .run)
            }
            if op == "intent-open" {
                operation = .intentOpen(run: run)
            } else if c.contains(.confirmed) {
                guard let b = try? c.decode(Bool.self, forKey: .confirmed) else {
                    throw fail("\"confirmed\" must be true or false", .confirmed)
                }
                operation = .intentAnswer(run: run, answer: .confirmed(b))
            } else if let value = try string(.value) {
                operation = .intentAnswer(run: run, answer: .value(value))
            } else {
                throw fail("intent-answer needs \"confirmed\" (true or false) or \"value\" (a string)", .value)
            }
        case "shortcuts":
            let action = try string(.action) ?? "list"
            switch action {
            case "list": operation = .shortcuts(.list)
            case "set":
                guard c.contains(.items), (try? c.decodeNil(forKey: .items)) != true else {
                    throw fail("set needs \"items\"", .items)
                }
                guard let items = try? c.decode([JSONValue].self, forKey: .items) else {
                    throw fail("\"items\" must be an array", .items)
                }
                operation = .shortcuts(.set(items: items))
            case "add": operation = .shortcuts(.add(item: try object(.item, needs: "add needs \"item\"")))
            case "update": operation = .shortcuts(.update(item: try object(.item, needs: "update needs \"item\"")))
            case "remove":
                guard let type = try string(.type) else { throw fail("remove needs \"type\"", .type) }
                operation = .shortcuts(.remove(type: type))
            case "clear": operation = .shortcuts(.clear)
            default: throw fail("unknown shortcuts action \"\(action)\"", .action)
            }
        default:
            throw fail("unknown op \"\(op)\"", .op)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        switch operation {
        case .status: try c.encode("status", forKey: .op)
        case .devices: try c.encode("devices", forKey: .op)
        case .subscribe: try c.encode("subscribe", forKey: .op)
        case .reload: try c.encode("reload", forKey: .op)
        case .pause: try c.encode("pause", forKey: .op)
        case .resume: try c.encode("resume", forKey: .op)
        case .calibrationReset(let device):
            try c.encode("calibration-reset", forKey: .op)
            try c.encode(device, forKey: .device)
        case .perform(let type):
            try c.encode("perform", forKey: .op)
            try c.encode(type, forKey: .type)
        case .intent(let name, let parameters, let confirmed):
            try c.encode("intent", forKey: .op)
            try c.encode(name, forKey: .name)
            try c.encode(parameters, forKey: .parameters)
            try c.encode(confirmed, forKey: .confirmed)
            if window { try c.encode(true, forKey: .window) }
        case .intentAnswer(let run, let answer):
            try c.encode("intent-answer", forKey: .op)
            try c.encode(run, forKey: .run)
            switch answer {
            case .confirmed(let b): try c.encode(b, forKey: .confirmed)
            case .value(let v): try c.encode(v, forKey: .value)
            }
        case .intentOpen(let run):
            try c.encode("intent-open", forKey: .op)
            try c.encode(run, forKey: .run)
        case .shortcuts(let action):
            try c.encode("shortcuts", forKey: .op)
            switch action {
            case .list: try c.encode("list", forKey: .action)
            case .set(let items):
                try c.encode("set", forKey: .action)
                try c.encode(items, forKey: .items)
            case .add(let item):
                try c.encode("add", forKey: .action)
                try c.encode(item, forKey: .item)
            case .update(let item):
                try c.encode("update", forKey: .action)
                try c.encode(item, forKey: .item)
            case .remove(let type):
                try c.encode("remove", forKey: .action)
                try c.encode(type, forKey: .type)
            case .clear: try c.encode("clear", forKey: .action)
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
