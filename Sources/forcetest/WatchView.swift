import ForceTouchCore
import ForceTouchEngine

/// What `forcetest watch` shows, kept up to date from the engine frame by frame and drawn
/// as plain lines: one bar per contact with its force, raw pressure and peak, marks at peek
/// and pop, the long-press deadline's progress, and the gestures as they are recognized.
struct WatchView {
    struct Slot {
        var down = false
        var force = 0.0
        var raw: Int32 = 0
        var peak = 0.0
        var peakRaw: Int32 = 0
    }

    enum LongPress: Equatable {
        case idle
        case pending(since: Timestamp)
        case fired(after: Double)
        case failed(String, progress: Double)
    }

    let title: String
    let settings: GestureSettings
    /// The force scale and thresholds, and where the scale comes from: they change when
    /// auto-calibration converges while watching.
    var model: ForceModel?
    var thresholds: DeepPressThresholds?
    var calibration: CalibrationSource
    let capability: CapabilityReport
    let pressureName: String?
    var slots: [Int: Slot] = [:]
    var longPress = LongPress.idle
    var gestures: [String] = []
    var status = ""
    var anyDown = false

    init(title: String, engine: GestureEngine) {
        self.title = title
        settings = engine.settings
        model = engine.forceModel
        thresholds = engine.thresholds
        calibration = engine.calibrationSource
        capability = engine.capability
        pressureName = engine.frames.pressureSource.flatMap { EventNames.codeName(type: EV.ABS, code: $0.code) }
    }

    /// After a frame: contact state and calibration from the engine.
    mutating func update(_ engine: GestureEngine) {
        model = engine.forceModel
        thresholds = engine.thresholds
        calibration = engine.calibrationSource
        let frames = engine.frames
        let wasDown = anyDown
        anyDown = false
        var began = false
        for c in frames.contacts {
            if c.began { began = true }
            if c.isDown { anyDown = true }
        }
        if began && !wasDown {
            // A new touch sequence: forget the last one's bars.
            slots.removeAll()
            longPress = .pending(since: frames.time)
        }
        for (i, c) in frames.contacts.enumerated() where c.isDown || c.ended {
            var s = slots[i] ?? Slot()
            if c.began { s = Slot() }
            s.down = c.isDown
            s.force = c.force
            s.raw = c.pressure
            if c.force >= s.peak { s.peak = c.force }
            if c.pressure > s.peakRaw { s.peakRaw = c.pressure }
            if c.isDown, c.travel > settings.longPressSlop, case .pending(let since) = longPress {
                longPress = .failed("moved", progress: progress(since, frames.time))
            }
            slots[i] = s
        }
        if !anyDown, case .pending(let since) = longPress {
            longPress = .failed("lifted", progress: progress(since, frames.time))
        }
    }

    mutating func record(_ g: GestureEvent) {
        var line = GestureReport.gestureText(g)
        if g.gesture == .deepPress, let t = g.transitionProgress, let c = g.commitProgress {
            line += "  transition \(formatNumber(t)) commit \(formatNumber(c))"
        }
        gestures.append(line)
        if gestures.count > 200 { gestures.removeFirst(gestures.count - 200) }
        switch (g.gesture, g.phase) {
        case (.longPress, .began):
            if case .pending(let since) = longPress { longPress = .fired(after: (g.time - since).seconds) }
        case (.deepPress, .began):
            if case .pending(let since) = longPress { longPress = .failed("deep press first", progress: progress(since, g.time)) }
        default: break
        }
    }

    func progress(_ since: Timestamp, _ now: Timestamp) -> Double {
        let d = settings.longPressDuration.seconds
        return d > 0 ? min(max((now - since).seconds / d, 0), 1) : 1
    }

    /// Whether the view changes with time alone (the long-press bar filling).
    var isAnimating: Bool { if case .pending = longPress { anyDown } else { false } }

    func render(now: Timestamp, columns: Int, rows: Int) -> [String] {
        let width = max(columns, 40)
        var out: [String] = []
        out.append(clip("forcetest watch: \(title)   (Ctrl-C quits)", width))
        if let m = model, let th = thresholds {
            out.append(clip("force from \(pressureName ?? "pressure") \(Int(m.minimum))..\(Int(m.maximum)), average touch "
                + "\(formatNumber(m.average)) raw (calibration \(calibration.summary)), maximumPossibleForce "
                + "\(formatNumber(m.maximumPossibleForce))", width))
            out.append(clip("peek \(formatNumber(th.peek))  pop \(formatNumber(th.pop))  re-arm below "
                + "\(formatNumber(th.peekRearm)) / \(formatNumber(th.popRearm))  long press "
                + "\(formatNumber(settings.longPressDuration.seconds)) s", width))
        } else {
            out.append(clip("force \(capability.capability): \(capability.reason)", width))
            out.append(clip("long press \(formatNumber(settings.longPressDuration.seconds)) s", width))
        }
        out.append("")
        if slots.isEmpty {
            out.append("no contact: touch the device")
        }
        let bar = max(width - 4, 20)
        for i in slots.keys.sorted() {
            let s = slots[i]!
            var head = "contact \(i)  "
            head += s.down ? "force \(formatNumber(s.force))  raw \(s.raw)" : "lifted"
            head += "  peak \(formatNumber(s.peak)) (raw \(s.peakRaw))"
            out.append(clip(head, width))
            out += forceBar(s, width: bar)
        }
        if !slots.isEmpty {
            out.append(clip(longPressLine(now: now, width: bar), width))
        }
        if !status.isEmpty {
            out.append("")
            out.append(clip(status, width))
        }
        out.append("")
        out.append("gestures:")
        let room = max(rows - out.count - 1, 3)
        for g in gestures.suffix(room) { out.append(clip("  " + g, width)) }
        return out
    }

    /// `  [#####|####   :   |      ]` and a line of labels under the marks.
    func forceBar(_ s: Slot, width: Int) -> [String] {
        let inner = width - 4
        guard let m = model, m.maximumPossibleForce > 0 else {
            return ["  [" + String(repeating: " ", count: inner) + "]"]
        }
        func col(_ f: Double) -> Int { min(max(Int((f / m.maximumPossibleForce * Double(inner)).rounded(.down)), 0), inner - 1) }
        var cells = Array(repeating: Character(" "), count: inner)
        if s.down && s.force > 0 {
            for k in 0...col(s.force) { cells[k] = "#" }
        }
        var marks: [(Int, String)] = []
        if s.peak > 0 {
            let c = col(s.peak)
            if cells[c] != "#" { cells[c] = ":" }
            marks.append((c, "peak"))
        }
        if let th = thresholds {
            cells[col(th.peek)] = "|"
            cells[col(th.pop)] = "|"
            marks.append((col(th.peek), "peek"))
            marks.append((col(th.pop), "pop"))
        }
        var labels = Array(repeating: Character(" "), count: inner + 8)
        var taken = -1
        for (c, name) in marks.sorted(by: { $0.0 < $1.0 }) {
            let start = max(c, taken + 1)
            guard start + name.count <= labels.count else { continue }
            for (k, ch) in name.enumerated() { labels[start + k] = ch }
            taken = start + name.count
        }
        let labelLine = "   " + String(labels)
        return ["  [" + String(cells) + "]", String(labelLine.reversed().drop { $0 == " " }.reversed())]
    }

    func longPressLine(now: Timestamp, width: Int) -> String {
        let d = formatNumber(settings.longPressDuration.seconds)
        let inner = max(width - 40, 10)
        func bar(_ p: Double) -> String {
            let n = Int((p * Double(inner)).rounded(.down))
            return "[" + String(repeating: "#", count: n) + String(repeating: ".", count: inner - n) + "]"
        }
        switch longPress {
        case .idle:
            return "long press: -"
        case .pending(let since):
            let p = progress(since, now)
            return "long press \(bar(p)) \(formatNumber(p * settings.longPressDuration.seconds)) / \(d) s"
        case .fired(let after):
            return "long press \(bar(1)) fired at \(formatNumber(after)) s"
        case .failed(let why, let p):
            return "long press \(bar(p)) off: \(why)"
        }
    }

    func clip(_ s: String, _ width: Int) -> String {
        s.count <= width ? s : String(s.prefix(width))
    }
}
