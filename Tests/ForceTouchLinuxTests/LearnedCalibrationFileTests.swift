import Foundation
import ForceTouchCore
import ForceTouchEngine
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
        let kept = try Self.keptCopies(of: path)
        let copy = try #require(kept.first, "\(problem)")
        #expect(kept.count == 1 && problem.contains("kept as \(copy)"), "\(problem)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == text)
        try file.update(Self.pad, Self.learned(70))
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == text)
    }

    /// The `calibration.json.bad-*` copies beside `path`, in name order.
    static func keptCopies(of path: String) throws -> [String] {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: dir)
            .filter { $0.hasPrefix(name + ".bad-") }.sorted().map { dir + "/" + $0 }
    }

    /// A file that cannot be read at all (here a directory in its place: root reads any mode)
    /// is kept aside as well, rather than replaced by the next save.
    @Test func aFileThatCannotBeReadIsKeptAsideToo() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/calibration.json"
        #expect(mkdir(path, 0o700) == 0)
        let file = LearnedCalibrationFile(path: path)
        let problem = try #require(file.load())
        let kept = try Self.keptCopies(of: path)
        #expect(kept.count == 1 && problem.contains("cannot read: is a directory"), "\(problem)")
        try file.update(Self.pad, Self.learned(70))
        let again = LearnedCalibrationFile(path: path)
        #expect(again.load() == nil)
        #expect(again.entries.map(\.name) == [Self.pad.name])
    }

    /// Issue 31: a second unreadable file was renamed over the first kept copy
    /// (`calibration.json.unreadable`, a fixed name); each now keeps a name of its own.
    @Test func aSecondUnreadableFileDoesNotOverwriteTheFirstCopy() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/calibration.json"
        try "{first".write(toFile: path, atomically: true, encoding: .utf8)
        _ = LearnedCalibrationFile(path: path).load()
        try "{second".write(toFile: path, atomically: true, encoding: .utf8)
        _ = LearnedCalibrationFile(path: path).load()
        let kept = try Self.keptCopies(of: path)
        #expect(try Set(kept.map { try String(contentsOfFile: $0, encoding: .utf8) }) == ["{first", "{second"],
                "\(kept)")
    }

    /// Issue 31: a file that became unreadable while the daemon ran was replaced by its next
    /// save without a word; now it is kept aside and logged first.
    @Test func aFileThatBecomesUnreadableWhileRunningIsKeptAsideAndLogged() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/calibration.json"
        let file = LearnedCalibrationFile(path: path)
        var logged: [String] = []
        file.log = { logged.append($0) }
        #expect(file.load() == nil)
        try file.update(Self.pad, Self.learned(70))
        try "{\"version\": 1, \"devices\": [ half-synced".write(toFile: path, atomically: true, encoding: .utf8)
        try file.update(Self.pen, Self.learned(30))
        let kept = try Self.keptCopies(of: path)
        #expect(kept.count == 1, "\(logged)")
        #expect(try String(contentsOfFile: kept.first ?? "", encoding: .utf8)
            == "{\"version\": 1, \"devices\": [ half-synced")
        #expect(logged.count == 1 && logged.first?.contains("kept as \(kept.first ?? "?")") == true, "\(logged)")
        let again = LearnedCalibrationFile(path: path)
        #expect(again.load() == nil)
        #expect(Set(again.entries.map(\.name)) == [Self.pad.name, Self.pen.name])
    }
}
