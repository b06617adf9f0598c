import ForceTouchEngine

/// The bindings of a configuration, sorted by gesture for lookup on each gesture event.
///
/// Gesture events are rare next to input events (a few per touch), so a scan of the few
/// bindings of the event's gesture is all the speed needed; `narrowed(to:deviceClass:)`
/// additionally settles the device test once per device rather than once per event.
public struct BindingTable: Sendable {
    /// Every binding, in file order.
    public let bindings: [Binding]
    private let byGesture: [GestureKind: [Binding]]

    public init(bindings: [Binding]) {
        self.bindings = bindings
        byGesture = Dictionary(grouping: bindings, by: \.gesture)
    }

    public init(_ configuration: Configuration) { self.init(bindings: configuration.bindings) }

    /// The bindings the event fires on this device, in file order (the order to run them in).
    public func actions(for event: GestureEvent, device: DeviceDescription,
                        deviceClass: DeviceClass) -> [Binding] {
        guard let candidates = byGesture[event.gesture] else { return [] }
        return candidates.filter {
            $0.matches(event) && $0.applies(to: device, deviceClass: deviceClass)
        }
    }

    /// The bindings the event fires, for a table already narrowed to one device.
    public func actions(for event: GestureEvent) -> [Binding] {
        guard let candidates = byGesture[event.gesture] else { return [] }
        return candidates.filter { $0.matches(event) }
    }

    /// Only the bindings that apply to this device, for a daemon to keep per open device.
    public func narrowed(to device: DeviceDescription, deviceClass: DeviceClass) -> BindingTable {
        BindingTable(bindings: bindings.filter { $0.applies(to: device, deviceClass: deviceClass) })
    }

    /// Whether any binding of this gesture exists (e.g. a double tap, which makes taps wait).
    public func binds(_ gesture: GestureKind) -> Bool { byGesture[gesture] != nil }
}
