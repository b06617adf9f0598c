import ForceTouchCore
import ForceTouchEngine
import Glibc

/// One input device as `forcetest` sees it: opened when possible, otherwise described from
/// sysfs with the reason it could not be opened.
public struct ListedDevice {
    public var path: String
    /// The kernel's name: from the device when open, else from sysfs.
    public var name: String
    public var id: InputID?
    /// The device's description; nil when it could not be opened.
    public var description: DeviceDescription?
    public var deviceClass: DeviceClass
    public var report: CapabilityReport
    /// errno of the failed open, if it failed.
    public var openErrno: Int32?

    public var isOpen: Bool { description != nil }
    public var isTouch: Bool { deviceClass != .other }
    public var permissionDenied: Bool { openErrno == EACCES || openErrno == EPERM }
}
