import Foundation
import ForceTouchCore
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

/// `$XDG_STATE_HOME/forcetouch/calibration.json`: what auto-calibration learned survives a
/// restart, and a file that cannot be understood is never silently overwritten.
@Suite struct LearnedCalibrationFileTests {
    static let pad = DeviceDescription(name: "SynPS/2 Synaptics TouchPad",
                                       id: InputID(bustype: 0x11, vendor: 0x0002, product: 0x0007))
    static let pen = DeviceDescription(name: "Wacom Intuos4 6x9 Pen", id: InputID(bustype: 3, vendor: 0x056a, product: 0x00b9))

    static func learned(_ level: Double, touches: Int = 20) -> LearnedCalibration {
        var l = LearnedCalibration()
        for _ in 0..<touches { l.observe(level: level, range: 0...255) }
        return l
    }

    @Test func defaultPathFollowsXDG() {
        #expect(LearnedCalibrationFile.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/forcetouch/calibration.json")
        #expect(LearnedCalibrationFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/forcetouch/calibration.json")
    }

    @Test func persistsAndReloadsPerDevice() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/state/forcetouch/calibration.json"
        let file = LearnedCalibrationFile(path: path)
        #expect(file.load() == nil)  // missing: empty, no complaint
        try file.update(Self.pad, Self.learned(70))
        try file.update(Self.pen, Self.learned(30, touches: 5))

        let again = LearnedCalibrationFile(path: path)
        #expect(again.load() == nil)
        #expect(again.learned(for: Self.pad) == Self.learned(70))
        #expect(again.learned(for: Self.pad).average == 70)
        #expect(again.learned(for: Self.pen).touches == 5)
        #expect(again.learned(for: Self.pen).average == nil)
        // Another device with the same name but another id is another device.
        var other = Self.pad
        other.id.product = 0x0008
        #expect(again.learned(for: other) == LearnedCalibration())
        var mode = stat()
        #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o600)
    }

    @Test func forgettingOneDeviceKeepsTheOthers() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/calibration.json"
        let file = LearnedCalibrationFile(path: path)
        try file.update(Self.pad, Self.learned(70))
        try file.update(Self.pen, Self.learned(30))
        #expect(try file.forget { $0.id == "0002:0007" } == ["SynPS/2 Synaptics TouchPad"])
        #expect(try file.forget { $0.name == "no such device" } == [])
        let again = LearnedCalibrationFile(path: path)
        again.load()
        #expect(again.entries.map(\.name) == ["Wacom Intuos4 6x9 Pen"])
    }

    @Test(arguments: ["{not json", "{\"version\": 1}", "{\"version\": 9, \"devices\": []}"])
    func anUnreadableFileIsSetAsideNotOverwritten(_ text: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/calibration.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let file = LearnedCalibrationFile(path: path)
        let problem = try #require(file.load())
        #expect(problem.hasPrefix("\(path): "))
        #expect(problem.contains("kept as \(path).unreadable"))
        #expect(try String(contentsOfFile: path + ".unreadable", encoding: .utf8) == text)
        try file.update(Self.pad, Self.learned(70))
        #expect(try String(contentsOfFile: path + ".unreadable", encoding: .utf8) == text)
    }
}
