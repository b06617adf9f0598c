import CBusSupport
import CSystemd
import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials
import Glibc

/// forcetouchd on the session bus: the root object (`io.github.forcetouch.Daemon1`), one
/// object per followed device (`io.github.forcetouch.Device1`), and their signals.
///
/// Methods become `ControlRequest`s answered by the same `ControlRequestHandler` as the
/// control socket; their `ControlReply` becomes the method's return values or a D-Bus error.
/// Properties are read from the daemon when asked; what changed is announced with
/// `PropertiesChanged` by `sync()`, which the daemon runs before the loop sleeps whenever
/// something may have changed.
final class BusService {
    unowned let daemon: Daemon
    let connection: BusConnection
    private var rootSlot: OpaquePointer?
    /// The match on the overlay's name changing owner.
    private var overlaySlot: OpaquePointer?
    /// Told whether an overlay owns `BusNames.overlay`: at start, then at every change.
    var onOverlayChanged: (Bool) -> Void = { _ in }
    /// One object per followed device, by device node.
    private var devices: [String: DeviceObject] = [:]
    private var nextIndex = 0
    /// The root's properties as last announced.
    private var announced: [String: BusMessage.Value] = [:]
    /// Set when devices, capability, calibration or `Paused` may have changed.
    var needsSync = false

    private final class DeviceObject {
        let path: String
        var slot: OpaquePointer?
        var announced: [String: BusMessage.Value] = [:]
        init(path: String) { self.path = path }
    }

    init(daemon: Daemon, environment: [String: String]) throws(BusConnection.Failure) {
        self.daemon = daemon
        connection = try BusConnection(name: BusNames.service, environment: environment)
        ft_bus_set_handlers(Self.handlers())
        let me = Unmanaged.passUnretained(self).toOpaque()
        var r = ft_bus_add_daemon(connection.bus, &rootSlot, BusNames.rootPath, me)
        // ObjectManager at the root: device objects come and go with InterfacesAdded/Removed.
        if r >= 0 { r = sd_bus_add_object_manager(connection.bus, nil, BusNames.rootPath) }
        guard r >= 0 else { throw BusConnection.Failure(description: "cannot export \(BusNames.rootPath): \(String(cString: strerror(-r)))") }
        announced = rootProperties()
        needsSync = true
        let match = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
            + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(BusNames.overlay)'"
        r = sd_bus_add_match(connection.bus, &overlaySlot, match, { m, userdata, _ in
            guard let m, let service = BusService.service(userdata) else { return 0 }
            let message = BusMessage(pointer: m)
            _ = try? message.readString()
            _ = try? message.readString()
            let owner = (try? message.readString()) ?? ""
            service.onOverlayChanged(!owner.isEmpty)
            return 0
        }, me)
        if r < 0 { throw BusConnection.Failure(description: "cannot watch \(BusNames.overlay): \(String(cString: strerror(-r)))") }
    }

    /// Whether an overlay owns its name now; asked once, at start (then NameOwnerChanged says).
    func overlayOwned() -> Bool {
        var call: OpaquePointer?, reply: OpaquePointer?
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error); sd_bus_message_unref(call); sd_bus_message_unref(reply) }
        guard sd_bus_message_new_method_call(connection.bus, &call, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                             "org.freedesktop.DBus", "NameHasOwner") >= 0, let call else { return false }
        BusMessage(pointer: call).append(BusNames.overlay)
        guard sd_bus_call(connection.bus, call, 5_000_000, &error, &reply) >= 0, let reply else { return false }
        return (try? BusMessage(pointer: reply).readBool()) ?? false
    }

    deinit {
        sd_bus_slot_unref(overlaySlot)
        for object in devices.values { sd_bus_slot_unref(object.slot) }
        sd_bus_slot_unref(rootSlot)
    }

    // MARK: Objects and properties

    /// Adds and removes device objects to match the daemon's sessions, and announces the
    /// properties that changed since last time.
    func sync() {
        needsSync = false
        let me = Unmanaged.passUnretained(self).toOpaque()
        for (node, object) in devices where daemon.sessions[node] == nil {
            _ = sd_bus_emit_object_removed(connection.bus, object.path)
            sd_bus_slot_unref(object.slot)
            devices[node] = nil
        }
        for node in daemon.sessions.keys.sorted() where devices[node] == nil {
            let object = DeviceObject(path: "\(BusNames.devicesPath)/\(nextIndex)")
            nextIndex += 1
            guard ft_bus_add_device(connection.bus, &object.slot, object.path, me) >= 0 else { continue }
            devices[node] = object
            object.announced = deviceProperties(node) ?? [:]
            _ = sd_bus_emit_object_added(connection.bus, object.path)
        }
        for (node, object) in devices {
            guard let now = deviceProperties(node) else { continue }
            let changed = now.keys.filter { now[$0] != object.announced[$0] }.sorted()
            object.announced = now
            connection.emitPropertiesChanged(path: object.path, interface: BusNames.deviceInterface, names: changed)
        }
        let now = rootProperties()
        let changed = now.keys.filter { now[$0] != announced[$0] }.sorted()
        announced = now
        connection.emitPropertiesChanged(path: BusNames.rootPath, interface: BusNames.daemonInterface, names: changed)
    }

    func rootProperties() -> [String: BusMessage.Value] {
        [
            "Version": .string(daemon.version),
            "Capability": .string(daemon.overallCapability.description),
            "Paused": .bool(daemon.paused),
            "Devices": .objectPaths(devices.values.map(\.path).sorted()),
        ]
    }

    func deviceProperties(_ node: String) -> [String: BusMessage.Value]? {
        guard let s = daemon.sessions[node] else { return nil }
        return [
            "Node": .string(s.node.devnode),
            "Name": .string(s.name),
            "Class": .string(s.deviceClass.rawValue),
            "Id": .string(s.description.id.vendorProduct),
            "Capability": .string(s.capability.capability.description),
            "Reason": .string(s.capability.reason),
            "Emulated": .bool(s.capability.emulated == true),
            "MaximumPossibleForce": .double(s.engine.forceModel?.maximumPossibleForce ?? 0),
            "CalibrationSource": .string(s.engine.forceModel == nil ? "" : s.engine.calibrationSource.info(average: nil).source),
        ]
    }

    /// The object of the device at `node`, creating it first if the device is new; the root
    /// path when there is none (a device that could not be opened).
    func path(forDevice node: String) -> String {
        if devices[node] == nil, daemon.sessions[node] != nil { sync() }
        return devices[node]?.path ?? BusNames.rootPath
    }

    private func node(forPath path: String) -> String? {
        devices.first { $0.value.path == path }?.key
    }

    // MARK: Signals

    func gesture(_ g: GestureEvent, node: String) {
        let m = GestureReport.gestureMessage(g, device: nil)
        connection.emitSignal(path: BusNames.rootPath, interface: BusNames.daemonInterface, member: "Gesture") { s in
            s.append(objectPath: path(forDevice: node))
            s.append(m.gesture)
            s.append(m.phase)
            s.append(UInt32(max(m.fingers, 0)))
            s.append(m.time.value)
            s.append(m.x.value)
            s.append(m.y.value)
            s.append(m.force.value)
            s.append(m.stage ?? "")
            s.append(m.transitionProgress?.value ?? 0)
            s.append(m.commitProgress?.value ?? 0)
        }
    }

    func capabilityChanged(_ message: CapabilityMessage) {
        let device = path(forDevice: message.node)
        connection.emitSignal(path: BusNames.rootPath, interface: BusNames.daemonInterface, member: "CapabilityChanged") { s in
            s.append(objectPath: device)
            s.append(message.node)
            s.append(message.capability)
            s.append(message.reason)
            s.append(message.overall)
        }
        needsSync = true
    }

    func quickActionPerformed(type: String, title: String, result: ActionResult) {
        connection.emitSignal(path: BusNames.rootPath, interface: BusNames.daemonInterface, member: "QuickActionPerformed") { s in
            s.append(type)
            s.append(title)
            s.append(result.outcome.rawValue)
            s.append(result.message)
        }
    }

    /// The overlay's messages (OverlayMenus), as the Daemon1 signals `MenuShown`,
    /// `PressProgress` and `MenuDismissed`.
    func overlay(_ message: OverlayMenus.Message) {
        func emit(_ member: String, _ body: (BusMessage) -> Void) {
            connection.emitSignal(path: BusNames.rootPath, interface: BusNames.daemonInterface, member: member, body)
        }
        switch message {
        case .shown(let m):
            emit("MenuShown") { s in
                s.append(m.id)
                s.appendDictionaries(m.items.map { item in
                    [("type", item.type), ("title", item.title), ("subtitle", item.subtitle), ("icon", item.icon),
                     ("icon-file", item.iconFile), ("kind", item.kind)]
                })
                s.append(m.x.value)
                s.append(m.y.value)
                s.append(m.placement.rawValue)
                s.append(m.output)
            }
        case .progress(let m):
            emit("PressProgress") { s in
                s.append(m.phase)
                s.append(m.stage)
                s.append(m.transitionProgress.value)
                s.append(m.commitProgress.value)
                s.append(m.x.value)
                s.append(m.y.value)
                s.append(m.placement.rawValue)
                s.append(m.output)
            }
        case .dismissed(let m):
            emit("MenuDismissed") { s in
                s.append(m.id)
                s.append(m.reason)
            }
        }
    }

    /// The intent window's messages (IntentWindows), as the Daemon1 signals `IntentStarted`,
    /// `IntentConfirm`, `IntentChoose`, `IntentNeedsValue` and `IntentResponse`.
    func intentWindow(_ message: IntentWindows.Message) {
        func emit(_ member: String, _ body: (BusMessage) -> Void) {
            connection.emitSignal(path: BusNames.rootPath, interface: BusNames.daemonInterface, member: member, body)
        }
        switch message {
        case .started(let m):
            emit("IntentStarted") { s in
                s.append(m.id); s.append(m.intent); s.append(m.title); s.append(m.app)
                s.append(m.x.value); s.append(m.y.value); s.append(m.placement.rawValue); s.append(m.output)
                s.append(m.located)
            }
        case .ask(let m):
            let member = switch m.event {
            case "intent-choose": "IntentChoose"
            case "intent-needs-value": "IntentNeedsValue"
            default: "IntentConfirm"
            }
            emit(member) { s in
                s.append(m.id); s.append(m.intent); s.append(m.title); s.append(m.prompt); s.append(m.parameter)
                if member == "IntentChoose" { s.appendArray(of: "s") { for c in m.choices { s.append(c) } } }
                if member == "IntentNeedsValue" { s.append(m.type) }
                s.append(m.timeout.value)
            }
        case .window(let m):
            emit("IntentResponse") { s in
                s.append(m.id); s.append(m.intent); s.append(m.title); s.append(m.code); s.append(m.message)
                s.append(m.text); s.append(m.image); s.append(m.app); s.append(m.final)
            }
        }
    }

    /// Where the AssistiveTouch button is, as the Daemon1 signal `AssistiveButton`.
    func assistiveButton(_ m: AssistiveButtonMessage) {
        connection.emitSignal(path: BusNames.rootPath, interface: BusNames.daemonInterface, member: "AssistiveButton") { s in
            s.append(m.x.value)
            s.append(m.y.value)
            s.append(m.size.value)
            s.append(m.output)
            s.append(m.state)
        }
    }

    // MARK: Methods

    /// `ChooseQuickAction` and `DismissMenu`, the overlay's methods. Choosing an item of the
    /// menu on screen performs it as the menu program's choice would; any other type is
    /// performed as `PerformQuickAction` (and `forcectl perform`) does.
    private func overlayCall(_ call: BusMessage) -> Int32? {
        switch call.member {
        case "ChooseQuickAction":
            guard let type = try? call.readString() else { return nil }
            sd_bus_message_ref(call.pointer)
            let handled = daemon.runner.overlay.choose(type: type) { [connection] result in
                defer { sd_bus_message_unref(call.pointer) }
                connection.reply(to: call) { m in
                    m.append(result.outcome.rawValue)
                    m.append(result.message)
                }
            }
            if handled { return 1 }
            sd_bus_message_unref(call.pointer)
            return nil
        case "DismissMenu":
            guard let id = try? call.readUInt32() else { return nil }
            daemon.runner.overlay.dismiss(id: id == 0 ? nil : id, reason: "dismissed")
            connection.reply(to: call) { _ in }
            return 1
        default:
            return nil
        }
    }

    /// The request a method call stands for; a malformed argument is an `InvalidRequest`.
    private func request(_ call: BusMessage) throws(ControlRequestError) -> ControlRequest.Operation {
        func string() throws(ControlRequestError) -> String {
            do { return try call.readString() } catch {
                throw ControlRequestError("\(call.member): the arguments do not match its signature", field: nil, id: nil)
            }
        }
        func json(_ text: String, _ what: String) throws(ControlRequestError) -> JSONValue {
            guard let value = try? ProtocolJSON.decode(JSONValue.self, from: Data(text.utf8)) else {
                throw ControlRequestError("\(call.member): \(what) is not valid JSON", field: what, id: nil)
            }
            return value
        }
        func object(_ text: String, _ what: String) throws(ControlRequestError) -> [String: JSONValue] {
            guard case .object(let o) = try json(text, what) else {
                throw ControlRequestError("\(call.member): \(what) must be a JSON object", field: what, id: nil)
            }
            return o
        }
        func nonEmpty(_ s: String, _ what: String) throws(ControlRequestError) -> String {
            guard !s.isEmpty else { throw ControlRequestError("\(call.member): \(what) must not be empty", field: what, id: nil) }
            return s
        }
        switch call.member {
        case "Reload": return .reload
        case "GetQuickActions": return .shortcuts(.list)
        case "SetQuickActions":
            guard case .array(let items) = try json(try string(), "items") else {
                throw ControlRequestError("SetQuickActions: items must be a JSON array", field: "items", id: nil)
            }
            return .shortcuts(.set(items: items))
        case "AddQuickAction": return .shortcuts(.add(item: try object(try string(), "item")))
        case "UpdateQuickAction": return .shortcuts(.update(item: try object(try string(), "item")))
        case "RemoveQuickAction": return .shortcuts(.remove(type: try nonEmpty(try string(), "type")))
        case "ClearQuickActions": return .shortcuts(.clear)
        case "PerformQuickAction", "ChooseQuickAction": return .perform(type: try nonEmpty(try string(), "type"))
        case "RunIntent":
            let name = try nonEmpty(try string(), "name")
            let text = try string()
            let parameters = text.isEmpty ? [:] : try object(text, "parameters")
            let confirmed: Bool
            do { confirmed = try call.readBool() } catch {
                throw ControlRequestError("RunIntent: the arguments do not match its signature", field: nil, id: nil)
            }
            return .intent(name: name, parameters: parameters, confirmed: confirmed)
        case "ResetCalibration": return .calibrationReset(device: try nonEmpty(try string(), "device"))
        case "ConfirmIntent", "AnswerIntent", "OpenIntentApp":
            let run: UInt32
            do { run = try call.readUInt32() } catch {
                throw ControlRequestError("\(call.member): the arguments do not match its signature", field: nil, id: nil)
            }
            if call.member == "OpenIntentApp" { return .intentOpen(run: run) }
            if call.member == "AnswerIntent" { return .intentAnswer(run: run, answer: .value(try string())) }
            do { return .intentAnswer(run: run, answer: .confirmed(try call.readBool())) } catch {
                throw ControlRequestError("ConfirmIntent: the arguments do not match its signature", field: nil, id: nil)
            }
        default:
            throw ControlRequestError("no method \(call.member)", field: nil, id: nil)
        }
    }

    fileprivate func call(_ call: BusMessage) -> Int32 {
        if let handled = overlayCall(call) { return handled }
        // overlayCall may have read the type: what follows reads the arguments afresh.
        _ = sd_bus_message_rewind(call.pointer, 1)
        let operation: ControlRequest.Operation
        do {
            operation = try request(call)
        } catch {
            connection.replyError(to: call, name: BusNames.errorPrefix + ControlErrorKind.invalidRequest.dbusName,
                                  message: error.message)
            return 1
        }
        // Kept until the answer comes: performing and intents answer later.
        sd_bus_message_ref(call.pointer)
        ControlRequestHandler(daemon: daemon).answer(ControlRequest(operation), client: nil) { [connection] reply in
            defer { sd_bus_message_unref(call.pointer) }
            guard reply.ok else {
                let name = BusNames.errorPrefix + (reply.errorKind?.dbusName ?? "Failed")
                return connection.replyError(to: call, name: name, message: reply.error ?? "failed")
            }
            connection.reply(to: call) { m in Self.appendResult(of: call.member, reply, to: m) }
        }
        return 1
    }

    /// The method's return values, from the reply's fields (dbus/io.github.forcetouch.Daemon1.xml).
    static func appendResult(of member: String, _ reply: ControlReply, to m: BusMessage) {
        func json(_ value: some Encodable) -> String { (try? ProtocolJSON.string(value)) ?? "" }
        switch member {
        case "Reload": m.append(reply.message ?? "")
        case "GetQuickActions":
            m.append(json(reply.items ?? []))
            m.append(json(reply.menu ?? []))
        case "SetQuickActions", "ClearQuickActions": m.append(UInt32(reply.count ?? 0))
        case "AddQuickAction": m.append(reply.result ?? "")
        case "UpdateQuickAction": m.append(reply.type ?? "")
        case "PerformQuickAction", "ChooseQuickAction":
            m.append(reply.result ?? "")
            m.append(reply.message ?? "")
        case "RunIntent":
            m.append(reply.result ?? "")
            m.append(reply.message ?? "")
            m.append(reply.code ?? "")
            m.append(reply.output.map { json($0) } ?? "")
        case "OpenIntentApp":
            m.append(reply.result ?? "")
            m.append(reply.message ?? "")
        case "ResetCalibration": m.appendArray(of: "s") { for name in reply.forgotten ?? [] { m.append(name) } }
        default: break
        }
    }

    fileprivate func get(path: String, property: String, into reply: BusMessage) -> Int32 {
        let values = path == BusNames.rootPath ? rootProperties() : node(forPath: path).flatMap(deviceProperties)
        guard let value = values?[property] else { return -ENOENT }
        let r = value.append(to: reply)
        return r < 0 ? r : 1
    }

    fileprivate func set(path: String, property: String, value: BusMessage) -> Int32 {
        guard path == BusNames.rootPath, property == "Paused" else { return -EACCES }
        do {
            daemon.setPaused(try value.readBool())
        } catch {
            return -EINVAL
        }
        needsSync = true
        return 1
    }

    // MARK: The C callbacks

    fileprivate static func service(_ userdata: UnsafeMutableRawPointer?) -> BusService? {
        userdata.map { Unmanaged<BusService>.fromOpaque($0).takeUnretainedValue() }
    }

    static func handlers() -> ft_bus_handlers {
        ft_bus_handlers(
            method: { m, userdata, _ in
                guard let m, let service = BusService.service(userdata) else { return -EINVAL }
                return service.call(BusMessage(pointer: m))
            },
            get: { _, path, _, property, reply, userdata, _ in
                guard let path, let property, let reply, let service = BusService.service(userdata) else { return -EINVAL }
                return service.get(path: String(cString: path), property: String(cString: property),
                                   into: BusMessage(pointer: reply))
            },
            set: { _, path, _, property, value, userdata, _ in
                guard let path, let property, let value, let service = BusService.service(userdata) else { return -EINVAL }
                return service.set(path: String(cString: path), property: String(cString: property),
                                   value: BusMessage(pointer: value))
            })
    }
}
