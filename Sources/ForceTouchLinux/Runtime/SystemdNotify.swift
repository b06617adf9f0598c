import CSystemd

/// sd_notify, from the libsystemd the daemon links for sd-bus: one datagram to
/// $NOTIFY_SOCKET, when it is set. The variable stays set (the daemon notifies more than once).
public enum SystemdNotify {
    /// Sends `state` ("READY=1", "RELOADING=1", "STOPPING=1", "STATUS=…"). Returns false
    /// when there is no socket or sending failed; the daemon goes on either way.
    @discardableResult
    public static func send(_ state: String) -> Bool {
        sd_notify(0, state) > 0
    }
}
