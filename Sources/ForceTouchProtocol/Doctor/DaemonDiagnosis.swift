/// The `diagnose` reply's body: what the running daemon knows that `forcectl doctor` judges
/// (`DoctorReport`), and which forcectl could not find out for itself.
public struct DaemonDiagnosis: Codable, Hashable, Sendable {
    public var status: DaemonStatus
    /// The touch devices it follows, and those it found but could not open (capability
    /// `unknown`, the reason saying why), as `devices` gives them.
    public var devices: [DeviceInfo]
    /// The nodes among `devices` the daemon may not open (EACCES, EPERM): what the udev rule fixes.
    public var denied: [String]
    /// The installed udev rule's path; nil when udev would not find one.
    public var udevRule: String?
    /// Why /dev/uinput cannot be opened for writing; nil when it can (touches can be claimed,
    /// keys and clicks injected).
    public var uinput: String?
    /// Whether a binding claims its touches, which needs uinput.
    public var claims: Bool
    /// Whether a binding shows a menu (`quick-actions`), which needs someone to draw it.
    public var menus: Bool
    /// Whether `forcectl pause` holds.
    public var paused: Bool
    /// How a tick is played (the haptics backend's own words); nil from a daemon that does not say.
    public var haptics: String?
    /// Whether somewhere to play a tick was found: false when it was looked for and none was;
    /// nil when haptics are off or the daemon has not looked yet.
    public var hapticsFound: Bool?
    /// The daemon's session, as its environment says.
    public var session: SessionFacts

    public init(status: DaemonStatus, devices: [DeviceInfo], denied: [String], udevRule: String?, uinput: String?,
                claims: Bool, menus: Bool, paused: Bool, haptics: String?, hapticsFound: Bool? = nil,
                session: SessionFacts) {
        self.status = status
        self.devices = devices
        self.denied = denied
        self.udevRule = udevRule
        self.uinput = uinput
        self.claims = claims
        self.menus = menus
        self.paused = paused
        self.haptics = haptics
        self.hapticsFound = hapticsFound
        self.session = session
    }
}

/// The graphical session a process is in, by its environment.
public struct SessionFacts: Codable, Hashable, Sendable {
    /// `XDG_SESSION_TYPE`: wayland, x11, tty.
    public var type: String?
    /// `XDG_CURRENT_DESKTOP`: GNOME, KDE, sway…
    public var desktop: String?
    public var waylandDisplay: String?
    public var display: String?

    public init(type: String? = nil, desktop: String? = nil, waylandDisplay: String? = nil, display: String? = nil) {
        self.type = type
        self.desktop = desktop
        self.waylandDisplay = waylandDisplay
        self.display = display
    }

    /// From an environment's variables; an empty one counts as unset.
    public init(environment: (String) -> String?) {
        func value(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(type: value("XDG_SESSION_TYPE"), desktop: value("XDG_CURRENT_DESKTOP"),
                  waylandDisplay: value("WAYLAND_DISPLAY"), display: value("DISPLAY"))
    }

    /// Whether it is GNOME's (`XDG_CURRENT_DESKTOP` lists GNOME, as `ubuntu:GNOME` does).
    public var isGnome: Bool {
        desktop?.split(separator: ":").contains { $0.lowercased() == "gnome" } ?? false
    }

    /// "wayland (WAYLAND_DISPLAY=wayland-0)", "x11 (DISPLAY=:1)", "no display".
    public var summary: String {
        var displays: [String] = []
        if let waylandDisplay { displays.append("WAYLAND_DISPLAY=\(waylandDisplay)") }
        if let display { displays.append("DISPLAY=\(display)") }
        let kind = type ?? (waylandDisplay != nil ? "wayland" : display != nil ? "x11" : nil)
        guard let kind else { return "no display (neither WAYLAND_DISPLAY nor DISPLAY is set)" }
        var text = kind
        if let desktop { text += " \(desktop)" }
        if !displays.isEmpty { text += " (\(displays.joined(separator: ", ")))" }
        return text
    }

    /// Whether a display is set at all.
    public var hasDisplay: Bool { waylandDisplay != nil || display != nil }
}
