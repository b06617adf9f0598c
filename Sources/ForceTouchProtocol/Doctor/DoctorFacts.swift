/// Everything `forcectl doctor` found, before any judgement: the running daemon's word
/// (`DaemonDiagnosis`), or why it could not be asked, and what forcectl finds for itself in
/// the user's session. `DoctorReport` judges it; recorded facts make its unit tests.
public struct DoctorFacts: Hashable, Sendable {
    /// The daemon's facts; nil when it could not be asked.
    public var daemon: DaemonDiagnosis?
    /// Why the daemon could not be asked: its socket and the error.
    public var daemonUnreachable: String?
    /// The touch devices forcectl sees itself (udev's ID_INPUT_TOUCHSCREEN, _TABLET,
    /// _TOUCHPAD), which stand in for the daemon's while it does not answer.
    public var devices: [LocalDevice]
    /// Why forcectl's user may not open /dev/uinput for writing; nil when it may.
    public var uinput: String?
    /// The installed udev rule's path, as forcectl finds it; nil when there is none.
    public var udevRule: String?
    /// forcectl's session: the user's.
    public var session: SessionFacts
    /// org.a11y.Status IsEnabled on the accessibility bus; nil when it could not be read.
    public var accessibility: Bool?
    /// Why the accessibility bus could not be read; nil when it was.
    public var accessibilityUnreadable: String?
    /// No session bus could be reached: doctor was not run in the graphical session.
    public var noSessionBus = false
    /// `gsettings get org.gnome.desktop.interface toolkit-accessibility`; nil when unread.
    public var toolkitAccessibility: Bool?
    /// The GNOME Shell extension; nil outside GNOME.
    public var gnomeExtension: ExtensionState?
    /// forcetouch Settings, the window; nil when not looked for.
    public var settingsWindow: SettingsWindow?

    public init(daemon: DaemonDiagnosis? = nil, daemonUnreachable: String? = nil, devices: [LocalDevice] = [],
                uinput: String? = nil, udevRule: String? = nil, session: SessionFacts = SessionFacts(),
                accessibility: Bool? = nil, accessibilityUnreadable: String? = nil, toolkitAccessibility: Bool? = nil,
                gnomeExtension: ExtensionState? = nil) {
        self.daemon = daemon
        self.daemonUnreachable = daemonUnreachable
        self.devices = devices
        self.uinput = uinput
        self.udevRule = udevRule
        self.session = session
        self.accessibility = accessibility
        self.accessibilityUnreadable = accessibilityUnreadable
        self.toolkitAccessibility = toolkitAccessibility
        self.gnomeExtension = gnomeExtension
    }

    /// A touch device as forcectl finds it without opening it.
    public struct LocalDevice: Hashable, Sendable {
        public var node: String
        public var name: String?
        /// touchscreen, tablet or touchpad, by udev's word.
        public var deviceClass: String
        /// Whether forcectl's user may read it.
        public var readable: Bool

        public init(node: String, name: String?, deviceClass: String, readable: Bool) {
            self.node = node
            self.name = name
            self.deviceClass = deviceClass
            self.readable = readable
        }
    }

    /// forcetouch Settings as forcectl finds it: `forcetouch-settings` on PATH (nil: not
    /// installed), and what it runs on that is missing (gjs, the GTK 4 and libadwaita
    /// introspection), by the package's name.
    public struct SettingsWindow: Hashable, Sendable {
        public var path: String?
        public var missing: [String]

        public init(path: String?, missing: [String] = []) {
            self.path = path
            self.missing = missing
        }
    }

    /// The forcetouch GNOME Shell extension, as `gnome-extensions info` tells it.
    public enum ExtensionState: Hashable, Sendable {
        case notInstalled
        /// Installed; whether enabled, and its `State:` (ACTIVE, ENABLED, INACTIVE, ERROR…).
        case installed(enabled: Bool, state: String)
        /// gnome-extensions could not say: why.
        case unknown(String)
    }
}
