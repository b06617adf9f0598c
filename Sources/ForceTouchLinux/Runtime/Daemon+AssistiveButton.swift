import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Logging

/// The AssistiveTouch button (SPEC §6): where it is kept, told to the overlay and to
/// subscribers, and moved by a long press then drag.
extension Daemon {
    /// At start: the place kept in the state file, applied to the configuration.
    func loadAssistiveButton() {
        guard let file = assistiveButtonFile, configuration.assistiveTouch?.button != nil else { return }
        let load = file.load()
        if let problem = load.problem { logger.warning("\(problem)") }
        buttonPlace = load.place
        applyButtonPlace()
    }

    /// The kept place onto the configuration, whose slots' region follows it (at start, after
    /// a reload, after a drop).
    func applyButtonPlace() {
        guard let p = buttonPlace, configuration.assistiveTouch?.button != nil else { return }
        var config = configuration
        config.assistiveTouch?.place(p)
        replaceConfiguration(config)
    }

    /// The output the button is drawn on: the first touchscreen the slots listen to drives it.
    private var buttonOutput: String {
        guard let at = configuration.assistiveTouch else { return "" }
        let screens = sessions.values.filter {
            $0.deviceClass == .touchscreen && at.applies(to: $0.description, deviceClass: $0.deviceClass)
        }
        return screens.min(by: { $0.node.devnode < $1.node.devnode })?.settings.output ?? ""
    }

    /// Tells the overlay and subscribers where the button is (or that there is none).
    func announceButton(_ state: String = "idle", place: AssistiveButton.Place? = nil) {
        let message: AssistiveButtonMessage
        if let b = configuration.assistiveTouch?.button {
            let p = place ?? b.place
            message = AssistiveButtonMessage(x: p.x, y: p.y, size: b.size, output: buttonOutput, state: state)
        } else {
            message = AssistiveButtonMessage(x: 0, y: 0, size: 0, output: "", state: "hidden")
        }
        bus?.assistiveButton(message)
        control?.publish(ProtocolJSON.line(message))
    }

    /// A gesture carried out: a long press that began on the button picks it up.
    func buttonGesture(_ event: GestureEvent, _ session: DeviceSession) {
        guard event.gesture == .longPress, event.phase == .began, buttonDragNode == nil,
              let at = configuration.assistiveTouch, let button = at.button,
              at.applies(to: session.description, deviceClass: session.deviceClass) else { return }
        buttonDrag.longPressBegan(event, button: button)
        if buttonDrag.slot != nil { buttonDragNode = session.node.devnode }
    }

    /// After a read of the device whose finger holds the button: the button follows it, and
    /// where it is let go it settles, is kept, and the slots listen there.
    func followButtonDrag(_ session: DeviceSession, now: Timestamp) {
        guard let slot = buttonDrag.slot, let button = configuration.assistiveTouch?.button else {
            buttonDragNode = nil
            return
        }
        let engine = session.engine
        let contacts = engine.frames.contacts
        let down = contacts.indices.contains(slot) && contacts[slot].isDown
        var x = 0.0, y = 0.0
        if down {
            let c = contacts[slot]
            let n = engine.frames.geometry.normalized(x: Double(c.x), y: Double(c.y))
            (x, y) = engine.settings.rotation.apply(x: n.x, y: n.y)
        }
        switch buttonDrag.finger(x: x, y: y, down: down, button: button) {
        case .none:
            break
        case .moved(let p):
            // As the press's progress: no more than 60 a second.
            guard now - lastButtonAnnounced >= OverlayMenus.progressInterval || now < lastButtonAnnounced else { break }
            lastButtonAnnounced = now
            announceButton("dragging", place: p)
        case .dropped(let p):
            buttonPlace = p
            applyButtonPlace()
            for s in sessions.values { s.placeAssistiveButton(p) }
            logger.info("AssistiveTouch button moved to \(TextFormat.number(p.x)),\(TextFormat.number(p.y))")
            if let file = assistiveButtonFile {
                do { try file.save(p) } catch { logger.error("\(file.path): cannot keep the button's place: \(error)") }
            }
            announceButton()
        }
        if buttonDrag.slot == nil { buttonDragNode = nil }
    }

    /// The device whose finger held the button went, or the daemon paused: it stays put.
    func cancelButtonDrag(_ node: String?) {
        guard buttonDragNode != nil, node == nil || node == buttonDragNode else { return }
        buttonDrag.cancel()
        buttonDragNode = nil
        announceButton()
    }
}
