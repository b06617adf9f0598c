import CLibevdev
import CLinuxSupport
import ForceTouchCore
import ForceTouchEngine
import Glibc

/// Why a device node could not be opened: permission, gone, or not an evdev device.
public struct DeviceOpenError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var errno: Int32
    public var description: String {
        let reason = errno == EACCES || errno == EPERM
            ? "permission denied (the udev rule \(UdevRule.fileName) grants the logged-in user access)"
            : String(cString: strerror(errno))
        return "\(path): \(reason)"
    }
    /// The capability such a device has: unknown, with this error as the reason (SPEC §3).
    public var capabilityReport: CapabilityReport { .unknown(description) }
}

/// An evdev device opened through libevdev: non-blocking, stamped with CLOCK_MONOTONIC,
/// resynchronized after SYN_DROPPED.
public final class EvdevDevice {
    public let path: String
    public let fd: Int32
    public let description: DeviceDescription
    private let dev: OpaquePointer
    /// Draining libevdev's synchronization queue after a SYN_DROPPED, across reads when a
    /// buffer filled up in the middle of it.
    private var synchronizing = false

    /// What a read brought.
    public enum ReadStatus: Equatable, Sendable {
        /// Everything available was delivered.
        case drained
        /// The buffer is full and more may wait: read again.
        case full
        /// The device is gone (ENODEV): retire it.
        case gone
        /// Another error: logged by the caller, the device stays.
        case failed(Int32)
    }

    public init(path: String) throws(DeviceOpenError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw DeviceOpenError(path: path, errno: errno) }
        // Kernel timestamps on the monotonic clock, so the daemon's deadline timer and the
        // events share one clock. Set before anything else: changing the clock of a node
        // with events already queued makes the kernel drop them with a SYN_DROPPED, which
        // would cancel the first touch on a device that has just appeared.
        _ = ft_evdev_use_monotonic_clock(fd)
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc == 0, let dev else {
            close(fd)
            throw DeviceOpenError(path: path, errno: -rc)
        }
        self.fd = fd
        self.dev = dev
        self.description = EvdevDevice.describe(dev)
    }

    deinit {
        libevdev_free(dev)
        close(fd)
    }

    /// The device's physical path (`phys`), as the kernel reports it.
    public var phys: String? { libevdev_get_phys(dev).map { String(cString: $0) } }

    /// The slot the device's next events are about (ABS_MT_SLOT), -1 without slots.
    public var currentSlot: Int { Int(libevdev_get_current_slot(dev)) }

    /// The value of a multitouch axis in `slot`, nil when the device lacks the axis.
    public func slotValue(_ slot: Int, _ code: UInt16) -> Int32? {
        guard libevdev_has_event_code(dev, UInt32(EV.ABS), UInt32(code)) == 1, slot < libevdev_get_num_slots(dev) else {
            return nil
        }
        return libevdev_get_slot_value(dev, UInt32(slot), UInt32(code))
    }

    /// Takes the device from every other reader (EVIOCGRAB), or gives it back. The kernel ends
    /// a grab when the descriptor closes, whatever ends the process.
    public func grab(_ on: Bool) -> Int32 {
        let rc = libevdev_grab(dev, on ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
        return rc < 0 ? -rc : 0
    }

    /// Writes the events available now into `buffer`, reading to EAGAIN or until it is
    /// full; returns how many it wrote. After SYN_DROPPED the events are the SYN_DROPPED
    /// itself, then libevdev's synchronization events that bring the state up to date, ending
    /// with a SYN_REPORT; the engine cancels what was lost.
    ///
    /// A plain buffer, not an array: the daemon reads every device into one it keeps, and
    /// an array would check at each event that its storage is not shared.
    public func read(into buffer: UnsafeMutableBufferPointer<InputEvent>) -> (count: Int, status: ReadStatus) {
        var ev = input_event()
        var count = 0
        // A local copy: the loop reads it at every event, and a class's property is checked
        // for exclusive access at each use.
        var synchronizing = self.synchronizing
        defer { self.synchronizing = synchronizing }
        while count < buffer.count {
            let flags = synchronizing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            let rc = libevdev_next_event(dev, flags, &ev)
            if rc == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
                buffer[count] = Self.convert(ev)
                count += 1
            } else if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                // In normal reading, ev is the SYN_DROPPED itself: it goes to the caller too,
                // then the sync queue is drained.
                buffer[count] = Self.convert(ev)
                count += 1
                synchronizing = true
            } else if rc == -EAGAIN {
                if synchronizing {
                    // Sync queue drained: back to normal reading.
                    synchronizing = false
                    continue
                }
                return (count, .drained)
            } else if rc == -ENODEV {
                return (count, .gone)
            } else if rc == -EINTR {
                continue
            } else {
                return (count, .failed(-rc))
            }
        }
        return (count, .full)
    }

    /// Appends every event available now to `events`, reading to EAGAIN.
    public func read(into events: inout [InputEvent]) -> ReadStatus {
        withUnsafeTemporaryAllocation(of: InputEvent.self, capacity: 256) { buffer in
            while true {
                let (count, status) = read(into: buffer)
                events.append(contentsOf: buffer[..<count])
                if status != .full { return status }
            }
        }
    }

    static func convert(_ ev: input_event) -> InputEvent {
        InputEvent(time: Timestamp(seconds: Int64(ev.time.tv_sec), microseconds: Int64(ev.time.tv_usec)),
                   type: ev.type, code: ev.code, value: ev.value)
    }

    /// The core's description of a libevdev device: name, ids, properties, codes, axes.
    static func describe(_ dev: OpaquePointer) -> DeviceDescription {
        let name = libevdev_get_name(dev).map { String(cString: $0) } ?? ""
        let id = InputID(bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)),
                         vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
                         product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)),
                         version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)))
        var properties: Set<UInt16> = []
        for p in 0...UInt32(EventNames.maximumProperty) where libevdev_has_property(dev, p) == 1 {
            properties.insert(UInt16(p))
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        var abs: [UInt16: AbsInfo] = [:]
        for type in 0...UInt32(EventNames.maximumType) where libevdev_has_event_type(dev, type) == 1 {
            var set: Set<UInt16> = []
            let maxCode = UInt32(EventNames.maximumCode(type: UInt16(type)) ?? 0)
            for code in 0...maxCode where libevdev_has_event_code(dev, type, code) == 1 {
                set.insert(UInt16(code))
                if type == UInt32(EV.ABS), let info = libevdev_get_abs_info(dev, code) {
                    abs[UInt16(code)] = AbsInfo(value: info.pointee.value, minimum: info.pointee.minimum,
                                                maximum: info.pointee.maximum, fuzz: info.pointee.fuzz,
                                                flat: info.pointee.flat, resolution: info.pointee.resolution)
                }
            }
            codes[UInt16(type)] = set
        }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: abs)
    }
}
