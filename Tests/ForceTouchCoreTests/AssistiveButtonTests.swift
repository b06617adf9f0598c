import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The AssistiveTouch button (SPEC §6): its slots listen on the button only, wherever it was
/// moved; a long press then drag moves it to the nearer side edge; a single tap with
/// `single-tap` unset opens the menu of the other slots.
@Suite struct AssistiveButtonTests {
    static func configuration(_ toml: String) -> Configuration {
        let load = Configuration.parse(toml, file: "t.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        return load.configuration
    }

    static let slots = """
        [assistive-touch]
        single-tap = { notify = "single" }
        double-tap = { notify = "double" }

        """

    /// A tap at (x, y) in device units on the 1000 × 600 test touchscreen: its dispatches.
    static func tap(_ configuration: Configuration, x: Int32, y: Int32) -> [String] {
        var script = touchscreenScript()
        script.tap(0, x: x, y: y)
        return DevicePipelineTests.dispatches(script.recording, configuration)
    }

    @Test func theButtonIsTheDefaultAtTheRightEdge() throws {
        let at = try #require(Self.configuration(Self.slots).assistiveTouch)
        let button = try #require(at.button)
        #expect(button.size == AssistiveButton.defaultSize)
        #expect(button.place == AssistiveButton.Place(x: 1 - 0.06, y: 1.0 / 3))
        // The slots listen on the button's square, and only there.
        #expect(at.region == button.region)
        #expect(at.isOnButton(x: 0.95, y: 0.33))
        #expect(!at.isOnButton(x: 0.5, y: 0.5))
        #expect(!at.isOnButton(x: 0.95, y: 0.9))
    }

    @Test func aTapOnTheButtonRunsTheSlotAndATapElsewhereDoesNot() {
        let config = Self.configuration(Self.slots)
        // (940, 200) is (0.94, 0.333): the button's centre.
        #expect(Self.tap(config, x: 940, y: 200) == ["assistive-touch single-tap fingers=1"])
        #expect(Self.tap(config, x: 500, y: 300) == [])
        #expect(Self.tap(config, x: 60, y: 200) == [])
    }

    @Test func withoutAButtonTheSlotsListenEverywhereAsBefore() {
        let config = Self.configuration(Self.slots + "button = false\n")
        #expect(config.assistiveTouch?.button == nil)
        #expect(config.assistiveTouch?.region == nil)
        #expect(Self.tap(config, x: 500, y: 300) == ["assistive-touch single-tap fingers=1"])
        // A region, as before, is an invisible rectangle and no button.
        let region = Self.configuration(Self.slots + "region = [0.0, 0.0, 0.5, 0.5]\n")
        #expect(region.assistiveTouch?.button == nil)
        #expect(Self.tap(region, x: 100, y: 100) == ["assistive-touch single-tap fingers=1"])
        #expect(Self.tap(region, x: 940, y: 200) == [])
    }

    @Test func aButtonAndARegionExcludeEachOther() {
        let load = Configuration.parse(Self.slots + "button = true\nregion = [0.0, 0.0, 0.5, 0.5]\n",
                                       file: "t.toml", lookups: .fake())
        #expect(load.errors.map(\.description).contains { $0.contains("a button and a region exclude each other") },
                "\(load.errors)")
    }

    @Test func buttonSizeIsChecked() {
        let load = Configuration.parse(Self.slots + "button-size = 0.5\n", file: "t.toml", lookups: .fake())
        #expect(load.errors.map(\.description).contains { $0.contains("must be from 0.04 to 0.3 of the surface, not 0.5") },
                "\(load.errors)")
        let ok = Self.configuration(Self.slots + "button-size = 0.2\n")
        #expect(ok.assistiveTouch?.button?.size == 0.2)
    }

    @Test func theRegionFollowsTheButtonWhereverItIsPlaced() throws {
        var config = Self.configuration(Self.slots)
        config.assistiveTouch?.place(AssistiveButton.Place(x: 0.06, y: 0.8))
        let at = try #require(config.assistiveTouch)
        #expect(at.region == Region(x: 0.0, y: 0.74, width: 0.12, height: 0.12))
        #expect(Self.tap(config, x: 60, y: 480) == ["assistive-touch single-tap fingers=1"])
        #expect(Self.tap(config, x: 940, y: 200) == [])
        // And the touches that begin there are the ones claimed.
        let policy = DevicePipeline.claimPolicy(bindings: BindingTable(config), assistiveTouch: at)
        #expect(policy.region == at.region)
    }

    /// The daemon moves the button in the running pipeline: what it knows of the contacts
    /// stays (the kernel sends only changes), and the slots and the claims follow the button.
    @Test func aRunningPipelineFollowsTheButtonItKeepsItsContacts() {
        let config = Self.configuration(Self.slots)
        var script = touchscreenScript()
        // A finger left at (60, 450), as a drag leaves it.
        script.touch(0, x: 60, y: 450)
        script.lift(0.08)
        var p = DevicePipeline(device: script.recording.device, deviceClass: .touchscreen, configuration: config)
        var labels: [String] = []
        func play(_ events: [InputEvent]) {
            for e in events { for o in p.process(e) { labels += o.dispatches.map(\.label) } }
            while let t = p.nextDeadline { for o in p.advance(to: t) { labels += o.dispatches.map(\.label) } }
        }
        play(script.recording.events)
        #expect(labels == [], "not on the button yet")
        p.placeAssistiveButton(AssistiveButton.Place(x: 0.06, y: 0.75))
        #expect(p.engine.claims.policy.region == Region(x: 0.0, y: 0.69, width: 0.12, height: 0.12))
        // The same place again: the kernel sends no position that did not change.
        var again = EventScript(device: script.recording.device)
        again.emit(2, EV.ABS, ABS.MT_SLOT, 0)
        again.emit(2, EV.ABS, ABS.MT_TRACKING_ID, 101)
        again.emit(2, EV.ABS, ABS.MT_PRESSURE, 40)
        again.syn(2)
        again.emit(2.08, EV.ABS, ABS.MT_TRACKING_ID, -1)
        again.syn(2.08)
        play(again.recording.events)
        #expect(labels == ["assistive-touch single-tap"])
    }

    @Test func aPlaceOffTheSurfaceIsBroughtBackOnIt() throws {
        var at = try #require(Self.configuration(Self.slots).assistiveTouch)
        at.place(AssistiveButton.Place(x: 2, y: -1))
        #expect(at.button?.place == AssistiveButton.Place(x: 0.94, y: 0.06))
        at.place(AssistiveButton.Place(x: .nan, y: 0.5))
        #expect(at.button?.place == AssistiveButton.defaultPlace(size: 0.12))
    }

    // MARK: Long press then drag

    static func longPress(x: Double, y: Double, slot: Int = 0, fingers: Int = 1) -> GestureEvent {
        var e = GestureEvent(gesture: .longPress, phase: .began, fingers: fingers, time: Timestamp(microseconds: 0),
                             x: x, y: y, force: 0)
        e.contacts.insert(slot)
        return e
    }

    @Test func aLongPressThenDragMovesTheButtonToTheNearerEdge() {
        let button = AssistiveButton()
        var drag = AssistiveButtonDrag()
        drag.longPressBegan(Self.longPress(x: 0.94, y: 0.33, slot: 2), button: button)
        #expect(drag.state == .held(slot: 2, x: 0.94, y: 0.33))
        // A long press's own jitter does not move it.
        #expect(drag.finger(x: 0.945, y: 0.333, down: true, button: button) == .none)
        #expect(drag.finger(x: 0.6, y: 0.5, down: true, button: button) == .moved(.init(x: 0.6, y: 0.5)))
        #expect(drag.finger(x: 0.3, y: 0.7, down: true, button: button) == .moved(.init(x: 0.3, y: 0.7)))
        // Past the bottom edge it stays whole on the surface.
        #expect(drag.finger(x: 0.3, y: 0.99, down: true, button: button) == .moved(.init(x: 0.3, y: 0.94)))
        // Let go left of the middle: it settles against the left edge, at that height.
        #expect(drag.finger(x: 0, y: 0, down: false, button: button) == .dropped(.init(x: 0.06, y: 0.94)))
        #expect(drag.state == .idle)
    }

    @Test func aLongPressElsewhereOrWithTwoFingersMovesNothing() {
        let button = AssistiveButton()
        var drag = AssistiveButtonDrag()
        drag.longPressBegan(Self.longPress(x: 0.5, y: 0.5), button: button)
        #expect(drag.state == .idle)
        drag.longPressBegan(Self.longPress(x: 0.94, y: 0.33, fingers: 2), button: button)
        #expect(drag.state == .idle)
        #expect(drag.finger(x: 0.2, y: 0.2, down: true, button: button) == .none)
    }

    @Test func aHoldLiftedWithoutMovingLeavesTheButtonAndACancelToo() {
        let button = AssistiveButton()
        var drag = AssistiveButtonDrag()
        drag.longPressBegan(Self.longPress(x: 0.94, y: 0.33), button: button)
        #expect(drag.finger(x: 0.94, y: 0.33, down: false, button: button) == .none)
        #expect(drag.state == .idle)
        drag.longPressBegan(Self.longPress(x: 0.94, y: 0.33), button: button)
        _ = drag.finger(x: 0.5, y: 0.5, down: true, button: button)
        drag.cancel()
        #expect(drag.state == .idle)
        #expect(drag.finger(x: 0.5, y: 0.5, down: false, button: button) == .none)
    }

    // MARK: The menu of the other slots

    static let noSingleTap = """
        [assistive-touch]
        double-tap = { notify = "double" }
        deep-press = { notify = "3D Touch" }

        """

    @Test func aSingleTapLeftUnsetOpensTheMenuOfTheOtherSlots() throws {
        let config = Self.configuration(Self.noSingleTap)
        #expect(Self.tap(config, x: 940, y: 200) == ["assistive-touch single-tap (menu) fingers=1"])
        var script = touchscreenScript()
        script.tap(0, x: 940, y: 200)
        var p = DevicePipeline(device: script.recording.device, deviceClass: .touchscreen, configuration: config)
        var requests: [ActionRequest] = []
        for e in script.recording.events { for o in p.process(e) { requests += o.dispatches.map(\.request) } }
        while let t = p.nextDeadline { for o in p.advance(to: t) { requests += o.dispatches.map(\.request) } }
        guard case .presentItems(let items) = try #require(requests.first) else {
            Issue.record("not a menu: \(requests)")
            return
        }
        #expect(items.map(\.title) == ["Double-Tap", "3D Touch"])
        #expect(items.map(\.type) == ["assistive-touch.double-tap", "assistive-touch.deep-press"])
        #expect(items.map(\.action) == [.notify("double"), .notify("3D Touch")])
        // Off the button, a tap opens nothing.
        #expect(Self.tap(config, x: 500, y: 300) == [])
    }

    @Test func theMenuOpensBesideTheButtonNotOverIt() throws {
        var at = try #require(Self.configuration(Self.noSingleTap).assistiveTouch)
        let right = at.menuAnchor(x: 0.95, y: 0.3)
        #expect(abs(right.x - 0.88) < 1e-9 && abs(right.y - 1.0 / 3) < 1e-9)
        at.place(AssistiveButton.Place(x: 0.06, y: 0.75))
        let left = at.menuAnchor(x: 0.05, y: 0.7)
        #expect(abs(left.x - 0.12) < 1e-9 && left.y == 0.75)
        at.button = nil
        let none = at.menuAnchor(x: 0.4, y: 0.6)
        #expect(none.x == 0.4 && none.y == 0.6)
    }

    @Test func noMenuWhenSingleTapIsSetOrNothingElseIs() {
        #expect(Self.tap(Self.configuration(Self.slots), x: 940, y: 200) == ["assistive-touch single-tap fingers=1"])
        let alone = Self.configuration("[assistive-touch]\nsingle-tap = { notify = \"x\" }\n")
        #expect(Self.tap(alone, x: 500, y: 300) == [])
        let none = Self.configuration("[assistive-touch]\nlong-press = { notify = \"x\" }\nbutton = false\n")
        #expect(Self.tap(none, x: 500, y: 300) == [])
    }
}
