import FoundationEssentials

/// One request on the control socket: a JSON object a line, `"op"` saying what it asks.
///
/// `{"op":"status"}`, `{"op":"devices"}`, `{"op":"subscribe"}`, `{"op":"reload"}`,
/// `{"op":"shortcuts","action":"list|set|add|update|remove|clear",…}`, `{"op":"perform","type":…}`,
/// `{"op":"intent","name":…,"parameters":{…},"confirmed":true|false}`,
/// `{"op":"intent-answer","run":N,"confirmed":true|false}` or `{"op":"intent-answer","run":N,"value":"…"}`,
/// `{"op":"intent-open","run":N}` (the intent window's answers, SPEC §11, "The intent window"),
/// `{"op":"calibration-reset","device":…}`, `{"op":"pause"}`, `{"op":"resume"}`,
/// `{"op":"diagnose"}` (what `forcectl doctor` judges). An `"id"`, any JSON value, comes back in the reply.
///
/// This file is the table of requests: the socket's `Op`s, the `Operation` each makes, their
/// fields, and (`BusMethod`, below) the D-Bus methods that make the same operations. Every
/// switch over them is exhaustive: a request added in one place and not another does not
/// compile. docs/ARCHITECTURE.md says how one is added.
public struct ControlRequest: Codable, Hashable, Sendable {
    public var id: JSONValue?
    public var operation: Operation
    /// For `intent`: show the run in forcetouch-overlay's intent window (`"window":true`,
    /// `forcectl intent … --window`), as a run a gesture or the bus starts is.
    public var window = false

    /// What a request asks, with its fields: what both transports hand `ControlRequestHandler`.
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
        /// The daemon's facts for `forcectl doctor`.
        case diagnose
        /// Read or change a setting of the configuration file (`SettingsState`), in place.
        case settings(SettingsAction)

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
            case .intentAnswer: .intentAnswer
            case .intentOpen: .intentOpen
            case .calibrationReset: .calibrationReset
            case .pause: .pause
            case .resume: .resume
            case .diagnose: .diagnose
            case .settings: .settings
            }
        }
    }

    /// The `"op"` of each request: what `Operation` is without its fields. Decoding switches
    /// over it, so an op without a case does not compile.
    public enum Op: String, CaseIterable, Sendable {
        case status, devices, subscribe, reload, shortcuts, perform, intent
        case intentAnswer = "intent-answer", intentOpen = "intent-open"
        case calibrationReset = "calibration-reset"
        case pause, resume
        case diagnose
        case settings
    }

    /// An answer to an intent window's question.
    public enum IntentWindowAnswer: Hashable, Sendable {
        case confirmed(Bool)
        case value(String)
    }

    /// What a `shortcuts` request does to the dynamic quick actions (its `"action"`).
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

    /// What a `settings` request does (`"action"`): the window's reads and changes.
    public enum SettingsAction: Hashable, Sendable {
        case get
        /// Set `key` (`sensitivity`, `quick-action.2.title`…) to the value as typed.
        case set(key: String, value: String)
        /// Remove `key` from the file, back to its default (a block: the block).
        case reset(key: String)
        /// Put back the file as it was before the last change, if nothing changed it since.
        case undo
        /// Move the block `key` names (`quick-action.3`) to be the `position`-th (from 1).
        case move(key: String, position: UInt32)

        public enum Name: String, CaseIterable, Sendable {
            case get, set, reset, undo, move
        }

        public var name: Name {
            switch self {
            case .get: .get
            case .set: .set
            case .reset: .reset
            case .undo: .undo
            case .move: .move
            }
        }
    }

    public init(_ operation: Operation, id: JSONValue? = nil, window: Bool = false) {
        self.operation = operation
        self.id = id
        self.window = window
    }

    enum CodingKeys: String, CodingKey {
        case id, op, action, type, device, name, parameters, confirmed, items, item, run, value, window, key, position
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
        case .diagnose: operation = .diagnose
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
            if c.contains(.window) {
                guard let b = try? c.decode(Bool.self, forKey: .window) else {
                    throw fail("\"window\" must be true or false", .window)
                }
                window = b
            }
        case .intentAnswer, .intentOpen:
            guard let run = try? c.decode(UInt32.self, forKey: .run), run > 0 else {
                throw fail("\(op.rawValue) needs \"run\", the id of the intent run (from intent-started)", .run)
            }
            if op == .intentOpen {
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
        case .settings:
            let actionName = try string(.action) ?? "get"
            guard let action = SettingsAction.Name(rawValue: actionName) else {
                throw fail("unknown settings action \"\(actionName)\"", .action)
            }
            switch action {
            case .get: operation = .settings(.get)
            case .undo: operation = .settings(.undo)
            case .move:
                guard let key = try string(.key), !key.isEmpty else { throw fail("move needs \"key\"", .key) }
                guard let position = try? c.decode(UInt32.self, forKey: .position), position > 0 else {
                    throw fail("move needs \"position\", the block's new place from 1", .position)
                }
                operation = .settings(.move(key: key, position: position))
            case .set, .reset:
                guard let key = try string(.key), !key.isEmpty else { throw fail("\(actionName) needs \"key\"", .key) }
                if action == .reset {
                    operation = .settings(.reset(key: key))
                } else {
                    guard let value = try string(.value) else { throw fail("set needs \"value\" (a string)", .value) }
                    operation = .settings(.set(key: key, value: value))
                }
            }
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
        case .status, .devices, .subscribe, .reload, .pause, .resume, .diagnose: break
        case .calibrationReset(let device): try c.encode(device, forKey: .device)
        case .perform(let type): try c.encode(type, forKey: .type)
        case .intent(let name, let parameters, let confirmed):
            try c.encode(name, forKey: .name)
            try c.encode(parameters, forKey: .parameters)
            try c.encode(confirmed, forKey: .confirmed)
            if window { try c.encode(true, forKey: .window) }
        case .intentAnswer(let run, let answer):
            try c.encode(run, forKey: .run)
            switch answer {
            case .confirmed(let b): try c.encode(b, forKey: .confirmed)
            case .value(let v): try c.encode(v, forKey: .value)
            }
        case .intentOpen(let run): try c.encode(run, forKey: .run)
        case .settings(let action):
            try c.encode(action.name.rawValue, forKey: .action)
            switch action {
            case .get, .undo: break
            case .set(let key, let value):
                try c.encode(key, forKey: .key)
                try c.encode(value, forKey: .value)
            case .reset(let key): try c.encode(key, forKey: .key)
            case .move(let key, let position):
                try c.encode(key, forKey: .key)
                try c.encode(position, forKey: .position)
            }
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

// MARK: - The same requests as D-Bus methods

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
    /// The intent window's answers (SPEC §11, "The intent window").
    case confirmIntent = "ConfirmIntent"
    case answerIntent = "AnswerIntent"
    case openIntentApp = "OpenIntentApp"
    /// The lookup's answer to "what is under the finger" (SPEC §11): the overlay's or the
    /// GNOME Shell extension's; no control request.
    case pressTarget = "PressTarget"
    /// The settings window's (issue 53): the configuration's settings read, and changed
    /// one at a time in the file, in place (`SettingsState`, as JSON).
    case getSettings = "GetSettings"
    case setSetting = "SetSetting"
    case resetSetting = "ResetSetting"
    case undoSetting = "UndoSetting"
    case moveSetting = "MoveSetting"
    /// The settings window's guided calibration of one device (node, name or vendor:product),
    /// `presses` per step: the daemon counts the device's presses into the steps
    /// (`GuidedCalibration`), says where it stands in `CalibrationProgress`, and writes the
    /// result into the configuration as `forcetest calibrate` does. No control request.
    case startCalibration = "StartCalibration"
    case cancelCalibration = "CancelCalibration"

    /// The member name on the bus.
    public var name: String { rawValue }

    /// The arguments, each named as introspection shows it.
    public var parameters: [BusParameter] {
        switch self {
        case .reload, .getQuickActions, .clearQuickActions, .getSettings, .undoSetting: []
        case .setSetting: [.string("key"), .string("value")]
        case .resetSetting: [.string("key")]
        case .moveSetting: [.string("key"), .uint32("position")]
        case .startCalibration: [.string("device"), .uint32("presses")]
        case .cancelCalibration: [.string("device")]
        case .setQuickActions: [.string("items")]
        case .addQuickAction, .updateQuickAction: [.string("item")]
        case .removeQuickAction, .performQuickAction, .chooseQuickAction: [.string("type")]
        case .runIntent: [.string("name"), .string("parameters"), .bool("confirmed")]
        case .dismissMenu: [.uint32("id")]
        case .resetCalibration: [.string("device")]
        case .confirmIntent: [.uint32("id"), .bool("confirmed")]
        case .answerIntent: [.uint32("id"), .string("value")]
        case .openIntentApp: [.uint32("id")]
        case .pressTarget: [.dictionary("facts")]
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
        case .removeQuickAction, .dismissMenu, .confirmIntent, .answerIntent, .pressTarget: []
        case .startCalibration, .cancelCalibration: []
        case .performQuickAction, .chooseQuickAction, .openIntentApp: [.string("result"), .string("message")]
        case .runIntent: [.string("result"), .string("message"), .string("code"), .string("output")]
        case .resetCalibration: [.strings("forgotten")]
        case .getSettings, .setSetting, .resetSetting, .undoSetting, .moveSetting: [.string("settings")]
        }
    }

    /// The request a call stands for, from its arguments (read by `parameters`); nil for
    /// `DismissMenu` and `PressTarget`, which only the overlay's part of the bus answers. A malformed argument is an
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
        case .dismissMenu, .pressTarget, .startCalibration, .cancelCalibration: return nil
        case .resetCalibration: return .calibrationReset(device: try nonEmpty(try string(), "device"))
        case .getSettings: return .settings(.get)
        case .undoSetting: return .settings(.undo)
        case .setSetting:
            let key = try nonEmpty(try string(), "key")
            return .settings(.set(key: key, value: try string()))
        case .resetSetting: return .settings(.reset(key: try nonEmpty(try string(), "key")))
        case .moveSetting:
            let key = try nonEmpty(try string(), "key")
            guard case .uint32(let position)? = next.next() else { throw mismatch }
            guard position > 0 else {
                throw ControlRequestError("\(name): position counts from 1", field: "position", id: nil)
            }
            return .settings(.move(key: key, position: position))
        case .confirmIntent, .answerIntent, .openIntentApp:
            guard case .uint32(let run)? = next.next() else { throw mismatch }
            if self == .openIntentApp { return .intentOpen(run: run) }
            if self == .answerIntent { return .intentAnswer(run: run, answer: .value(try string())) }
            guard case .bool(let confirmed)? = next.next() else { throw mismatch }
            return .intentAnswer(run: run, answer: .confirmed(confirmed))
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
        case .removeQuickAction, .dismissMenu, .confirmIntent, .answerIntent, .pressTarget: return []
        case .startCalibration, .cancelCalibration: return []
        case .performQuickAction, .chooseQuickAction, .openIntentApp: return [.string(reply.result ?? ""), .string(reply.message ?? "")]
        case .runIntent:
            return [.string(reply.result ?? ""), .string(reply.message ?? ""), .string(reply.code ?? ""),
                    .string(reply.output.map { json($0) } ?? "")]
        case .resetCalibration: return [.strings(reply.forgotten ?? [])]
        case .getSettings, .setSetting, .resetSetting, .undoSetting, .moveSetting:
            return [.string(reply.settings.map { json($0) } ?? "")]
        }
    }

    /// The arguments' type codes, one string: sd-bus's `signature`.
    public var signature: String { parameters.map(\.type.rawValue).joined() }
    /// The return values' type codes: sd-bus's `result`.
    public var resultSignature: String { results.map(\.type.rawValue).joined() }
}

/// One argument or return value of a D-Bus method, or one argument of a signal: its name in
/// introspection, and its type.
public struct BusParameter: Hashable, Sendable {
    public var name: String
    public var type: BusType

    public static func string(_ name: String) -> BusParameter { BusParameter(name: name, type: .string) }
    public static func bool(_ name: String) -> BusParameter { BusParameter(name: name, type: .bool) }
    public static func uint32(_ name: String) -> BusParameter { BusParameter(name: name, type: .uint32) }
    public static func strings(_ name: String) -> BusParameter { BusParameter(name: name, type: .strings) }
    public static func double(_ name: String) -> BusParameter { BusParameter(name: name, type: .double) }
    public static func objectPath(_ name: String) -> BusParameter { BusParameter(name: name, type: .objectPath) }
    public static func dictionaries(_ name: String) -> BusParameter { BusParameter(name: name, type: .dictionaries) }
    public static func dictionary(_ name: String) -> BusParameter { BusParameter(name: name, type: .dictionary) }
}

/// The D-Bus types the Daemon1 methods and signals carry, by their type codes.
public enum BusType: String, Hashable, Sendable {
    case string = "s", bool = "b", uint32 = "u", strings = "as", double = "d", objectPath = "o"
    /// Dictionaries of string variants: the menu's items (`MenuShown`), structured as D-Bus
    /// clients expect rather than JSON in a string.
    case dictionaries = "aa{sv}"
    /// One dictionary of variants: `PressTarget`'s facts (of several types), `MenuShown`'s
    /// target (strings).
    case dictionary = "a{sv}"
}

/// A value a method reads or returns, or a signal carries: the kinds the Daemon1 interface uses.
public enum BusArgument: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case uint32(UInt32)
    case strings([String])
    case double(Double)
    case objectPath(String)
    /// Each dictionary's entries in the order they are sent.
    case dictionaries([[BusEntry]])
    /// One dictionary's entries in the order they are sent or came.
    case dictionary([BusVariantEntry])

    /// Its type, which a signal's or method's table row must give at its place.
    public var type: BusType {
        switch self {
        case .string: .string
        case .bool: .bool
        case .uint32: .uint32
        case .strings: .strings
        case .double: .double
        case .objectPath: .objectPath
        case .dictionaries: .dictionaries
        case .dictionary: .dictionary
        }
    }
}

/// One entry of an `a{sv}` whose variants are strings.
public struct BusEntry: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
