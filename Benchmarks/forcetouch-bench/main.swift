// Measures the engine's throughput and heap allocations on two long synthetic streams —
// ten contacts at 1 kHz pressing harder and softer, so that deep presses begin and end
// throughout; and one finger tapping at 120 Hz, so that auto-calibration learns from every
// touch — through the engine alone and through DevicePipeline as the daemon runs it, and
// how long after force crosses peek a deliberate press is decided. Prints figures; asserts
// nothing (AllocationTests does).
import CMallocCounter
import ForceTouchCore
import ForceTouchEngine

import FoundationEssentials
#if canImport(Glibc)
import Glibc
import ForceTouchTestDevices
#endif

let seconds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 30 : 30
let contacts: Int32 = 10
let device = EventScript.touchscreen(slots: contacts)

var script = EventScript(device: device)
for c in 0..<contacts {
    script.down(0, slot: c, x: 50 + c * 90, y: 300, pressure: 40)
}
script.syn(0)
for frame in 1..<(seconds * 1000) {
    let t = Double(frame) / 1000
    for c in 0..<contacts {
        // Pressure swings between 20 and 230 over 1.5 s, each contact out of phase, so every
        // contact crosses peek and pop and falls back below the hysteresis levels.
        let phase = (t / 1.5 + Double(c) / Double(contacts)) * 2 * Double.pi
        let pressure = Int32(125 + 105 * sin(phase))
        let jitter = Int32(frame % 3) - 1
        script.move(t, slot: c, x: 50 + c * 90 + jitter, y: 300 - jitter, pressure: pressure)
    }
    script.syn(t)
}
let events = script.events

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}


/// Runs `events` through a fresh engine: the first `warmup` (a tenth by default) to warm
/// up, the rest measured.
func measure(_ events: [InputEvent], device: DeviceDescription, warmup: Int? = nil)
    -> (measured: Int, elapsed: Double, allocations: Int, gestures: Int, engine: GestureEngine)
{
    var engine = GestureEngine(device: device)
    let warmup = warmup ?? events.count / 10
    var gestures = 0
    for e in events[..<warmup] {
        engine.process(e)
        if !engine.output.isEmpty { gestures += engine.output.count; engine.removeOutput() }
    }
    let allocationsBefore = forcetouch_allocation_count()
    let start = now()
    for e in events[warmup...] {
        engine.process(e)
        if !engine.output.isEmpty { gestures += engine.output.count; engine.removeOutput() }
    }
    let elapsed = now() - start
    return (events.count - warmup, elapsed, Int(forcetouch_allocation_count() - allocationsBefore), gestures, engine)
}

/// Runs `events` through a fresh `DevicePipeline` as the daemon does, a frame per read
/// (`process(_:into:)`), every gesture bound so that each completed one is dispatched: the
/// first `warmup` events (a tenth by default) to warm up, the rest measured.
func measurePipeline(_ events: [InputEvent], device: DeviceDescription, warmup: Int? = nil)
    -> (measured: Int, elapsed: Double, allocations: Int, gestures: Int, engine: GestureEngine)
{
    let toml = ["tap", "double-tap", "long-press", "deep-press"]
        .map { "[[binding]]\ngesture = \"\($0)\"\nnotify = \"\($0)\"\n" }.joined(separator: "\n")
    // Notifications name nothing to look up: the lookups answer nothing.
    let lookups = ConfigurationLookups(readFile: { _ in nil }, userExists: { _ in false }, groupExists: { _ in false },
                                       desktopApplication: { _ in .failure(DesktopLookupFailure("none")) })
    let load = Configuration.parse(toml, file: "bench.toml", lookups: lookups)
    precondition(load.errors.isEmpty, "\(load.errors)")
    let configuration = load.configuration
    let deviceClass = DeviceClass(classifying: device)
    var pipeline = DevicePipeline(device: device, deviceClass: deviceClass, configuration: configuration)
    var completed: [PipelineOutput] = []
    completed.reserveCapacity(64)
    var gestures = 0
    let warmup = warmup ?? events.count / 10
    // Reads end at a SYN_REPORT; the warm-up ends at the first one at or after `warmup`.
    var start = 0
    var allocationsBefore: UInt64 = 0
    var measuredFrom = 0
    var began = 0.0
    events.withUnsafeBufferPointer { all in
        for i in all.indices where all[i].isSynReport {
            if start >= warmup && allocationsBefore == 0 {
                measuredFrom = start
                allocationsBefore = forcetouch_allocation_count()
                began = now()
            }
            pipeline.process(UnsafeBufferPointer(rebasing: all[start...i]), into: &completed)
            if !completed.isEmpty { gestures += completed.count; completed.removeAll(keepingCapacity: true) }
            start = i + 1
        }
    }
    let elapsed = now() - began
    return (events.count - measuredFrom, elapsed, Int(forcetouch_allocation_count() - allocationsBefore), gestures,
            pipeline.engine)
}

func report(_ title: String, _ r: (measured: Int, elapsed: Double, allocations: Int, gestures: Int, engine: GestureEngine),
            total: Int) {
    print("  \(title)")
    print("    \(total) events (\(r.measured) measured after warm-up), \(r.gestures) gesture events recognized")
    print("    throughput: \(Int(Double(r.measured) / r.elapsed)) events/s, \(TextFormat.fixed(r.elapsed / Double(r.measured) * 1e9, decimals: 1)) ns per event")
    print("    heap allocations in steady state: \(r.allocations) (\(TextFormat.fixed(Double(r.allocations) / Double(r.measured), decimals: 6)) per event)")
}

// One finger tapping, 3 taps a second at 120 Hz frames, each a little harder or softer:
// every tap is an ordinary touch auto-calibration learns from.
var taps = EventScript(device: device)
let tapCount = max(seconds, 10) * 3
for i in 0..<tapCount {
    let t = Double(i) / 3
    let level = Int32(90 + (i * 7) % 21)
    taps.touch(t, x: 300 + Int32(i % 7) * 20, y: 300, pressure: level / 2)
    for k in 1...10 {
        let tk = t + Double(k) / 120
        taps.move(tk, x: 300 + Int32(i % 7) * 20 + Int32(k % 2), pressure: level + Int32(k % 3)); taps.syn(tk)
    }
    taps.lift(t + 11.0 / 120)
}

print("forcetouch engine benchmark")
let dense = measure(events, device: device)
report("\(contacts) contacts at 1 kHz for \(seconds) s, pressing harder and softer", dense, total: events.count)
// Warmed up until auto-calibration has converged (its buffers are then all in place).
let tapEvents = taps.events.count / tapCount
let tapping = measure(taps.events, device: device, warmup: tapEvents * (LearnedCalibration.touchesToConverge + 2))
report("one finger tapping at 120 Hz for \(seconds) s (auto-calibration learning)", tapping, total: taps.events.count)
// The same streams through the daemon's path: reads, bindings and dispatches. The
// allocations counted here include the gestures handed over (each completed gesture's
// array and dispatches); a read that completes none allocates nothing (AllocationTests).
let densePipeline = measurePipeline(events, device: device)
report("the same through DevicePipeline, a frame per read, every gesture bound", densePipeline, total: events.count)
let tappingPipeline = measurePipeline(taps.events, device: device,
                                      warmup: tapEvents * (LearnedCalibration.touchesToConverge + 2))
report("one finger tapping through DevicePipeline, every gesture bound", tappingPipeline, total: taps.events.count)
let learned = tapping.engine.learned
print("    learned: average touch \(learned.average.map { TextFormat.fixed($0, decimals: 1) } ?? "-") raw from \(learned.touches) touches, calibration \(tapping.engine.calibrationSource.summary)")

// Deliberate presses: force ramps from an average touch to well past peek in `ramp`, is
// held, then released. How long after the crossing frame is the press decided?
print("  deep-press decision after force crosses peek (deep-press-dwell \(GestureSettings().deepPressDwell.seconds) s):")
for (hz, ramp) in [(120.0, 0.05), (120.0, 0.3), (1000.0, 0.05), (1000.0, 0.3)] {
    var s = EventScript(device: device)
    s.touch(0, x: 500, y: 300, pressure: 40)
    var crossing: Double?
    var t = 0.0
    var frame = 0
    while t < 1.0 {
        frame += 1
        t = Double(frame) / hz
        let p = Int32(40 + min(t / ramp, 1) * 110 + Double(frame % 2))
        if crossing == nil, Double(p) >= 76.5 { crossing = t }
        s.move(t, pressure: p); s.syn(t)
    }
    s.lift(t + 0.01)
    let began = RecordingPlayback.run(s.recording).first { $0.gesture == .deepPress && $0.phase == .began }
    let delay = began.map { TextFormat.fixed(($0.time.seconds - crossing!) * 1000, decimals: 1) + " ms" } ?? "never"
    print("    \(Int(hz)) Hz frames, ramp to 150 raw in \(Int(ramp * 1000)) ms: decided \(delay) after the crossing frame")
}

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("  peak resident memory: \(usage.ru_maxrss / 1024) MiB (includes the pre-built streams)")
