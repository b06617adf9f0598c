// Measures the engine's throughput and heap allocations on a long synthetic stream:
// ten contacts at 1 kHz, each moving a little and pressing harder and softer, so that
// deep presses begin and end throughout. Prints figures; asserts nothing.
import CMallocCounter
import ForceTouchCore

import Foundation
#if canImport(Glibc)
import Glibc
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

var engine = GestureEngine(device: device)
let warmup = events.count / 10
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
let allocations = forcetouch_allocation_count() - allocationsBefore
let measured = events.count - warmup

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)

print("forcetouch engine benchmark")
print("  stream: \(contacts) contacts at 1 kHz for \(seconds) s, \(events.count) events (\(measured) measured after warm-up)")
print("  gesture events recognized: \(gestures)")
print("  throughput: \(Int(Double(measured) / elapsed)) events/s")
print("  time per event: \(String(format: "%.1f", elapsed / Double(measured) * 1e9)) ns")
print("  heap allocations in steady state: \(allocations) (\(String(format: "%.6f", Double(allocations) / Double(measured))) per event)")
print("  peak resident memory: \(usage.ru_maxrss / 1024) MiB (includes the pre-built stream)")
