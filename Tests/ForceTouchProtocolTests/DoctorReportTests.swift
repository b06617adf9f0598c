import Foundation
import ForceTouchProtocol
import Testing

/// `forcectl doctor`'s judgement over recorded facts: one small fixture per real situation.
@Suite struct DoctorReportTests {
    static let touchscreen = DeviceInfo(node: "/dev/input/event5", name: "ELAN Touchscreen", deviceClass: "touchscreen",
                                        capability: "available", reason: "ABS_MT_PRESSURE 0..255")
    static let session = SessionFacts(type: "wayland", desktop: "sway", waylandDisplay: "wayland-1")

    /// A daemon with a force touchscreen, uinput, an overlay, and menus bound.
    static func daemon(devices: [DeviceInfo] = [touchscreen], denied: [String] = [], uinput: String? = nil,
                       claims: Bool = true, menus: Bool = true, overlay: String? = "layer-shell", bindings: Int = 3,
                       paused: Bool = false, haptics: String? = nil, hapticsFound: Bool? = nil,
                       session: SessionFacts = session) -> DaemonDiagnosis {
        DaemonDiagnosis(status: DaemonStatus(pid: 4242, devices: devices.count, capability: "available", bindings: bindings,
                                             children: 0, subscribers: 0, uptime: 3, shortcuts: 2,
                                             config: "/etc/forcetouch/forcetouch.toml", overlay: overlay),
                        devices: devices, denied: denied, udevRule: "/usr/lib/udev/rules.d/70-forcetouch.rules",
                        uinput: uinput, claims: claims, menus: menus, paused: paused, haptics: haptics,
                        hapticsFound: hapticsFound, session: session)
    }

    static func healthy(_ daemon: DaemonDiagnosis = daemon()) -> DoctorFacts {
        DoctorFacts(daemon: daemon, session: session, accessibility: true, toolkitAccessibility: true)
    }

    func check(_ report: DoctorReport, _ subject: String) -> DoctorCheck? {
        report.checks.first { $0.subject == subject }
    }

    @Test func aHealthySetupIsAllOkAndExitsZero() {
        let report = DoctorReport(Self.healthy())
        #expect(report.checks.allSatisfy { $0.outcome == .ok }, "\(report.lines)")
        #expect(report.exitStatus == 0)
        #expect(check(report, "menu")?.text == "menus are drawn by forcetouch-overlay (layer-shell) on wayland sway (WAYLAND_DISPLAY=wayland-1)")
        #expect(check(report, "bindings")?.text == "3 binding(s): /etc/forcetouch/forcetouch.toml")
        #expect(check(report, "haptics")?.text == "haptics: unknown (this daemon does not say)")
        #expect(report.lines.last == "everything forcetouch needs is there")
    }

    @Test func theDaemonNotRunningIsAProblemWithHowToStartIt() {
        let facts = DoctorFacts(daemonUnreachable: "/run/user/1000/forcetouch/control.sock: No such file or directory",
                                devices: [.init(node: "/dev/input/event5", name: "ELAN", deviceClass: "touchscreen", readable: true)],
                                session: Self.session, accessibility: true)
        let report = DoctorReport(facts)
        let daemon = check(report, "daemon")
        #expect(daemon?.outcome == .problem)
        #expect(daemon?.text.hasPrefix("the daemon is not running") == true)
        #expect(daemon?.fix?.hasPrefix("systemctl --user start forcetouchd") == true)
        #expect(check(report, "device")?.outcome == .ok)
        #expect(report.exitStatus == 1)
    }

    @Test func aNodeTheUserMayNotReadIsAProblemWithTheUdevFix() {
        var unread = Self.touchscreen
        unread.capability = "unknown"
        unread.reason = "permission denied"
        let report = DoctorReport(Self.healthy(Self.daemon(devices: [unread], denied: [unread.node])))
        let device = check(report, "device")
        #expect(device?.outcome == .problem)
        #expect(device?.text == #"/dev/input/event5 "ELAN Touchscreen" (touchscreen): the daemon may not read it (permission denied)"#)
        #expect(device?.fix?.contains("/usr/lib/udev/rules.d/70-forcetouch.rules is installed") == true)
        #expect(report.exitStatus == 1)
        // Without the daemon, forcectl's own look says the same of the node.
        let local = DoctorReport(DoctorFacts(daemonUnreachable: "gone", devices: [
            .init(node: "/dev/input/event9", name: nil, deviceClass: "touchpad", readable: false)]))
        #expect(local.checks.contains { $0.subject == "device" && $0.outcome == .problem
            && $0.fix?.contains("install forcetouch's udev rule") == true })
    }

    @Test func noTouchDeviceIsAProblem() {
        let report = DoctorReport(Self.healthy(Self.daemon(devices: [])))
        #expect(check(report, "device")?.outcome == .problem)
        #expect(check(report, "device")?.fix?.contains("forcetest list") == true)
    }

    @Test func aScreenWithoutForceIsFine() {
        var plain = Self.touchscreen
        plain.capability = "unavailable"
        plain.reason = "no pressure axis"
        let report = DoctorReport(Self.healthy(Self.daemon(devices: [plain])))
        #expect(check(report, "device")?.outcome == .ok)
        #expect(check(report, "device")?.text.contains("no deep press") == true)
    }

    @Test func nobodyDrawingIsAProblemOnlyWhenABindingShowsAMenu() {
        let needed = DoctorReport(Self.healthy(Self.daemon(overlay: nil)))
        #expect(check(needed, "menu")?.outcome == .problem)
        #expect(check(needed, "menu")?.text.hasPrefix("nobody draws menus at the finger") == true)
        #expect(check(needed, "menu")?.fix?.hasPrefix("systemctl --user enable --now forcetouch-overlay") == true)
        #expect(needed.exitStatus == 1)
        let unneeded = DoctorReport(Self.healthy(Self.daemon(menus: false, overlay: nil)))
        #expect(check(unneeded, "menu")?.outcome == .warning)
        #expect(unneeded.exitStatus == 0)
    }

    @Test func underGnomeTheExtensionSaysWhatToDo() {
        var facts = Self.healthy(Self.daemon(overlay: nil))
        facts.session = SessionFacts(type: "wayland", desktop: "ubuntu:GNOME", waylandDisplay: "wayland-0")
        facts.gnomeExtension = .installed(enabled: false, state: "INACTIVE")
        var menu = check(DoctorReport(facts), "menu")
        #expect(menu?.text.contains("the GNOME Shell extension is installed, not enabled (INACTIVE)") == true)
        #expect(menu?.fix == "gnome-extensions enable forcetouch@forcetouch.github.io, then log out and in again")
        facts.gnomeExtension = .notInstalled
        menu = check(DoctorReport(facts), "menu")
        #expect(menu?.text.contains("the GNOME Shell extension is not installed") == true)
        #expect(menu?.fix?.hasPrefix("install forcetouch's GNOME Shell extension") == true)
        facts.gnomeExtension = .installed(enabled: true, state: "ENABLED")
        menu = check(DoctorReport(facts), "menu")
        #expect(menu?.fix == "log out and in again (GNOME Shell loads extensions at login)")
        // Without the daemon, an installed and enabled extension needs nothing done.
        var alone = facts
        alone.daemon = nil
        alone.daemonUnreachable = "gone"
        #expect(check(DoctorReport(alone), "menu")?.fix == nil)
        alone.gnomeExtension = .notInstalled
        #expect(check(DoctorReport(alone), "menu")?.fix?.hasPrefix("install forcetouch's GNOME Shell extension") == true)
        facts.daemon = Self.daemon(overlay: "gnome-shell")
        facts.gnomeExtension = .installed(enabled: true, state: "ACTIVE")
        menu = check(DoctorReport(facts), "menu")
        #expect(menu?.outcome == .ok)
        #expect(menu?.text.hasPrefix("menus are drawn by the GNOME Shell extension on wayland ubuntu:GNOME") == true)
    }

    @Test func accessibilityOffGivesTheGnomeAndFirefoxFixes() {
        var facts = Self.healthy()
        facts.accessibility = false
        facts.toolkitAccessibility = false
        let a11y = check(DoctorReport(facts), "accessibility")
        #expect(a11y?.outcome == .problem)
        #expect(a11y?.text == "accessibility is off (toolkit-accessibility false): links and app icons under the finger are not found")
        #expect(a11y?.fix?.contains("gsettings set org.gnome.desktop.interface toolkit-accessibility true") == true)
        #expect(a11y?.fix?.contains("Firefox") == true)
        facts.accessibility = nil
        facts.accessibilityUnreadable = "no accessibility bus: org.a11y.Bus does not answer on the session bus"
        #expect(check(DoctorReport(facts), "accessibility")?.fix?.contains("at-spi2-core") == true)
        facts.daemon = Self.daemon(menus: false)
        #expect(check(DoctorReport(facts), "accessibility")?.outcome == .warning)
    }

    @Test func uinputMissingIsAProblemOnlyWhenABindingClaims() {
        let why = "/dev/uinput: Permission denied"
        let claimed = check(DoctorReport(Self.healthy(Self.daemon(uinput: why))), "uinput")
        #expect(claimed?.outcome == .problem)
        #expect(claimed?.fix?.contains("sudo modprobe uinput") == true)
        let watched = check(DoctorReport(Self.healthy(Self.daemon(uinput: why, claims: false))), "uinput")
        #expect(watched?.outcome == .warning)
    }

    @Test func anEmptyConfigurationAndAPauseAreWarnings() {
        let report = DoctorReport(Self.healthy(Self.daemon(bindings: 0, paused: true)))
        #expect(check(report, "bindings")?.outcome == .warning)
        #expect(check(report, "daemon")?.fix == "forcectl resume")
        #expect(report.exitStatus == 0)
        #expect(report.lines.last == "0 problem(s), 2 warning(s)")
    }

    @Test func theHapticsPathIsSaidAndNowhereToPlayIsAWarning() {
        let found = check(DoctorReport(Self.healthy(Self.daemon(haptics: "feedbackd (org.sigxcpu.Feedback)",
                                                                hapticsFound: true))), "haptics")
        #expect(found?.text == "haptics: feedbackd (org.sigxcpu.Feedback)" && found?.outcome == .ok)
        let nowhere = DoctorReport(Self.healthy(Self.daemon(haptics: "none: no feedbackd on the bus", hapticsFound: false)))
        #expect(check(nowhere, "haptics")?.outcome == .warning)
        #expect(check(nowhere, "haptics")?.fix?.contains("feedbackd") == true)
        #expect(nowhere.exitStatus == 0)
        let off = check(DoctorReport(Self.healthy(Self.daemon(haptics: #"off (haptics = "off")"#))), "haptics")
        #expect(off?.outcome == .ok)
    }

    @Test func aDaemonWithoutADisplayAndDoctorWithoutASessionBusAreWarnings() {
        var facts = Self.healthy(Self.daemon(session: SessionFacts()))
        facts.noSessionBus = true
        facts.accessibility = nil
        let report = DoctorReport(facts)
        #expect(check(report, "daemon")?.outcome == .warning)
        #expect(check(report, "daemon")?.fix?.contains("systemctl --user import-environment DISPLAY WAYLAND_DISPLAY") == true)
        #expect(check(report, "accessibility")?.outcome == .warning)
        #expect(check(report, "accessibility")?.fix?.hasPrefix("run forcectl doctor in a terminal of your graphical session") == true)
        #expect(report.exitStatus == 0)
    }

    @Test func theSettingsWindowIsNamedWithWhatItNeedsAndItsAbsenceIsAWarning() {
        var facts = Self.healthy()
        facts.settingsWindow = .init(path: "/usr/bin/forcetouch-settings")
        var report = DoctorReport(facts)
        #expect(check(report, "settings")?.lines == ["ok       forcetouch Settings: forcetouch-settings (/usr/bin/forcetouch-settings), or from the app grid"])
        facts.settingsWindow = .init(path: "/usr/bin/forcetouch-settings", missing: ["gjs", "gir1.2-adw-1"])
        report = DoctorReport(facts)
        #expect(check(report, "settings")?.lines == [
            "warning  forcetouch Settings (/usr/bin/forcetouch-settings) cannot start: it needs gjs, gir1.2-adw-1",
            "         fix: sudo apt install gjs gir1.2-adw-1"])
        facts.settingsWindow = .init(path: nil)
        report = DoctorReport(facts)
        #expect(check(report, "settings")?.outcome == .warning && report.exitStatus == 0)
        #expect(check(report, "settings")?.text == "forcetouch Settings (forcetouch-settings) is not installed")
    }

    @Test func eachCheckIsALineWithItsFixIndented() {
        let check = DoctorCheck(.problem, "uinput", "touches cannot be claimed", fix: "sudo modprobe uinput")
        #expect(check.lines == ["problem  touches cannot be claimed", "         fix: sudo modprobe uinput"])
        #expect(DoctorCheck(.ok, "daemon", "running").lines == ["ok       running"])
    }

    @Test func theDiagnosisRoundTrips() throws {
        var reply = ControlReply.success(id: 1)
        reply.diagnosis = Self.daemon(haptics: "feedbackd", hapticsFound: true)
        let line = ProtocolJSON.string(reply)
        #expect(try ProtocolJSON.decode(ControlReply.self, from: Data(line.utf8)) == reply)
    }
}
