import FoundationEssentials
import ForceTouchCore
import ForceTouchProtocol
import Logging

/// Answers control requests, whichever transport brought them: the socket's JSON lines and
/// the D-Bus methods (`BusService`) both come here as `ControlRequest`s and leave as
/// `ControlReply`s (ForceTouchProtocol), so the two cannot answer differently.
struct ControlRequestHandler {
    unowned let daemon: Daemon

    /// A socket line: the reply, or nil when it comes later (perform, intent).
    func handle(_ line: String, client: ControlServer.ClientID) -> String? {
        let request: ControlRequest
        do {
            request = try ControlRequest.decode(line)
        } catch {
            return error.reply.json
        }
        let pending = PendingReply()
        answer(request, client: client) { [weak daemon] reply in
            if pending.waiting { pending.reply = reply } else { daemon?.control?.reply(reply.json, to: client) }
        }
        pending.waiting = false
        return pending.reply?.json
    }

    /// Answers `request` through `done`, at once or when the work it started ends. `client`
    /// is the socket connection it came on; nil for D-Bus, which has signals, not `subscribe`.
    func answer(_ request: ControlRequest, client: ControlServer.ClientID?, _ done: @escaping (ControlReply) -> Void) {
        let id = request.id
        var reply = ControlReply.success(id: id)
        switch request.operation {
        case .status:
            reply.status = daemon.status()
        case .devices:
            reply.devices = daemon.devicesJSON()
        case .diagnose:
            reply.diagnosis = daemon.diagnosis()
        case .subscribe:
            guard let client else { return done(.failure("subscribe is for the control socket", id: id)) }
            if let refused = daemon.control?.subscribe(client) {
                daemon.logger.warning("control: refused a subscription: \(refused)")
                return done(.failure(refused, id: id))
            }
            reply.subscribed = true
        case .reload:
            daemon.reload { loaded, message in
                guard loaded else { return done(.failure(message, id: id, kind: .reloadRefused)) }
                var reply = ControlReply.success(id: id)
                reply.message = message
                done(reply)
            }
            return
        case .pause, .resume:
            let pause = request.operation == .pause
            daemon.setPaused(pause)
            reply.message = pause ? "paused: nothing bound to a gesture runs, and every claimed device is given back"
                : "resumed"
        case .settings(let action):
            daemon.settings(action) { result in
                switch result {
                case .success(let answer):
                    var reply = ControlReply.success(id: id)
                    reply.settings = answer.state
                    reply.message = answer.message
                    done(reply)
                case .failure(let e):
                    done(.failure(e.message, id: id, kind: .settingRefused))
                }
            }
            return
        case .shortcuts(let action):
            reply = shortcuts(action, id: id)
        case .calibrationReset(let device):
            do {
                let names = try daemon.resetLearned(device)
                guard !names.isEmpty else {
                    return done(.failure("no device \"\(device)\" is connected or has a learned calibration", id: id,
                                         kind: .unknownDevice))
                }
                reply.forgotten = names
            } catch {
                return done(.failure("cannot save: \(error)", id: id))
            }
        case .perform(let type):
            guard daemon.runner.shortcuts.item(type: type) != nil else {
                return done(.failure("no quick action of type \"\(type)\"", id: id, kind: .unknownType))
            }
            let by = client == nil ? "D-Bus" : "forcectl"
            daemon.runner.perform(type: type, event: nil, device: nil, label: "\(by) perform \(type)") { result in
                done(Self.result(result, id: id))
            }
            return
        case .intentAnswer(let run, let answer):
            let given: IntentAnswer = switch answer {
            case .confirmed(let b): .confirmed(b)
            case .value(let v): .value(v)
            }
            guard daemon.runner.intentWindows.answer(id: run, given) else {
                return done(.failure("intent run \(run) waits for no answer", id: id))
            }
            reply.message = "answered"
        case .intentOpen(let run):
            guard let app = daemon.runner.intentWindows.app(of: run) else {
                return done(.failure("intent run \(run) has no app (no such run, or its intent sets no \"app\")", id: id))
            }
            daemon.runner.openIntentApp(app, label: "\(client == nil ? "D-Bus" : "forcectl") intent run \(run)") { result in
                done(Self.result(result, id: id))
            }
            return
        case .intent(let name, let parameters, let confirmed):
            guard daemon.configuration.intents.contains(where: { $0.name == name }) else {
                return done(.failure("no intent named \"\(name)\"", id: id, kind: .unknownIntent))
            }
            let keyValues = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.parameterText)" }
            // A run the bus starts, or one asking for it, shows in the overlay's intent window (SPEC §11, "The intent window").
            daemon.runner.runIntent(name, keyValues: keyValues, confirmed: confirmed, window: client == nil || request.window,
                                    label: "\(client == nil ? "D-Bus" : "forcectl") intent \(name)") { result in
                var reply = Self.result(result, id: id)
                reply.code = result.code ?? result.outcome.rawValue
                reply.output = result.output
                done(reply)
            }
            return
        }
        done(reply)
    }

    /// Whether an answer came while `answer` was still running (then `handle` returns it).
    private final class PendingReply {
        var waiting = true
        var reply: ControlReply?
    }

    private func shortcuts(_ action: ControlRequest.ShortcutsAction, id: JSONValue?) -> ControlReply {
        func data(_ value: some Encodable) throws -> Data { try ProtocolJSON.encoder.encode(value) }
        var reply = ControlReply.success(id: id)
        do {
            switch action {
            case .list:
                reply.items = daemon.shortcutEntriesJSON(all: true)
                reply.menu = daemon.shortcutEntriesJSON(all: false)
            case .set(let items):
                let items = try ShortcutJSON.decodeItems(try data(items))
                try daemon.changeShortcuts { try $0.setDynamic(items) }
                reply.count = items.count
            case .add(let item):
                let item = try ShortcutJSON.decodeItem(try data(item))
                var result = ShortcutStore.AddResult.added
                try daemon.changeShortcuts { result = try $0.add(item) }
                reply.result = result.rawValue
            case .update(let item):
                let (type, update) = try ShortcutJSON.decodeUpdate(try data(item))
                try daemon.changeShortcuts { _ = try $0.update(type: type, update) }
                reply.type = type
            case .remove(let type):
                try daemon.changeShortcuts { _ = try $0.remove(type: type) }
                reply.type = type
            case .clear:
                var count = 0
                try daemon.changeShortcuts { count = $0.clear() }
                reply.count = count
            }
            return reply
        } catch let e as ShortcutError {
            return .failure(e.message, id: id, kind: Self.kind(of: action, store: daemon.runner.shortcuts))
        } catch {
            return .failure("\(error)", id: id)
        }
    }

    /// An update or a removal of a type nothing has is an unknown type; any other refusal is
    /// about the item.
    static func kind(of action: ControlRequest.ShortcutsAction, store: ShortcutStore) -> ControlErrorKind {
        switch action {
        case .remove(let type) where store.item(type: type) == nil: .unknownType
        case .update(let item):
            if case .string(let type)? = item["type"], store.item(type: type) == nil { .unknownType } else { .invalidItem }
        case .list, .set, .add, .remove, .clear: .invalidItem
        }
    }

    static func result(_ r: ActionResult, id: JSONValue?) -> ControlReply {
        var reply = ControlReply.success(id: id)
        reply.result = r.outcome.rawValue
        reply.message = r.message
        return reply
    }
}
