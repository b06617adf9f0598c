@testable import ForceTouchCore
import ForceTouchTestDevices

/// The bundled demo (`demo/touchscreen-gestures.evemu`): one of each gesture on the test
/// touchscreen, a second or so apart. `DemoRecordingTests` checks the file is exactly this.
enum DemoRecording {
    static var script: EventScript {
        var s = EventScript(device: EventScript.touchscreen(name: "forcetouch demo touchscreen"))
        s.tap(0.5, x: 200, y: 150)                                // tap
        s.tap(1.5, x: 500, y: 300); s.tap(1.75, x: 505, y: 302)   // double tap
        s.touch(3.0, x: 800, y: 450); s.lift(3.9)                 // long press: no events while held
        // Deep press: past peek at 5.1 s and held still (no events) for the 0.2 s dwell, so
        // peek fires at 5.3 s; then harder, to pop.
        s.touch(5.0, x: 300, y: 400, pressure: 40)
        s.move(5.05, pressure: 60); s.syn(5.05)
        s.move(5.1, pressure: 90); s.syn(5.1)
        for (i, p) in [130, 170, 210, 120, 40].enumerated() {
            let t = 5.45 + Double(i) * 0.05
            s.move(t, pressure: Int32(p)); s.syn(t)
        }
        s.lift(5.75)
        s.down(7.0, slot: 0, x: 450, y: 300); s.down(7.0, slot: 1, x: 550, y: 300); s.syn(7.0)
        s.up(7.1, slot: 0); s.up(7.1, slot: 1); s.syn(7.1)       // two-finger tap
        return s
    }
}
