import ArgumentParser
import ForceTouchCommandLine
import ForceTouchLinux

/// `forcetest`: calibration and diagnosis of force-capable input devices.
/// `forcetest` in the multi-call executable (Sources/forcetouch).
public let program = Program(name: "forcetest") { Forcetest.main() }

struct Forcetest: ForceTouchCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcetest",
        abstract: "Calibrate and diagnose force-capable touchscreens, tablets and touchpads.",
        version: ForceTouchVersion.string,
        subcommands: [ListCommand.self, WatchCommand.self, CalibrateCommand.self, RecordCommand.self,
                      ReplayCommand.self])

}
