import ForceTouchCore
import ForceTouchEngine
import Glibc

/// Starts applications for `launch` actions so that they live on their own: no timeout
/// kills them, they do not inherit the daemon's hardening, and they outlive a restart of
/// the daemon.
///
/// With a systemd user manager the application is its own transient service, started by
/// the manager (`systemd-run --user`) and named as systemd asks launchers to name apps
/// (`app-forcetouch-<id>@<random>.service`), with the session's display environment.
/// Without one it is double-forked into a session of its own (`setsid --fork`) and left
/// to init. Either way the daemon supervises only the short-lived starter.
public final class AppLauncher {
    /// The variables a graphical application needs from the session, passed on explicitly:
    /// the user manager's own environment may lack them.
    public static let sessionVariables = [
        "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_RUNTIME_DIR", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE",
        "XDG_SESSION_DESKTOP", "DESKTOP_SESSION", "DBUS_SESSION_BUS_ADDRESS", "XDG_DATA_DIRS", "XDG_CONFIG_DIRS",
        "LANG", "LANGUAGE", "LC_ALL", "PATH", "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE", "I3SOCK",
    ]
    /// How long the starter may take; the application itself has no timeout.
    static let starterTimeout = Timestamp.Duration(seconds: 15)

    /// How an application is started.
    public enum Method: String, Sendable {
        /// A transient service of the user's service manager.
        case userManager = "user manager"
        /// A double-forked process in its own session.
        case detached
    }

    private let children: ChildSupervisor
    private let environment: [String: String]
    /// Overrides the choice (tests); nil picks the user manager when it is reachable.
    public var method: Method?

    public init(children: ChildSupervisor, environment: [String: String] = ProcessEnvironment.current()) {
        self.children = children
        self.environment = environment
    }

    /// Whether the user's service manager can be asked: its private socket exists and
    /// `systemd-run` is installed.
    public var userManagerAvailable: Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        var st = stat()
        guard stat(runtime + "/systemd/private", &st) == 0, (st.st_mode & S_IFMT) == S_IFSOCK else { return false }
        return ProgramLookup.path(of: "systemd-run", searchPath: environment["PATH"]) != nil
    }

    /// Starts `argv` as the application `applicationID`; `completion` gets a success naming
    /// the unit or process, or why it could not start.
    public func launch(_ argv: [String], applicationID: String, label: String,
                       completion: @escaping (Result<String, LaunchError>) -> Void) {
        guard let program = argv.first, !program.isEmpty else {
            return completion(.failure(LaunchError("\(label): empty command")))
        }
        // Neither starter can tell that the program is missing once it has forked.
        guard ProgramLookup.path(of: program, searchPath: environment["PATH"]) != nil else {
            return completion(.failure(LaunchError("\(label): cannot launch \(program): command not found")))
        }
        let method = method ?? (userManagerAvailable ? .userManager : .detached)
        let unit = SystemdUnitName.app(applicationID, random: UInt32.random(in: 0...UInt32.max))
        let starter = method == .userManager
            ? Self.systemdRun(argv, unit: unit, environment: environment)
            : Self.detached(argv)
        let started = method == .userManager ? "started \(program) as \(unit)" : "started \(program), detached"
        do {
            try children.spawn(starter, environment: [:], timeout: Self.starterTimeout, label: label + " launch") { exit, _ in
                completion(exit.succeeded ? .success(started)
                                          : .failure(LaunchError("\(label): \(starter[0]) \(exit.summary)")))
            }
        } catch {
            completion(.failure(LaunchError(error.description)))
        }
    }

    /// Starts `argv` placed as `launch` places an application, but waits for it to end: for
    /// a program that hands the work on and exits (`gio open`), whose exit status is the
    /// result (`systemd-run --wait` and `setsid --fork --wait` pass it on). Its output is not
    /// captured: what it starts (a browser) inherits it, and would die of SIGPIPE at its next
    /// line once the daemon closed a pipe, or restarted. It goes where an application's does,
    /// the daemon's log or the unit's journal, where the program's message is to be read.
    public func run(_ argv: [String], applicationID: String, label: String, timeout: Timestamp.Duration,
                    completion: @escaping (Result<ChildSupervisor.Exit, LaunchError>) -> Void) {
        guard let program = argv.first, !program.isEmpty else {
            return completion(.failure(LaunchError("\(label): empty command")))
        }
        guard ProgramLookup.path(of: program, searchPath: environment["PATH"]) != nil else {
            return completion(.failure(LaunchError("\(label): cannot run \(program): command not found")))
        }
        let method = method ?? (userManagerAvailable ? .userManager : .detached)
        let unit = SystemdUnitName.app(applicationID, random: UInt32.random(in: 0...UInt32.max))
        let starter = method == .userManager
            ? Self.systemdRun(argv, unit: unit, environment: environment, waiting: true)
            : ["setsid", "--fork", "--wait"] + argv
        do {
            try children.spawn(starter, environment: [:], timeout: timeout, label: label) { exit, _ in
                completion(.success(exit))
            }
        } catch {
            completion(.failure(LaunchError(error.description)))
        }
    }

    /// `systemd-run --user` for `argv` as the transient service `unit`: `Type=exec`, so that
    /// a program that cannot be executed is an error here; collected once it ends; in the
    /// user's home; with the session's variables that are set.
    /// `waiting`, it waits for the program and exits with its status; what the program
    /// started outlives it (`KillMode=process`).
    public static func systemdRun(_ argv: [String], unit: String, environment: [String: String],
                                  waiting: Bool = false) -> [String] {
        var out = ["systemd-run", "--user", "--quiet", "--collect", "--unit=" + unit, "--property=Type=exec"]
        if waiting { out += ["--wait", "--property=KillMode=process"] }
        if let home = environment["HOME"], home.hasPrefix("/") { out.append("--working-directory=" + home) }
        for name in sessionVariables {
            if let value = environment[name] { out.append("--setenv=\(name)=\(value)") }
        }
        return out + ["--"] + argv
    }

    /// `setsid --fork` for `argv`: the starter exits at once, its child runs on in a new
    /// session, reparented to init (or the nearest subreaper).
    public static func detached(_ argv: [String]) -> [String] {
        ["setsid", "--fork"] + argv
    }
}

/// Why an application could not be started.
public struct LaunchError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}
