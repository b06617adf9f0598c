import Foundation
import ForceTouchTestSupport
import Testing

/// `emulate-force = true` on a real touch device without pressure: force from contact size
/// (ABS_MT_TOUCH_MAJOR), through the built `forcetest replay`.
@Suite struct EmulatedForceTests {
    /// A Wacom Bamboo's finger pad (whot/evemu-devices): no pressure axis, contact size
    /// 0..255 that grows from 16 to 57 as the two fingers of this tap land.
    static let bamboo = "Tests/ForceTouchCoreTests/Fixtures/recordings/corpus/Wacom-Bamboo-16FG-4x5-Finger-double-tap-center.evemu"

    @Test func withoutItTheDeviceHasNoForceAndItsTapStillWorks() throws {
        let run = try Program.forcetest.run(["replay", Self.bamboo])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("force unavailable (no pressure axis)"), "\(run)")
        #expect(run.stdout.contains("tap ended  fingers 2"), "\(run)")
    }

    @Test func withItForceComesFromContactSize() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let config = try dir.write("bamboo.toml", """
            [[device]]
            match-name = "Wacom Bamboo*Finger"
            emulate-force = true
            """)
        let run = try Program.forcetest.run(["replay", "--json", "--config", config.path, Self.bamboo])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let device = try #require(lines.first)
        #expect(device.contains("\"capability\":\"available\""), "\(run)")
        #expect(device.contains("\"emulated\":true"), "\(run)")
        #expect(device.contains("force emulated from ABS_MT_TOUCH_MAJOR 0..255"), "\(run)")
        // The two-finger tap is still a tap, now with a force: an ordinary touch, no deep press.
        let tap = try #require(lines.first { $0.contains("\"gesture\":\"tap\"") })
        #expect(tap.contains("\"fingers\":2"), "\(run)")
        let force = try #require(tap.split(separator: ",").first { $0.hasPrefix("\"force\":") }?.split(separator: ":").last)
        #expect((Double(force.trimmingCharacters(in: CharacterSet(charactersIn: "}"))) ?? 0) > 0, "\(run)")
        #expect(!run.stdout.contains("deep-press"), "\(run)")
    }
}
