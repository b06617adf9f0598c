import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The recognizers over the catalog of test devices (`TestDevice`), after libinput's litest:
/// each script is written once and played on every device, so a gesture that works on the
/// touchscreen but not on a single-touch screen, a pen or a SEMI_MT pad shows up here.
/// Positions are in the catalog's 10 units per millimetre; pressures are forces
/// (peek is 2.0, pop 5.0, an average touch 1.0).
@Suite struct DeviceCatalogTests {
    /// Plays the script on its device as the daemon would, with emulate-force on where the
    /// catalog says so.
    static func play(_ script: EventScript, on device: TestDevice) -> [GestureEvent] {
        RecordingPlayback.run(script.recording, emulateFromContactSize: device.emulatesForce)
    }

    /// A deliberate press: down at an average touch, up past peek (2.0) by 0.1 s, on to 3.0,
    /// then held perfectly still until the lift 0.4 s later.
    static func deliberatePress(on device: TestDevice) -> EventScript {
        var s = device.script()
        s.touch(0, x: 500, y: 300, force: 1.0)
        s.move(0.05, force: 1.5); s.syn(0.05)
        s.move(0.10, force: 2.5); s.syn(0.10)
        s.move(0.15, force: 3.0); s.syn(0.15)
        s.lift(0.55)
        return s
    }

    /// A hard quick tap: past peek on landing, past pop 30 ms later, lifted at 100 ms.
    static func hardQuickTap(on device: TestDevice) -> EventScript {
        var s = device.script()
        s.touch(0, x: 500, y: 300, force: 3.0)
        s.move(0.03, force: 6.0); s.syn(0.03)
        s.lift(0.1)
        return s
    }

    @Test(arguments: TestDevice.allCases)
    func aTapIsOneOneFingerTap(_ device: TestDevice) {
        var s = device.script()
        s.tap(0, x: 500, y: 300)
        let g = Self.play(s, on: device)
        #expect(names(g) == ["tap ended"])
        #expect(g.map(\.fingers) == [1])
        #expect(g.first?.time == Timestamp(seconds: 0.38))  // release + the double-tap window
    }

    @Test(arguments: TestDevice.allCases)
    func aDoubleTapIsOneDoubleTap(_ device: TestDevice) {
        var s = device.script()
        s.tap(0, x: 500, y: 300)
        s.tap(0.3, x: 540, y: 320)  // 0.22 s after the first lifted, 4.5 mm away
        let g = Self.play(s, on: device)
        #expect(names(g) == ["double-tap ended"])
        #expect(g.map(\.fingers) == [1])
    }

    @Test(arguments: TestDevice.allCases)
    func aStillHoldIsALongPress(_ device: TestDevice) {
        var s = device.script()
        s.touch(0, x: 500, y: 300)
        s.lift(1.0)
        let g = Self.play(s, on: device)
        #expect(names(g) == ["long-press began", "long-press ended"])
        #expect(g.map(\.fingers) == [1, 1])
        #expect(g.map(\.time) == [0.5, 1.0].map { Timestamp(seconds: $0) })
    }

    /// A quick tap (70 ms) with the few units of jitter every real finger has: 1.5 mm at
    /// most, inside the 2 mm slop on every device, the touchpad without resolution included
    /// (by its estimated size; taken as 1/150 of its diagonal, 1.5 mm would be 2.6 mm).
    @Test(arguments: TestDevice.allCases)
    func aQuickTapWithJitterIsATap(_ device: TestDevice) {
        var s = device.script()
        s.touch(0, x: 500, y: 300)
        s.move(0.024, x: 505, y: 292); s.syn(0.024)
        s.move(0.048, x: 507, y: 287); s.syn(0.048)
        s.lift(0.07)
        let g = Self.play(s, on: device)
        #expect(names(g) == ["tap ended"])
        #expect(g.map(\.fingers) == [1])
    }

    /// Two taps 7 mm apart: one double tap on every device (the double-tap distance is
    /// 10 mm; on the touchpad without resolution, 7 mm by its estimated size).
    @Test(arguments: TestDevice.allCases)
    func aDoubleTapSevenMillimetresApartIsOneDoubleTap(_ device: TestDevice) {
        var s = device.script()
        s.tap(0, x: 500, y: 300)
        s.tap(0.25, x: 550, y: 350)
        let g = Self.play(s, on: device)
        #expect(names(g) == ["double-tap ended"])
        #expect(g.map(\.fingers) == [1])
    }

    /// A firm quick pen tap: the tip lands at half the range, runs to the top within 0.1 s,
    /// holds it and lifts at 0.26 s, past peek (and pop) for longer than the dwell. It is a
    /// tap: a pen's press is deliberate only once the tip has been down 0.3 s.
    @Test(arguments: TestDevice.allCases.filter { DeviceClass(classifying: $0.device) == .tablet })
    func aFirmPenTapIsATapNotADeepPress(_ device: TestDevice) {
        let g = Self.play(Self.firmPenTap(on: device), on: device)
        #expect(names(g) == ["tap ended"])
        #expect(g.map(\.fingers) == [1])
    }

    /// A firm quick pen tap, as people tap with a pen: force 3.4 (half the pen's range) on
    /// landing, the top (6.66 of 6.67) at 0.1 s, held, lifted at 0.26 s; 4 ms frames.
    static func firmPenTap(on device: TestDevice) -> EventScript {
        var s = device.script()
        s.touch(0, x: 500, y: 300, force: 3.4)
        for k in 1..<25 {
            let t = Double(k) * 0.004
            s.move(t, force: 3.4 + (6.66 - 3.4) * t / 0.1); s.syn(t)
        }
        s.move(0.1, force: 6.66); s.syn(0.1)
        s.move(0.25, force: 4.0); s.syn(0.25)
        s.lift(0.26)
        return s
    }

    /// Two fingers together on every device that tells two apart: one tap with two fingers.
    @Test(arguments: TestDevice.allCases.filter { $0.maximumFingers >= 2 })
    func twoFingersTogetherAreOneTwoFingerTap(_ device: TestDevice) {
        var s = device.script()
        s.down(0, slot: 0, x: 450, y: 300); s.down(0, slot: 1, x: 550, y: 300); s.syn(0)
        s.up(0.1, slot: 0); s.up(0.1, slot: 1); s.syn(0.1)
        let g = Self.play(s, on: device)
        #expect(names(g) == ["tap ended"])
        #expect(g.map(\.fingers) == [2])
    }

    /// The deep press fires when the 0.2 s dwell past peek is over (0.1 + 0.2), from the
    /// deadline since the finger sends nothing; the long press it decided against never fires.
    @Test(arguments: TestDevice.allCases.filter(\.sensesForce))
    func aDeliberatePressIsADeepPress(_ device: TestDevice) {
        let g = Self.play(Self.deliberatePress(on: device), on: device)
        #expect(names(g) == ["deep-press began peek", "deep-press ended"])
        #expect(g.map(\.time) == [0.3, 0.55].map { Timestamp(seconds: $0) })
        #expect(g.map(\.fingers) == [1, 1])
    }

    @Test(arguments: TestDevice.allCases.filter(\.sensesForce))
    func aHardQuickTapIsATapNotADeepPress(_ device: TestDevice) {
        let g = Self.play(Self.hardQuickTap(on: device), on: device)
        #expect(names(g) == ["tap ended"])
        #expect(g.map(\.fingers) == [1])
    }

    /// Without force the same scripts are what their timing says: a long press and a tap.
    @Test(arguments: TestDevice.allCases.filter { !$0.sensesForce })
    func withoutForceThereIsNeverADeepPress(_ device: TestDevice) {
        #expect(names(Self.play(Self.deliberatePress(on: device), on: device)) == ["long-press began", "long-press ended"])
        #expect(names(Self.play(Self.hardQuickTap(on: device), on: device)) == ["tap ended"])
    }

    /// Contact size is force only when the user opts in: without emulate-force the press
    /// that is a deep press with it is a long press.
    @Test func contactSizeIsNoForceWithoutEmulateForce() {
        let s = Self.deliberatePress(on: .touchscreenWithContactSize)
        #expect(names(RecordingPlayback.run(s.recording)) == ["long-press began", "long-press ended"])
        #expect(names(Self.play(s, on: .touchscreenWithContactSize)).first == "deep-press began peek")
    }

    /// Each device is the kind it says it is, and the catalog has one of each kind.
    @Test func theCatalogHasEachKindOfDevice() {
        #expect(TestDevice.allCases.map { DeviceClass(classifying: $0.device) } ==
                [.touchscreen, .touchscreen, .tablet, .touchpad, .touchscreen, .touchscreen, .touchpad])
        #expect(TestDevice.allCases.map { CapabilityReport.probe($0.device).capability } ==
                [.available, .available, .available, .available, .unavailable, .unavailable, .available])
        #expect(Set(TestDevice.allCases.map(\.device.name)).count == TestDevice.allCases.count)
    }

    /// What the script writes is what each device's driver sends.
    @Test func scriptsWriteWhatEachDriverSends() {
        func codes(_ device: TestDevice) -> [String] {
            var s = device.script()
            s.touch(0, x: 500, y: 300, force: 1.0)
            return s.events.map { "\($0.type):\($0.code)=\($0.value)" }
        }
        let (abs, key, syn) = (EV.ABS, EV.KEY, EV.SYN)
        #expect(codes(.multitouchPressure) == ["\(abs):\(ABS.MT_SLOT)=0", "\(abs):\(ABS.MT_TRACKING_ID)=100",
                                               "\(abs):\(ABS.MT_POSITION_X)=500", "\(abs):\(ABS.MT_POSITION_Y)=300",
                                               "\(abs):\(ABS.MT_PRESSURE)=38", "\(syn):0=0"])
        #expect(codes(.singleTouchPressure) == ["\(abs):\(ABS.X)=500", "\(abs):\(ABS.Y)=300",
                                                "\(abs):\(ABS.PRESSURE)=38", "\(key):\(BTN.TOUCH)=1", "\(syn):0=0"])
        #expect(codes(.pen) == ["\(abs):\(ABS.X)=500", "\(abs):\(ABS.Y)=300", "\(abs):\(ABS.PRESSURE)=307",
                                "\(key):\(BTN.TOOL_PEN)=1", "\(key):\(BTN.TOUCH)=1", "\(syn):0=0"])
        #expect(codes(.semiMultitouchTouchpad) == ["\(abs):\(ABS.MT_SLOT)=0", "\(abs):\(ABS.MT_TRACKING_ID)=100",
                                                   "\(abs):\(ABS.MT_POSITION_X)=500", "\(abs):\(ABS.MT_POSITION_Y)=300",
                                                   "\(abs):\(ABS.PRESSURE)=19", "\(key):\(BTN.TOUCH)=1",
                                                   "\(key):\(BTN.TOOL_FINGER)=1", "\(syn):0=0"])
        #expect(codes(.touchscreenWithoutPressure) == ["\(abs):\(ABS.MT_SLOT)=0", "\(abs):\(ABS.MT_TRACKING_ID)=100",
                                                       "\(abs):\(ABS.MT_POSITION_X)=500", "\(abs):\(ABS.MT_POSITION_Y)=300",
                                                       "\(syn):0=0"])
        #expect(codes(.touchscreenWithContactSize).dropLast(2) == ["\(abs):\(ABS.MT_SLOT)=0",
                                                                   "\(abs):\(ABS.MT_TRACKING_ID)=100",
                                                                   "\(abs):\(ABS.MT_POSITION_X)=500",
                                                                   "\(abs):\(ABS.MT_POSITION_Y)=300"])
        #expect(codes(.touchscreenWithContactSize).suffix(2) == ["\(abs):\(ABS.MT_TOUCH_MAJOR)=38", "\(syn):0=0"])
    }
}
