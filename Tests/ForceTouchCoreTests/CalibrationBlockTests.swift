import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

@Suite struct CalibrationBlockTests {
    let device = EventScript.touchscreen(name: "Acme [Touch] Panel*")
    let values = CalibrationBlock.Values(average: 61.5, peek: 0.3123, pop: 0.6789)

    func settings(_ text: String) -> DeviceSettings {
        let load = Configuration.parse(text, file: "test.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        return load.configuration.settings(for: device, deviceClass: .touchscreen)
    }

    /// The shipped quick-actions example imports a plist beside it: calibrate re-parses
    /// the file before and after writing, and must read that import as the daemon does.
    @Test func writesIntoAConfigurationThatImportsAPlist() throws {
        let dir = TestFiles.packageRoot.appendingPathComponent("config/examples")
        let file = dir.appendingPathComponent("quick-actions.toml").path
        let original = try TestFiles.text(URL(fileURLWithPath: file))
        let out = try CalibrationBlock.apply(values, to: original, file: file, device: device,
                                             deviceClass: .touchscreen, lookups: .diskFiles)
        let load = Configuration.parse(out, file: file, lookups: .diskFiles)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.quickActions.count == 7)
        #expect(load.configuration.settings(for: device, deviceClass: .touchscreen).calibrationAverage == 61.5)
    }

    @Test func appendsToTheShippedConfigurationKeepingEveryByte() throws {
        let url = TestFiles.packageRoot.appendingPathComponent("config/forcetouch.toml")
        let original = try TestFiles.text(url)
        let out = try CalibrationBlock.apply(values, to: original, file: "forcetouch.toml", device: device,
                                             deviceClass: .touchscreen, comment: "calibrated by forcetest", lookups: .fake())
        #expect(out.hasPrefix(original))
        #expect(out.hasSuffix("pop = 0.6789\n"))
        let added = String(out.dropFirst(original.count))
        #expect(added.contains("match-name = \"Acme \\\\[Touch\\\\] Panel\\\\*\""))
        #expect(added.contains("match-id = \"1234:5678\""))
        #expect(added.contains("# calibrated by forcetest\n[[device]]\n"))
        let s = settings(out)
        #expect(s.calibrationAverage == 61.5)
        #expect(s.gestures.peekFraction == 0.3123)
        #expect(s.gestures.popFraction == 0.6789)
        // The escaped name matches this device only.
        let other = EventScript.touchscreen(name: "Acme XTouchX Panel!")
        let load = Configuration.parse(out, file: "t", lookups: .fake())
        #expect(load.configuration.settings(for: other, deviceClass: .touchscreen).calibrationAverage == nil)
    }

    @Test func replacesTheCalibrationOfAMatchingBlockAndKeepsTheRest() throws {
        let original = """
            # my setup
            [general]
            sensitivity = "light"   # I like it light

            # The panel on the kiosk.
            [[device]]
            match-id = "1234:5678"
            rotation = 90
            calibration = { average = 12.0 }   # old value
            # note kept
            [device.gestures]
            long-press-time = 0.6 # slow
            pop = 0.9

            # another
            [[binding]]
            gesture = "tap"
            exec = [
              "notify-send",
              "[not a header]",
            ]

            """
        let out = try CalibrationBlock.apply(values, to: original, file: "t.toml", device: device,
                                             deviceClass: .touchscreen, lookups: .fake())
        let a = original.components(separatedBy: "\n"), b = out.components(separatedBy: "\n")
        #expect(b.count == a.count + 1)
        let changed = a.indices.filter { i in !b.contains(a[i]) }
        #expect(changed.map { a[$0] } == ["calibration = { average = 12.0 }   # old value", "pop = 0.9"])
        #expect(b.contains("calibration = { average = 61.5 }   # old value"))
        #expect(b.contains("pop = 0.6789"))
        // peek was added in the block's own [device.gestures] table, after its last key.
        let peekLine = try #require(b.firstIndex(of: "peek = 0.3123"))
        #expect(b[peekLine - 1] == "pop = 0.6789")
        // Everything else, in order and byte for byte.
        let kept = b.filter { $0 != "peek = 0.3123" }
        #expect(kept.count == a.count)
        for (x, y) in zip(a, kept) where x != y {
            #expect(x.hasPrefix("calibration") || x.hasPrefix("pop"))
        }
        let s = settings(out)
        #expect(s.calibrationAverage == 61.5)
        #expect(s.gestures.rotation == .quarter)
        #expect(s.gestures.longPressDuration == .init(seconds: 0.6))
        #expect(s.gestures.sensitivity == .light)
    }

    @Test func addsMissingLinesToAMatchingBlockWithoutGestures() throws {
        let original = "[[device]]\r\nmatch-name = \"Acme*\"\r\nignore = false\r\n\r\n[[binding]]\r\ngesture = \"tap\"\r\nexec = [\"true\"]\r\n"
        let out = try CalibrationBlock.apply(values, to: original, file: "t.toml", device: device,
                                             deviceClass: .touchscreen, lookups: .fake())
        #expect(out == "[[device]]\r\nmatch-name = \"Acme*\"\r\nignore = false\r\ncalibration = { average = 61.5 }\r\n"
            + "[device.gestures]\r\npeek = 0.3123\r\npop = 0.6789\r\n\r\n[[binding]]\r\ngesture = \"tap\"\r\nexec = [\"true\"]\r\n")
        #expect(settings(out).calibrationAverage == 61.5)
    }

    @Test func putsANewBlockBeforeAGeneralOneThatWouldWin() throws {
        let original = """
            # every touchscreen
            [[device]]
            match-class = "touchscreen"
            rotation = 180
            """
        let out = try CalibrationBlock.apply(values, to: original, file: "t.toml", device: device,
                                             deviceClass: .touchscreen, lookups: .fake())
        #expect(out.hasSuffix(original))
        #expect(out.hasPrefix("[[device]]\nmatch-name = "))
        let s = settings(out)
        #expect(s.calibrationAverage == 61.5)
        #expect(s.rule == 1)
        // The general block still applies to other touchscreens.
        let other = EventScript.touchscreen(name: "Other")
        var o = other
        o.id = InputID(vendor: 1, product: 2)
        #expect(Configuration.parse(out, file: "t", lookups: .fake()).configuration.settings(for: o, deviceClass: .touchscreen)
            .gestures.rotation == .half)
    }

    @Test func handlesAnEmptyFileAndAFileWithoutFinalNewline() throws {
        let empty = try CalibrationBlock.apply(values, to: "", file: "t", device: device, deviceClass: .touchscreen, lookups: .fake())
        #expect(empty.hasPrefix("[[device]]\n") && empty.hasSuffix("\n"))
        #expect(settings(empty).calibrationAverage == 61.5)
        let bare = try CalibrationBlock.apply(values, to: "[general]\nsensitivity = \"firm\"", file: "t",
                                              device: device, deviceClass: .touchscreen, lookups: .fake())
        #expect(bare.hasPrefix("[general]\nsensitivity = \"firm\"\n\n[[device]]\n"))
    }

    @Test func writesHysteresisAndEmulationWhenCalibrationSaysSo() throws {
        var v = values
        v.hysteresis = 0.7
        v.emulateForce = true
        let out = try CalibrationBlock.apply(v, to: "[[device]]\nmatch-name = \"Acme*\"\n", file: "t", device: device,
                                             deviceClass: .touchscreen, lookups: .fake())
        let s = settings(out)
        #expect(s.gestures.hysteresis == 0.7)
        #expect(s.emulateForce)
        #expect(out.contains("emulate-force = true\n"))
    }

    @Test func refusesAFileThatDoesNotParse() {
        #expect(throws: CalibrationError.self) {
            try CalibrationBlock.apply(values, to: "[[device]\nx = ", file: "t", device: device, deviceClass: .touchscreen, lookups: .fake())
        }
    }

    @Test func calibrationFromARecordingEndsUpInTheConfiguration() throws {
        let s = calibrationScript(light: 20, average: 60, firm: 180)
        let r = try Calibration.analyze(PressSegmenter.presses(in: s.recording), device: s.device)
        let out = try CalibrationBlock.apply(CalibrationBlock.Values(r), to: "# mine\n", file: "t", device: s.device,
                                             deviceClass: .touchscreen, lookups: .fake())
        let load = Configuration.parse(out, file: "t", lookups: .fake())
        #expect(load.errors.isEmpty)
        let settings = load.configuration.settings(for: s.device, deviceClass: .touchscreen)
        #expect(settings.calibrationAverage == CalibrationBlock.Values(r).average)
        #expect(settings.gestures.peekFraction == r.peekFraction)
    }
}
