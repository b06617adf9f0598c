import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The recordings the integration tests play into uinput devices in the QEMU guest
/// (Tests/Integration/recordings). Each is written from an EventScript, and these tests
/// check that the files on disk are exactly those scripts and mean what the integration
/// tests expect of them. Regenerate with `FORCETOUCH_WRITE_FIXTURES=1 swift test --filter IntegrationFixtures`.
@Suite(.serialized) struct IntegrationFixturesTests {
    static let directory = TestFiles.packageRoot.appendingPathComponent("Tests/Integration/recordings")

    static var descriptions: [String: DeviceDescription] {
        [
            "pressure-touchscreen.desc": EventScript.touchscreen(name: "forcetouch-it pressure touchscreen"),
            "second-touchscreen.desc": EventScript.touchscreen(name: "forcetouch-it second touchscreen"),
            "plain-touchscreen.desc": EventScript.touchscreen(name: "forcetouch-it plain touchscreen", pressure: false),
            "forbidden-touchscreen.desc": EventScript.touchscreen(name: "forcetouch-it forbidden touchscreen"),
        ]
    }

    static var scripts: [String: EventScript] {
        let device = EventScript.touchscreen(name: "forcetouch-it pressure touchscreen")
        var tap = EventScript(device: device)
        tap.tap(0, x: 300, y: 200)

        // Touch down, then nothing at all until the lift 1.5 s later: a still finger.
        var longPress = EventScript(device: device)
        longPress.touch(0, x: 500, y: 300)
        longPress.lift(1.5)

        // A deliberate press: up past peek (raw 76.5) in 40 ms, held there with the jitter of
        // a real finger for 0.6 s — three times the 0.2 s dwell, so a slow guest's timing
        // still holds it long enough — then released.
        var deepPress = EventScript(device: device)
        deepPress.touch(0, x: 700, y: 400, pressure: 40)
        var pressures: [Int32] = [60, 100]
        for k in 0..<30 { pressures.append(k % 2 == 0 ? 102 : 100) }
        pressures += [60, 40]
        for (i, p) in pressures.enumerated() {
            let t = 0.02 + Double(i) * 0.02
            deepPress.move(t, pressure: p); deepPress.syn(t)
        }
        deepPress.lift(0.75)

        // The finger comes down and the device is unplugged before the long-press deadline.
        var held = EventScript(device: device)
        held.touch(0, x: 500, y: 300)

        return ["tap.events": tap, "long-press.events": longPress, "deep-press.events": deepPress,
                "held-then-unplugged.events": held]
    }

    @Test func filesAreTheScripts() throws {
        let write = ProcessInfo.processInfo.environment["FORCETOUCH_WRITE_FIXTURES"] == "1"
        for (name, d) in Self.descriptions {
            let url = Self.directory.appendingPathComponent(name)
            if write { try EvemuWriter.writeDescription(d).write(to: url, atomically: true, encoding: .utf8) }
            #expect(try EvemuReader.readDescription(TestFiles.text(url)) == d, "\(name)")
        }
        for (name, s) in Self.scripts {
            let url = Self.directory.appendingPathComponent(name)
            if write { try EvemuWriter.writeEvents(s.events).write(to: url, atomically: true, encoding: .utf8) }
            #expect(try EvemuReader.readEvents(TestFiles.text(url)) == s.events, "\(name)")
        }
    }

    @Test func scriptsMeanWhatTheIntegrationTestsExpect() {
        let g = Self.scripts.mapValues { names(RecordingPlayback.run($0.recording)) }
        #expect(g["tap.events"] == ["tap ended"])
        #expect(g["long-press.events"] == ["long-press began", "long-press ended"])
        #expect(g["deep-press.events"] == ["deep-press began peek", "deep-press ended"])
        #expect(CapabilityReport.probe(Self.descriptions["plain-touchscreen.desc"]!).capability == .unavailable)
    }
}
