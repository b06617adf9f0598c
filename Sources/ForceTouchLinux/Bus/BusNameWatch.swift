import CSystemd
import Glibc

/// Whether a well-known name has an owner on the session bus: asked once, then followed
/// (NameOwnerChanged), never started (no D-Bus activation). feedbackd's, so that one started
/// after forcetouchd, or gone, changes where ticks play (started for forcetouch, on a desktop
/// without a phone's session it would play its profile's sounds for every press); forcetouch
/// Settings', while whose window runs the daemon sends `PressForce`.
final class BusNameWatch {
    let connection: BusConnection
    let name: String
    private(set) var owned: Bool
    private var slot: OpaquePointer?
    /// Told when the name's owner comes or goes.
    var changed: () -> Void = {}

    init(connection: BusConnection, name: String) {
        self.connection = connection
        self.name = name
        owned = Self.hasOwner(name, connection)
        let match = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
            + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = sd_bus_add_match(connection.bus, &slot, match, { m, userdata, _ in
            // Only the bus itself may say who owns a name (as BusService's overlay watch).
            guard let m, let userdata, let sender = sd_bus_message_get_sender(m),
                  String(cString: sender) == "org.freedesktop.DBus" else { return 0 }
            let watch = Unmanaged<BusNameWatch>.fromOpaque(userdata).takeUnretainedValue()
            let message = BusMessage(pointer: m)
            _ = try? message.readString()
            _ = try? message.readString()
            let owned = !((try? message.readString()) ?? "").isEmpty
            if owned != watch.owned {
                watch.owned = owned
                watch.changed()
            }
            return 0
        }, me)
    }

    deinit { sd_bus_slot_unref(slot) }

    /// Asked once, when the bus is first there, before the loop runs.
    private static func hasOwner(_ name: String, _ connection: BusConnection) -> Bool {
        var call: OpaquePointer?, reply: OpaquePointer?
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error); sd_bus_message_unref(call); sd_bus_message_unref(reply) }
        guard sd_bus_message_new_method_call(connection.bus, &call, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                             "org.freedesktop.DBus", "NameHasOwner") >= 0, let call,
              BusMessage(pointer: call).append(name) >= 0,
              sd_bus_call(connection.bus, call, 2_000_000, &error, &reply) >= 0, let reply else { return false }
        return (try? BusMessage(pointer: reply).readBool()) ?? false
    }
}
