import ForceTouchProtocol
import FoundationEssentials
import Glibc

/// Gathers `DoctorFacts`: the daemon's over the control socket, the rest from the user's own
/// session (sysfs and udev's database, /dev/uinput, gdbus, gsettings, gnome-extensions).
enum DoctorProbe {
    static func facts(socket: String) -> DoctorFacts {
        var facts = DoctorFacts()
        do {
            let client = try ControlClient(path: socket)
            let reply = try ConnectionOptions.exchange(client, ControlRequest(.diagnose), json: false)
            facts.daemon = reply.diagnosis
            if reply.diagnosis == nil { facts.daemonUnreachable = "\(socket): the daemon gave no diagnosis" }
        } catch let error as ControlClient.Error {
            // The question its text ends with is what doctor answers.
            let asked = " (is forcetouchd running?)"
            let text = error.description
            facts.daemonUnreachable = text.hasSuffix(asked) ? String(text.dropLast(asked.count)) : text
        } catch {
            facts.daemonUnreachable = "\(socket): \(error)"
        }
        facts.session = SessionFacts { name in getenv(name).map { String(cString: $0) } }
        facts.devices = touchDevices()
        facts.uinput = uinputUnusable()
        facts.udevRule = UdevRuleLocation.installedPath { access($0, F_OK) == 0 }
        readAccessibility(into: &facts)
        if facts.session.isGnome { facts.gnomeExtension = gnomeExtension() }
        facts.settingsWindow = settingsWindow()
        return facts
    }

    /// forcetouch Settings on PATH, and whether gjs and the GTK 4 and libadwaita typelibs it
    /// imports are where GObject introspection looks.
    static func settingsWindow() -> DoctorFacts.SettingsWindow {
        let path = (getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map(String.init)
        func onPath(_ name: String) -> String? { path.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 } }
        guard let window = onPath("forcetouch-settings") else { return .init(path: nil) }
        let libraries = (getenv("GI_TYPELIB_PATH").map { String(cString: $0).split(separator: ":").map(String.init) } ?? [])
            + ["/usr/lib/girepository-1.0", "/usr/local/lib/girepository-1.0"]
            + ["x86_64", "aarch64", "arm", "i386", "powerpc64le", "s390x", "riscv64"].map { "/usr/lib/\($0)-linux-gnu/girepository-1.0" }
            + ["/usr/lib/arm-linux-gnueabihf/girepository-1.0"]
        func typelib(_ name: String) -> Bool { libraries.contains { access("\($0)/\(name)", R_OK) == 0 } }
        var missing: [String] = []
        if onPath("gjs") == nil { missing.append("gjs") }
        if !typelib("Gtk-4.0.typelib") { missing.append("gir1.2-gtk-4.0") }
        if !typelib("Adw-1.typelib") { missing.append("gir1.2-adw-1") }
        return .init(path: window, missing: missing)
    }

    /// Why this user may not open /dev/uinput for writing; nil when it may.
    static func uinputUnusable() -> String? {
        let fd = open("/dev/uinput", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            let reason = String(cString: strerror(e))
            if e == ENOENT { return "/dev/uinput: \(reason) (is the uinput module loaded?)" }
            return "/dev/uinput: \(reason)"
        }
        close(fd)
        return nil
    }

    /// The event nodes udev calls a touchscreen, tablet or touchpad, read from sysfs and
    /// udev's database (readable by any user), and whether this user may read each.
    static func touchDevices() -> [DoctorFacts.LocalDevice] {
        guard let dir = opendir("/sys/class/input") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event"), Int(name.dropFirst(5)) != nil { names.append(name) }
        }
        names.sort { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }
        return names.compactMap { name in
            let sys = "/sys/class/input/\(name)"
            guard let dev = readLine(sys + "/dev"), let udev = readFile("/run/udev/data/c\(dev)") else { return nil }
            let properties = Set(udev.split(separator: "\n").map(String.init))
            let deviceClass = [("E:ID_INPUT_TOUCHSCREEN=1", "touchscreen"), ("E:ID_INPUT_TABLET=1", "tablet"),
                               ("E:ID_INPUT_TOUCHPAD=1", "touchpad")].first { properties.contains($0.0) }?.1
            guard let deviceClass else { return nil }
            let node = "/dev/input/\(name)"
            return DoctorFacts.LocalDevice(node: node, name: readLine(sys + "/device/name"), deviceClass: deviceClass,
                                           readable: access(node, R_OK) == 0)
        }
    }

    /// org.a11y.Status IsEnabled on the accessibility bus, asked as the overlay asks it (the
    /// bus not started for the asking), and GNOME's setting beside it.
    static func readAccessibility(into facts: inout DoctorFacts) {
        if let r = CommandOutput.run(["busctl", "--user", "--auto-start=no", "call", "org.a11y.Bus", "/org/a11y/bus",
                                      "org.freedesktop.DBus.Properties", "Get", "ss", "org.a11y.Status", "IsEnabled"],
                                     errors: true) {
            if r.status == 0 {
                facts.accessibility = trimmed(r.output) == "v b true"
            } else if r.output.contains("connect to bus") {
                facts.noSessionBus = true
            } else {
                facts.accessibilityUnreadable = "no accessibility bus: org.a11y.Bus is not on the session bus"
            }
        }
        if let r = CommandOutput.run(["gsettings", "get", "org.gnome.desktop.interface", "toolkit-accessibility"]),
           r.status == 0 {
            let value = trimmed(r.output)
            facts.toolkitAccessibility = value == "true" ? true : value == "false" ? false : nil
        }
    }

    /// The forcetouch GNOME Shell extension, as `gnome-extensions info` tells it; where GNOME
    /// Shell does not answer, whether its directory is where the Shell looks.
    static func gnomeExtension() -> DoctorFacts.ExtensionState {
        let uuid = DoctorFix.extensionUUID
        guard let r = CommandOutput.run(["gnome-extensions", "info", uuid], errors: true) else {
            return .unknown("gnome-extensions cannot be run to ask")
        }
        var enabled: Bool?
        var state: String?
        for line in r.output.split(separator: "\n") {
            let text = trimmed(line)
            if text.hasPrefix("Enabled:") { enabled = trimmed(text.dropFirst(8)) == "Yes" }
            if text.hasPrefix("State:") { state = trimmed(text.dropFirst(6)) }
        }
        if r.status == 0, let state {
            return .installed(enabled: enabled ?? (state == "ENABLED" || state == "ACTIVE"), state: state)
        }
        // Its message is translated: where the extension would be says whether it is installed.
        let home = getenv("XDG_DATA_HOME").map { String(cString: $0) }
            ?? (getenv("HOME").map { String(cString: $0) + "/.local/share" } ?? "")
        let data = (getenv("XDG_DATA_DIRS").map { String(cString: $0) } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        let installed = ([home] + data).contains { access("\($0)/gnome-shell/extensions/\(uuid)/metadata.json", R_OK) == 0 }
        guard installed else { return .notInstalled }
        let why = r.output.split(separator: "\n").first.map { trimmed($0) } ?? "no answer"
        return .unknown("installed, but GNOME Shell did not say whether it is enabled (\(why))")
    }

    static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func readLine(_ path: String) -> String? {
        readFile(path)?.split(separator: "\n").first.map(String.init)
    }
}
