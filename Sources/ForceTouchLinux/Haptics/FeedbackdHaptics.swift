import CSystemd
import Glibc

/// Ticks through feedbackd (`org.sigxcpu.Feedback`, what Phosh and Linux phones run): a
/// `TriggerFeedback` call per tick, sent without waiting for its reply, so that the loop never
/// blocks on feedbackd; feedbackd plays what the user's feedback profile says for the event.
final class FeedbackdHaptics: HapticOutput {
    private let connection: BusConnection
    static let appID = "io.github.forcetouch"

    init(connection: BusConnection) { self.connection = connection }

    /// The event each tick is, in the Event naming spec feedbackd's themes use: a peek and a
    /// Haptic Touch are a button pressed, a pop the press going through, its release (in
    /// feedbackd's default theme both a short rumble in the quiet profile, a click in the full one).
    static func event(_ tick: HapticTick) -> String {
        switch tick {
        case .peek, .hapticTouch: "button-pressed"
        case .pop: "button-released"
        }
    }

    func play(_ tick: HapticTick) {
        var m: OpaquePointer?
        guard sd_bus_message_new_method_call(connection.bus, &m, FeedbackdName.service, "/org/sigxcpu/Feedback",
                                             FeedbackdName.service, "TriggerFeedback") >= 0, let m else { return }
        defer { sd_bus_message_unref(m) }
        let message = BusMessage(pointer: m)
        var timeout: Int32 = -1  // each feedback once
        guard message.append(Self.appID) >= 0, message.append(Self.event(tick)) >= 0,
              sd_bus_message_open_container(m, CChar(UInt8(ascii: "a")), "{sv}") >= 0,
              sd_bus_message_close_container(m) >= 0,
              sd_bus_message_append_basic(m, CChar(UInt8(ascii: "i")), &timeout) >= 0 else { return }
        // Its reply (the event's id) is of no use: none is asked for, and the call is queued
        // for the loop's next write when the socket cannot take it now.
        _ = sd_bus_message_set_expect_reply(m, 0)
        // Nor is feedbackd started by it: only one already on the bus plays (`BusNameWatch`).
        _ = sd_bus_message_set_auto_start(m, 0)
        _ = sd_bus_send(connection.bus, m, nil)
    }
}
