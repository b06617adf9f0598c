import ArgumentParser
import ForceTouchLinux

/// `forcetest`: calibration and diagnosis of force-capable input devices.
@main
struct Forcetest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcetest",
        abstract: "Calibrate and diagnose force-capable touchscreens, tablets and touchpads.",
        version: ForceTouchVersion.string,
        subcommands: [ListCommand.self, WatchCommand.self, CalibrateCommand.self, RecordCommand.self,
                      ReplayCommand.self])

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            CommandFailure.exitIfFailure(error, program: "forcetest")
            exit(withError: error)
        }
    }
}
