import CSystemd
import ForceTouchCore
import ForceTouchEngine
import Glibc

/// forcetouchd's connection to the user's session bus, owning the well-known name: what the
/// event loop needs of sd-bus (a descriptor, the events to wait for, a deadline, the work to
/// do) and the sending of replies, errors and signals.
final class BusConnection {
    let bus: OpaquePointer

    /// Why there is no connection: said in the one line the daemon logs before going on without.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to the session bus at `DBUS_SESSION_BUS_ADDRESS` and takes `name`.
    init(name: String, environment: [String: String]) throws(Failure) {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            throw Failure(description: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        var bus: OpaquePointer?
        var r = sd_bus_new(&bus)
        guard r >= 0, let bus else { throw Failure(description: "sd_bus_new: \(String(cString: strerror(-r)))") }
        r = sd_bus_set_address(bus, address)
        if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
        if r >= 0 { r = sd_bus_set_trusted(bus, 0) }
        if r >= 0 { r = sd_bus_start(bus) }
        guard r >= 0 else {
            sd_bus_unref(bus)
            throw Failure(description: "cannot connect to the session bus at \(address): \(String(cString: strerror(-r)))")
        }
        r = sd_bus_request_name(bus, name, 0)
        guard r >= 0 else {
            sd_bus_flush_close_unref(bus)
            let why = r == -EEXIST ? "another process owns it" : String(cString: strerror(-r))
            throw Failure(description: "cannot own \(name) on the session bus: \(why)")
        }
        self.bus = bus
    }

    deinit { sd_bus_flush_close_unref(bus) }

    var fd: Int32 { sd_bus_get_fd(bus) }

    /// Whether sd-bus has output queued that waits for the socket to take it.
    var wantsWrite: Bool { (sd_bus_get_events(bus) & Int32(POLLOUT)) != 0 }

    /// When sd-bus wants `process` called even if nothing arrives (a pending call's timeout,
    /// messages already read); nil for never, which is what keeps an idle daemon asleep.
    var deadline: Timestamp? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return Timestamp(microseconds: Int64(min(usec, UInt64(Int64.max))))
    }

    /// Handles at most `budget` messages. Returns whether more may wait (then the loop calls
    /// again next turn, after the devices), or throws when the connection is lost.
    func process(budget: Int) throws(Failure) -> Bool {
        for _ in 0..<budget {
            let r = sd_bus_process(bus, nil)
            if r < 0 { throw Failure(description: "the session bus connection failed: \(String(cString: strerror(-r)))") }
            if r == 0 { return false }
        }
        return true
    }

    /// Writes what is queued, waiting for the socket if it must: before the daemon exits.
    func flush() { _ = sd_bus_flush(bus) }

    // MARK: Replies and signals

    /// Answers `call` with the values `body` appends.
    func reply(to call: BusMessage, _ body: (BusMessage) -> Void) {
        var m: OpaquePointer?
        guard sd_bus_message_new_method_return(call.pointer, &m) >= 0, let m else { return }
        body(BusMessage(pointer: m))
        _ = sd_bus_send(nil, m, nil)
        sd_bus_message_unref(m)
    }

    /// Answers `call` with the error `name` and `message`.
    func replyError(to call: BusMessage, name: String, message: String) {
        var error = sd_bus_error()
        _ = sd_bus_error_set(&error, name, message)
        _ = sd_bus_reply_method_error(call.pointer, &error)
        sd_bus_error_free(&error)
    }

    func emitSignal(path: String, interface: String, member: String, _ body: (BusMessage) -> Void) {
        var m: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &m, path, interface, member) >= 0, let m else { return }
        body(BusMessage(pointer: m))
        _ = sd_bus_send(bus, m, nil)
        sd_bus_message_unref(m)
    }

    func emitPropertiesChanged(path: String, interface: String, names: [String]) {
        guard !names.isEmpty else { return }
        var strings: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        _ = sd_bus_emit_properties_changed_strv(bus, path, interface, &strings)
    }
}
