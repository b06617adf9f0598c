/// The `status` reply's body: what `forcectl status` shows.
public struct DaemonStatus: Codable, Hashable, Sendable {
    public var pid: Int
    /// Devices the daemon has open.
    public var devices: Int
    /// The daemon's overall force capability: the best of its devices'.
    public var capability: String
    public var bindings: Int
    /// Supervised commands still running.
    public var children: Int
    public var subscribers: Int
    /// Seconds since the daemon started.
    public var uptime: JSONNumber
    /// Quick actions, static and dynamic.
    public var shortcuts: Int
    /// The configuration file; nil when the defaults apply.
    public var config: String?
    /// Who shows quick-action menus at the finger, by the `Mode` of the client owning
    /// `io.github.forcetouch.Overlay1` (SPEC §11): `gnome-shell` (the GNOME Shell extension),
    /// `layer-shell`, `popup`, `placed-window` (forcetouch-overlay), `unknown` (it did not say);
    /// nil when none does and menus go to the menu program.
    public var overlay: String?
    /// The running configuration's `[general] sensitivity` (light, medium, firm): what a
    /// settings change took effect as, once reloaded.
    public var sensitivity: String?

    public init(pid: Int, devices: Int, capability: String, bindings: Int, children: Int, subscribers: Int,
                uptime: Double, shortcuts: Int, config: String?, overlay: String? = nil, sensitivity: String? = nil) {
        self.pid = pid
        self.devices = devices
        self.capability = capability
        self.bindings = bindings
        self.children = children
        self.subscribers = subscribers
        self.uptime = JSONNumber(uptime)
        self.shortcuts = shortcuts
        self.config = config
        self.overlay = overlay
        self.sensitivity = sensitivity
    }

    /// `config` and `overlay` are written as null rather than left out, so a script sees the
    /// defaults apply and no overlay is on the bus.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pid, forKey: .pid)
        try c.encode(devices, forKey: .devices)
        try c.encode(capability, forKey: .capability)
        try c.encode(bindings, forKey: .bindings)
        try c.encode(children, forKey: .children)
        try c.encode(subscribers, forKey: .subscribers)
        try c.encode(uptime, forKey: .uptime)
        try c.encode(shortcuts, forKey: .shortcuts)
        try c.encode(config, forKey: .config)
        try c.encode(overlay, forKey: .overlay)
        try c.encodeIfPresent(sensitivity, forKey: .sensitivity)
    }

    /// `name: value` lines for people, in key order as the JSON has them.
    public var lines: [String] {
        var lines = [
            "bindings: \(bindings)", "capability: \(capability)", "children: \(children)", "config: \(config ?? "-")",
            "devices: \(devices)", "overlay: \(overlay ?? "-")", "pid: \(pid)",
        ]
        if let sensitivity { lines.append("sensitivity: \(sensitivity)") }
        return lines + ["shortcuts: \(shortcuts)", "subscribers: \(subscribers)", "uptime: \(JSONNumber.text(uptime.value))"]
    }
}
