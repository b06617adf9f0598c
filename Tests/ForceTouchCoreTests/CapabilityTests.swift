import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

@Suite struct CapabilityTests {
    @Test func uncalibratedForceGivesTheIPhoneFigure() {
        let m = ForceModel(minimum: 0, maximum: 2047)
        #expect(abs(m.maximumPossibleForce - 20.0 / 3.0) < 1e-9)
        #expect(abs(m.force(raw: Int32((0.15 * 2047).rounded())) - 1) < 0.01)
        #expect(m.force(raw: -5) == 0)
        #expect(m.force(raw: 5000) == m.maximumPossibleForce)
        #expect(!m.isCalibrated)
    }

    @Test func calibratedAverageIsForceOne() {
        let m = ForceModel(minimum: 10, maximum: 255, average: 60)
        #expect(m.force(raw: 60) == 1)
        #expect(abs(m.maximumPossibleForce - 245.0 / 50.0) < 1e-12)
        #expect(m.isCalibrated)
        // An average at or below the minimum would divide by zero: it falls back.
        #expect(!ForceModel(minimum: 10, maximum: 255, average: 10).isCalibrated)
    }

    @Test func availableUnavailableAndWhy() {
        #expect(CapabilityReport.probe(EventScript.touchscreen()).capability == .available)
        let none = CapabilityReport.probe(EventScript.touchscreen(pressure: false))
        #expect(none.capability == .unavailable)
        #expect(none.reason == "no pressure axis")
        var flat = EventScript.touchscreen(pressure: false)
        flat.absInfo[ABS.PRESSURE] = AbsInfo(minimum: 0, maximum: 0)
        flat.codes[EV.ABS]?.insert(ABS.PRESSURE)
        let report = CapabilityReport.probe(flat)
        #expect(report.capability == .unavailable)
        #expect(report.reason.contains("ABS_PRESSURE"))
        #expect(CapabilityReport.unknown("permission denied").capability == .unknown)
    }

    @Test func emulatedForceFromContactSizeIsOptIn() {
        var d = EventScript.touchscreen(pressure: false)
        d.absInfo[ABS.MT_TOUCH_MAJOR] = AbsInfo(minimum: 0, maximum: 30)
        d.codes[EV.ABS]?.insert(ABS.MT_TOUCH_MAJOR)
        #expect(CapabilityReport.probe(d).capability == .unavailable)
        let emulated = CapabilityReport.probe(d, emulateFromContactSize: true)
        #expect(emulated.capability == .available)
        #expect(emulated.emulated)
    }

    /// A touchpad's pressure is contact size, as libinput reads it, unless the pad says it
    /// measures force (INPUT_PROP_PRESSUREPAD): force is still read from it, reported emulated.
    @Test func aTouchpadsPressureIsContactSizeUnlessItIsAPressurePad() {
        var pad = DeviceDescription(name: "pad", properties: [INPUT_PROP.POINTER, INPUT_PROP.BUTTONPAD],
                                    codes: [EV.KEY: [BTN.LEFT, BTN.TOOL_FINGER, BTN.TOUCH]],
                                    absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 1000), ABS.Y: AbsInfo(minimum: 0, maximum: 700),
                                              ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 255)])
        let contactSize = CapabilityReport.probe(pad)
        #expect(contactSize.capability == .available)
        #expect(contactSize.emulated)
        #expect(contactSize.reason == "ABS_PRESSURE 0..255, which measures contact size (a touchpad without INPUT_PROP_PRESSUREPAD)")
        pad.properties.insert(INPUT_PROP.PRESSUREPAD)
        let force = CapabilityReport.probe(pad)
        #expect(force == CapabilityReport(capability: .available, reason: "ABS_PRESSURE 0..255"))
        // The device database's word wins: a pad it says measures force is not emulated.
        pad.properties.remove(INPUT_PROP.PRESSUREPAD)
        #expect(!CapabilityReport.probe(pad, quirks: DeviceQuirks(pressureKind: .force)).emulated)
    }

    /// Two values (touching or not) are no force, and the reason says so.
    @Test func aBinaryPressureAxisIsNoForce() {
        var d = EventScript.touchscreen(pressure: false)
        d.absInfo[ABS.MT_PRESSURE] = AbsInfo(minimum: 0, maximum: 1)
        d.codes[EV.ABS]?.insert(ABS.MT_PRESSURE)
        let report = CapabilityReport.probe(d)
        #expect(report.capability == .unavailable)
        #expect(report.reason == "ABS_MT_PRESSURE 0..1: touching or not, no force")
    }

    /// A device of class other has no force capability at all, not `unavailable`.
    @Test func aDeviceThatIsNoTouchDeviceHasNoCapability() {
        let keyboard = DeviceDescription(name: "kbd", codes: [EV.KEY: [30]])
        let report = CapabilityReport.probe(keyboard)
        #expect(!report.isTouchDevice)
        #expect(report.capabilityText == "none")
        #expect(report.capability == .unknown)
    }

    @Test func overallIsAvailableIfAnyDeviceIs() {
        #expect(Capability.overall([.unknown, .available, .unavailable]) == .available)
        #expect(Capability.overall([.unknown, .unavailable]) == .unavailable)
        #expect(Capability.overall([]) == .unknown)
        #expect(Capability.available.rawValue == 2)
    }

    @Test func classification() {
        #expect(DeviceClass(classifying: EventScript.touchscreen()) == .touchscreen)
        #expect(DeviceClass(classifying: EventScript.pen()) == .tablet)
        #expect(DeviceClass(classifying: DeviceDescription(name: "kbd", codes: [EV.KEY: [30]])) == .other)
        #expect(DeviceClass(udevProperties: ["ID_INPUT_TOUCHPAD": "1"]) == .touchpad)
    }

    @Test func rotation() {
        #expect(Rotation.quarter.apply(x: 0.2, y: 0.1) == (0.9, 0.2))
        #expect(Rotation.half.apply(x: 0.2, y: 0.1) == (0.8, 0.9))
        #expect(Rotation(degrees: -90) == .threeQuarters)
    }
}
