import Foundation
import ForceTouchCore
import ForceTouchProtocol

/// Answers control-socket requests: one JSON object a line in, one out, read and written
/// with the `ControlRequest` and `ControlReply` types of ForceTouchProtocol.
struct ControlRequestHandler {
    unowned let daemon: Daemon

    /// The reply, or nil when it comes later (perform, intent).
    func handle(_ line: String, client: ControlServer.ClientID) -> String? {
        let request: ControlRequest
        do {
            request = try ControlRequest.decode(line)
        } catch {
            return error.reply.json
        }
        return answer(request, client: client)?.json
    }

    private func answer(_ request: ControlRequest, client: ControlServer.ClientID) -> ControlReply? {
        let id = request.id
        var reply = ControlReply.success(id: id)
        switch request.operation {
        case .status:
            reply.status = daemon.status()
        case .devices:
            reply.devices = daemon.devicesJSON()
        case .subscribe:
            daemon.control?.subscribe(client)
            reply.subscribed = true
        case .reload:
            let (loaded, message) = daemon.reload()
            guard loaded else { return .failure(message, id: id) }
            reply.message = message
        case .shortcuts(let action):
            return shortcuts(action, id: id)
        case .calibrationReset(let device):
            do {
                let names = try daemon.resetLearned(device)
                guard !names.isEmpty else {
                    return .failure("no device \"\(device)\" is connected or has a learned calibration", id: id)
                }
                reply.forgotten = names
            } catch {
                return .failure("cannot save: \(error)", id: id)
            }
        case .perform(let type):
            daemon.runner.perform(type: type, event: nil, device: nil, label: "forcectl perform \(type)") { [weak daemon] result in
                daemon?.control?.reply(Self.result(result, id: id).json, to: client)
            }
            return nil
        case .intent(let name, let parameters, let confirmed):
            let keyValues = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.parameterText)" }
            daemon.runner.runIntent(name, keyValues: keyValues, confirmed: confirmed,
                                    label: "forcectl intent \(name)") { [weak daemon] result in
                var reply = Self.result(result, id: id)
                reply.code = result.code ?? result.outcome.rawValue
                reply.output = result.output
                daemon?.control?.reply(reply.json, to: client)
            }
            return nil
        }
        return reply
    }

    private func shortcuts(_ action: ControlRequest.ShortcutsAction, id: JSONValue?) -> ControlReply {
        func data(_ value: some Encodable) throws -> Data { try ProtocolJSON.encoder().encode(value) }
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
            return .failure(e.message, id: id)
        } catch {
            return .failure("\(error)", id: id)
        }
    }

    static func result(_ r: ActionResult, id: JSONValue?) -> ControlReply {
        var reply = ControlReply.success(id: id)
        reply.result = r.outcome.rawValue
        reply.message = r.message
        return reply
    }
}
