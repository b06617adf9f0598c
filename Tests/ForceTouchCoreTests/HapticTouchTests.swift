import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// Haptic Touch (SPEC §4): on a touchscreen without force, a press held still for
/// `haptic-touch-time` stands in for a deep press's peek, which only the `quick-actions = true`
/// menu answers, and which claims its touch only once the menu is known to show (SPEC §10).
@Suite struct HapticTouchTests {
    static let noPressure = EventScript.touchscreen(name: "no-pressure screen", pressure: false)

    static let menuBound = """
        [[binding]]
        gesture = "deep-press"
        quick-actions = true
        """

    /// The gestures a pipeline under `toml` reports for `script`, deadlines included.
    static func play(_ script: EventScript, _ toml: String = menuBound) -> [GestureEvent] {
        let load = Configuration.parse(toml, file: "test.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        var p = DevicePipeline(device: script.device, deviceClass: DeviceClass(classifying: script.device),
                               configuration: load.configuration)
        var out: [GestureEvent] = []
        for e in script.events {
            while let d = p.nextDeadline, d <= e.time { out += p.advance(to: d).map(\.gesture) }
            out += p.process(e).map(\.gesture)
        }
        while let d = p.nextDeadline { out += p.advance(to: d).map(\.gesture) }
        return out
    }

    static func still(_ device: DeviceDescription = noPressure, lift: Double = 1.0) -> EventScript {
        var s = EventScript(device: device)
        s.touch(0, x: 500, y: 300)
        s.lift(lift)
        return s
    }

    @Test func aStillPressOnAScreenWithoutForceIsAHapticTouchAtItsTime() {
        let g = Self.play(Self.still()).filter { $0.gesture == .deepPress }
        #expect(names(g) == ["deep-press changed", "deep-press began peek", "deep-press ended"])
        #expect(g.allSatisfy { $0.hapticTouch })
        #expect(g.first?.time == Timestamp(seconds: 0.19), "on its way at half its time: the lookup starts")
        #expect(g.dropFirst().first?.time == Timestamp(seconds: 0.38), "the fast preset")
        #expect(g.dropFirst().first?.contacts == SlotSet(bits: 1))
        #expect(g.last?.time == Timestamp(seconds: 1.0), "ended at the lift")
    }

    @Test func theSlowPresetAndASetTimeAreWaitedOut() {
        for (value, seconds) in [("\"slow\"", 0.7), ("\"fast\"", 0.38), ("0.9", 0.9)] {
            let toml = "[gestures]\nhaptic-touch-time = \(value)\n\n" + Self.menuBound
            let g = Self.play(Self.still(lift: 1.5), toml).filter { $0.hapticTouch && $0.phase == .began }
            #expect(g.first?.time == Timestamp(seconds: seconds), "\(value)")
        }
    }

    @Test func aPressThatMovesLiftsEarlyOrHasTwoFingersIsNone() {
        var moved = EventScript(device: Self.noPressure)
        moved.touch(0, x: 500, y: 300)
        moved.move(0.2, x: 530); moved.syn(0.2)        // 3 mm: a scroll
        moved.lift(1)
        var early = EventScript(device: Self.noPressure)
        early.touch(0, x: 500, y: 300)
        early.lift(0.3)
        var two = EventScript(device: Self.noPressure)
        two.down(0, slot: 0, x: 400, y: 300); two.down(0, slot: 1, x: 600, y: 300); two.syn(0)
        two.up(1, slot: 0); two.up(1, slot: 1); two.syn(1)
        for s in [moved, early, two] {
            #expect(!Self.play(s).contains { $0.hapticTouch && $0.phase == .began })
        }
    }

    @Test func theAppsLongPressIsNotForcetouchsToTake() {
        // forcetouch's own long press, for its own bindings, goes on as ever beside it.
        let g = Self.play(Self.still(), Self.menuBound + "\n\n[[binding]]\ngesture = \"long-press\"\nnotify = \"x\"\n")
        #expect(names(g) == ["deep-press changed", "deep-press began peek", "long-press began", "long-press ended", "deep-press ended"])
    }

    @Test func onlyWhereItAppliesAndSomethingAnswersIt() {
        let pressure = Self.still(EventScript.touchscreen(pressure: true))
        #expect(!Self.play(pressure).contains { $0.hapticTouch }, "auto: a screen with force deep-presses")
        #expect(Self.play(pressure, "[gestures]\nhaptic-touch = \"on\"\n\n" + Self.menuBound).contains { $0.hapticTouch })
        #expect(!Self.play(Self.still(), "[gestures]\nhaptic-touch = \"off\"\n\n" + Self.menuBound).contains { $0.hapticTouch })
        let notify = "[[binding]]\ngesture = \"deep-press\"\nnotify = \"x\"\n"
        #expect(!Self.play(Self.still(), notify).contains { $0.hapticTouch }, "no menu to open: a long hold as ever")
        let pad = EventScript(device: TestDevice.touchpadWithoutResolution.device)
        var s = pad
        s.touch(0, x: 500, y: 300)
        s.lift(1)
        #expect(!Self.play(s, "[gestures]\nhaptic-touch = \"on\"\n\n" + Self.menuBound).contains { $0.hapticTouch },
                "a touchpad's finger is not on what it points at")
    }

    @Test func onlyTheQuickActionsMenuAnswersIt() {
        let toml = Self.menuBound + "\n\n[[binding]]\ngesture = \"deep-press\"\nexec = [\"true\"]\n"
        let load = Configuration.parse(toml, file: "test.toml", lookups: .fake())
        let p = DevicePipeline(device: Self.noPressure, deviceClass: .touchscreen, configuration: load.configuration)
        var e = GestureEvent(gesture: .deepPress, phase: .began, fingers: 1, time: .zero, x: 0.5, y: 0.5, force: 0,
                             stage: .peek)
        #expect(p.dispatches(for: e).count == 2, "a real deep press runs both")
        e.hapticTouch = true
        e.phase = .changed
        #expect(p.dispatches(for: e).isEmpty, "on its way: only the lookup starts")
        e.phase = .began
        let d = p.dispatches(for: e)
        #expect(d.count == 1)
        #expect(d.first?.request == .presentMenu)
        #expect(d.first?.claimWaitsForMenu == true)
    }

    // MARK: claiming

    /// The touch is held (sway: `hold`) from its first frame until the menu is decided.
    @Test func holdKeepsTheTouchUntilWhatIsUnderTheFingerDecides() {
        var s = EventScript(device: Self.noPressure)
        s.touch(0, x: 500, y: 300)
        s.move(0.2, x: 501); s.syn(0.2)
        for shows in [false, true] {
            var h = ClaimTests.Harness(ClaimTests.config("hold", Self.menuBound), device: Self.noPressure)
            h.play(s.events)
            h.advance(to: Timestamp(seconds: 0.6))
            #expect(h.written.isEmpty, "held past the haptic touch: \(h.trace)")
            #expect(h.pipeline.engine.claims.awaitsClaim(0))
            let slots = h.gestures.first { $0.gesture.hapticTouch }!.gesture.contacts
            h.pipeline.settleClaim(slots, claimed: shows, at: Timestamp(seconds: 0.45))
            h.forwarder.settle(h.pipeline.engine.claims)
            h.take()
            var rest = EventScript(device: Self.noPressure)
            rest.lift(1)
            h.play(rest.events)
            h.finish()
            if shows {
                // Only the clone's axes follow the device's (`resynchronize`): no touch begins.
                #expect(!h.trace.contains { $0.contains("TRACKING_ID") }, "a link's or an icon's menu: the app never sees the touch: \(h.trace)")
            } else {
                var whole = s
                whole.lift(1)
                #expect(h.trace == ClaimTests.Harness.trace(whole.events), "plain content: the app gets it all, in order")
            }
        }
    }

    @Test func aHapticTouchNothingAnswersPassesAtOnce() {
        // A claiming long-press binding holds the device's touches; no menu answers the
        // Haptic Touch (the quick-actions binding says claim = false): it goes through then.
        let toml = Self.menuBound + "\nclaim = false\n\n[[binding]]\ngesture = \"long-press\"\nexec = [\"true\"]\n"
        var h = ClaimTests.Harness(ClaimTests.config("hold", toml), device: Self.noPressure)
        var s = EventScript(device: Self.noPressure)
        s.touch(0, x: 500, y: 300)
        h.play(s.events)
        h.advance(to: Timestamp(seconds: 0.4))
        #expect(h.gestures.contains { $0.gesture.hapticTouch })
        #expect(h.pipeline.engine.claims.state(0) == .passed)
        #expect(!h.written.isEmpty)
    }

    @Test func withoutForceAStillTouchIsHeldOnlyForTheHapticTouchsTime() {
        var s = EventScript(device: Self.noPressure)
        s.touch(0, x: 500, y: 300)
        let off = "[gestures]\nhaptic-touch = \"off\"\n\n"
        var h = ClaimTests.Harness(ClaimTests.config("hold", off + Self.menuBound), device: Self.noPressure)
        h.play(s.events)
        // Haptic Touch off and no force: no deep press can come, so nothing is held for one
        // and, with nothing else claiming, the device is not claimed at all.
        #expect(h.pipeline.claimMode == .off)
        #expect(h.pipeline.engine.claims.deadline == nil)
        #expect(h.trace == ClaimTests.Harness.trace(s.events), "the touch reaches the app at once")
        let longPress = "\n[[binding]]\ngesture = \"long-press\"\nexec = [\"true\"]\n"
        var withLongPress = ClaimTests.Harness(ClaimTests.config("hold", off + Self.menuBound + longPress),
                                               device: Self.noPressure)
        withLongPress.play(s.events)
        #expect(withLongPress.pipeline.engine.claims.deadline == Timestamp(seconds: 0.5),
                "a claiming long press still holds for its own time")
        var on = ClaimTests.Harness(ClaimTests.config("hold", Self.menuBound), device: Self.noPressure)
        on.play(s.events)
        #expect(on.pipeline.engine.claims.deadline == Timestamp(seconds: 0.38))
    }

    // MARK: what has a menu of its own

    @Test func onlyALinkOrAnIconOpensOnAHapticTouch() {
        for (kind, opens) in [(PressTargetKind.link, true), (.appIcon, true), (.window, false), (.nothing, false)] {
            var t = PressTarget.nothing("test")
            t.kind = kind
            #expect(PressTargetMenu.opensOnHapticTouch(t) == opens, "\(kind)")
        }
    }

    // MARK: configuration

    @Test func theKeysAreReadWithTheirRulesAndLines() {
        let good = Configuration.parse("[gestures]\nhaptic-touch = \"on\"\nhaptic-touch-time = \"slow\"\n",
                                       file: "c.toml", lookups: .fake())
        #expect(good.errors.isEmpty)
        #expect(good.configuration.gestures.hapticTouch == .on)
        #expect(good.configuration.gestures.hapticTouchTime == HapticTouchTime.slow)
        let device = Configuration.parse("[[device]]\nmatch-name = \"*\"\n[device.gestures]\nhaptic-touch = \"off\"\nhaptic-touch-time = 1.2\n",
                                         file: "c.toml", lookups: .fake())
        #expect(device.errors.isEmpty)
        let settings = device.configuration.settings(for: Self.noPressure, deviceClass: .touchscreen).gestures
        #expect(settings.hapticTouch == .off && settings.hapticTouchTime == .init(seconds: 1.2))
        let bad = Configuration.parse("[gestures]\nhaptic-touch = \"yes\"\nhaptic-touch-time = \"medium\"\n\n[[device]]\n[device.gestures]\nhaptic-touch-time = 0.05\n",
                                      file: "c.toml", lookups: .fake())
        let text = bad.errors.map(\.description)
        #expect(text.contains { $0.contains("c.toml:2") && $0.contains("haptic-touch: expected \"auto\", \"on\" or \"off\", not \"yes\"") }, "\(text)")
        #expect(text.contains { $0.contains("c.toml:3") && $0.contains("haptic-touch-time: expected \"fast\", \"slow\" or a number of seconds, not \"medium\"") }, "\(text)")
        #expect(text.contains { $0.contains("c.toml:7") && $0.contains("0.1 or more") }, "\(text)")
        #expect(bad.configuration.gestures.hapticTouch == .auto, "a refused key leaves the default")
    }
}
