import ForceTouchEngine

/// Runs a recording through a `DevicePipeline` in virtual time: what `forcetest replay`
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
        var pipeline = DevicePipeline(device: recording.device,
                                      deviceClass: DeviceClass(classifying: recording.device, quirks: deviceSettings.quirks),
                                      settings: deviceSettings)
        var out: [GestureEvent] = []
        play(recording, through: &pipeline) { out.append($0.gesture) }
        return out
    }

    /// Plays the recording through `pipeline` in virtual time, handing `each` every gesture,
    /// with its dispatches, as it is recognized; the pipeline is left as the recording left
    /// it (what its engine learned, where its force scale came from) for the caller to
    /// report.
    ///
    /// With `notes`, the recognizers explain themselves (`DevicePipeline.explain`): each
    /// call's notes are handed over before the gestures it completed. `frame` is called after
    /// each frame's gestures, with its time, as a live device's read is followed (the daemon
    /// samples the press an overlay previews there).
    public static func play(_ recording: Recording, through pipeline: inout DevicePipeline,
                            notes: ((GestureNote) -> Void)? = nil, frame: ((Timestamp) -> Void)? = nil,
                            _ each: (PipelineOutput) -> Void) {
        // A device that is no touch device (a keyboard, a pad, a totem) gives no gesture: the
        // daemon never follows it, and its replay shows the same.
        guard pipeline.deviceClass != .other else { return }
        if notes != nil { pipeline.explain() }
        // Most events make no note: the ring is looked at first, so that such an event costs
        // no call through `notes` (and no retain of it).
        for e in recording.events {
            let outputs = pipeline.process(e)
            if !pipeline.engine.trace.isEmpty, let notes { pipeline.drainNotes(notes) }
            for o in outputs { each(o) }
            if let frame, e.type == EV.SYN, e.code == SYN.REPORT { frame(e.time) }
        }
        while let d = pipeline.nextDeadline {
            let outputs = pipeline.advance(to: d)
            if !pipeline.engine.trace.isEmpty, let notes { pipeline.drainNotes(notes) }
            for o in outputs { each(o) }
        }
    }
}
