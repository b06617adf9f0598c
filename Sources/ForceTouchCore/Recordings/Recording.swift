import ForceTouchEngine

/// A device description and the events it sent: what evemu-record and libinput record
/// capture, and what `forcetest replay` and `forcetouchd --replay` feed through the engine.
public struct Recording: Hashable, Sendable {
    public var device: DeviceDescription
    public var events: [InputEvent]
    /// What was odd but read anyway (event times going backwards, clamped), to be shown.
    public var warnings: [RecordingWarning]

    public init(device: DeviceDescription, events: [InputEvent], warnings: [RecordingWarning] = []) {
        self.device = device
        self.events = events
        self.warnings = warnings
    }
}

/// The on-disk formats a recording can take.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// evemu-record's text format, one file or a `.desc` plus an `.events` file.
    case evemu
    /// `libinput record` YAML, version 1.
    case libinput
}
