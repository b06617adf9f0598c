import ForceTouchCore
import ForceTouchProtocol
import Foundation

/// The parsers anything outside the daemon can feed, as fuzz targets: each takes any bytes
/// and must return — an error is fine, a crash, a hang or a huge allocation is a bug.
enum FuzzTarget: String, CaseIterable {
    case evemu, libinput, config, plist, shortcuts, protocolRequest = "protocol"

    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .evemu:
            _ = try? EvemuReader.read(String(decoding: bytes, as: UTF8.self))
            _ = try? EvemuReader.readEvents(String(decoding: bytes, as: UTF8.self))
        case .libinput:
            _ = try? LibinputRecordReader.read(String(decoding: bytes, as: UTF8.self))
        case .config:
            let text = String(decoding: bytes, as: UTF8.self)
            // The Info.plist it may import is the input itself: both parsers in one run.
            let data = Data(bytes)
            let lookups = ConfigurationLookups(readFile: { _ in data }, userExists: { $0 == "root" },
                                               groupExists: { $0 == "input" },
                                               desktopApplication: { id in
                                                   .success(DesktopApplication(id: id, name: text, exec: ["true"], path: "/fuzz",
                                                                               actions: [.init(id: text, name: text)]))
                                               })
            _ = Configuration.parse(text, file: "fuzz.toml", lookups: lookups)
        case .plist:
            _ = InfoPlistImporter.importItems(from: Data(bytes), file: "fuzz.plist")
        case .shortcuts:
            var store = ShortcutStore(configuration: Configuration())
            _ = try? store.decodeDynamic(Data(bytes))
            _ = try? ShortcutJSON.decodeItem(Data(bytes))
            _ = try? ShortcutJSON.decodeUpdate(Data(bytes))
        case .protocolRequest:
            _ = try? ControlRequest.decode(String(decoding: bytes, as: UTF8.self))
        }
    }
}
