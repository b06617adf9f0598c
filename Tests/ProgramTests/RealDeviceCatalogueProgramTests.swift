import Foundation
import ForceTouchTestSupport
import Testing

/// `forcetest replay` of the catalogue of real devices' descriptions
/// (Tests/ForceTouchCoreTests/Fixtures/devices): the summary table's class and capability of
/// each device are the ones its README gives, so keyboards, mice, tablet pads and a totem show
/// as `other` with no capability, as a user running the program sees them.
@Suite struct RealDeviceCatalogueProgramTests {
    static let directory = "Tests/ForceTouchCoreTests/Fixtures/devices/"

    @Test func theSummaryGivesEachDeviceItsClassAndCapability() throws {
        let run = try Program.forcetest.run(["replay", "--summary", Self.directory],
                                            environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(run.status == 0, "\(run)")
        let table = try ReplaySummaryTests.Table(run.stdout)
        #expect(table.header == ["FILE", "DEVICE", "CLASS", "CAPABILITY", "CALIBRATION", "GESTURES"])
        let readme = try String(contentsOf: Program.repositoryRoot.appendingPathComponent(Self.directory + "README.md"),
                                encoding: .utf8)
        var expected = 0
        for line in readme.split(separator: "\n") where line.hasPrefix("| ") && line.contains(".evemu") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let row = try #require(table.rows[cells[0]], "\(cells[0]) is not in the table:\n\(run.stdout)")
            #expect(row[2] == cells[1], "\(cells[0]): class")
            #expect(row[3] == cells[2], "\(cells[0]): capability")
            expected += 1
        }
        #expect(expected == table.order.count && expected >= 19)
    }

    /// The device line names what the device is instead of a touch device.
    @Test func theDeviceLineSaysWhyAPadIsNoTouchDevice() throws {
        let run = try Program.forcetest.run(["replay", Self.directory + "wacom-intuos5-touch-m-pad.evemu"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("device \"Wacom Intuos5 touch M Pad\": other, force none (not a touch device: "
            + "a tablet pad: BTN_0 and BTN_1 beside BTN_STYLUS, no BTN_TOOL_PEN)"), "\(run)")
    }
}
