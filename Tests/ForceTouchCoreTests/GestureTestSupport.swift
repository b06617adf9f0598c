@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// Runs a script through the engine and returns every gesture event, deadlines included.
func gestures(_ script: EventScript, settings: GestureSettings = GestureSettings()) -> [GestureEvent] {
    RecordingPlayback.run(script.recording, settings: settings)
}

/// `kind phase` for each event, the form assertions compare most readably.
func names(_ events: [GestureEvent]) -> [String] {
    events.map { "\($0.gesture.rawValue) \($0.phase.rawValue)" + ($0.stage.map { " \($0.rawValue)" } ?? "") }
}

func touchscreenScript() -> EventScript { EventScript(device: EventScript.touchscreen()) }
