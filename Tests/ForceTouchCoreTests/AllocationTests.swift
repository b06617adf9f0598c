import CMallocCounter
import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The guard of ARCHITECTURE's first rule: in steady state, an event allocates nothing on the
/// path the daemon runs (`DevicePipeline.process(_:into:)`, one read at a time, and
/// `advance(to:)` for deadlines). Counted with `CMallocCounter`, which interposes malloc in
/// the test executable and counts per thread, so tests running beside this one do not count.
///
/// Steady state: each stream is played once to warm up (buffers reach their size, the
/// runtime's metadata is made, auto-calibration fills its window), then again, shifted in
/// time, through the same pipeline. In the second pass every read and deadline that
/// completes no gesture must allocate nothing. One that completes a gesture allocates by
/// design: the gesture events and their dispatches are handed to the caller.
@Suite struct AllocationTests {
    /// What a read or a deadline that allocated did, for the failure message.
    struct Allocation: CustomStringConvertible {
        var stream: String
        var time: Timestamp
        var what: String
        var count: UInt64
        var description: String { "\(stream): \(what) at \(time) allocated \(count) times" }
    }

    /// Plays `events` on `pipeline` as the daemon reads a device (a frame per read, deadlines
    /// fired between reads), returning the reads and deadlines that completed no gesture but
    /// allocated. `offset` shifts every event's time.
    static func play(_ events: [InputEvent], offset: Timestamp.Duration, on pipeline: inout DevicePipeline,
                     stream: String) -> [Allocation] {
        var found: [Allocation] = []
        // The recognizers' notes, drained as `forcetest replay --explain` drains them.
        var notes = 0
        var completed: [PipelineOutput] = []
        completed.reserveCapacity(64)
        var read: [InputEvent] = []
        read.reserveCapacity(256)
        found.reserveCapacity(16)

        func advance(to t: Timestamp) {
            while let d = pipeline.nextDeadline, d <= t {
                let before = forcetouch_thread_allocation_count()
                let out = pipeline.advance(to: d)
                pipeline.drainNotes { notes += $0.time.microseconds > 0 ? 1 : 0 }
                let n = forcetouch_thread_allocation_count() - before
                if n > 0, out.isEmpty { found.append(Allocation(stream: stream, time: d, what: "deadline", count: n)) }
            }
        }

        for e in events {
            var shifted = e
            shifted.time = e.time + offset
            read.append(shifted)
            guard e.isSynReport else { continue }
            advance(to: shifted.time)
            let before = forcetouch_thread_allocation_count()
            read.withUnsafeBufferPointer { pipeline.process($0, into: &completed) }
            pipeline.drainNotes { notes += $0.time.microseconds > 0 ? 1 : 0 }
            let n = forcetouch_thread_allocation_count() - before
            if n > 0, completed.isEmpty {
                found.append(Allocation(stream: stream, time: shifted.time, what: "read of \(read.count) events",
                                        count: n))
            }
            completed.removeAll(keepingCapacity: true)
            read.removeAll(keepingCapacity: true)
        }
        advance(to: Timestamp(microseconds: .max - 1))
        return found
    }

    /// Fails with the count of reads and deadlines that allocated, and the first few.
    static func expectNone(_ found: [Allocation], sourceLocation: SourceLocation = #_sourceLocation) {
        let allocated = found.count
        let first = found.prefix(3).map(\.description).joined(separator: "\n")
        #expect(allocated == 0, "steady-state reads or deadlines that allocated; the first:\n\(first)",
                sourceLocation: sourceLocation)
    }

    /// The stream played twice through one pipeline; what the second pass allocated.
    static func steadyState(_ recording: Recording, configuration: Configuration, emulateForce: Bool = false,
                            session: ClaimSession? = nil, explain: Bool = false, stream: String) -> [Allocation] {
        let deviceClass = DeviceClass(classifying: recording.device)
        var settings = configuration.settings(for: recording.device, deviceClass: deviceClass)
        if emulateForce { settings.emulateForce = true }
        var pipeline = DevicePipeline(device: recording.device, deviceClass: deviceClass, settings: settings,
                                      configuration: configuration, session: session)
        if explain { pipeline.explain() }
        guard let last = recording.events.last?.time else { return [] }
        let before = forcetouch_thread_allocation_count()
        _ = play(recording.events, offset: Timestamp.Duration(microseconds: 0), on: &pipeline, stream: stream)
        // The warm-up allocates (its first gesture at least): zero would mean malloc is not
        // interposed, and the guard guards nothing.
        #expect(forcetouch_thread_allocation_count() > before, "\(stream): no allocation counted at all")
        let offset = (last - Timestamp.zero) + Timestamp.Duration(seconds: 60)
        return play(recording.events, offset: offset, on: &pipeline, stream: stream)
    }

    /// Every gesture bound (and the presses claiming, held on a touchscreen), so that the
    /// dispatches and claims run too; nothing bound, as `forcetest replay` plays; and that
    /// with the recognizers' trace on, which must not allocate either.
    static let configurations: [(name: String, configuration: Configuration, session: ClaimSession?, explain: Bool)] = {
        let toml = """
            [[device]]
            match-name = "*"
            claim = "hold"

            [[binding]]
            gesture = "tap"
            notify = "tap"

            [[binding]]
            gesture = "double-tap"
            notify = "double tap"

            [[binding]]
            gesture = "long-press"
            notify = "long press"

            [[binding]]
            gesture = "deep-press"
            notify = "deep press"
            """
        let load = Configuration.parse(toml, file: "allocation.toml", lookups: .fake())
        precondition(load.errors.isEmpty, "\(load.errors)")
        let session = ClaimSession(sessionType: "x11", hasX11Display: true)
        return [("nothing bound", Configuration(), nil, false),
                ("everything bound, claiming", load.configuration, session, false),
                ("nothing bound, explaining", Configuration(), nil, true)]
    }()

    /// What a user does with a device, many times over: taps, double taps, a long press, a
    /// deliberate press through pop, a hard quick tap, a drag, and where the device tells
    /// fingers apart a two-finger tap and press. Enough touches for auto-calibration to
    /// converge within the warm-up.
    static func catalogStream(_ device: TestDevice) -> EventScript {
        var s = device.script()
        var t = 0.0
        for round in 0..<25 {
            let x = Int32(300 + (round % 5) * 60)
            s.tap(t, x: x, y: 300); t += 0.5
            s.tap(t, x: x, y: 300); s.tap(t + 0.2, x: x + 20, y: 310); t += 0.8
            s.touch(t, x: x, y: 400, force: 1.0)
            for k in 1...12 { s.move(t + Double(k) * 0.06, x: x + Int32(k % 2), force: 1.0); s.syn(t + Double(k) * 0.06) }
            s.lift(t + 0.8); t += 1.2
            s.touch(t, x: x, y: 300, force: 1.0)
            for (k, f) in [1.5, 2.5, 3.0, 4.0, 6.0, 6.0, 3.0, 1.2].enumerated() {
                s.move(t + Double(k + 1) * 0.05, force: f); s.syn(t + Double(k + 1) * 0.05)
            }
            s.lift(t + 0.5); t += 0.9
            s.touch(t, x: x, y: 300, force: 3.0)
            s.move(t + 0.03, force: 6.0); s.syn(t + 0.03)
            s.lift(t + 0.1); t += 0.6
            s.touch(t, x: 200, y: 200, force: 1.0)
            for k in 1...10 { s.move(t + Double(k) * 0.02, x: 200 + Int32(k) * 40, y: 200 + Int32(k) * 10, force: 1.0); s.syn(t + Double(k) * 0.02) }
            s.lift(t + 0.25); t += 0.7
            if device.maximumFingers > 1 {
                s.down(t, slot: 0, x: x, y: 300, force: 1.0); s.down(t, slot: 1, x: x + 150, y: 300, force: 1.0); s.syn(t)
                s.up(t + 0.08, slot: 0); s.up(t + 0.08, slot: 1); s.syn(t + 0.08); t += 0.6
                s.down(t, slot: 0, x: x, y: 300, force: 1.0); s.down(t, slot: 1, x: x + 150, y: 300, force: 1.0); s.syn(t)
                for k in 1...8 {
                    let f = k < 6 ? 3.0 : 1.0
                    s.move(t + Double(k) * 0.05, slot: 0, force: f); s.move(t + Double(k) * 0.05, slot: 1, force: f)
                    s.syn(t + Double(k) * 0.05)
                }
                s.up(t + 0.5, slot: 0); s.up(t + 0.5, slot: 1); s.syn(t + 0.5); t += 1.0
            }
            // Ordinary touches auto-calibration learns from.
            s.heldTouches([90, 100, 110], start: t); t += 1.6
        }
        return s
    }

    @Test(arguments: TestDevice.allCases)
    func aSteadyStateEventOfTheCatalogAllocatesNothing(_ device: TestDevice) {
        let recording = Self.catalogStream(device).recording
        for c in Self.configurations {
            let found = Self.steadyState(recording, configuration: c.configuration, emulateForce: device.emulatesForce,
                                         session: c.session, explain: c.explain, stream: "\(device), \(c.name)")
            Self.expectNone(found)
        }
    }

    /// Every real recording in Fixtures (the corpus, the others, the golden cases).
    static func recordings() throws -> [String] {
        let root = TestFiles.fixture("")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var out: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".evemu"), !path.hasPrefix("hostile") { out.append(path) }
        }
        return out.sorted()
    }

    @Test func aSteadyStateEventOfTheRecordingsAllocatesNothing() throws {
        let files = try Self.recordings()
        #expect(files.count >= 30)
        for file in files {
            let recording = try EvemuReader.read(try TestFiles.text(TestFiles.fixture(file)))
            for c in Self.configurations {
                let found = Self.steadyState(recording, configuration: c.configuration, session: c.session,
                                             explain: c.explain, stream: "\(file), \(c.name)")
                Self.expectNone(found)
            }
        }
    }
}
