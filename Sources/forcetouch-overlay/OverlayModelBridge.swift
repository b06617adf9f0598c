import COverlayABI
import Glibc
import OverlayModel

/// The overlay's logic as the GTK half calls it (`ft_menu_model`, `ft_button_model`,
/// `ft_intent_model`, COverlayABI.h): C functions over the one `MenuInteraction` of the
/// process, and over `ButtonPlacement` and `IntentWindowPlacement`. GTK calls them on its one thread only, so the
/// state needs no lock.
enum OverlayModelBridge {
    nonisolated(unsafe) private static var menu = MenuInteraction()
    /// With --verbose the machine's transitions are logged, beside the C side's geometry lines.
    nonisolated(unsafe) static var verbose = false

    /// The table handed to `ft_overlay_main`.
    static let table = ft_menu_model(
        press_progress: { phase, stage, transition, commit, x, y, placement, out in
            apply(.progress(phase: string(phase), stage: string(stage), transition: transition, commit: commit,
                            x: x, y: y, placement: string(placement)), out)
        },
        menu_shown: { id, count, x, y, placement, out in
            apply(.shown(id: id, items: Int(min(max(count, 0), FT_MENU_MAX_ITEMS)), x: x, y: y,
                         atPointer: string(placement) == "pointer"), out)
        },
        menu_dismissed: { id, out in apply(.dismissed(id: id), out) },
        released: { x, y, out in apply(.released(x: x, y: y), out) },
        escape: { out in apply(.escape, out) },
        frame: { width, height, hasPointer, px, py, placed, out in
            let frame = menu.frame(surface: (Double(width), Double(height)),
                                   pointer: hasPointer != 0 ? (px, py) : nil, placed: placed != 0)
            out?.pointee = cFrame(frame)
        })

    private static func apply(_ event: MenuEvent, _ out: UnsafeMutablePointer<ft_menu_effects>?) {
        let effects = menu.handle(event)
        for transition in menu.takeTransitions() where verbose { log("menu state: \(transition)\n") }
        out?.pointee = ft_menu_effects(choose: Int32(effects.choose ?? -1), dismiss: effects.dismiss ?? 0,
                                       began_press: effects.beganPress ? 1 : 0, redraw: effects.redraw ? 1 : 0)
    }

    private static func cFrame(_ frame: MenuFrame) -> ft_menu_frame {
        var c = ft_menu_frame()
        c.visible = frame.visible ? 1 : 0
        c.menu_id = frame.menuID
        c.count = Int32(frame.layout.rows.count)
        c.scale = frame.layout.scale
        c.dimming = frame.growth.dimming
        c.menu_width = MenuLayout.width
        c.row_height = MenuLayout.rowHeight
        c.at_pointer = frame.atPointer ? 1 : 0
        c.card = rect(frame.layout.card)
        withUnsafeMutableBytes(of: &c.items) { raw in
            let items = raw.bindMemory(to: ft_rect.self)
            for (i, row) in frame.layout.rows.prefix(items.count).enumerated() { items[i] = rect(row) }
        }
        c.highlight = Int32(frame.highlight ?? -1)
        return c
    }

    /// The AssistiveTouch button's table: its placement has no state to keep.
    static let button = ft_button_model(place: { x, y, size, state, width, height, out in
        let b = ButtonPlacement(x: x, y: y, size: size, state: string(state), output: (Int(width), Int(height)))
        out?.pointee = ft_button_frame(visible: b.visible ? 1 : 0, dragging: b.dragging ? 1 : 0, square: rect(b.square))
    })

    /// The intent window's table: its placement and its responses' look have no state to keep.
    static let intent = ft_intent_model(place: { width, height, ow, oh, located, x, y, placement, hasPointer, px, py,
                                                 outX, outY in
        let p = IntentWindowPlacement(size: (Int(width), Int(height)), output: (Int(ow), Int(oh)), located: located != 0,
                                      finger: (x, y), placement: string(placement),
                                      pointer: hasPointer != 0 ? (px, py) : nil)
        outX?.pointee = Int32(p.x)
        outY?.pointee = Int32(p.y)
    }, response_look: { code, out in
        let look = IntentResponseLook(code: string(code))
        out?.pointee = ft_intent_look(badge: look.badge.rawValue, shows_message: look.showsMessage ? 1 : 0,
                                      failed: look.failed ? 1 : 0, offers_open: look.offersOpen ? 1 : 0,
                                      opens_app: look.opensApp ? 1 : 0, is_failure: look.isFailure ? 1 : 0)
    })

    private static func rect(_ r: PixelRect) -> ft_rect {
        ft_rect(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
    }

    private static func string(_ c: UnsafePointer<CChar>?) -> String { c.map { String(cString: $0) } ?? "" }

    /// Straight to stderr, as the C half's g_printerr, so that the two halves' lines keep their order.
    private static func log(_ s: String) {
        var bytes = Array(s.utf8)
        bytes.withUnsafeMutableBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
