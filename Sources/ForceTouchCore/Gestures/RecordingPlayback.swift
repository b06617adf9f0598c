/// Runs a recording through a GestureEngine in virtual time: what `forcetest replay`
/// prints and what tests check recordings against.
public enum RecordingPlayback {
    /// Gesture events of a whole recording. After the last event time runs on until every
    /// deadline has fired, as it would for a finger left resting when the recording stopped.
    public static func run(_ recording: Recording, settings: GestureSettings = GestureSettings(),
                           average: Double? = nil, emulateFromContactSize: Bool = false) -> [GestureEvent] {
        run(recording, deviceSettings: DeviceSettings(gestures: settings, calibrationAverage: average,
                                                      emulateForce: emulateFromContactSize))
    }

    /// The same with everything the device's settings hold, the device database's quirks included.
    public static func run(_ recording: Recording, deviceSettings: DeviceSettings) -> [GestureEvent] {
        var engine = GestureEngine(device: recording.device, settings: deviceSettings)
        var out: [GestureEvent] = []
        play(recording, through: &engine) { out.append($0) }
        return out
    }

    /// Plays the recording through `engine`, handing `each` every gesture event as it is
    /// recognized; the engine is left as the recording left it (what it learned, where its
    /// force scale came from) for the caller to report.
    public static func play(_ recording: Recording, through engine: inout GestureEngine,
                            _ each: (GestureEvent) -> Void) {
        func drain() {
            guard !engine.output.isEmpty else { return }
            for g in engine.takeOutput() { each(g) }
        }
        for e in recording.events {
            engine.process(e)
            drain()
        }
        while let d = engine.nextDeadline {
            engine.advance(to: d)
        }
        drain()
    }
}
