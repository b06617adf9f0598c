import ForceTouchCore

/// The daemon's haptics: where ticks play (`HapticsChoice`), and the tick itself.
///
/// Chosen at start and again when devices come and go or the configuration is reloaded; a
/// device's effects are uploaded only when the choice changes, and the log says the path only
/// then: once.
final class HapticFeedback {
    private(set) var path: HapticsPath?
    private var output: (any HapticOutput)?
    /// Whether feedbackd is on the session bus, followed from the first time the bus is there.
    private var feedbackd: BusNameWatch?
    /// The last device that could not be used, as logged: not said again while it stays so.
    private var failure: String?
    /// Told when feedbackd comes or goes: the daemon chooses again.
    var feedbackdChanged: () -> Void = {}

    /// Plays `tick` where the path leads; nothing when there is none.
    @inline(__always)
    func tick(_ tick: HapticTick) { output?.play(tick) }

    /// Chooses where ticks play now. Returns the line to log when the path changed, else nil.
    func choose(_ setting: HapticsSetting, bus: BusConnection?, touchDevices: Set<String>) -> String? {
        if setting != .off, feedbackd == nil, let bus {
            let watch = BusNameWatch(connection: bus, name: FeedbackdName.service)
            watch.changed = { [unowned self] in feedbackdChanged() }
            feedbackd = watch
        }
        if let watch = feedbackd, watch.connection !== bus { feedbackd = nil }
        let connection = feedbackd.flatMap { $0.owned ? $0.connection : nil }
        let chosen = HapticsChoice.choose(setting, feedbackdOnBus: connection != nil,
                                          devices: setting == .off ? [] : Self.devices(touchDevices: touchDevices))
        guard chosen != path else { return nil }
        path = chosen
        output = nil
        switch chosen {
        case .off, .none:
            return chosen.logLine
        case .feedbackd:
            output = connection.map(FeedbackdHaptics.init(connection:))
            return chosen.logLine
        case .forceFeedback(let devnode, let effect):
            do throws(ForceFeedbackHaptics.Failure) {
                output = try ForceFeedbackHaptics(devnode: devnode, effect: effect)
                failure = nil
                return chosen.logLine
            } catch {
                // Tried again at the next choice: a device is often seen (sysfs) before udev
                // has given the user access to it, and its own arrival comes next. Said once.
                path = nil
                let line = "haptics: none: \(error)"
                defer { failure = line }
                return line == failure ? nil : line
            }
        }
    }

    /// Every input device offering force feedback, from sysfs: readable without opening
    /// devices the user may not open.
    static func devices(touchDevices: Set<String>, sysfs: String = "/sys/class/input") -> [ForceFeedbackDevice] {
        guard let names = try? DirectoryListing.names(in: sysfs) else { return [] }
        return names.filter { $0.hasPrefix("event") }.compactMap { name in
            guard let bits = ConfigurationFile.readFile(sysfs + "/" + name + "/device/capabilities/ff") else { return nil }
            let effects = ForceFeedbackEffect.offered(bySysfsBitmap: bits)
            guard !effects.isEmpty else { return nil }
            let devnode = "/dev/input/" + name
            return ForceFeedbackDevice(devnode: devnode, effects: effects, isTouchDevice: touchDevices.contains(devnode))
        }
    }
}
