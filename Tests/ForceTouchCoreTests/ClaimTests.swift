import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// Claiming (SPEC §10): what the engine claims, and what the forwarder then writes to the
/// clone, frame by frame as the daemon reads them, in virtual time.
@Suite struct ClaimTests {
    /// A GNOME Wayland session without Xwayland: `auto` gives `cancel` there.
    static let wayland = ClaimSession(sessionType: "wayland", currentDesktop: "GNOME", hasWaylandDisplay: true)

    /// The daemon's path for one device: the pipeline takes each read (a frame here), then the
    /// forwarder; deadlines fire between frames and the forwarder settles after them.
    struct Harness {
        var pipeline: DevicePipeline
        var forwarder: TouchForwarder
        /// What the clone was given, in order.
        var written: [InputEvent] = []
        var gestures: [PipelineOutput] = []

        init(_ toml: String, device: DeviceDescription = EventScript.touchscreen(), session: ClaimSession = wayland) {
            let load = Configuration.parse(toml, file: "test.toml", lookups: .fake())
            #expect(load.errors.isEmpty, "\(load.errors)")
            pipeline = DevicePipeline(device: device, deviceClass: DeviceClass(classifying: device),
                                      configuration: load.configuration, session: session)
            forwarder = TouchForwarder(slots: pipeline.engine.frames.contacts.count)
        }

        mutating func take() {
            written += forwarder.output
            forwarder.removeOutput()
        }

        mutating func advance(to t: Timestamp) {
            while let d = pipeline.nextDeadline, d <= t {
                gestures += pipeline.advance(to: d)
                forwarder.settle(pipeline.engine.claims)
                take()
            }
        }

        mutating func play(_ events: [InputEvent]) {
            var frame: [InputEvent] = []
            for e in events {
                frame.append(e)
                guard e.type == EV.SYN else { continue }
                advance(to: e.time)
                frame.withUnsafeBufferPointer { batch in
                    pipeline.process(batch, into: &gestures)
                    forwarder.forward(batch, claims: pipeline.engine.claims)
                }
                take()
                frame = []
            }
        }

        mutating func finish() {
            while let d = pipeline.nextDeadline { advance(to: d) }
        }

        /// The written events as `slot:code=value` for slot axes, `code=value` for the rest and
        /// `|` for a frame's end, slot changes folded into the events they precede.
        var trace: [String] { Self.trace(written) }

        static func trace(_ events: [InputEvent]) -> [String] {
            var slot = 0
            return events.compactMap { e in
                if e.type == EV.SYN { return e.code == SYN.REPORT ? "|" : "syn\(e.code)" }
                if e.type == EV.ABS && e.code == ABS.MT_SLOT { slot = Int(e.value); return nil }
                let name = EventNames.codeName(type: e.type, code: e.code) ?? "\(e.code)"
                if e.type == EV.ABS && e.code >= ABS.MT_TOUCH_MAJOR { return "\(slot):\(name)=\(e.value)" }
                return "\(name)=\(e.value)"
            }
        }
    }

    static let deepPressBound = """
        [[binding]]
        gesture = "deep-press"
        exec = ["true"]
        """

    static func config(_ claim: String, _ bindings: String = deepPressBound) -> String {
        """
        [[device]]
        match-name = "*"
        claim = "\(claim)"

        \(bindings)
        """
    }

    /// A deliberate deep press: force 3 (peek is 2) held for 0.4 s, with a little motion.
    static func deepPress(_ s: inout EventScript, at t: Double = 0) {
        s.touch(t, x: 500, y: 300, force: 1.0)
        s.move(t + 0.05, x: 502, force: 3.0); s.syn(t + 0.05)
        for i in 1...8 { s.move(t + 0.05 + Double(i) * 0.05, x: 500 + Int32(i % 2), force: 3.0); s.syn(t + 0.05 + Double(i) * 0.05) }
        s.lift(t + 0.5)
    }

    // MARK: auto

    @Test func autoCancelsOnlyWhereEveryClientHonoursACancel() {
        let gnome = ClaimSession(environment: ["XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME",
                                               "WAYLAND_DISPLAY": "wayland-0"])
        #expect(gnome.automaticMode(for: .touchscreen) == .cancel)
        var withXwayland = gnome
        withXwayland.hasX11Display = true
        #expect(withXwayland.automaticMode(for: .touchscreen) == .hold, "an Xwayland app takes a cancel as a touch end")
        #expect(ClaimSession(environment: ["XDG_SESSION_TYPE": "x11", "DISPLAY": ":0"]).automaticMode(for: .touchscreen) == .hold)
        #expect(ClaimSession(environment: ["XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "sway",
                                           "WAYLAND_DISPLAY": "wayland-1"]).automaticMode(for: .touchscreen) == .hold,
                "sway before 1.9 drops the cancel")
        #expect(ClaimSession(environment: [:]).automaticMode(for: .touchscreen) == .hold)
        #expect(ClaimSession(environment: ["XDG_SESSION_TYPE": "x11"]).automaticMode(for: .touchpad) == .cancel,
                "a touchpad's touches reach no app: a palm is all it takes")
    }

    @Test func autoClaimsOnlyDevicesWithSomethingThatClaims() {
        #expect(Harness(Self.config("auto")).pipeline.claimMode == .cancel)
        let tapOnly = Harness(Self.config("auto", "[[binding]]\ngesture = \"tap\"\nexec = [\"true\"]"))
        #expect(tapOnly.pipeline.claimMode == .off)
        let optedOut = Harness(Self.config("auto", Self.deepPressBound + "\nclaim = false"))
        #expect(optedOut.pipeline.claimMode == .off)
        #expect(Harness(Self.config("off")).pipeline.claimMode == .off)
        #expect(Harness(Self.config("hold"), device: EventScript.singleTouchscreen()).pipeline.claimMode == .off,
                "without slots a contact cannot be cancelled alone")
    }

    // MARK: cancel

    @Test func cancelForwardsWhatIsNotClaimedEventForEvent() {
        var h = Harness(Self.config("cancel"))
        var s = EventScript(device: h.pipeline.device)
        s.tap(0, x: 300, y: 200)
        s.down(0.5, slot: 0, x: 400, y: 100); s.down(0.5, slot: 1, x: 600, y: 100); s.syn(0.5)
        for i in 1...10 {
            s.move(0.5 + Double(i) * 0.01, slot: 0, y: 100 + Int32(i) * 20)
            s.move(0.5 + Double(i) * 0.01, slot: 1, y: 100 + Int32(i) * 20)
            s.syn(0.5 + Double(i) * 0.01)
        }
        s.up(0.7, slot: 0); s.up(0.7, slot: 1); s.syn(0.7)
        h.play(s.events)
        h.finish()
        #expect(h.trace == Harness.trace(s.events))
    }

    @Test func cancelTurnsAClaimedContactIntoAPalmAndBackAtItsLift() {
        var h = Harness(Self.config("cancel"))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        s.tap(1, x: 300, y: 200)
        h.play(s.events)
        h.finish()
        #expect(h.gestures.contains { $0.gesture.gesture == .deepPress && $0.gesture.phase == .began })
        let trace = h.trace
        let palm = trace.firstIndex(of: "0:ABS_MT_TOOL_TYPE=2")
        #expect(palm != nil)
        let liftAt = trace.firstIndex(of: "0:ABS_MT_TRACKING_ID=-1")
        #expect(liftAt != nil && palm! < liftAt!)
        // Nothing of the contact between the palm and its lift but the resynchronized axes.
        #expect(trace[(palm! + 2)..<liftAt!].allSatisfy { $0.hasPrefix("0:ABS_MT_POSITION") || $0.hasPrefix("0:ABS_MT_PRESSURE") })
        #expect(trace[liftAt! + 1] == "0:ABS_MT_TOOL_TYPE=0", "a finger again before the next touch")
        // The next touch goes through whole.
        #expect(trace.suffix(8).contains("0:ABS_MT_TRACKING_ID=100"))
        #expect(trace.last(where: { $0.contains("TRACKING_ID") }) == "0:ABS_MT_TRACKING_ID=-1")
    }

    @Test func aBindingThatSaysClaimFalseLeavesTheTouchAlone() {
        var h = Harness(Self.config("cancel", Self.deepPressBound + "\nclaim = false"))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        h.play(s.events)
        h.finish()
        #expect(h.trace == Harness.trace(s.events))
    }

    @Test func theAssistiveTouchRegionClaimsATouchFromItsFirstFrame() {
        let at = """
            [assistive-touch]
            region = [0.0, 0.0, 0.2, 0.2]
            single-tap = { exec = ["true"] }
            """
        var h = Harness(Self.config("cancel", at))
        var s = EventScript(device: h.pipeline.device)
        s.tap(0, x: 50, y: 50)      // in the region
        s.tap(1, x: 500, y: 300)    // outside it
        h.play(s.events)
        h.finish()
        #expect(h.gestures.filter { $0.gesture.gesture == .tap }.count == 2)
        let ids = h.trace.filter { $0.contains("TRACKING_ID") }
        #expect(ids == ["0:ABS_MT_TRACKING_ID=100", "0:ABS_MT_TRACKING_ID=-1"], "only the tap outside the region: \(ids)")
    }

    @Test func aKernelDropCancelsTheClonesTouches() {
        var h = Harness(Self.config("cancel"))
        var s = EventScript(device: h.pipeline.device)
        s.touch(0, x: 500, y: 300)
        s.emit(0.1, EV.SYN, SYN.DROPPED, 0)
        s.move(0.1, x: 520); s.syn(0.1)
        s.lift(0.2)
        h.play(s.events)
        h.finish()
        let trace = h.trace
        #expect(trace.contains("0:ABS_MT_TOOL_TYPE=2"))
        #expect(!trace.contains("0:ABS_MT_POSITION_X=520") || trace.firstIndex(of: "0:ABS_MT_POSITION_X=520")! > trace.firstIndex(of: "0:ABS_MT_TOOL_TYPE=2")!)
        #expect(!trace.contains { $0.hasPrefix("syn") }, "SYN_DROPPED is the source's, not the clone's")
    }

    // MARK: hold

    @Test func holdLetsATapGoAtItsLiftWhole() {
        var h = Harness(Self.config("hold"))
        var s = EventScript(device: h.pipeline.device)
        s.touch(0, x: 300, y: 200)
        h.play(s.events)
        #expect(h.written.isEmpty, "held while it may still be a deep press")
        var rest = EventScript(device: h.pipeline.device)
        rest.lift(0.08)
        h.play(rest.events)
        h.finish()
        #expect(h.trace == Harness.trace(s.events + rest.events))
    }

    @Test func holdLetsADragGoOnceItMovedBeyondTheSlop() {
        var h = Harness(Self.config("hold"))
        var s = EventScript(device: h.pipeline.device)
        s.touch(0, x: 300, y: 200)
        for i in 1...3 { s.move(Double(i) * 0.01, x: 300 + Int32(i) * 5); s.syn(Double(i) * 0.01) }  // 1.5 mm
        h.play(s.events)
        #expect(h.written.isEmpty)
        var more = EventScript(device: h.pipeline.device)
        more.move(0.04, x: 340); more.syn(0.04)  // 4 mm: beyond the 2 mm slop
        h.play(more.events)
        #expect(h.trace == Harness.trace(s.events + more.events), "what was held goes first, in order")
    }

    @Test func holdLetsAStillTouchGoWhenItsWindowEnds() {
        var h = Harness(Self.config("hold"))
        var s = EventScript(device: h.pipeline.device)
        s.touch(0, x: 300, y: 200)
        h.play(s.events)
        h.advance(to: Timestamp(seconds: 0.49))
        #expect(h.written.isEmpty)
        h.advance(to: Timestamp(seconds: 0.51))
        #expect(h.trace == Harness.trace(s.events), "the long-press time is the window")
    }

    @Test func holdLetsGoWhenASecondFingerComes() {
        var h = Harness(Self.config("hold"))
        var s = EventScript(device: h.pipeline.device)
        s.touch(0, x: 300, y: 200)
        s.touch(0.05, slot: 1, x: 600, y: 200)
        h.play(s.events)
        #expect(h.trace.filter { $0.contains("TRACKING_ID") } == ["0:ABS_MT_TRACKING_ID=100", "1:ABS_MT_TRACKING_ID=101"])
    }

    @Test func holdNeverLetsAClaimedDeepPressOrLongPressReachTheClone() {
        let bound = Self.deepPressBound + """

            [[binding]]
            gesture = "long-press"
            exec = ["true"]
            """
        var h = Harness(Self.config("hold", bound))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        s.touch(1, x: 300, y: 200)
        s.lift(2)
        h.play(s.events)
        h.finish()
        #expect(h.gestures.contains { $0.gesture.gesture == .deepPress && $0.gesture.phase == .began })
        #expect(h.gestures.contains { $0.gesture.gesture == .longPress && $0.gesture.phase == .began })
        #expect(!h.trace.contains { $0.contains("TRACKING_ID") }, "\(h.trace)")
        #expect(!h.trace.contains { $0.contains("TOOL_TYPE") }, "never a palm: the clone never had the touch")
    }

    @Test func holdIsKeptPastTheWindowWhileForceIsOnItsWayToADeepPress() {
        var h = Harness(Self.config("hold"))
        var s = EventScript(device: h.pipeline.device)
        s.touch(0, x: 500, y: 300, force: 1.0)
        s.move(0.4, force: 2.5); s.syn(0.4)      // at peek from 0.4 s: deliberate at 0.6 s
        h.play(s.events)
        h.advance(to: Timestamp(seconds: 0.55))
        #expect(h.written.isEmpty, "pressing on at the window's end: still held")
        h.advance(to: Timestamp(seconds: 0.65))
        #expect(h.gestures.contains { $0.gesture.gesture == .deepPress })
        #expect(h.written.allSatisfy { !Harness.trace([$0]).contains { $0.contains("TRACKING_ID") } })
    }

    // MARK: A claim that waits for its menu

    static let menuBound = """
        [[binding]]
        gesture = "deep-press"
        quick-actions = true
        """

    /// The deep press's contacts, once it fired at peek.
    static func peekContacts(_ h: Harness) -> SlotSet? {
        h.gestures.first { $0.gesture.gesture == .deepPress && $0.gesture.phase == .began }?.gesture.contacts
    }

    @Test func aQuickActionsDeepPressWaitsForItsMenuAndNothingElseDoes() {
        let h = Harness(Self.config("hold", Self.menuBound))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        var menu = h, exec = Harness(Self.config("hold")), both = Harness(Self.config("hold", Self.menuBound + "\n\n" + Self.deepPressBound))
        menu.play(s.events); exec.play(s.events); both.play(s.events)
        #expect(menu.pipeline.engine.claims.awaitsClaim(0), "the menu decides whether the press is claimed")
        #expect(menu.pipeline.engine.claims.state(0) == .undecided, "held meanwhile: the app has nothing of it yet")
        #expect(exec.pipeline.engine.claims.state(0) == .claimed && !exec.pipeline.engine.claims.awaitsClaim(0))
        #expect(both.pipeline.engine.claims.state(0) == .claimed, "an exec on the same press claims it at peek")
    }

    @Test func holdGivesADeepPressWhoseMenuShowsNothingToTheAppWholeAndInOrder() {
        var h = Harness(Self.config("hold", Self.menuBound))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        s.tap(1, x: 300, y: 200)
        // Up to its lift: the lookup may answer after the finger left (a fast press).
        let tap = s.events.firstIndex { $0.time.seconds >= 1 }!
        h.play(Array(s.events[..<tap]))
        #expect(h.written.isEmpty, "held while the menu is decided, lift and all: \(h.trace)")
        h.pipeline.settleClaim(Self.peekContacts(h)!, claimed: false, at: Timestamp(seconds: 0.6))
        h.forwarder.settle(h.pipeline.engine.claims)
        h.take()
        h.play(Array(s.events[tap...]))
        h.finish()
        #expect(h.trace == Harness.trace(s.events), "the press reaches the app as an ordinary touch, then the tap")
        #expect(!h.trace.contains { $0.contains("TOOL_TYPE") })
    }

    @Test func holdNeverLetsADeepPressWhoseMenuShowsReachTheApp() {
        var h = Harness(Self.config("hold", Self.menuBound))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        let half = s.events.firstIndex { $0.time.seconds >= 0.35 }!
        h.play(Array(s.events[..<half]))
        h.pipeline.settleClaim(Self.peekContacts(h)!, claimed: true, at: Timestamp(seconds: 0.35))
        h.forwarder.settle(h.pipeline.engine.claims)
        h.take()
        h.play(Array(s.events[half...]))
        h.finish()
        #expect(h.pipeline.engine.claims.state(0) == .claimed)
        #expect(!h.trace.contains { $0.contains("TRACKING_ID") }, "\(h.trace)")
    }

    @Test func cancelLeavesADeepPressWhoseMenuShowsNothingAloneAndCancelsOneWhoseMenuShows() {
        var s = EventScript(device: EventScript.touchscreen())
        Self.deepPress(&s)
        let half = s.events.firstIndex { $0.time.seconds >= 0.35 }!
        for shows in [false, true] {
            var h = Harness(Self.config("cancel", Self.menuBound))
            h.play(Array(s.events[..<half]))
            #expect(h.trace == Harness.trace(Array(s.events[..<half])), "forwarded at once while the menu is decided")
            h.pipeline.settleClaim(Self.peekContacts(h)!, claimed: shows, at: Timestamp(seconds: 0.35))
            h.forwarder.settle(h.pipeline.engine.claims)
            h.take()
            h.play(Array(s.events[half...]))
            h.finish()
            if shows {
                #expect(h.trace.contains("0:ABS_MT_TOOL_TYPE=2"), "cancelled once the menu shows")
            } else {
                #expect(h.trace == Harness.trace(s.events), "never cancelled: an ordinary touch")
            }
        }
    }

    @Test func anAnswerForAnEarlierTouchDecidesNothingOfTheNextOneInItsSlot() {
        var h = Harness(Self.config("hold", Self.menuBound))
        var s = EventScript(device: h.pipeline.device)
        Self.deepPress(&s)
        s.touch(1, x: 300, y: 200)
        h.play(s.events)
        let slots = Self.peekContacts(h)!
        #expect(!h.pipeline.engine.claims.awaitsClaim(0), "a new touch in the slot is not the one awaited")
        h.pipeline.settleClaim(slots, claimed: true, at: Timestamp(seconds: 1.1))
        #expect(h.pipeline.engine.claims.state(0) == .undecided, "the new touch is held for its own gestures, not claimed")
    }

    // MARK: Configuration

    @Test func claimIsReadAndCheckedWithItsLine() {
        let bad = Configuration.parse("""
            [[device]]
            match-name = "*"
            claim = "grab"
            """, file: "c.toml", lookups: .fake())
        #expect(bad.errors.map(\.description) == [
            "c.toml:3: device[1].claim: unknown claim strategy \"grab\"; expected \"auto\", \"cancel\", \"hold\" or \"off\"",
        ])
        let tap = Configuration.parse("""
            [[binding]]
            gesture = "tap"
            claim = true
            exec = ["true"]
            """, file: "c.toml", lookups: .fake())
        #expect(tap.errors.count == 1)
        #expect(tap.errors.first?.description.hasPrefix("c.toml:3: binding[1].claim: only a long press or a deep press") == true)
        let ok = Configuration.parse(Self.config("hold"), file: "c.toml", lookups: .fake())
        #expect(ok.errors.isEmpty)
        #expect(ok.configuration.devices.first?.claim == .hold)
    }
}
