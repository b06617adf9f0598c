import CLibevdev
import CLinuxSupport
import ForceTouchCore
import ForceTouchEngine
import Glibc

/// Why a virtual device could not be created.
public struct UinputError: Error, CustomStringConvertible, Sendable {
    public var errno: Int32
    public var description: String {
        let reason = String(cString: strerror(errno))
        if errno == ENOENT { return "/dev/uinput: \(reason) (is the uinput module loaded?)" }
        if errno == EACCES || errno == EPERM { return "/dev/uinput: \(reason) (no write access to /dev/uinput)" }
        return "/dev/uinput: \(reason)"
    }
}

/// A virtual input device created through libevdev's uinput API: the kernel delivers what
/// it writes to every reader, exactly as from real hardware.
public final class UinputDevice {
    private let dev: OpaquePointer
    private let uidev: OpaquePointer
    /// The /dev/uinput descriptor opened here to set a phys before creation; libevdev opens
    /// (and closes) its own otherwise.
    private let ownFD: Int32?

    /// Creates a device that looks like `d`: same name, ids, properties, codes and axes.
    public convenience init(_ d: DeviceDescription) throws(UinputError) {
        try self.init(d, phys: nil, asClone: false)
    }

    /// - Parameters:
    ///   - phys: the physical path to give it, as the device it stands for has.
    ///   - asClone: it re-emits a device's events that the kernel already filtered (a claimed
    ///     device's clone, SPEC §10): no fuzz, which would filter them a second time and change
    ///     them, and ABS_MT_TOOL_TYPE from finger to palm on a multitouch device, through
    ///     which a claimed contact is cancelled.
    init(_ d: DeviceDescription, phys: String?, asClone: Bool) throws(UinputError) {
        guard let dev = libevdev_new() else { throw UinputError(errno: ENOMEM) }
        libevdev_set_name(dev, d.name)
        if let phys { libevdev_set_phys(dev, phys) }
        libevdev_set_id_bustype(dev, Int32(d.id.bustype))
        libevdev_set_id_vendor(dev, Int32(d.id.vendor))
        libevdev_set_id_product(dev, Int32(d.id.product))
        libevdev_set_id_version(dev, Int32(d.id.version))
        for p in d.properties.sorted() { libevdev_enable_property(dev, UInt32(p)) }
        for (type, codes) in d.codes.sorted(by: { $0.key < $1.key }) {
            // The kernel manages SYN itself; EV_REP needs values, not codes.
            if type == EV.REP { continue }
            libevdev_enable_event_type(dev, UInt32(type))
            for code in codes.sorted() {
                if type == EV.ABS {
                    let a = d.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    var info = input_absinfo(value: a.value, minimum: a.minimum, maximum: a.maximum,
                                             fuzz: asClone ? 0 : a.fuzz, flat: a.flat, resolution: a.resolution)
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &info)
                } else {
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), nil)
                }
            }
        }
        if asClone, d.isMultitouch, d.axis(ABS.MT_TOOL_TYPE) == nil {
            var info = input_absinfo(value: 0, minimum: 0, maximum: TouchForwarder.palm, fuzz: 0, flat: 0, resolution: 0)
            libevdev_enable_event_code(dev, UInt32(EV.ABS), UInt32(ABS.MT_TOOL_TYPE), &info)
        }
        // A phys is set on the descriptor before libevdev creates the device on it.
        var fd = Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue)
        if let phys {
            fd = open("/dev/uinput", O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                let e = errno
                libevdev_free(dev)
                throw UinputError(errno: e)
            }
            _ = ft_uinput_set_phys(fd, phys)
        }
        var uidev: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(dev, fd, &uidev)
        guard rc == 0, let uidev else {
            libevdev_free(dev)
            if phys != nil { close(fd) }
            throw UinputError(errno: -rc)
        }
        self.dev = dev
        self.uidev = uidev
        ownFD = phys != nil ? fd : nil
    }

    deinit {
        libevdev_uinput_destroy(uidev)
        libevdev_free(dev)
        if let ownFD { close(ownFD) }
    }

    /// `/dev/input/eventN` of the new device, once the kernel has named it.
    public var devnode: String? {
        libevdev_uinput_get_devnode(uidev).map { String(cString: $0) }
    }

    /// The descriptor events are written to.
    var fd: Int32 { libevdev_uinput_get_fd(uidev) }

    /// Writes one event; the kernel stamps its own time.
    public func write(type: UInt16, code: UInt16, value: Int32) throws(UinputError) {
        let rc = libevdev_uinput_write_event(uidev, UInt32(type), UInt32(code), value)
        if rc != 0 { throw UinputError(errno: -rc) }
    }
}
