import ArgumentParser

/// `forcetest`: calibration and diagnosis of force-capable input devices.
@main
struct Forcetest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcetest",
        abstract: "Calibrate and diagnose force-capable touchscreens, tablets and touchpads.",
        subcommands: [ListCommand.self, WatchCommand.self, CalibrateCommand.self, RecordCommand.self,
                      ReplayCommand.self])
}
