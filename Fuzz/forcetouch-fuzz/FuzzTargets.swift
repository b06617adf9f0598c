import ForceTouchCore
import ForceTouchProtocol
import FoundationEssentials

/// The parsers anything outside the daemon can feed, as fuzz targets: each takes any bytes
/// and must return — an error is fine, a crash, a hang or a huge allocation is a bug.
enum FuzzTarget: String, CaseIterable {
    case evemu, libinput, config, plist, shortcuts, quirks, protocolRequest = "protocol", numbers, dict, text

    func run(_ bytes: UnsafeRawBufferPointer) {
        // Files reach their parser as the programs hand them over: only once `TextCheck` has
        // found them text (the programs refuse the rest); the socket's lines are not files.
        let text: String
        if self == .numbers { return NumbersTarget.run(bytes) }
        if self == .dict { _ = try? DictReply.parse(Array(bytes)); return }
        if self == .text { return TextDetectionTarget.run(String(decoding: bytes, as: UTF8.self)) }
        switch self {
        case .evemu, .libinput, .config, .quirks:
            guard let checked = try? TextCheck.text(bytes) else { return }
            text = checked
        default:
            text = String(decoding: bytes, as: UTF8.self)
        }
        switch self {
        case .evemu:
            _ = try? EvemuReader.read(text)
            _ = try? EvemuReader.readEvents(text)
        case .libinput:
            _ = try? LibinputRecordReader.read(text)
        case .quirks:
            _ = DeviceDatabase.parse(text, file: "fuzz.quirks")
        case .config:
            // The Info.plist it may import is the input itself: both parsers in one run.
            let data = Data(bytes)
            let lookups = ConfigurationLookups(readFile: { _ in data }, userExists: { $0 == "root" },
                                               groupExists: { $0 == "input" },
                                               desktopApplication: { id in
                                                   .success(DesktopApplication(id: id, name: text, exec: ["true"], path: "/fuzz",
                                                                               actions: [.init(id: text, name: text)]))
                                               })
            _ = Configuration.parse(text, file: "fuzz.toml", lookups: lookups)
            // The settings' in-place edits (TOMLEditor) over the same text, as a settings change makes them.
            var editor = TOMLEditor(text)
            try? editor.set("sensitivity", to: .string("firm"), in: .table(["general"]))
            try? editor.set("title", to: .string(String(text.prefix(16))), in: .entry("quick-action", 1))
            try? editor.remove("peek", in: .table(["gestures"]))
            try? editor.moveEntry("binding", from: 2, to: 1)
            try? editor.removeEntry("device", at: 1)
            editor.appendEntry("quick-action", [("type", .string("t")), ("title", .string("T"))])
            _ = editor.text
        case .plist:
            _ = InfoPlistImporter.importItems(from: Data(bytes), file: "fuzz.plist")
        case .shortcuts:
            var store = ShortcutStore(configuration: Configuration())
            _ = try? store.decodeDynamic(Data(bytes))
            _ = try? ShortcutJSON.decodeItem(Data(bytes))
            _ = try? ShortcutJSON.decodeUpdate(Data(bytes))
        case .protocolRequest:
            _ = try? ControlRequest.decode(text)
        case .numbers, .dict, .text:
            break
        }
    }
}
