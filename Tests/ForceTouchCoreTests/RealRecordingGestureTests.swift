import Testing
@testable import ForceTouchCore

/// What the engine makes of the real devices in Fixtures/recordings.
@Suite struct RealRecordingGestureTests {
    private func load(_ name: String) throws -> Recording {
        try EvemuReader.read(TestFiles.text(TestFiles.realRecording(name)))
    }

    @Test func alpsDoubleTapIsExactlyOneOneFingerDoubleTap() throws {
        let g = RecordingPlayback.run(try load("alps-glidepoint.double-tap.evemu"))
        #expect(names(g) == ["double-tap ended"])
        #expect(g.first?.fingers == 1)
    }

    @Test func alpsPadWithOnlyAbsPressureIsAvailable() throws {
        let r = try load("alps-glidepoint.double-tap.evemu")
        let report = CapabilityReport.probe(r.device)
        #expect(report.capability == .available)
        #expect(PressureSource.find(in: r.device)?.code == ABS.PRESSURE)
        #expect(DeviceClass(classifying: r.device) == .touchpad)
    }

    @Test func wacomPenIsAvailableWithUncalibratedMaximum() throws {
        let r = try load("wacom-cintiq-13hd-touch-pen.evemu")
        let engine = GestureEngine(device: r.device)
        #expect(engine.capability.capability == .available)
        let mpf = try #require(engine.forceModel?.maximumPossibleForce)
        #expect(abs(mpf - 6.67) < 0.005)
        #expect(DeviceClass(classifying: r.device) == .tablet)
    }

    @Test func cypressTwoFingerPressIsOneTwoFingerDeepPress() throws {
        let g = RecordingPlayback.run(try load("cypress-trackpad.two_finger_press.evemu"))
        #expect(names(g) == ["deep-press began peek", "deep-press ended"])
        #expect(g.allSatisfy { $0.fingers == 2 })
    }

    @Test func everyRealRecordingReplaysDeterministically() throws {
        for name in ["alps-glidepoint.double-tap.evemu", "cypress-trackpad.two_finger_press.evemu",
                     "elantech-touchpad.samsung-700z3a.evemu", "wacom-cintiq-13hd-touch-pen.evemu"] {
            let r = try load(name)
            #expect(RecordingPlayback.run(r) == RecordingPlayback.run(r), "\(name)")
        }
    }
}
