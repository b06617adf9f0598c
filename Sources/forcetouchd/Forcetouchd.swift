import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchLinux
import ForceTouchProtocol
import Glibc
import Logging

/// `forcetouchd`: the force- and gesture-input daemon.
/// `forcetouchd` in the multi-call executable (Sources/forcetouch).
public let program = Program(name: "forcetouchd") { Forcetouchd.main() }

struct Forcetouchd: ForceTouchCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcetouchd",
        abstract: "Recognize taps, long presses and deep presses on touchscreens, tablets and touchpads and run what they are bound to.",
        discussion: """
            Configuration is searched in --config, $XDG_CONFIG_HOME/forcetouch/forcetouch.toml, \
            /etc/forcetouch/forcetouch.toml. SIGHUP reloads it (an invalid file is refused and the \
            running configuration stays); SIGTERM stops. The daemon never runs as root: started as \
            root it needs --user.
            """,
        version: ForceTouchVersion.string)

    @Option(help: "The configuration file.")
    var config: String?

    @Option(help: "Feed this recording (evemu or libinput record) through the daemon instead of live devices.")
    var replay: String?

    @Option(name: .customLong("desc"), help: "An evemu device description for an events-only --replay file.")
    var descriptionFile: String?

    @Flag(help: "Play the --replay recording at the pace it was recorded, as a live device's events come, rather than all at once.")
    var paced = false

    @Flag(name: .customLong("check-config"), help: "Validate the configuration, print every error, and exit.")
    var checkConfig = false

    @Option(help: "The control socket (default: $XDG_RUNTIME_DIR/forcetouch/control.sock).")
    var socket: String?

    @Option(help: "When started as root, the user to run as.")
    var user: String?

    @Flag(name: .shortAndLong, help: "Log gestures and debugging detail.")
    var verbose = false

    /// The address space a `--check-config` child of the daemon may use (ConfigurationCheck).
    @Option(name: .customLong("check-memory-limit"), help: .hidden)
    var checkMemoryLimit: Int?

    func run() throws {
        // A log reader (or a child's pipe) that goes away must not kill the daemon: writes
        // to it then fail with EPIPE, which the log and the child supervisor ignore. The
        // children get SIGPIPE back (ChildSpawnAttributes).
        signal(SIGPIPE, SIG_IGN)
        // `--check-config` by hand runs under the very limit a reload's check does
        // (ConfigurationCheck), so that both accept and refuse the same files.
        if let mib = checkMemoryLimit ?? (checkConfig ? ConfigurationCheck.memoryLimit : nil) {
            var limit = rlimit(rlim_cur: rlim_t(mib) << 20, rlim_max: rlim_t(mib) << 20)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        }
        let level: Logger.Level = verbose ? .debug : .info
        // Under systemd, entries go to the journal natively (priority, structured fields);
        // elsewhere, plain lines on stderr.
        let destination = LogDestination.detect()
        LoggingSystem.bootstrap { _ in destination.handler(identifier: "forcetouchd", level: level) }
        let logger = Logger(label: "forcetouchd")

        let path = ConfigurationFile.locate(explicit: config)
        let load = path.map(ConfigurationFile.load) ?? ConfigurationLoad(configuration: Configuration(), diagnostics: [])
        if checkConfig {
            guard let path else {
                print("no configuration file; searched \(ConfigurationFile.searchPath().joined(separator: ", "))")
                throw ExitCode(1)
            }
            // Warnings are printed with the errors, in line order, but do not fail the check:
            // the daemon would use the file as written.
            for e in load.diagnostics { print(e) }
            // The device database the daemon would read beside it, said as the daemon says
            // it; a mistake there stops nothing (the rest of the database loads), so it is a
            // warning here too, and a reload is not refused for it.
            let database = DeviceDatabaseFiles.load()
            for e in database.errors { print("device database: warning: \(e)") }
            guard load.isValid else { throw ExitCode(1) }
            // What the file binds, one line a binding, before the verdict: the file's last line.
            for b in load.configuration.bindings { print(BindingSummary.line(b, in: load.configuration)) }
            let count = load.warnings.count + database.errors.count
            let warnings = count == 0 ? "" : ", \(count) warning(s)"
            print("\(path): ok, \(load.configuration.bindings.count) binding(s), "
                + "\(load.configuration.devices.count) device rule(s)\(warnings)")
            return
        }

        // Read the recording while the files are still reachable: the user we switch to may
        // not be able to open them.
        var recording: Recording?
        if paced, replay == nil { throw ValidationError("--paced plays a --replay recording: give one") }
        if let replay {
            do {
                recording = try RecordingFile.load(replay, description: descriptionFile)
            } catch {
                throw CommandFailure(error.description)
            }
        }

        if Privileges.isRoot {
            guard let user else {
                throw ValidationError("forcetouchd does not run as root: run it as your user (systemctl --user), or pass --user NAME")
            }
            try Privileges.drop(to: user)
            logger.info("running as \(user)")
        }

        if let path {
            for e in load.diagnostics {
                if e.isWarning { logger.warning("\(e)") } else { logger.error("\(e)") }
            }
            if !load.isValid {
                logger.error("\(path): \(load.errors.count) error(s); running with what was valid")
            }
            logger.info("configuration \(path): \(load.configuration.bindings.count) binding(s)")
        } else {
            logger.warning("no configuration file (searched \(ConfigurationFile.searchPath().joined(separator: ", "))): no bindings")
        }

        var options = Daemon.Options(
            configPath: path, shortcutsPath: Daemon.Options.defaultShortcutsPath(),
            controlSocketPath: replay == nil ? (socket ?? ControlSocket.defaultPath()) : nil,
            // A replay learns in memory only: a recording is not the user's own touch.
            calibrationPath: replay == nil ? LearnedCalibrationFile.defaultPath() : nil,
            checkExecutable: ConfigurationCheck.selfExecutable, useBus: true, version: ForceTouchVersion.string)
        // A replay moves no button: where the user left it is theirs.
        options.assistiveButtonPath = replay == nil ? AssistiveButtonFile.defaultPath() : nil
        let daemon = try Daemon(configuration: load.configuration, options: options, logger: logger)
        if let recording, let replay {
            daemon.runReplay(recording, name: replay, paced: paced)
        } else {
            try daemon.runLive()
        }
    }
}
