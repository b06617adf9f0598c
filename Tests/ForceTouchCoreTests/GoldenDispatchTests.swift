import Foundation
import Testing
@testable import ForceTouchCore
import ForceTouchTestDevices

/// Golden files: for each case in `Fixtures/golden/`, a recording (`NAME.evemu`) played under
/// a configuration (`NAME.toml`) through `DevicePipeline` in virtual time, as
/// `forcetouchd --replay` plays it, calls for exactly the dispatches in `NAME.dispatches`:
/// one line per dispatch, its label and the gesture's finger count
/// (`binding[2] (line 9) double-tap ended fingers=1`).
///
/// Some recordings are real (copied from Fixtures/recordings); the others are written from
/// the `EventScript`s in `scripts` below, and the test checks the file is still its script.
/// After a deliberate change of behaviour, rewrite the expected files (and the scripted
/// recordings) in the source tree, then read the diff before committing it:
///
///     FORCETOUCH_WRITE_GOLDEN=1 swift test --filter GoldenDispatchTests
@Suite struct GoldenDispatchTests {
    static let writing = ProcessInfo.processInfo.environment["FORCETOUCH_WRITE_GOLDEN"] == "1"

    /// Where the cases are read from: the source tree when rewriting them, else the test
    /// bundle's copy.
    static var directory: URL {
        writing ? TestFiles.packageRoot.appendingPathComponent("Tests/ForceTouchCoreTests/Fixtures/golden")
                : TestFiles.fixture("golden")
    }

    /// Every case: each `NAME.toml` in the directory.
    static var cases: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The cases whose recording is written from a script rather than copied from a real device.
    static var scripts: [String: EventScript] {
        // Pen taps on a 200 × 120 mm tablet: one at (0.2, 0.17), in the top-left quarter; one
        // in the middle; then a deliberate press (past peek for 0.4 s, still) at (0.75, 0.75).
        var pen = EventScript(device: EventScript.pen(name: "forcetouch golden pen"))
        pen.tap(0, x: 4000, y: 2000)
        pen.tap(1, x: 10000, y: 6000)
        pen.touch(2, x: 15000, y: 9000, force: 1.0)
        pen.move(2.05, force: 3.0); pen.syn(2.05)
        pen.lift(2.45)

        // A tap; a double tap; a still hold of 1 s; a deliberate press; a two-finger tap.
        var slots = EventScript(device: EventScript.touchscreen(name: "forcetouch golden touchscreen"))
        slots.tap(0, x: 500, y: 300)
        slots.tap(1, x: 500, y: 300)
        slots.tap(1.2, x: 510, y: 300)
        slots.touch(2, x: 500, y: 300)
        slots.lift(3)
        slots.touch(4, x: 500, y: 300, force: 1.0)
        slots.move(4.05, force: 3.0); slots.syn(4.05)
        slots.lift(4.45)
        slots.down(5, slot: 0, x: 400, y: 300); slots.down(5, slot: 1, x: 600, y: 300); slots.syn(5)
        slots.up(5.1, slot: 0); slots.up(5.1, slot: 1); slots.syn(5.1)

        return ["pen-region": pen, "assistive-touch": slots]
    }

    /// The seeded cases are all there: a directory that lost its files fails here rather
    /// than passing with nothing to compare.
    @Test func theSeededCasesAreThere() {
        #expect(Set(Self.cases).isSuperset(of: ["alps-double-tap", "cypress-two-finger-press",
                                                "wacom-isdv4-touchscreen-tap", "pen-region", "assistive-touch"]))
        #expect(Set(Self.scripts.keys).isSubset(of: Set(Self.cases)))
    }

    @Test(arguments: cases)
    func dispatchesAreTheGoldenOnes(_ name: String) throws {
        let base = Self.directory.appendingPathComponent(name)
        let evemu = base.appendingPathExtension("evemu")
        let script = Self.scripts[name]
        if Self.writing, let script {
            try EvemuWriter.write(script.recording).write(to: evemu, atomically: true, encoding: .utf8)
        }
        let recording = try EvemuReader.read(TestFiles.text(evemu))
        if let script {
            #expect(recording == script.recording, "\(name).evemu is no longer its script: rewrite it")
        }

        let toml = base.appendingPathExtension("toml")
        let load = Configuration.parse(try TestFiles.text(toml), file: toml.path, lookups: .diskFiles)
        #expect(load.errors.isEmpty, "\(name).toml: \(load.errors)")
        let actual = DevicePipelineTests.dispatches(recording, load.configuration)

        let expectedURL = base.appendingPathExtension("dispatches")
        if Self.writing {
            try actual.map { $0 + "\n" }.joined().write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try TestFiles.text(expectedURL).split(separator: "\n").map(String.init)
        for i in 0..<max(actual.count, expected.count) {
            let a = i < actual.count ? actual[i] : "(no dispatch)"
            let e = i < expected.count ? expected[i] : "(no dispatch)"
            #expect(a == e, "\(name).dispatches:\(i + 1)")
        }
    }
}
