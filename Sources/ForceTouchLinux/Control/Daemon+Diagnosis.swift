import ForceTouchCore
import ForceTouchProtocol
import Glibc

// The `diagnose` request: what the daemon knows that `forcectl doctor` judges.
extension Daemon {
    func diagnosis() -> DaemonDiagnosis {
        // A node it could not open is named from sysfs, as forcetest list names it.
        let devices = devicesJSON().map { d in
            var d = d
            if d.name == nil { d.name = DeviceLister.sysfs(d.node).name }
            return d
        }
        // Asked again now: a rule applied since the daemon's open failed shows as fixed.
        let denied = unreadable.keys.sorted().filter { node in
            access(node, R_OK) != 0 && (errno == EACCES || errno == EPERM)
        }
        let bindings = configuration.bindings
        let injects = bindings.contains { b in
            switch b.action {
            case .keys, .click: true
            default: false
            }
        }
        let menus = bindings.contains { b in
            switch b.action {
            case .quickActions, .applicationMenu: true
            default: false
            }
        }
        let environment = ProcessEnvironment.current()
        return DaemonDiagnosis(status: status(), devices: devices, denied: denied, udevRule: UdevRule.installedPath(),
                               uinput: Self.uinputUnusable(), claims: injects || bindings.contains(where: \.claimsTouch),
                               menus: menus, paused: paused, haptics: haptics.path?.summary,
                               hapticsFound: haptics.path.flatMap(Self.found), session: SessionFacts { environment[$0] })
    }

    /// Whether `path` is somewhere a tick plays; nil when haptics are off (nothing was looked for).
    static func found(_ path: HapticsPath) -> Bool? {
        switch path {
        case .feedbackd, .forceFeedback: true
        case .none: false
        case .off: nil
        }
    }

    /// Why /dev/uinput cannot be opened for writing; nil when it can. Opening it creates nothing.
    static func uinputUnusable() -> String? {
        let fd = open("/dev/uinput", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return UinputError(errno: errno).description }
        close(fd)
        return nil
    }
}
