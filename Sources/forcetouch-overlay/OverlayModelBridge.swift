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
        press_progress: { phase, stage, transition, commit, x, y, placement, preview, out in
            apply(.progress(phase: string(phase), stage: string(stage), transition: transition, commit: commit,
                            x: x, y: y, placement: string(placement), preview: preview != 0), out)
        },
        menu_shown: { id, count, x, y, placement, target, out in
            let items = Int(min(max(count, 0), FT_MENU_MAX_ITEMS))
            let link = target.flatMap { t -> LinkTarget? in
                guard t.pointee.link != 0 else { return nil }
                let open = Int(t.pointee.open_row)
                return LinkTarget(openRow: open >= 0 && open < items ? open : nil, page: t.pointee.page != 0,
                                  definition: t.pointee.definition)
            }
            let heading = link == nil && (target?.pointee.heading ?? 0) != 0
            apply(.shown(id: id, items: items, x: x, y: y, atPointer: string(placement) == "pointer", link: link,
                         heading: heading), out)
        },
        menu_dismissed: { id, out in apply(.dismissed(id: id), out) },
        released: { x, y, out in apply(.released(x: x, y: y), out) },
        escape: { out in apply(.escape, out) },
        frame: { width, height, hasPointer, px, py, placed, out in
            let frame = menu.frame(surface: (Double(width), Double(height)),
                                   pointer: hasPointer != 0 ? (px, py) : nil, placed: placed != 0)
            out?.pointee = cFrame(frame)
        },
        daemon_gone: { out in apply(.daemonGone, out) },
        menu_wait_over: { out in apply(.menuWaitOver, out) },
        content: { target, items, count, linesNeeded, out in
            let rows = (0 ..< Int(min(max(count, 0), FT_MENU_MAX_ITEMS))).map { strings(items?[$0]) }
            // Pango's count where the glue gives it: a count of characters misses where words wrap.
            let measure: (String) -> Int = linesNeeded.map { measure in
                { text in Int(text.withCString { measure($0, LookUpCard.textWidth) }) }
            } ?? LookUpCard.estimatedLines
            out?.pointee = cContent(MenuContent(target: strings(target?.pointee), items: rows, linesNeeded: measure))
        },
        highlight_range: { start, end, readFrom, sentLength, from, to in
            guard let range = TextHighlight.characters(start: string(start), end: string(end), readFrom: Int(readFrom),
                                                        sentLength: Int(sentLength)),
                  let low = Int32(exactly: range.lowerBound), let high = Int32(exactly: range.upperBound) else { return 0 }
            from?.pointee = low
            to?.pointee = high
            return 1
        },
        highlight: { x, y, width, height, ox, oy, wx, wy, ww, wh, out in
            guard let h = TextHighlight(x: Int(x), y: Int(y), width: Int(width), height: Int(height),
                                        originX: Int(ox), originY: Int(oy), windowX: Int(wx), windowY: Int(wy),
                                        windowWidth: Int(ww), windowHeight: Int(wh))
            else { return 0 }
            out?.pointee = ft_text_highlight(
                rect: ft_rect(x: Int32(clamping: h.rect.x), y: Int32(clamping: h.rect.y), width: Int32(clamping: h.rect.width),
                              height: Int32(clamping: h.rect.height)),
                radius: TextHighlight.cornerRadius, red: TextHighlight.red, green: TextHighlight.green,
                blue: TextHighlight.blue, alpha: TextHighlight.alpha, ring: TextHighlight.ringWidth)
            return 1
        })

    private static func apply(_ event: MenuEvent, _ out: UnsafeMutablePointer<ft_menu_effects>?) {
        let effects = menu.handle(event)
        for transition in menu.takeTransitions() where verbose { log("menu state: \(transition)\n") }
        out?.pointee = ft_menu_effects(choose: Int32(effects.choose ?? -1), dismiss: effects.dismiss ?? 0,
                                       began_press: effects.beganPress ? 1 : 0, redraw: effects.redraw ? 1 : 0,
                                       look_up: effects.lookUp ? 1 : 0,
                                       await_menu_ms: effects.awaitMenu ? Int32(MenuInteraction.menuWait * 1000) : 0)
    }

    /// A bus dictionary's string entries, as the glue passed them.
    private static func strings(_ dict: ft_bus_dict?) -> BusStrings {
        guard let dict, let entries = dict.entries else { return BusStrings([]) }
        return BusStrings((0 ..< Int(max(dict.count, 0))).map { (string(entries[$0].key), string(entries[$0].value)) })
    }

    /// The C copies of the menu's content handed out last, valid until the next.
    nonisolated(unsafe) private static var contentStrings: [UnsafeMutablePointer<CChar>?] = []

    private static func cContent(_ content: MenuContent) -> ft_menu_content {
        for s in contentStrings { free(s) }
        contentStrings = []
        func kept(_ s: String?) -> UnsafePointer<CChar>? {
            guard let s else { return nil }
            let copy = strdup(s)
            contentStrings.append(copy)
            return UnsafePointer(copy)
        }
        var c = ft_menu_content()
        c.count = Int32(content.rows.count)
        withUnsafeMutableBytes(of: &c.rows) { raw in
            let rows = raw.bindMemory(to: ft_menu_row.self)
            for (i, row) in content.rows.prefix(rows.count).enumerated() {
                rows[i] = ft_menu_row(type: kept(row.type), title: kept(row.title), subtitle: kept(row.subtitle),
                                      icon: kept(row.icon), icon_file: kept(row.iconFile))
            }
        }
        c.target = ft_menu_target(link: content.link == nil && content.lookUp == nil ? 0 : 1,
                                  open_row: Int32(content.popRow ?? -1), page: 0,
                                  heading: content.heading == nil ? 0 : 1, definition: content.lookUp?.bodyHeight ?? 0)
        if let card = content.lookUp {
            c.look_up = 1
            c.look_up_word = kept(card.word)
            c.look_up_source = kept(card.source)
            c.sense_count = Int32(min(card.senses.count, Int(FT_LOOK_UP_MAX_SENSES)))
            withUnsafeMutableBytes(of: &c.senses) { raw in
                let senses = raw.bindMemory(to: UnsafePointer<CChar>?.self)
                for (i, sense) in card.senses.prefix(senses.count).enumerated() { senses[i] = kept(sense.text) }
            }
            withUnsafeMutableBytes(of: &c.sense_lines) { raw in
                let lines = raw.bindMemory(to: Int32.self)
                for (i, sense) in card.senses.prefix(lines.count).enumerated() { lines[i] = Int32(sense.lines) }
            }
        }
        c.heading_title = kept(content.heading?.title ?? "")
        c.heading_icon = kept(content.heading?.icon ?? "")
        c.heading_icon_file = kept(content.heading?.iconFile ?? "")
        c.address = kept(content.link?.address ?? "")
        c.link_name = kept(content.link?.name ?? "")
        c.kind = kept(content.kind)
        c.name = kept(content.name)
        return c
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
        c.keeps_window = frame.keepsWindow ? 1 : 0
        c.card = rect(frame.layout.card)
        withUnsafeMutableBytes(of: &c.items) { raw in
            let items = raw.bindMemory(to: ft_rect.self)
            for (i, row) in frame.layout.rows.prefix(items.count).enumerated() { items[i] = rect(row) }
        }
        c.highlight = Int32(frame.highlight ?? -1)
        if let heading = frame.layout.heading {
            c.has_heading = 1
            c.heading = rect(heading)
            c.heading_height = MenuLayout.headingHeight
        }
        if let link = frame.link {
            c.link = 1
            c.card = rect(link.bounds)
            c.preview = rect(link.preview)
            c.has_page = link.page == nil ? 0 : 1
            c.page = rect(link.page ?? PixelRect(x: 0, y: 0, width: 0, height: 0))
            c.actions = rect(link.actions.card)
            c.header_height = LinkPreviewLayout.headerHeight
            c.page_height = LinkPreviewLayout.pageHeight
            c.spacing = LinkPreviewLayout.spacing
            if let definition = link.definition {
                c.has_definition = 1
                c.definition = rect(definition)
                c.definition_height = link.definitionHeight
            }
        }
        return c
    }

    /// The AssistiveTouch button's table: its placement has no state to keep.
    static let button = ft_button_model(place: { x, y, size, state, width, height, out in
        let b = ButtonPlacement(x: x, y: y, size: size, state: string(state), output: (Int(width), Int(height)))
        out?.pointee = ft_button_frame(visible: b.visible ? 1 : 0, dragging: b.dragging ? 1 : 0, square: rect(b.square))
    })

    /// The intent window's table: its placement and its responses' look have no state to keep;
    /// its states are the one `IntentWindowInteraction` of the process.
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
    }, started: { id, app, out in
        apply(.started(id: id, app: string(app)), out)
    }, asked: { id, kind, choices, count, out in
        let question: IntentQuestion =
            switch kind {
            case Int32(FT_INTENT_CHOOSE): .choose((0 ..< Int(max(count, 0))).map { string(choices?[$0]) })
            case Int32(FT_INTENT_VALUE): .value
            default: .confirm
            }
        apply(.asked(id: id, question: question), out)
    }, responded: { id, code, final, out in
        apply(.responded(id: id, code: string(code), final: final != 0), out)
    }, pressed: { out in apply(.pressed, out) },
    released: { x, y, entry, out in apply(.released(x: x, y: y, entry: string(entry)), out) },
    submitted: { text, out in apply(.submitted(string(text)), out) },
    dismiss_fired: { out in apply(.dismissTimerFired, out) },
    state: { out in
        let kinds = ["none": FT_INTENT_NONE, "confirm": FT_INTENT_CONFIRM, "choose": FT_INTENT_CHOOSE,
                     "value": FT_INTENT_VALUE, "response": FT_INTENT_RESPONSE]
        let look = IntentResponseLook(code: window.code)
        intentCode = retained(window.code, replacing: intentCode)
        out?.pointee = ft_intent_state(
            kind: Int32(kinds[window.kind] ?? FT_INTENT_NONE), id: window.run, code: intentCode,
            look: ft_intent_look(badge: look.badge.rawValue, shows_message: look.showsMessage ? 1 : 0,
                                 failed: look.failed ? 1 : 0, offers_open: look.offersOpen ? 1 : 0,
                                 opens_app: look.opensApp ? 1 : 0, is_failure: look.isFailure ? 1 : 0))
    }, layout: { header, message, middle, out in
        let frame = window.layout(header: Int(header), message: Int(message), middle: Int(middle))
        for label in labels { free(label) }
        labels = frame.buttons.prefix(Int(FT_INTENT_MAX_BUTTONS)).map { strdup($0.label) }
        var c = ft_intent_frame()
        c.width = Int32(frame.width)
        c.height = Int32(frame.height)
        c.count = Int32(labels.count)
        withUnsafeMutableBytes(of: &c.buttons) { raw in
            let buttons = raw.bindMemory(to: ft_intent_button.self)
            for (i, b) in frame.buttons.prefix(buttons.count).enumerated() {
                var button = ft_intent_button()
                copy(b.name, into: &button.name)
                button.label = UnsafePointer(labels[i])
                button.primary = b.primary ? 1 : 0
                button.rect = rect(b.rect)
                buttons[i] = button
            }
        }
        out?.pointee = c
    }, daemon_gone: { out in apply(.daemonGone, out) })

    nonisolated(unsafe) private static var window = IntentWindowInteraction()
    /// The C copies of the code and the buttons' labels handed out last, valid until replaced.
    nonisolated(unsafe) private static var intentCode: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var labels: [UnsafeMutablePointer<CChar>?] = []

    private static func retained(_ s: String, replacing old: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        free(old)
        return strdup(s)
    }

    private static func apply(_ event: IntentWindowEvent, _ out: UnsafeMutablePointer<ft_intent_effects>?) {
        let e = window.handle(event)
        for transition in window.takeTransitions() where verbose { log("intent-window state: \(transition)\n") }
        var c = ft_intent_effects()
        c.accepted = e.accepted ? 1 : 0
        c.new_run = e.newRun ? 1 : 0
        copy(e.hide?.rawValue ?? "", into: &c.hide)
        copy(e.tapped ?? "", into: &c.tapped)
        switch e.call {
        case .confirm(let id, let yes)?: (c.call, c.call_id, c.confirm) = (Int32(FT_INTENT_CALL_CONFIRM), id, yes ? 1 : 0)
        case .answer(let id, let value)?: (c.call, c.call_id, c.answer) = (Int32(FT_INTENT_CALL_ANSWER), id, strdup(value))
        case .openApp(let id)?: (c.call, c.call_id) = (Int32(FT_INTENT_CALL_OPEN_APP), id)
        case nil: c.call = Int32(FT_INTENT_CALL_NONE)
        }
        c.show = e.show ? 1 : 0
        switch e.dismiss {
        case .arm(let ms)?: (c.dismiss, c.dismiss_ms) = (Int32(FT_INTENT_TIMER_ARM), Int32(ms))
        case .cancel?: c.dismiss = Int32(FT_INTENT_TIMER_CANCEL)
        case nil: c.dismiss = Int32(FT_INTENT_TIMER_KEEP)
        }
        c.spinning = e.spinning ? 1 : 0
        out?.pointee = c
    }

    /// Copies `s` into a C char array, cut to fit with its terminating zero.
    private static func copy<T>(_ s: String, into field: inout T) {
        withUnsafeMutableBytes(of: &field) { raw in
            let bytes = Array(s.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    private static func rect(_ r: PixelRect) -> ft_rect {
        ft_rect(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
    }

    private static func string(_ c: UnsafePointer<CChar>?) -> String { c.map { String(cString: $0) } ?? "" }

    /// Straight to stderr, as the C half's g_printerr, so that the two halves' lines keep their order.
    static func log(_ s: String) {
        var bytes = Array(s.utf8)
        bytes.withUnsafeMutableBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
