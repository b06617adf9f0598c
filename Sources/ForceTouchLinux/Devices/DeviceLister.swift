import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Glibc

/// Finds every input device: through libudev when it can (for udev's classification),
/// else the `event*` nodes in /dev/input.
public enum DeviceLister {
    /// What to do when permission is what stands in the way, for this machine: install the
    /// rule where it is missing, else apply it (a rule installed after the device appeared,
    /// or a session started before it, does not grant access until then).
    public static var permissionFix: String { permissionFix(installedRule: UdevRule.installedPath()) }

    /// The same words `forcectl doctor` gives (`DoctorFix`).
    static func permissionFix(installedRule: String?) -> String { DoctorFix.permission(installedRule: installedRule) }

    /// Why a node could not be opened, with what fixes it.
    public static func openFailure(_ path: String, _ e: Int32) -> String {
        switch e {
        case EACCES, EPERM: "\(path): permission denied: \(permissionFix)"
        case ENOENT, ENODEV, ENXIO: "\(path): no such device (unplugged?)"
        default: "\(path): \(String(cString: strerror(e)))"
        }
    }

    /// The `event*` nodes, in number order, with udev's properties where udev is there.
    public static func nodes() -> [InputNode] {
        if let udev = try? UdevDiscovery() {
            let found = udev.enumerate()
            if !found.isEmpty { return found }
        }
        guard let all = try? DirectoryListing.names(in: "/dev/input") else { return [] }
        var names = all.filter { $0.hasPrefix("event") && Int($0.dropFirst(5)) != nil }
        names.sort { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }
        return names.map { InputNode(devnode: "/dev/input/" + $0) }
    }

    /// Every device, opened to be described and closed again. `settings` gives each device's
    /// settings (its configuration and device database entries), which its capability depends on.
    public static func list(settings: (DeviceDescription, DeviceClass) -> DeviceSettings = { _, _ in DeviceSettings() })
        -> [ListedDevice]
    {
        nodes().map { describe($0, settings: settings) }
    }

    public static func describe(_ node: InputNode,
                                settings: (DeviceDescription, DeviceClass) -> DeviceSettings = { _, _ in DeviceSettings() })
        -> ListedDevice
    {
        do {
            let dev = try EvdevDevice(path: node.devnode)
            let d = dev.description
            // The database's word on what the device is comes with its settings, which are
            // resolved for a class: the bits' first, then the device's own if that differs.
            var s = settings(d, DeviceClass(classifying: d))
            let classified = node.classification(of: d, quirks: s.quirks)
            if classified.deviceClass != DeviceClass(classifying: d) { s = settings(d, classified.deviceClass) }
            return ListedDevice(path: node.devnode, name: d.name, id: d.id, description: d,
                                deviceClass: classified.deviceClass,
                                report: CapabilityReport.probe(d, classification: classified,
                                                               emulateFromContactSize: s.emulateForce, quirks: s.quirks))
        } catch {
            let sys = sysfs(node.devnode)
            return ListedDevice(path: node.devnode, name: sys.name ?? "?", id: sys.id, description: nil,
                                deviceClass: node.udevClass ?? .other,
                                report: .unknown(openFailure(node.devnode, error.errno)), openErrno: error.errno)
        }
    }

    /// Name and id from /sys/class/input/eventN/device, readable without opening the node.
    static func sysfs(_ devnode: String) -> (name: String?, id: InputID?) {
        guard let slash = devnode.lastIndex(of: "/") else { return (nil, nil) }
        let base = "/sys/class/input/" + devnode[devnode.index(after: slash)...] + "/device/"
        func read(_ file: String) -> String? {
            ConfigurationFile.readFile(base + file).map {
                String($0.reversed().drop { $0 == "\n" }.reversed())
            }
        }
        let name = read("name")
        var id: InputID?
        if let v = read("id/vendor").flatMap({ UInt16($0, radix: 16) }),
           let p = read("id/product").flatMap({ UInt16($0, radix: 16) }) {
            id = InputID(bustype: read("id/bustype").flatMap { UInt16($0, radix: 16) } ?? 0, vendor: v, product: p,
                         version: read("id/version").flatMap { UInt16($0, radix: 16) } ?? 0)
        }
        return (name, id)
    }
}
