import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// A guided calibration as a recording: `perStep` presses at each of the three levels, in
/// order light, average, firm. Each press ramps up over 60 ms, holds 400 ms with a little
/// deterministic jitter (±`jitter`), ramps down and lifts; 300 ms between presses.
func calibrationScript(light: Int32, average: Int32, firm: Int32, perStep: Int = 3, jitter: Int32 = 2,
                       device: DeviceDescription = EventScript.touchscreen()) -> EventScript {
    var s = EventScript(device: device)
    var t = 1.0
    var seed: UInt32 = 12345
    func noise() -> Int32 {
        guard jitter > 0 else { return 0 }
        seed = seed &* 1_103_515_245 &+ 12345
        return Int32((seed >> 16) % UInt32(2 * jitter + 1)) - jitter
    }
    var id: Int32 = 1
    for level in [light, average, firm] {
        for _ in 0..<perStep {
            s.down(t, slot: 0, id: id, x: 500, y: 300, pressure: max(level / 4, 1))
            s.syn(t)
            id += 1
            for k in 1...3 {
                t += 0.02
                s.move(t, pressure: level * Int32(k + 1) / 4)
                s.syn(t)
            }
            for _ in 0..<40 {
                t += 0.01
                s.move(t, pressure: level + noise())
                s.syn(t)
            }
            for k in (1...3).reversed() {
                t += 0.02
                s.move(t, pressure: level * Int32(k) / 4)
                s.syn(t)
            }
            t += 0.01
            s.lift(t)
            t += 0.3
        }
    }
    return s
}

@Suite struct CalibrationTests {
    @Test func pressesAreSegmentedByContactLifetime() {
        let s = calibrationScript(light: 20, average: 60, firm: 180)
        let presses = PressSegmenter.presses(in: s.recording)
        #expect(presses.count == 9)
        #expect(presses.allSatisfy { $0.duration.seconds > 0.4 })
        #expect(abs(presses[4].level(floor: 0) - 60) <= 2)
        #expect(abs(Double(presses[8].peak) - 180) <= 2)
    }

    @Test func averageWithinFivePercentAndThresholdsBetweenAverageAndFirm() throws {
        for (light, average, firm) in [(20, 60, 180), (300, 700, 1800), (8, 30, 90)] as [(Int32, Int32, Int32)] {
            var device = EventScript.touchscreen()
            device.absInfo[ABS.MT_PRESSURE] = AbsInfo(minimum: 0, maximum: 2047)
            let s = calibrationScript(light: light, average: average, firm: firm, device: device)
            let presses = PressSegmenter.presses(in: s.recording)
            let r = try Calibration.analyze(presses, device: device)
            #expect(r.verdict == .available)
            #expect(abs(r.averageRaw - Double(average)) <= 0.05 * Double(average))
            // Back to raw: peek above every average press, pop below every firm one.
            let unit = r.averageRaw
            let peekRaw = r.peekForce * unit, popRaw = r.popForce * unit
            #expect(peekRaw > Double(r.average.highestPeak))
            #expect(popRaw > peekRaw)
            #expect(popRaw < Double(r.firm.peaks.min()!))
            #expect(popRaw < r.firm.lowestLevel)
            #expect(r.peekFraction > 0 && r.popFraction <= 1 && r.peekFraction < r.popFraction)
            #expect(abs(r.peekFraction * r.maximumPossibleForce - r.peekForce) < 1e-9)
            #expect(abs(r.maximumPossibleForce - 2047 / r.averageRaw) < 1e-9)
            #expect(r.light.levels.count == 3 && r.firm.levels.count == 3)
            #expect(r.noise > 0 && r.noise < 5)
            // The thresholds do what they say through the engine itself.
            var settings = GestureSettings()
            settings.peekFraction = r.peekFraction
            settings.popFraction = r.popFraction
            let g = RecordingPlayback.run(s.recording, settings: settings, average: r.averageRaw)
            let peeks = g.filter { $0.gesture == .deepPress && $0.stage == .peek }
            let pops = g.filter { $0.gesture == .deepPress && $0.stage == .pop }
            #expect(peeks.count == 3 && pops.count == 3, "only the firm presses deep-press")
            #expect(peeks.allSatisfy { $0.time.seconds > presses[6].start.seconds })
        }
    }

    @Test func constantPressureIsUnavailable() throws {
        var s = EventScript(device: EventScript.touchscreen())
        var t = 0.0
        for i in 0..<6 {
            s.down(t, id: Int32(i + 1), x: 100, y: 100, pressure: 255)
            s.syn(t)
            for _ in 0..<20 { t += 0.01; s.move(t, x: 100); s.syn(t) }
            s.lift(t + 0.01)
            t += 0.5
        }
        let r = try Calibration.analyze(PressSegmenter.presses(in: s.recording), device: s.device)
        #expect(r.verdict == .unavailable)
        #expect(r.reason.contains("constant"))
        #expect(!r.isUsable)
    }

    @Test func nearConstantPressureIsUnavailable() throws {
        let s = calibrationScript(light: 100, average: 101, firm: 102, jitter: 1)
        let r = try Calibration.analyze(PressSegmenter.presses(in: s.recording), device: s.device)
        #expect(r.verdict == .unavailable)
        #expect(r.reason.contains("barely varies"))
    }

    @Test func noPressureAxisIsUnavailableAndContactSizeCanBeEmulated() throws {
        var device = EventScript.touchscreen(pressure: false)
        device.absInfo[ABS.MT_TOUCH_MAJOR] = AbsInfo(minimum: 0, maximum: 100)
        device.codes[EV.ABS]?.insert(ABS.MT_TOUCH_MAJOR)
        var s = EventScript(device: device)
        var t = 0.0
        var id: Int32 = 1
        for size in [10, 10, 10, 25, 25, 25, 60, 60, 60] as [Int32] {
            s.emit(t, EV.ABS, ABS.MT_SLOT, 0)
            s.emit(t, EV.ABS, ABS.MT_TRACKING_ID, id)
            s.emit(t, EV.ABS, ABS.MT_POSITION_X, 300)
            s.emit(t, EV.ABS, ABS.MT_POSITION_Y, 300)
            s.emit(t, EV.ABS, ABS.MT_TOUCH_MAJOR, size)
            s.syn(t)
            id += 1
            for k in 0..<20 {
                t += 0.01
                s.emit(t, EV.ABS, ABS.MT_TOUCH_MAJOR, size + Int32(k % 2))
                s.syn(t)
            }
            t += 0.01
            s.emit(t, EV.ABS, ABS.MT_TRACKING_ID, -1)
            s.syn(t)
            t += 0.3
        }
        let plain = try Calibration.analyze(PressSegmenter.presses(in: s.recording), device: device)
        #expect(plain.verdict == .unavailable)
        #expect(plain.reason.contains("no pressure axis"))
        #expect(plain.reason.contains("--emulate"))
        let presses = PressSegmenter.presses(in: s.recording, emulateFromContactSize: true)
        let r = try Calibration.analyze(presses, device: device, emulate: true)
        #expect(r.verdict == .emulated)
        #expect(abs(r.averageRaw - 25) <= 1.25)
        #expect(CalibrationBlock.Values(r).emulateForce)
    }

    @Test func inconsistentPressesAreRefusedWithAReason() {
        let s = calibrationScript(light: 20, average: 120, firm: 60)
        #expect(throws: CalibrationError.self) {
            try Calibration.analyze(PressSegmenter.presses(in: s.recording), device: s.device)
        }
        var short = calibrationScript(light: 20, average: 60, firm: 180)
        short.tap(100, x: 10, y: 10, duration: 0.2)
        do {
            _ = try Calibration.analyze(PressSegmenter.presses(in: short.recording), device: short.device)
            Issue.record("10 presses should not calibrate")
        } catch {
            #expect(error.message.contains("multiple of 3"))
        }
        // A brush shorter than the minimum duration is not a press.
        var brush = calibrationScript(light: 20, average: 60, firm: 180)
        brush.tap(100, x: 10, y: 10, duration: 0.03)
        #expect(PressSegmenter.presses(in: brush.recording).count == 9)
    }

    @Test func statistics() {
        #expect(CalibrationStatistics.median([3, 1, 2]) == 2)
        #expect(CalibrationStatistics.median([4, 1, 2, 3]) == 2.5)
        #expect(CalibrationStatistics.plateau([10, 50, 100, 98, 102, 40], floor: 0).level == 100)
    }
}
