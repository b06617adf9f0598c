import CLibudev
import ForceTouchCore
import Glibc

/// Finds input devices and follows them as they come and go, through libudev.
///
/// The monitor is enabled before enumerating, so a device plugged in between the two is
/// seen by one or the other. Where no udev daemon runs (containers, minimal VMs) it listens
/// to the kernel's own uevents instead and classifies from the evdev bits.
public final class UdevDiscovery {
    public enum Change: Sendable {
        case added(InputNode)
        case removed(devnode: String)
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    /// True when systemd-udevd runs: devices come initialized and classified.
    public let usesUdevDaemon: Bool
    /// Readable when `receive()` has changes.
    public let fd: Int32

    public init() throws(SystemError) {
        guard let udev = udev_new() else { throw SystemError("udev_new") }
        usesUdevDaemon = access("/run/udev/control", F_OK) == 0
        guard let monitor = udev_monitor_new_from_netlink(udev, usesUdevDaemon ? "udev" : "kernel") else {
            udev_unref(udev)
            throw SystemError("udev_monitor_new_from_netlink")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        guard udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw SystemError("udev_monitor_enable_receiving")
        }
        self.udev = udev
        self.monitor = monitor
        self.fd = udev_monitor_get_fd(monitor)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The `event*` nodes present now, skipping those udev has not initialized yet (their
    /// `add` arrives through the monitor once it has).
    public func enumerate() -> [InputNode] {
        guard let e = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(e) }
        udev_enumerate_add_match_subsystem(e, "input")
        udev_enumerate_add_match_sysname(e, "event*")
        udev_enumerate_scan_devices(e)
        var nodes: [InputNode] = []
        var entry = udev_enumerate_get_list_entry(e)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let path = udev_list_entry_get_name(current),
                  let device = udev_device_new_from_syspath(udev, path) else { continue }
            defer { udev_device_unref(device) }
            if usesUdevDaemon && udev_device_get_is_initialized(device) == 0 { continue }
            if let node = Self.node(device) { nodes.append(node) }
        }
        return nodes.sorted { $0.devnode.localizedStandardCompare($1.devnode) }
    }

    /// Changes that arrived since the last call.
    public func receive() -> [Change] {
        var changes: [Change] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }),
                  sysname.hasPrefix("event") else { continue }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            switch action {
            case "add", "change":
                if let node = Self.node(device) { changes.append(.added(node)) }
            case "remove":
                if let devnode = udev_device_get_devnode(device) {
                    changes.append(.removed(devnode: String(cString: devnode)))
                } else {
                    changes.append(.removed(devnode: "/dev/input/" + sysname))
                }
            default:
                break
            }
        }
        return changes
    }

    private static func node(_ device: OpaquePointer) -> InputNode? {
        let sysname = udev_device_get_sysname(device).map { String(cString: $0) } ?? ""
        let devnode = udev_device_get_devnode(device).map { String(cString: $0) } ?? "/dev/input/" + sysname
        guard sysname.hasPrefix("event") else { return nil }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let k = udev_list_entry_get_name(current), let v = udev_list_entry_get_value(current) {
                properties[String(cString: k)] = String(cString: v)
            }
            entry = udev_list_entry_get_next(current)
        }
        let syspath = udev_device_get_syspath(device).map { String(cString: $0) } ?? ""
        return InputNode(devnode: devnode, syspath: syspath, properties: properties)
    }
}

extension String {
    /// Orders `event2` before `event10`.
    fileprivate func localizedStandardCompare(_ other: String) -> Bool {
        let a = self.split(whereSeparator: { !$0.isNumber }).last.flatMap { Int($0) } ?? 0
        let b = other.split(whereSeparator: { !$0.isNumber }).last.flatMap { Int($0) } ?? 0
        return a != b ? a < b : self < other
    }
}
