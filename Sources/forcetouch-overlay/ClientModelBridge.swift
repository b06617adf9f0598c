import COverlayABI
import Glibc
import OverlayModel

/// The overlay's rules as a client of the bus and the display (`ft_client_model`, COverlayABI.h):
/// the one `DaemonOwner` of the process, and `OverlayNameOwner`, `OverlayProperty`, `OutputName`,
/// `ColorScheme`, `DesktopSession` and `UnderFingerUse`, which keep no state. GTK calls them on its one thread only.
enum ClientModelBridge {
    nonisolated(unsafe) private static var owner = DaemonOwner()

    static let table = ft_client_model(
        daemon_owner: { name, changed, gone, size in
            let said = string(name)
            let change = changed != 0 ? owner.changed(to: said) : owner.answered(said)
            if let gone, size > 0 { copy(change.gone ?? "", into: UnsafeMutableRawBufferPointer(start: gone, count: size)) }
            return change.another ? 1 : 0
        },
        believes: { sender in sender.map { owner.believes(String(cString: $0)) ? 1 : 0 } ?? 0 },
        overlay_owner: { mode, who, size in
            let owner = OverlayNameOwner(mode: mode.map { String(cString: $0) })
            if let who, size > 0 { copy(owner.description, into: UnsafeMutableRawBufferPointer(start: who, count: size)) }
            return owner.drawsAtFinger ? 1 : 0
        },
        property: { name, mode, out in
            var c = ft_property_value()
            switch OverlayProperty(rawValue: string(name))?.value(mode: string(mode)) {
            case .string(let text)?:
                c.type = Int32(FT_PROPERTY_STRING)
                withUnsafeMutableBytes(of: &c.text) { copy(text, into: $0) }
            case .boolean(let value)?: (c.type, c.boolean) = (Int32(FT_PROPERTY_BOOLEAN), value ? 1 : 0)
            case nil: c.type = Int32(FT_PROPERTY_NONE)
            }
            out?.pointee = c
        },
        output_index: { output, models, count in
            let names = (0 ..< Int(max(count, 0))).map { i in models?[i].map { String(cString: $0) } }
            return Int32(OutputName.index(of: string(output), among: names) ?? -1)
        },
        dark: { hasPortal, portal, theme, gtkTheme, preferDark in
            ColorScheme.isDark(portal: hasPortal != 0 ? portal : nil, theme: theme.map { String(cString: $0) },
                               gtkTheme: gtkTheme.map { String(cString: $0) }, preferDark: preferDark != 0) ? 1 : 0
        },
        gnome: { desktop in DesktopSession.isGnome(desktop.map { String(cString: $0) }) ? 1 : 0 },
        under_finger: { kinds, count, out in
            let use = kinds.map { kinds in
                UnderFingerUse(kinds: (0 ..< Int(max(count, 0))).compactMap { i in kinds[i].map { String(cString: $0) } })
            } ?? .unsaid
            out?.pointee = ft_under_finger_use(look_up: use.looksUp ? 1 : 0, read_text: use.readsText ? 1 : 0)
        })

    private static func string(_ c: UnsafePointer<CChar>?) -> String { c.map { String(cString: $0) } ?? "" }

    /// Copies `s` into a C buffer, cut to fit with its terminating zero.
    private static func copy(_ s: String, into buffer: UnsafeMutableRawBufferPointer) {
        let bytes = Array(s.utf8.prefix(buffer.count - 1))
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
    }
}
