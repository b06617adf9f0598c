import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

@Suite struct GuidedCalibrationTests {
    @Test func stepsAskInOrderAndCountEachPress() throws {
        let s = calibrationScript(light: 20, average: 60, firm: 180, perStep: 2)
        var g = GuidedCalibration(device: s.device, pressesPerStep: 2)
        #expect(g.step == .light && g.stepNumber == 1 && g.pressesInStep == 0)
        var seen: [String] = []
        var rawWhileDown: Int32?
        for e in s.recording.events {
            for c in g.process(e) { seen.append("\(c.step.rawValue) \(c.number)") }
            if let r = g.currentRaw { rawWhileDown = max(rawWhileDown ?? 0, r) }
            if seen.count == 3 { #expect(g.step == .average && g.stepNumber == 2 && g.pressesInStep == 1) }
        }
        #expect(seen == ["light 1", "light 2", "average 1", "average 2", "firm 1", "firm 2"])
        #expect(g.isComplete && g.step == nil && g.stepNumber == 3 && g.currentRaw == nil)
        #expect(abs(Double(rawWhileDown ?? 0) - 180) <= 2)
        let r = try g.result()
        #expect(r.verdict == .available && r.pressesPerStep == 2)
        #expect(abs(r.averageRaw - 60) <= 3)
    }

    @Test func unfinishedSaysWhereItStands() {
        let s = calibrationScript(light: 20, average: 60, firm: 180, perStep: 3)
        var g = GuidedCalibration(device: s.device, pressesPerStep: 3)
        for e in s.recording.events.prefix(s.recording.events.count / 2) { _ = g.process(e) }
        #expect(!g.isComplete)
        #expect(throws: CalibrationError("calibration is not finished: step 2 of 3 has 1 of 3 presses")) {
            try g.result()
        }
    }

    @Test func pressesAfterTheLastStepAreIgnored() {
        let s = calibrationScript(light: 20, average: 60, firm: 180, perStep: 2)
        var g = GuidedCalibration(device: s.device, pressesPerStep: 1)
        var counted = 0
        for e in s.recording.events { counted += g.process(e).count }
        #expect(counted == 3 && g.presses.count == 3 && g.isComplete)
    }

    @Test func theCommentSaysWhoCalibratedWhenAndTheLevels() throws {
        let s = calibrationScript(light: 20, average: 60, firm: 180, perStep: 3, jitter: 0)
        var g = GuidedCalibration(device: s.device)
        for e in s.recording.events { _ = g.process(e) }
        let r = try g.result()
        #expect(CalibrationBlock.comment(r, by: "forcetouch Settings", on: "2026-11-28")
            == "Calibrated by forcetouch Settings on 2026-11-28: light 20, average 60, firm 180 raw ABS_MT_PRESSURE, noise ±0.")
    }
}
