/// `forcectl doctor`'s judgement of what it found (`DoctorFacts`): one check a line, each
/// with its fix, and a problem wherever something the configuration needs is missing.
///
/// What the configuration needs, when the daemon says: a touch device it may read; uinput
/// when a binding claims its touches; someone to draw the menu and accessibility (to find
/// links and app icons under the finger) when a binding shows one. Without the daemon,
/// nothing can be known of the configuration, and the daemon not running is the problem.
public struct DoctorReport: Codable, Hashable, Sendable {
    public var checks: [DoctorCheck]

    public var problems: Int { checks.filter { $0.outcome == .problem }.count }
    public var warnings: Int { checks.filter { $0.outcome == .warning }.count }
    /// 1 when something the configuration needs is missing, else 0.
    public var exitStatus: Int32 { problems > 0 ? 1 : 0 }

    public init(checks: [DoctorCheck]) { self.checks = checks }

    public init(_ facts: DoctorFacts) {
        var checks: [DoctorCheck] = []
        let daemon = facts.daemon
        checks.append(Self.daemonCheck(facts))
        checks += Self.deviceChecks(facts)
        checks.append(Self.uinputCheck(facts))
        checks.append(Self.menuCheck(facts))
        checks.append(Self.accessibilityCheck(facts))
        if let window = facts.settingsWindow { checks.append(Self.settingsCheck(window)) }
        if let daemon {
            if let haptics = daemon.haptics {
                // Off by the user's word is as wanted; nowhere to play is worth knowing.
                let nowhere = daemon.hapticsFound == false
                checks.append(DoctorCheck(nowhere ? .warning : .ok, "haptics", "haptics: \(haptics)",
                                          fix: nowhere ? DoctorFix.haptics : nil))
            } else {
                checks.append(DoctorCheck(.ok, "haptics", "haptics: unknown (this daemon does not say)"))
            }
            let status = daemon.status
            let config = status.config ?? "no configuration file (the defaults)"
            if status.bindings == 0 {
                checks.append(DoctorCheck(.warning, "bindings", "the configuration binds nothing: \(config)",
                                          fix: DoctorFix.bindings))
            } else {
                checks.append(DoctorCheck(.ok, "bindings", "\(status.bindings) binding(s): \(config)"))
            }
        }
        self.checks = checks
    }

    static func daemonCheck(_ facts: DoctorFacts) -> DoctorCheck {
        guard let daemon = facts.daemon else {
            return DoctorCheck(.problem, "daemon",
                               "the daemon is not running (\(facts.daemonUnreachable ?? "its socket does not answer"))",
                               fix: DoctorFix.startDaemon)
        }
        if daemon.paused {
            return DoctorCheck(.warning, "daemon",
                               "the daemon is running (pid \(daemon.status.pid)) but paused: nothing bound to a gesture runs",
                               fix: DoctorFix.resume)
        }
        let text = "the daemon is running (pid \(daemon.status.pid))"
        guard daemon.session.hasDisplay else {
            return DoctorCheck(.warning, "daemon", text + ", with no display in its environment: apps it opens have no screen",
                               fix: DoctorFix.daemonDisplay)
        }
        return DoctorCheck(.ok, "daemon", text)
    }

    static func deviceChecks(_ facts: DoctorFacts) -> [DoctorCheck] {
        if let daemon = facts.daemon {
            let fix = DoctorFix.permission(installedRule: daemon.udevRule)
            let checks = daemon.devices.map { d -> DoctorCheck in
                let who = "\(d.node)\(d.name.map { " \"\($0)\"" } ?? "")\(d.deviceClass.map { " (\($0))" } ?? "")"
                if daemon.denied.contains(d.node) {
                    return DoctorCheck(.problem, "device", "\(who): the daemon may not read it (permission denied)",
                                       fix: fix)
                }
                switch d.capability {
                case "available":
                    return DoctorCheck(.ok, "device", "\(who): force available (\(d.reason))")
                case "unavailable":
                    return DoctorCheck(.ok, "device",
                                       "\(who): no force (\(d.reason)): taps, long presses and Haptic Touch, no deep press")
                default:
                    return DoctorCheck(.warning, "device", "\(who): capability \(d.capability) (\(d.reason))",
                                       fix: "forcetest list \(d.node) says more")
                }
            }
            if checks.isEmpty {
                return [DoctorCheck(.problem, "device", "the daemon found no touchscreen, tablet or touchpad",
                                    fix: DoctorFix.noDevice)]
            }
            return checks
        }
        // Without the daemon: what udev calls touch devices, and whether this user may read them.
        let fix = DoctorFix.permission(installedRule: facts.udevRule)
        let checks = facts.devices.map { d -> DoctorCheck in
            let who = "\(d.node)\(d.name.map { " \"\($0)\"" } ?? "") (\(d.deviceClass))"
            return d.readable ? DoctorCheck(.ok, "device", "\(who): you may read it")
                : DoctorCheck(.problem, "device", "\(who): you may not read it (permission denied)", fix: fix)
        }
        if checks.isEmpty {
            return [DoctorCheck(.warning, "device", "udev names no touchscreen, tablet or touchpad",
                                fix: DoctorFix.noDevice)]
        }
        return checks
    }

    static func uinputCheck(_ facts: DoctorFacts) -> DoctorCheck {
        let why = facts.daemon.map(\.uinput) ?? facts.uinput
        guard let why else {
            return DoctorCheck(.ok, "uinput", "touches can be claimed, keys and clicks injected (/dev/uinput opens)")
        }
        let needed = facts.daemon?.claims ?? false
        return DoctorCheck(needed ? .problem : .warning, "uinput",
                           "touches cannot be claimed, nor keys and clicks injected: \(why)"
                               + (needed ? "; a binding claims its touches" : ""),
                           fix: DoctorFix.uinput)
    }

    static func menuCheck(_ facts: DoctorFacts) -> DoctorCheck {
        let session = facts.session.summary
        let overlay = facts.daemon?.status.overlay
        let needed = facts.daemon?.menus ?? false
        var extensionText = ""
        var fix = DoctorFix.startOverlay
        // What to do about the extension itself: nothing when it is installed and enabled.
        var extensionFix: String?
        if let state = facts.gnomeExtension {
            switch state {
            case .notInstalled:
                extensionText = "; the GNOME Shell extension is not installed"
                extensionFix = DoctorFix.installExtension
            case .installed(let enabled, let state):
                extensionText = "; the GNOME Shell extension is installed, \(enabled ? "enabled" : "not enabled") (\(state))"
                extensionFix = enabled ? nil : DoctorFix.enableExtension
            case .unknown(let why):
                extensionText = "; the GNOME Shell extension: \(why)"
                extensionFix = DoctorFix.enableExtension
            }
            // Enabled and yet not on the bus: GNOME Shell loads extensions at login.
            fix = extensionFix ?? "log out and in again (GNOME Shell loads extensions at login)"
        }
        if let overlay {
            // The extension drawing says all gnome-extensions would.
            if overlay == "gnome-shell" { extensionText = "" }
            let who = overlay == "gnome-shell" ? "the GNOME Shell extension" : "forcetouch-overlay (\(overlay))"
            var text = "menus are drawn by \(who) on \(session)"
            var outcome = DoctorCheck.Outcome.ok
            var advice: String?
            if overlay == "placed-window" {
                text += ", in a window the desktop places, not at the finger"
                outcome = .warning
                advice = facts.gnomeExtension != nil ? fix : nil
            }
            return DoctorCheck(outcome, "menu", text + extensionText, fix: advice)
        }
        guard facts.daemon != nil else {
            return DoctorCheck(.warning, "menu", "who draws menus is unknown while the daemon is not running; session: \(session)"
                               + extensionText, fix: extensionFix)
        }
        return DoctorCheck(needed ? .problem : .warning, "menu",
                           "nobody draws menus at the finger (no overlay on the session bus) on \(session)"
                               + extensionText + (needed ? "; a binding shows a menu" : ""),
                           fix: fix)
    }

    /// The window is not needed to run anything: a missing one is a warning, never a problem.
    static func settingsCheck(_ window: DoctorFacts.SettingsWindow) -> DoctorCheck {
        guard let path = window.path else {
            return DoctorCheck(.warning, "settings", "forcetouch Settings (forcetouch-settings) is not installed",
                               fix: DoctorFix.installSettings)
        }
        guard window.missing.isEmpty else {
            return DoctorCheck(.warning, "settings",
                               "forcetouch Settings (\(path)) cannot start: it needs \(window.missing.joined(separator: ", "))",
                               fix: DoctorFix.settingsNeeds(window.missing))
        }
        return DoctorCheck(.ok, "settings", "forcetouch Settings: forcetouch-settings (\(path)), or from the app grid")
    }

    static func accessibilityCheck(_ facts: DoctorFacts) -> DoctorCheck {
        let needed = facts.daemon?.menus ?? false
        let fix = "\(DoctorFix.gnomeAccessibility); \(DoctorFix.firefoxAccessibility)"
        let settings = facts.toolkitAccessibility.map { " (toolkit-accessibility \($0))" } ?? ""
        if facts.noSessionBus {
            return DoctorCheck(.warning, "accessibility",
                               "whether accessibility is on is unknown: no session bus (DBUS_SESSION_BUS_ADDRESS)",
                               fix: DoctorFix.sessionBus)
        }
        if let why = facts.accessibilityUnreadable {
            return DoctorCheck(needed ? .problem : .warning, "accessibility",
                               "links and app icons under the finger cannot be found: \(why)",
                               fix: DoctorFix.accessibilityBus)
        }
        switch facts.accessibility {
        case true?:
            return DoctorCheck(.ok, "accessibility", "accessibility is on\(settings)", fix: nil)
        case false?:
            return DoctorCheck(needed ? .problem : .warning, "accessibility",
                               "accessibility is off\(settings): links and app icons under the finger are not found",
                               fix: fix)
        case nil:
            return DoctorCheck(.warning, "accessibility", "whether accessibility is on is unknown\(settings)", fix: fix)
        }
    }

    /// The report for people: a line a check, its fix under it, and a last line that counts.
    public var lines: [String] {
        var lines = checks.flatMap(\.lines)
        if problems == 0 && warnings == 0 {
            lines.append("everything forcetouch needs is there")
        } else {
            lines.append("\(problems) problem(s), \(warnings) warning(s)")
        }
        return lines
    }
}
