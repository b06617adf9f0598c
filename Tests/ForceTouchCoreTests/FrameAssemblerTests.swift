import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

@Suite struct FrameAssemblerTests {
    private func ev(_ t: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(seconds: t), type: type, code: code, value: value)
    }

    @Test func protocolBSlotsAndTrackingIDs() {
        var f = FrameAssembler(device: EventScript.touchscreen())
        var s = touchscreenScript()
        s.down(0, slot: 0, x: 100, y: 100, pressure: 50)
        s.down(0, slot: 3, x: 900, y: 500, pressure: 200)
        s.syn(0)
        for e in s.events { f.process(e) }
        #expect(f.activeCount == 2)
        #expect(f.fingerCount == 2)
        #expect(f.contacts[0].began && f.contacts[3].began)
        #expect(f.contacts[3].x == 900 && f.contacts[3].pressure == 200)
        #expect(abs(f.contacts[3].force - 200 / 38.25) < 1e-9)
        // Slot 0 lifts; slot 3 stays, and is no longer "began".
        f.process(ev(0.01, EV.ABS, ABS.MT_SLOT, 0))
        f.process(ev(0.01, EV.ABS, ABS.MT_TRACKING_ID, -1))
        f.process(ev(0.01, EV.SYN, SYN.REPORT, 0))
        #expect(f.contacts[0].ended && !f.contacts[0].isDown)
        #expect(f.contacts[3].isDown && !f.contacts[3].began)
        #expect(f.fingerCount == 1)
    }

    @Test func liveSlotsAreTheContactsDownOrLiftingInTheFrame() {
        var f = FrameAssembler(device: EventScript.touchscreen())
        var s = touchscreenScript()
        s.down(0, slot: 3, x: 100, y: 100, pressure: 50)
        s.down(0, slot: 7, x: 900, y: 500, pressure: 60)
        s.syn(0)
        for e in s.events { f.process(e) }
        #expect(Array(f.frame.liveSlots) == [3, 7])
        // Slot 3 lifts: still live in this frame, with its last values, and gone from the next.
        f.process(ev(0.01, EV.ABS, ABS.MT_SLOT, 3))
        f.process(ev(0.01, EV.ABS, ABS.MT_TRACKING_ID, -1))
        f.process(ev(0.01, EV.SYN, SYN.REPORT, 0))
        #expect(Array(f.frame.liveSlots) == [3, 7])
        #expect(f.contacts[3].ended && f.contacts[3].x == 100)
        f.process(ev(0.02, EV.ABS, ABS.MT_SLOT, 7))
        f.process(ev(0.02, EV.ABS, ABS.MT_PRESSURE, 70))
        f.process(ev(0.02, EV.SYN, SYN.REPORT, 0))
        #expect(Array(f.frame.liveSlots) == [7])
        #expect(!f.contacts[3].ended && !f.contacts[3].isDown)
        #expect(f.contacts[7].pressure == 70 && abs(f.contacts[7].force - 70 / 38.25) < 1e-9)
        // What the frame does not say live is empty, whatever slot a finger used before.
        for i in f.contacts.indices where !f.frame.liveSlots.contains(i) {
            #expect(!f.contacts[i].isDown && !f.contacts[i].began && !f.contacts[i].ended && !f.contacts[i].isCancelled)
        }
    }

    @Test func nothingIsDecidedBeforeSynReport() {
        var f = FrameAssembler(device: EventScript.touchscreen())
        let midFrame = f.process(ev(0, EV.ABS, ABS.MT_TRACKING_ID, 7))
        #expect(!midFrame)
        #expect(f.activeCount == 0)
        let endOfFrame = f.process(ev(0, EV.SYN, SYN.REPORT, 0))
        #expect(endOfFrame)
        #expect(f.activeCount == 1)
    }

    @Test func travelIsMeasuredInMillimetres() {
        var f = FrameAssembler(device: EventScript.touchscreen())
        var s = touchscreenScript()
        s.touch(0, x: 100, y: 100)
        s.move(0.01, x: 130, y: 140); s.syn(0.01)     // 3 mm, 4 mm: 5 mm
        for e in s.events { f.process(e) }
        #expect(abs(f.contacts[0].travel - 5) < 1e-9)
    }

    @Test func penProximityIsNotContactTipIs() {
        var f = FrameAssembler(device: EventScript.pen())
        f.process(ev(0, EV.KEY, BTN.TOOL_PEN, 1))
        f.process(ev(0, EV.ABS, ABS.X, 5000))
        f.process(ev(0, EV.ABS, ABS.Y, 6000))
        f.process(ev(0, EV.ABS, ABS.PRESSURE, 0))
        f.process(ev(0, EV.SYN, SYN.REPORT, 0))
        #expect(f.activeCount == 0)
        #expect(f.fingerCount == 0)
        f.process(ev(0.01, EV.KEY, BTN.TOUCH, 1))
        f.process(ev(0.01, EV.ABS, ABS.PRESSURE, 1024))
        f.process(ev(0.01, EV.SYN, SYN.REPORT, 0))
        #expect(f.activeCount == 1)
        #expect(f.contacts[0].x == 5000)
        #expect(abs(f.contacts[0].force - 1024 / (0.15 * 2047)) < 1e-9)
        f.process(ev(0.02, EV.KEY, BTN.TOUCH, 0))
        f.process(ev(0.02, EV.SYN, SYN.REPORT, 0))
        #expect(f.contacts[0].ended)
        #expect(f.activeCount == 0)
    }

    @Test func semiMultitouchFingerCountComesFromToolBits() {
        let pad = DeviceDescription(
            name: "semi-mt pad", properties: [INPUT_PROP.POINTER, INPUT_PROP.SEMI_MT],
            codes: [EV.KEY: [BTN.TOUCH, BTN.TOOL_FINGER, BTN.TOOL_DOUBLETAP, BTN.TOOL_TRIPLETAP]],
            absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 2000), ABS.Y: AbsInfo(minimum: 0, maximum: 1400),
                      ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 127),
                      ABS.MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
                      ABS.MT_POSITION_X: AbsInfo(minimum: 0, maximum: 2000),
                      ABS.MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1400),
                      ABS.MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535)])
        var f = FrameAssembler(device: pad)
        #expect(f.positionsAreApproximate)
        #expect(f.pressureSource?.axis == .pressure)
        // Two slots (the bounding box) but three fingers.
        for (slot, id) in [(0, 1), (1, 2)] as [(Int32, Int32)] {
            f.process(ev(0, EV.ABS, ABS.MT_SLOT, slot))
            f.process(ev(0, EV.ABS, ABS.MT_TRACKING_ID, id))
        }
        f.process(ev(0, EV.KEY, BTN.TOUCH, 1))
        f.process(ev(0, EV.KEY, BTN.TOOL_TRIPLETAP, 1))
        f.process(ev(0, EV.ABS, ABS.PRESSURE, 60))
        f.process(ev(0, EV.SYN, SYN.REPORT, 0))
        #expect(f.fingerCount == 3)
        // One pressure reading presses on one contact, not on both corners of the box.
        #expect(f.contacts[0].pressure == 60)
        #expect(f.contacts[1].force == 0)
        f.process(ev(0.01, EV.KEY, BTN.TOOL_TRIPLETAP, 0))
        f.process(ev(0.01, EV.KEY, BTN.TOOL_DOUBLETAP, 1))
        f.process(ev(0.01, EV.SYN, SYN.REPORT, 0))
        #expect(f.fingerCount == 2)
    }

    @Test func synDroppedCancelsContactsDownAndThoseBegunDuringTheLoss() {
        var f = FrameAssembler(device: EventScript.touchscreen())
        var s = touchscreenScript()
        s.touch(0, slot: 0, x: 100, y: 100)
        for e in s.events { f.process(e) }
        f.process(ev(0.1, EV.SYN, SYN.DROPPED, 0))
        f.process(ev(0.1, EV.ABS, ABS.MT_SLOT, 1))
        f.process(ev(0.1, EV.ABS, ABS.MT_TRACKING_ID, 55))
        f.process(ev(0.1, EV.SYN, SYN.REPORT, 0))
        #expect(f.droppedInFrame)
        #expect(f.contacts[0].isCancelled && f.contacts[0].isDown)
        #expect(f.contacts[1].isCancelled && f.contacts[1].began)
        // A contact that begins after the resync is whole again.
        f.process(ev(0.2, EV.ABS, ABS.MT_SLOT, 2))
        f.process(ev(0.2, EV.ABS, ABS.MT_TRACKING_ID, 56))
        f.process(ev(0.2, EV.SYN, SYN.REPORT, 0))
        #expect(!f.droppedInFrame)
        #expect(f.contacts[2].began && !f.contacts[2].isCancelled)
        #expect(f.contacts[0].isCancelled)
    }
}
