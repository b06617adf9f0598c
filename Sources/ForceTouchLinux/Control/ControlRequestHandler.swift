import Foundation
import ForceTouchCore

/// Answers control-socket requests: one JSON object a line in, one out.
///
/// Requests: `{"op":"status"}`, `{"op":"devices"}`, `{"op":"subscribe"}`, `{"op":"reload"}`,
/// `{"op":"shortcuts","action":"list|set|add|update|remove|clear",…}`,
/// `{"op":"perform","type":…}`, `{"op":"calibration-reset","device":…}`, `{"op":"intent","name":…,"parameters":{…},"confirmed":true|false}`. Replies carry
/// `"ok"`; failures say why in `"error"`. An `"id"` in the request comes back in the reply.
struct ControlRequestHandler {
    unowned let daemon: Daemon

    /// The reply, or nil when it comes later (perform, intent).
    func handle(_ line: String, client: ControlServer.ClientID) -> String? {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data),
              let request = object as? [String: Any] else {
            return Self.error("not a JSON object", id: nil)
        }
        let id = request["id"]
        guard let op = request["op"] as? String else { return Self.error("missing \"op\"", id: id) }
        switch op {
        case "status":
            return Self.ok(id, ["status": daemon.statusJSON()])
        case "devices":
            return Self.ok(id, ["devices": daemon.devicesJSON()])
        case "subscribe":
            daemon.control?.subscribe(client)
            return Self.ok(id, ["subscribed": true])
        case "reload":
            let (loaded, message) = daemon.reload()
            return loaded ? Self.ok(id, ["message": message]) : Self.error(message, id: id)
        case "shortcuts":
            return shortcuts(request, id: id)
        case "calibration-reset":
            guard let device = request["device"] as? String, !device.isEmpty else {
                return Self.error("calibration-reset needs \"device\" (a node, a name or vendor:product)", id: id)
            }
            do {
                let names = try daemon.resetLearned(device)
                guard !names.isEmpty else {
                    return Self.error("no device \"\(device)\" is connected or has a learned calibration", id: id)
                }
                return Self.ok(id, ["forgotten": names])
            } catch {
                return Self.error("cannot save: \(error)", id: id)
            }
        case "perform":
            guard let type = request["type"] as? String, !type.isEmpty else {
                return Self.error("perform needs \"type\"", id: id)
            }
            daemon.runner.perform(type: type, event: nil, device: nil, label: "forcectl perform \(type)") { [weak daemon] result in
                daemon?.control?.reply(Self.result(result, id: id), to: client)
            }
            return nil
        case "intent":
            guard let name = request["name"] as? String, !name.isEmpty else {
                return Self.error("intent needs \"name\"", id: id)
            }
            let keyValues = (request["parameters"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }
                .map { "\($0.key)=\(Self.text($0.value))" }
            guard request["confirmed"] == nil || request["confirmed"] is Bool else {
                return Self.error("\"confirmed\" must be true or false", id: id)
            }
            let confirmed = request["confirmed"] as? Bool ?? false
            daemon.runner.runIntent(name, keyValues: keyValues, confirmed: confirmed,
                                    label: "forcectl intent \(name)") { [weak daemon] result in
                var fields: [String: Any] = ["result": result.outcome.rawValue, "message": result.message,
                                             "code": result.code ?? result.outcome.rawValue]
                if let output = result.outputJSON, let value = try? JSONSerialization.jsonObject(
                    with: Data(output.utf8), options: [.fragmentsAllowed]) {
                    fields["output"] = value
                }
                daemon?.control?.reply(Self.ok(id, fields), to: client)
            }
            return nil
        default:
            return Self.error("unknown op \"\(op)\"", id: id)
        }
    }

    private func shortcuts(_ request: [String: Any], id: Any?) -> String {
        let action = request["action"] as? String ?? "list"
        func itemData(_ key: String) -> Data? {
            request[key].flatMap { try? JSONSerialization.data(withJSONObject: $0) }
        }
        do {
            switch action {
            case "list":
                return Self.ok(id, ["items": daemon.shortcutEntriesJSON(all: true),
                                    "menu": daemon.shortcutEntriesJSON(all: false)])
            case "set":
                guard let data = itemData("items") else { return Self.error("set needs \"items\"", id: id) }
                let items = try ShortcutJSON.decodeItems(data)
                try daemon.changeShortcuts { try $0.setDynamic(items) }
                return Self.ok(id, ["count": items.count])
            case "add":
                guard let data = itemData("item") else { return Self.error("add needs \"item\"", id: id) }
                let item = try ShortcutJSON.decodeItem(data)
                var result = ShortcutStore.AddResult.added
                try daemon.changeShortcuts { result = try $0.add(item) }
                return Self.ok(id, ["result": result.rawValue])
            case "update":
                guard let data = itemData("item") else { return Self.error("update needs \"item\"", id: id) }
                let (type, update) = try ShortcutJSON.decodeUpdate(data)
                try daemon.changeShortcuts { _ = try $0.update(type: type, update) }
                return Self.ok(id, ["type": type])
            case "remove":
                guard let type = request["type"] as? String else { return Self.error("remove needs \"type\"", id: id) }
                try daemon.changeShortcuts { _ = try $0.remove(type: type) }
                return Self.ok(id, ["type": type])
            case "clear":
                var count = 0
                try daemon.changeShortcuts { count = $0.clear() }
                return Self.ok(id, ["count": count])
            default:
                return Self.error("unknown shortcuts action \"\(action)\"", id: id)
            }
        } catch let e as ShortcutError {
            return Self.error(e.message, id: id)
        } catch {
            return Self.error("\(error)", id: id)
        }
    }

    static func ok(_ id: Any?, _ fields: [String: Any]) -> String {
        var object = fields
        object["ok"] = true
        if let id { object["id"] = id }
        return encode(object)
    }

    static func error(_ message: String, id: Any?) -> String {
        var object: [String: Any] = ["ok": false, "error": message]
        if let id { object["id"] = id }
        return encode(object)
    }

    static func result(_ r: ActionResult, id: Any?) -> String {
        ok(id, ["result": r.outcome.rawValue, "message": r.message])
    }

    static func encode(_ object: [String: Any]) -> String {
        guard JSONSerialization.isValidJSONObject(object),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return #"{"ok":false,"error":"internal: reply not encodable"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A parameter's JSON value as the text `forcectl intent NAME key=value` would give:
    /// a point sent as `[x, y]` or `{"x": x, "y": y}` becomes `x,y`.
    static func text(_ v: Any) -> String {
        switch v {
        case let s as String: return s
        case let n as NSNumber: return n.stringValue
        case let a as [Any] where !a.isEmpty && a.allSatisfy({ $0 is NSNumber && !($0 is Bool) }):
            return a.map { ($0 as! NSNumber).stringValue }.joined(separator: ",")
        case let o as [String: Any]:
            if o.count == 2, let x = o["x"] as? NSNumber, let y = o["y"] as? NSNumber {
                return "\(x.stringValue),\(y.stringValue)"
            }
            return ControlRequestHandler.encode(["v": v])
        default: return ControlRequestHandler.encode(["v": v])
        }
    }
}
