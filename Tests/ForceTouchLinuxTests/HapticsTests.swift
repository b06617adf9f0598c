import ForceTouchCore
import ForceTouchEngine
import ForceTouchTestSupport
import Foundation
import Testing
@testable import ForceTouchLinux

/// Where the tick at peek and pop plays, and when it does.
struct HapticsChoiceTests {
    let vibrator = ForceFeedbackDevice(devnode: "/dev/input/event9", effects: [.rumble, .periodic], isTouchDevice: false)
    let pad = ForceFeedbackDevice(devnode: "/dev/input/event5", effects: [.haptic, .rumble], isTouchDevice: true)
    let screen = ForceFeedbackDevice(devnode: "/dev/input/event2", effects: [.rumble], isTouchDevice: true)

    @Test func offPlaysNowhereWhateverThereIs() {
        #expect(HapticsChoice.choose(.off, feedbackdOnBus: true, devices: [pad, vibrator]) == .off)
    }

    @Test func feedbackdComesFirstAsItHonoursTheUsersProfile() {
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: true, devices: [pad, vibrator]) == .feedbackd)
    }

    @Test func aTouchDevicesOwnClickBeforeItsRumbleAndBeforeTheMotor() {
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: false, devices: [vibrator, screen, pad])
                == .forceFeedback(devnode: "/dev/input/event5", effect: .haptic))
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: false, devices: [vibrator, screen])
                == .forceFeedback(devnode: "/dev/input/event2", effect: .rumble))
    }

    @Test func theSeatsVibrationMotorWhenNoTouchDeviceHasForceFeedback() {
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: false, devices: [vibrator])
                == .forceFeedback(devnode: "/dev/input/event9", effect: .rumble))
        // A device that is not touched and cannot rumble (a wheel's spring) is no motor.
        let wheel = ForceFeedbackDevice(devnode: "/dev/input/event7", effects: [.periodic], isTouchDevice: false)
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: false, devices: [wheel]) == HapticsPath.none)
    }

    @Test func theFirstDeviceByNameAmongEquals() {
        let other = ForceFeedbackDevice(devnode: "/dev/input/event10", effects: [.rumble], isTouchDevice: false)
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: false, devices: [vibrator, other])
                == .forceFeedback(devnode: "/dev/input/event10", effect: .rumble))
    }

    @Test func theLogSaysWhereOrWhyNot() {
        #expect(HapticsPath.feedbackd.logLine == "haptics: feedbackd (org.sigxcpu.Feedback)")
        #expect(HapticsPath.forceFeedback(devnode: "/dev/input/event3", effect: .rumble).logLine
                == "haptics: force feedback on /dev/input/event3 (FF_RUMBLE)")
        #expect(HapticsChoice.choose(.auto, feedbackdOnBus: false, devices: []).logLine
                == "haptics: none: no feedbackd on the bus and no device with force feedback")
    }
}

struct ForceFeedbackBitsTests {
    /// sysfs's capabilities/ff: 64-bit words, most significant first; FF_HAPTIC is bit 0x4f,
    /// FF_RUMBLE 0x50, FF_PERIODIC 0x51, all in the second word.
    @Test func readsTheEffectsFromTheKernelsBitmap() {
        #expect(ForceFeedbackEffect.offered(bySysfsBitmap: "10000 0\n") == [.rumble])
        #expect(ForceFeedbackEffect.offered(bySysfsBitmap: "107030000 0\n") == [.rumble, .periodic])
        #expect(ForceFeedbackEffect.offered(bySysfsBitmap: "8000 0\n") == [.haptic])
        #expect(ForceFeedbackEffect.offered(bySysfsBitmap: "0\n").isEmpty)
        #expect(ForceFeedbackEffect.offered(bySysfsBitmap: "").isEmpty)
    }

    @Test func findsTheDevicesWithForceFeedbackInSysfs() throws {
        let sysfs = try ScratchDirectory()
        defer { sysfs.remove() }
        for (name, ff) in [("event3", "10000 0\n"), ("event4", "0\n"), ("event6", "8000 0\n")] {
            try FileManager.default.createDirectory(atPath: sysfs.path + "/\(name)/device/capabilities",
                                                    withIntermediateDirectories: true)
            _ = try sysfs.write("\(name)/device/capabilities/ff", ff)
        }
        try FileManager.default.createDirectory(atPath: sysfs.path + "/mouse0", withIntermediateDirectories: true)
        let found = HapticFeedback.devices(touchDevices: ["/dev/input/event6"], sysfs: sysfs.path)
            .sorted { $0.devnode < $1.devnode }
        #expect(found == [
            ForceFeedbackDevice(devnode: "/dev/input/event3", effects: [.rumble], isTouchDevice: false),
            ForceFeedbackDevice(devnode: "/dev/input/event6", effects: [.haptic], isTouchDevice: true),
        ])
    }
}

struct HapticTickTests {
    private func deepPress(_ phase: GesturePhase, _ stage: DeepPressStage?) -> GestureEvent {
        GestureEvent(gesture: .deepPress, phase: phase, fingers: 1, time: Timestamp(microseconds: 0),
                     x: 0.5, y: 0.5, force: 2, stage: stage)
    }

    @Test func aDeepPressTicksAtPeekAndAtPopOnly() {
        #expect(HapticTick(deepPress(.began, .peek)) == .peek)
        #expect(HapticTick(deepPress(.changed, .pop)) == .pop)
        #expect(HapticTick(deepPress(.changed, nil)) == nil)
        #expect(HapticTick(deepPress(.ended, nil)) == nil)
        #expect(HapticTick(deepPress(.cancelled, nil)) == nil)
    }

    /// Its tick waits for its menu: nothing is felt where the app keeps its own long press.
    @Test func aHapticTouchsEventsAreNotTicksThemselves() {
        var e = deepPress(.began, .peek)
        e.hapticTouch = true
        #expect(HapticTick(e) == nil)
    }

    @Test func otherGesturesDoNotTick() {
        let long = GestureEvent(gesture: .longPress, phase: .began, fingers: 1, time: Timestamp(microseconds: 0),
                                x: 0, y: 0, force: 1)
        #expect(HapticTick(long) == nil)
    }
}
