import COverlayABI
import FoundationEssentials
import ForceTouchProtocol
import Glibc
import OverlayModel

/// The lookup of what is under the finger as the GTK half calls it (`ft_lookup_model`,
/// COverlayABI.h): sway's tree read and searched (`SwayTree`), and the facts printed as JSON for
/// `--what-is-at` (`PressTargetFacts`, the bus's). Both keep no state: the lookup's own thread may call them.
enum UnderFingerBridge {
    static let table = ft_lookup_model(
        source: { name, why, size in
            switch LookupSource.of(ProcessInfo.processInfo.environment) {
            case .success(let source):
                if let name, size > 0 { copy(source.name, into: UnsafeMutableRawBufferPointer(start: name, count: size)) }
                return source.rawValue
            case .failure(let none):
                if let why, size > 0 { copy(none.why, into: UnsafeMutableRawBufferPointer(start: why, count: size)) }
                return Int32(FT_SOURCE_NONE)
            }
        },
        x11_candidates: { windows, count, x, y, out in
            guard let windows, let out, count > 0 else { return 0 }
            let list = UnsafeBufferPointer(start: windows, count: Int(count)).map { w in
                X11StackingList.Window(viewable: w.viewable != 0, drawing: w.drawing != 0, ours: w.ours != 0,
                                       frame: PixelRect(x: Int(w.frame.x), y: Int(w.frame.y),
                                                        width: Int(w.frame.width), height: Int(w.frame.height)))
            }
            let candidates = X11StackingList.candidates(at: Int(x), Int(y), in: list)
            for (i, index) in candidates.enumerated() { out[i] = Int32(index) }
            return Int32(candidates.count)
        },
        x11_window_type: { atom, out, size in
            guard let out, size > 0 else { return }
            copy(X11WindowType.name(ofAtom: string(atom)), into: UnsafeMutableRawBufferPointer(start: out, count: size))
        },
        x11_client: { nodes, count in
            guard let nodes, count > 0 else { return -1 }
            let list = UnsafeBufferPointer(start: nodes, count: Int(count)).map { n in
                X11ClientWindow.Node(parent: n.parent < 0 ? nil : Int(n.parent), wmState: n.wm_state != 0, pid: n.pid != 0)
            }
            return Int32(X11ClientWindow.client(in: list) ?? -1)
        },
        pointed_object: { answer, lastChance, out in
            guard let answer, let out else { return }
            var c = ft_pointed_object()
            c.address = -1
            switch PointedObject.decide(UnderFingerBridge.answer(answer.pointee), lastChance: lastChance != 0) {
            case .object(let node, let address):
                c.node = Int32(clamping: node)
                if address != nil { c.address = c.node }
            case .askAgain(let why):
                c.ask_again = 1
                copy(why, into: &c.why)
            }
            out.pointee = c
        },
        window_at: { windows, count, x, y, title in
            let list = UnsafeBufferPointer(start: windows, count: windows == nil ? 0 : Int(max(count, 0))).map { w in
                AccessibleWindow(extents: PixelRect(x: Int(w.extents.x), y: Int(w.extents.y),
                                                    width: Int(w.extents.width), height: Int(w.extents.height)),
                                 states: AccessibleStates.names(of: UInt64(w.states)), name: string(w.name))
            }
            return Int32(AccessibleWindow.index(at: Int(x), Int(y), among: list, titled: string(title)) ?? -1)
        },
        print_answer: { answer in
            guard let answer else { return }
            print(ProtocolJSON.line(UnderFingerBridge.answer(answer.pointee)))
            fflush(nil)
        },
        observe: 0,
        sway_window_at: { json, length, x, y, out in
            guard let json, let out else { return 0 }
            let data = Data(UnsafeRawBufferPointer(start: json, count: length))
            guard let tree = try? SwayTree(json: data), let window = tree.window(at: Int(x), Int(y)) else { return 0 }
            var w = cWindow(pid: window.pid, appID: window.appID, title: window.title, content: window.content,
                            type: window.windowType)
            w.x11_window = window.x11Window
            out.pointee = w
            return 1
        },
        sway_pids: { json, length, out, max in
            guard let json, let tree = try? SwayTree(json: Data(UnsafeRawBufferPointer(start: json, count: length)))
            else { return 0 }
            let pids = tree.windowPIDs
            for (i, pid) in pids.prefix(Int(max)).enumerated() { out?[i] = Int32(clamping: pid) }
            return Int32(clamping: pids.count)
        },
        sway_taskbar_app: { json, length, role, name, description, out, size in
            let object = AccessibleNode(role: string(role) ?? "", name: string(name) ?? "",
                                        description: string(description) ?? "")
            guard let json, let out, size > 0, let title = TaskbarButton.windowTitle(of: object),
                  let tree = try? SwayTree(json: Data(UnsafeRawBufferPointer(start: json, count: length))),
                  let app = tree.appID(ofWindowTitled: title)
            else { return 0 }
            copy(app, into: UnsafeMutableRawBufferPointer(start: out, count: size))
            return 1
        },
        sway_layer_surface_at: { outputs, outputsLength, workspaces, workspacesLength, x, y, sizes, count, out in
            guard let outputs, let workspaces, let sizes, let out, count > 0,
                  let strips = try? SwayReservedStrips(
                      outputs: Data(UnsafeRawBufferPointer(start: outputs, count: outputsLength)),
                      workspaces: Data(UnsafeRawBufferPointer(start: workspaces, count: workspacesLength)))
            else { return -1 }
            let frames = UnsafeBufferPointer(start: sizes, count: Int(count)).map { (Int($0.width), Int($0.height)) }
            guard let hit = strips.surface(at: Int(x), Int(y), sizes: frames) else { return -1 }
            out.pointee = ft_rect(x: Int32(clamping: hit.rect.x), y: Int32(clamping: hit.rect.y),
                                  width: Int32(clamping: hit.rect.width), height: Int32(clamping: hit.rect.height))
            return Int32(hit.index)
        },
        hyprland_window_at: { clients, clientsLength, monitors, monitorsLength, layers, layersLength, x, y, own, out in
            guard let clients, let monitors, let out,
                  let scene = try? HyprlandScene(
                      clients: Data(UnsafeRawBufferPointer(start: clients, count: clientsLength)),
                      monitors: Data(UnsafeRawBufferPointer(start: monitors, count: monitorsLength)),
                      layers: layers.map { Data(UnsafeRawBufferPointer(start: $0, count: layersLength)) }),
                  let window = scene.window(at: Int(x), Int(y), notOf: Int(own))
            else { return 0 }
            out.pointee = cWindow(pid: window.pid, appID: window.appID, title: window.title, content: window.content,
                                  type: window.windowType)
            return window.isLayer ? 2 : 1
        },
        print_facts: { facts in
            guard let f = facts?.pointee else { return }
            print(ProtocolJSON.line(UnderFingerBridge.facts(f)))
            fflush(nil)
        },
        sway_windows: { json, length, out, max in
            guard let json, let out, max > 0,
                  let tree = try? SwayTree(json: Data(UnsafeRawBufferPointer(start: json, count: length)))
            else { return 0 }
            let windows = tree.windows(limit: Int(max))
            for (i, window) in windows.enumerated() {
                var w = ft_app_window()
                w.id = window.id
                copy(window.appID, into: &w.app_id)
                copy(window.title, into: &w.title)
                out[i] = w
            }
            return Int32(windows.count)
        })

    static func facts(_ c: ft_target_facts) -> PressTargetFacts {
        var f = PressTargetFacts()
        if c.has_press != 0 { (f.pressX, f.pressY) = (c.press_x, c.press_y) }
        f.source = string(c.source)
        f.role = string(c.role)
        f.name = string(c.name)
        f.description = string(c.description)
        f.address = string(c.address)
        f.windowAppID = string(c.window_app_id)
        f.windowPID = c.has_window_pid != 0 ? c.window_pid : nil
        f.windowTitle = string(c.window_title)
        f.windowType = string(c.window_type)
        f.appID = string(c.app_id)
        f.why = string(c.why)
        f.text = string(c.text)
        f.textOffset = c.text == nil ? nil : UInt32(c.text_offset)
        f.windows = UnsafeBufferPointer(start: c.windows, count: c.windows == nil ? 0 : Int(max(c.window_count, 0)))
            .map { w in
                PressTargetFacts.Window(id: UInt32(w.id), appID: string(field: w.app_id), title: string(field: w.title))
            }
        return f
    }

    /// An application's answer as the C half gathered it.
    static func answer(_ c: ft_accessible_answer) -> AccessibleAnswer {
        let nodes = UnsafeBufferPointer(start: c.nodes, count: c.nodes == nil ? 0 : Int(max(c.count, 0)))
        return AccessibleAnswer(toolkit: string(c.toolkit) ?? "", path: nodes.map { n in
            AccessibleNode(role: string(n.role) ?? "", name: string(n.name) ?? "",
                           description: string(n.description) ?? "", uri: string(n.uri),
                           states: AccessibleStates.names(of: UInt64(n.states)), children: Int(n.children))
        })
    }

    private static func string(_ c: UnsafePointer<CChar>?) -> String? { c.map { String(cString: $0) } }

    /// A C char array's text, to its terminating zero.
    private static func string<T>(field: T) -> String {
        withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// A window found by a compositor's IPC as the C half takes it.
    private static func cWindow(pid: Int, appID: String, title: String, content: PixelRect, type: String) -> ft_sway_window {
        var w = ft_sway_window()
        w.pid = Int32(clamping: pid)
        copy(appID, into: &w.app_id)
        copy(title, into: &w.title)
        copy(type, into: &w.window_type)
        w.content = ft_rect(x: Int32(clamping: content.x), y: Int32(clamping: content.y),
                            width: Int32(clamping: content.width), height: Int32(clamping: content.height))
        return w
    }

    /// Copies `s` into a C char array, cut (at a character's edge) to fit with its terminating zero.
    private static func copy<T>(_ s: String, into field: inout T) {
        withUnsafeMutableBytes(of: &field) { copy(s, into: $0) }
    }

    /// Copies `s` into a C buffer, cut (at a character's edge) to fit with its terminating zero.
    private static func copy(_ s: String, into raw: UnsafeMutableRawBufferPointer) {
        var bytes = Array(s.utf8.prefix(raw.count - 1))
        while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
}
