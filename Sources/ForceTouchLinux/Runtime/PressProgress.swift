import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol

/// The press whose progress an overlay draws: the first contact to come down on a
/// force-sensing device, followed until it lifts, with the deep-press stage it reached. One
/// at a time, so that the card on screen follows one finger, not whichever moved last.
/// Whether anything is drawn for it is `PressPreview`'s rule: only once the press is on its
/// way to peek, and not once a long press or anything else has taken it.
struct PressProgress {
    /// The followed contact: its device node, its slot, its stage so far ("" before peek),
    /// and whether a preview of it is on the overlay.
    private var track: (node: String, slot: Int, stage: String, preview: PressPreview)?

    /// Stops following, without a word to the overlay: it has gone, or said so itself.
    mutating func forget() { track = nil }

    /// Tells the overlay the followed press is cancelled, when there is one (pausing).
    mutating func cancel(to overlay: OverlayMenus, now: Timestamp) {
        guard track != nil else { return }
        Self.cancelled(to: overlay, now: now)
        track = nil
    }

    private static func cancelled(to overlay: OverlayMenus, now: Timestamp) {
        overlay.progress(PressProgressMessage(phase: "cancelled", stage: "", transitionProgress: 0,
                                              commitProgress: 0, x: 0, y: 0, placement: .touch, output: ""),
                         phase: "cancelled", time: now)
    }

    /// After a read, while an overlay listens: the followed contact's force as progress
    /// towards peek and pop, and its position (after pop, for slide to select), then its lift;
    /// only on a device where a deep press is bound, and only while `PressPreview` allows.
    /// `previews` says whether its card may be drawn (`PreviewCondition`), `newPress` true for
    /// its `began`, whose lookup has not started.
    mutating func sample(_ session: DeviceSession, now: Timestamp, to overlay: OverlayMenus,
                         previews: (_ newPress: Bool) -> Bool) {
        let node = session.node.devnode
        if let t = track, t.node != node { return }
        let engine = session.engine
        guard let thresholds = engine.thresholds else { return }
        let contacts = engine.frames.contacts
        if track == nil {
            // Nothing to preview where no deep press is bound: no card grows, nothing dims.
            guard session.pipeline.bindsDeepPress,
                  let first = contacts.indices.first(where: { contacts[$0].isDown }) else { return }
            track = (node, first, "", PressPreview())
        }
        guard var t = track else { return }
        let down = contacts.indices.contains(t.slot) && contacts[t.slot].isDown
        let step = t.preview.sample(down: down, onItsWay: down && engine.isDeepPressing(t.slot))
        track = down ? t : nil
        guard step != .none, contacts.indices.contains(t.slot) else { return }
        let c = contacts[t.slot]
        let n = engine.frames.geometry.normalized(x: Double(c.x), y: Double(c.y))
        let p = engine.settings.rotation.apply(x: n.x, y: n.y)
        let (placement, output) = overlay.locate(session.name)
        overlay.progress(
            PressProgressMessage(phase: step.rawValue, stage: t.stage,
                                 transitionProgress: thresholds.transitionProgress(c.force),
                                 commitProgress: thresholds.commitProgress(c.force), x: p.x, y: p.y,
                                 placement: placement, output: output, preview: previews(step == .began)),
            phase: step.rawValue, time: now)
    }

    /// A gesture other than a deep press, on a live device: when it takes the followed
    /// contact (a long press began), its preview goes at once.
    mutating func taken(by event: GestureEvent, _ session: DeviceSession, to overlay: OverlayMenus) {
        guard var t = track, t.node == session.node.devnode, event.contacts.contains(t.slot) else { return }
        let step = t.preview.taken()
        track = t
        if step == .cancelled { Self.cancelled(to: overlay, now: event.time) }
    }

    /// A Haptic Touch's step (`GestureEvent.hapticTouch`). Its `changed` (held still for half
    /// its time) goes to the overlay as a press's `began` at no progress, which draws nothing
    /// and starts the lookup of what is under the finger, ready by the menu's time; its
    /// `began` (peek) goes to the lookup alone (`onProgress`), for the menu's deadline: nothing
    /// is drawn unless the menu shows. Its lift or loss ends the press there.
    func hapticTouch(_ event: GestureEvent, _ session: DeviceSession, to overlay: OverlayMenus) {
        let (placement, output) = overlay.locate(session.name)
        func message(_ phase: String, _ stage: String) -> PressProgressMessage {
            PressProgressMessage(phase: phase, stage: stage, transitionProgress: 0, commitProgress: 0,
                                 x: event.x, y: event.y, placement: placement, output: output)
        }
        switch event.phase {
        case .changed:
            overlay.progress(message("began", ""), phase: "began", time: event.time)
        case .began:
            overlay.onProgress(message("changed", DeepPressStage.peek.rawValue))
        case .ended:
            overlay.progress(message("ended", ""), phase: "ended", time: event.time)
        case .cancelled, .failed:
            overlay.progress(message("cancelled", ""), phase: "cancelled", time: event.time)
        }
    }

    /// A deep press's step, as progress: its stage for the followed contact, and for any
    /// other contact the progress itself.
    mutating func deepPress(_ event: GestureEvent, _ session: DeviceSession, to overlay: OverlayMenus,
                            previews: (_ newPress: Bool) -> Bool) {
        let stage = event.stage?.rawValue ?? ""
        let phase: String
        switch event.phase {
        case .began, .changed: phase = "changed"
        case .ended: phase = "ended"
        case .cancelled, .failed: phase = "cancelled"
        }
        if var t = track, t.node == session.node.devnode, event.contacts.contains(t.slot) {
            if !stage.isEmpty {
                t.stage = stage
                t.preview.peeked()
            }
            track = t
            // The lift is sampled after the read (or a replay's frame); the stage goes out
            // now, since a still finger's peek comes from a timer, with no read after it.
            if phase != "changed" || stage.isEmpty { return }
        }
        let (placement, output) = overlay.locate(session.name)
        overlay.progress(
            PressProgressMessage(phase: phase, stage: stage, transitionProgress: event.transitionProgress ?? 0,
                                 commitProgress: event.commitProgress ?? 0, x: event.x, y: event.y,
                                 placement: placement, output: output, preview: previews(false)),
            phase: stage.isEmpty ? phase : "stage", time: event.time)
    }
}
