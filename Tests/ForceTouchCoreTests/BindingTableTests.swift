import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

private func table(_ text: String) -> BindingTable {
    let l = Configuration.parse(text, file: "test.toml", lookups: .fake())
    #expect(l.errors.isEmpty, "\(l.errors.map(\.description))")
    return BindingTable(l.configuration)
}

private func event(_ gesture: GestureKind, _ phase: GesturePhase, fingers: Int = 1, x: Double = 0.5,
                   y: Double = 0.5, force: Double = 1, stage: DeepPressStage? = nil) -> GestureEvent {
    GestureEvent(gesture: gesture, phase: phase, fingers: fingers, time: Timestamp(seconds: 1.5),
                 x: x, y: y, force: force, stage: stage)
}

/// The argv[0] of each matching binding: short and readable in expectations.
private func fired(_ t: BindingTable, _ e: GestureEvent, device: DeviceDescription = screen,
                   deviceClass: DeviceClass = .touchscreen) -> [String] {
    t.actions(for: e, device: device, deviceClass: deviceClass).map {
        switch $0.action { case .exec(let x): x.argv[0]; default: $0.action.key }
    }
}

private let screen = DeviceDescription(name: "ELAN Touchscreen", id: InputID(vendor: 0x04f3, product: 0x2494))
private let pen = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(vendor: 0x056a, product: 0x0333))

@Suite struct BindingTableTests {
    @Test func gestureAndDefaultPhase() {
        let t = table("""
            [[binding]]
            gesture = "tap"
            exec = ["tap"]
            [[binding]]
            gesture = "double-tap"
            exec = ["double"]
            [[binding]]
            gesture = "long-press"
            exec = ["long"]
            [[binding]]
            gesture = "long-press"
            phase = "ended"
            exec = ["long-up"]
            """)
        #expect(fired(t, event(.tap, .ended)) == ["tap"])
        #expect(fired(t, event(.doubleTap, .ended)) == ["double"])
        #expect(fired(t, event(.longPress, .began)) == ["long"])
        #expect(fired(t, event(.longPress, .ended)) == ["long-up"])
        #expect(fired(t, event(.longPress, .cancelled)) == [])
        #expect(fired(t, event(.deepPress, .began, stage: .peek)) == [])
    }

    @Test func deepPressStages() {
        let t = table("""
            [[binding]]
            gesture = "deep-press"
            exec = ["peek"]
            [[binding]]
            gesture = "deep-press"
            stage = "pop"
            exec = ["pop"]
            [[binding]]
            gesture = "deep-press"
            phase = "changed"
            stage = "pop"
            exec = ["pop2"]
            [[binding]]
            gesture = "deep-press"
            phase = "ended"
            exec = ["release"]
            """)
        #expect(fired(t, event(.deepPress, .began, force: 2.1, stage: .peek)) == ["peek"])
        #expect(fired(t, event(.deepPress, .changed, force: 5.2, stage: .pop)) == ["pop", "pop2"])
        #expect(fired(t, event(.deepPress, .ended, force: 0.4)) == ["release"])
        #expect(fired(t, event(.deepPress, .cancelled)) == [])
    }

    @Test func fingers() {
        let t = table("""
            [[binding]]
            gesture = "tap"
            fingers = 2
            exec = ["two"]
            [[binding]]
            gesture = "tap"
            exec = ["any"]
            """)
        #expect(fired(t, event(.tap, .ended, fingers: 2)) == ["two", "any"])
        #expect(fired(t, event(.tap, .ended, fingers: 1)) == ["any"])
        #expect(fired(t, event(.tap, .ended, fingers: 3)) == ["any"])
    }

    @Test func regions() {
        let t = table("""
            [[binding]]
            gesture = "tap"
            region = [0.0, 0.0, 0.5, 1.0]
            exec = ["left"]
            [[binding]]
            gesture = "tap"
            region = [0.5, 0.0, 0.5, 1.0]
            exec = ["right"]
            [[binding]]
            gesture = "tap"
            region = [0.9, 0.9, 0.1, 0.1]
            exec = ["corner"]
            """)
        #expect(fired(t, event(.tap, .ended, x: 0.1, y: 0.1)) == ["left"])
        #expect(fired(t, event(.tap, .ended, x: 0.7, y: 0.5)) == ["right"])
        // A shared edge belongs to one side only; the surface's far edge is inside.
        #expect(fired(t, event(.tap, .ended, x: 0.5, y: 0.5)) == ["right"])
        #expect(fired(t, event(.tap, .ended, x: 1.0, y: 1.0)) == ["right", "corner"])
        #expect(fired(t, event(.tap, .ended, x: 0.0, y: 0.0)) == ["left"])
    }

    @Test func regionContainment() {
        let r = Region(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        #expect(r.contains(x: 0.25, y: 0.25))
        #expect(r.contains(x: 0.5, y: 0.7))
        #expect(!r.contains(x: 0.75, y: 0.5))
        #expect(!r.contains(x: 0.5, y: 0.2))
    }

    @Test func minimumForce() {
        let t = table("""
            [[binding]]
            gesture = "long-press"
            min-force = 3.0
            exec = ["hard"]
            """)
        #expect(fired(t, event(.longPress, .began, force: 3.0)) == ["hard"])
        #expect(fired(t, event(.longPress, .began, force: 4.5)) == ["hard"])
        #expect(fired(t, event(.longPress, .began, force: 2.99)) == [])
        #expect(fired(t, event(.longPress, .began, force: .nan)) == [])
    }

    @Test func deviceSelectors() {
        let t = table("""
            [[binding]]
            gesture = "tap"
            device = "tablet"
            exec = ["class"]
            [[binding]]
            gesture = "tap"
            device = "056a:0333"
            exec = ["id"]
            [[binding]]
            gesture = "tap"
            device = "*Touchscreen"
            exec = ["name"]
            [[binding]]
            gesture = "tap"
            exec = ["all"]
            """)
        let tap = event(.tap, .ended)
        #expect(fired(t, tap, device: pen, deviceClass: .tablet) == ["class", "id", "all"])
        #expect(fired(t, tap, device: screen, deviceClass: .touchscreen) == ["name", "all"])
        #expect(fired(t, tap, device: pen, deviceClass: .touchpad) == ["id", "all"])
    }

    @Test func deviceSelectorForms() throws {
        #expect(try DeviceSelector("touchpad") == .deviceClass(.touchpad))
        #expect(try DeviceSelector("056A:0333") == .id(VendorProduct(vendor: 0x56a, product: 0x333)))
        #expect(try DeviceSelector("[t]ouchpad") == .name(Glob("[t]ouchpad")))
        #expect(try DeviceSelector("other") == .name(Glob("other")))
    }

    @Test func narrowedTableSettlesTheDeviceOnce() {
        let t = table("""
            [[binding]]
            gesture = "tap"
            device = "tablet"
            exec = ["pen"]
            [[binding]]
            gesture = "tap"
            exec = ["all"]
            [[binding]]
            gesture = "double-tap"
            device = "tablet"
            exec = ["pen2"]
            """)
        let forScreen = t.narrowed(to: screen, deviceClass: .touchscreen)
        #expect(forScreen.bindings.count == 1)
        #expect(forScreen.actions(for: event(.tap, .ended)).count == 1)
        #expect(!forScreen.binds(.doubleTap))
        #expect(t.narrowed(to: pen, deviceClass: .tablet).binds(.doubleTap))
    }

    @Test func noBindingsNoActions() {
        let t = BindingTable(Configuration())
        #expect(t.actions(for: event(.tap, .ended), device: screen, deviceClass: .touchscreen).isEmpty)
    }
}

@Suite struct ActionRequestTests {
    @Test func execEnvironmentDescribesTheGesture() throws {
        let c = Configuration.parse("""
            [general]
            action-timeout = 7
            [[binding]]
            gesture = "deep-press"
            stage = "pop"
            exec = ["notify-send", "deep press", "$FORCETOUCH_FORCE"]
            timeout = 2.5
            [[binding]]
            gesture = "tap"
            exec = ["true"]
            """, file: "t.toml", lookups: .fake()).configuration
        let e = event(.deepPress, .changed, fingers: 2, x: 0.25, y: 1.0 / 3.0, force: 5.0000004, stage: .pop)
        let request = ActionRequest(binding: c.bindings[0], event: e, deviceName: "Wacom Pen", general: c.general)
        guard case .exec(let r) = request else { Issue.record("not exec"); return }
        // argv is passed as written: nothing is expanded, there is no shell.
        #expect(r.argv == ["notify-send", "deep press", "$FORCETOUCH_FORCE"])
        #expect(r.timeout == 2.5)
        #expect(r.environment == [
            "FORCETOUCH_GESTURE": "deep-press",
            "FORCETOUCH_PHASE": "changed",
            "FORCETOUCH_STAGE": "pop",
            "FORCETOUCH_FINGERS": "2",
            "FORCETOUCH_FORCE": "5",
            "FORCETOUCH_X": "0.25",
            "FORCETOUCH_Y": "0.333333",
            "FORCETOUCH_DEVICE": "Wacom Pen",
        ])

        let tap = ActionRequest(binding: c.bindings[1], event: event(.tap, .ended, x: 1, y: 0, force: 1.25),
                                deviceName: "ELAN", general: c.general)
        guard case .exec(let t) = tap else { Issue.record("not exec"); return }
        #expect(t.timeout == 7)
        #expect(t.environment["FORCETOUCH_STAGE"] == nil)
        #expect(t.environment["FORCETOUCH_FORCE"] == "1.25")
        #expect(t.environment["FORCETOUCH_X"] == "1")
        #expect(t.environment["FORCETOUCH_Y"] == "0")
    }

    @Test func defaultTimeoutIsTheSpecDefault() {
        let b = Binding(gesture: .tap, action: .exec(ExecAction(argv: ["x"])))
        guard case .exec(let r) = ActionRequest(binding: b, event: event(.tap, .ended), deviceName: "d",
                                                general: GeneralSettings()) else { return }
        #expect(r.timeout == 10)
    }
}
