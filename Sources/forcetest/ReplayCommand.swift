import ArgumentParser
import ForceTouchCommandLine
import ForceTouchLinux
import ForceTouchCore
import Glibc

/// `forcetest replay FILE`: runs a recording through the engine and prints what it saw.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a recording through the gesture engine and print the device and its gestures.",
        discussion: """
            FILE is an evemu recording (evemu-record) or a libinput record YAML file. With \
            --desc, FILE holds only the evemu events and the description is read from the \
            other file. Time is the recording's own: a finger still down when the recording \
            ends is followed until every pending gesture has decided. Without --config the \
            defaults apply: uncalibrated force (an average touch is 15% of the pressure \
            range, maximumPossibleForce 6.67) and the default gesture timings and \
            thresholds; docs/SPEC.md, "2. Force" and "4. Gestures", lists them. The device \
            database's entries for the recorded device apply in both cases \
            (docs/device-database.md).
            """)

    @Argument(help: "The recording to replay.")
    var file: String

    @Option(name: .customLong("desc"), help: "An evemu device description for an events-only FILE.")
    var descriptionFile: String?

    @Flag(help: "Print JSON Lines instead of text.")
    var json = false

    @Flag(help: "Replay into a new uinput virtual device with the recording's timing, instead of through the engine.")
    var uinput = false

    @Option(help: "With --uinput: seconds to wait after creating the device before playing.")
    var settle = 1.0

    @Option(help: "With --uinput: seconds to keep the device after the last event.")
    var linger = 0.5

    @Option(help: "A configuration whose device rules (calibration, sensitivity, timings, rotation) apply; default: uncalibrated, default timings and thresholds.")
    var config: String?

    @Flag(name: .customLong("no-double-tap-wait"),
          help: "Report each tap at release instead of waiting out the double-tap window.")
    var noDoubleTapWait = false

    func run() throws {
        let recording: Recording
        do {
            recording = try RecordingFile.load(file, description: descriptionFile)
        } catch {
            throw CommandFailure(error.description)
        }
        if uinput {
            let player = UinputPlayer(recording: recording, settle: .init(seconds: settle), linger: .init(seconds: linger))
            do {
                try player.play(
                    created: { node in
                        print("created \"\(recording.device.name)\" at \(node ?? "an unknown node")")
                        fflush(nil)
                    },
                    played: {
                        print("played \(recording.events.count) events")
                        fflush(nil)
                    })
            } catch {
                throw CommandFailure(error.description)
            }
            return
        }
        let deviceClass = DeviceClass(classifying: recording.device)
        var deviceSettings = try Self.deviceSettings(config, recording.device, deviceClass)
        var settings = deviceSettings.gestures
        // Without a configuration every gesture counts as bound, double taps included.
        settings.waitsForDoubleTap = config == nil ? !noDoubleTapWait : settings.waitsForDoubleTap && !noDoubleTapWait
        deviceSettings.gestures = settings
        let engine = GestureEngine(device: recording.device, settings: deviceSettings)
        let name = recording.device.name
        print(json
              ? GestureReport.deviceJSON(name: name, report: engine.capability, forceModel: engine.forceModel,
                                         deviceClass: deviceClass)
              : GestureReport.deviceText(name: name, report: engine.capability, forceModel: engine.forceModel,
                                         deviceClass: deviceClass))
        for g in RecordingPlayback.run(recording, deviceSettings: deviceSettings) {
            print(json ? GestureReport.gestureJSON(g) : GestureReport.gestureText(g))
        }
    }

    /// The settings `config` gives this device; the defaults (docs/SPEC.md) without one.
    static func deviceSettings(_ config: String?, _ device: DeviceDescription, _ deviceClass: DeviceClass) throws
        -> DeviceSettings
    {
        guard let config else {
            return Configuration().settings(for: device, deviceClass: deviceClass, database: DeviceDatabaseForTools.shared)
        }
        let load = ConfigurationFile.load(config)
        for w in load.warnings { Terminal.writeError("forcetest: \(w)\n") }
        if let first = load.errors.first {
            throw CommandFailure(load.errors.count == 1 ? first.description
                                  : load.errors.map { $0.description }.joined(separator: "\n"))
        }
        return load.configuration.settings(for: device, deviceClass: deviceClass, database: DeviceDatabaseForTools.shared)
    }
}
