import ForceTouchCore

extension Daemon {
    /// Where the daemon keeps its files and listens, as its command line says: what differs
    /// between a live daemon, a replay and a test.
    public struct Options: Sendable {
        /// The configuration file in use, if any.
        public var configPath: String?
        /// Where dynamic quick actions persist; nil keeps them in memory only (replays).
        public var shortcutsPath: String?
        /// The control socket; nil for none.
        public var controlSocketPath: String?
        /// Where what auto-calibration learns persists; nil keeps it in memory only (replays).
        public var calibrationPath: String?
        /// The program that checks a configuration in a child process before a reload parses
        /// it (`ConfigurationCheck`): forcetouchd itself; nil parses in-process only.
        public var checkExecutable: String?
        /// Whether to take `io.github.forcetouch.Daemon1` on the session bus, when there is one.
        public var useBus: Bool
        /// What the bus's `Version` property says.
        public var version: String
        /// Where the AssistiveTouch button's place is kept; nil keeps it in memory only.
        public var assistiveButtonPath: String? = nil
        public init(configPath: String?, shortcutsPath: String? = nil, controlSocketPath: String? = nil,
                    calibrationPath: String? = nil, checkExecutable: String? = nil, useBus: Bool = false,
                    version: String = "") {
            self.configPath = configPath
            self.useBus = useBus
            self.version = version
            self.shortcutsPath = shortcutsPath
            self.controlSocketPath = controlSocketPath
            self.calibrationPath = calibrationPath
            self.checkExecutable = checkExecutable
        }

        /// `$XDG_STATE_HOME/forcetouch/shortcuts.json` (else `~/.local/state/…`).
        public static func defaultShortcutsPath(environment: [String: String] = ProcessEnvironment.current()) -> String? {
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/forcetouch/shortcuts.json" }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return home + "/.local/state/forcetouch/shortcuts.json"
        }
    }
}
