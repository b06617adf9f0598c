import ForceTouchEngine

/// A calibration being made live: the three steps in order, each asking for the same number
/// of presses, fed one evdev event at a time. It says which step is asking, how many presses
/// that step has, the live reading for a meter, and, once every step has its presses, the
/// result. `forcetest calibrate` drives it from a terminal; the same steps can be driven
/// from any front end, since nothing here reads a device or draws.
public struct GuidedCalibration: Sendable {
    /// One press counted: the step it belongs to, its number within the step (from 1) and
    /// the press itself.
    public struct CountedPress: Hashable, Sendable {
        public var step: CalibrationStep
        public var number: Int
        public var press: CalibrationPress
    }

    public let pressesPerStep: Int
    /// Whether the user asked for force emulated from contact size (`--emulate`)…
    public let emulate: Bool
    /// …and whether it is: only on a device without pressure of its own.
    public let emulateFromContactSize: Bool
    public private(set) var segmenter: PressSegmenter
    /// Every press counted so far, in the order they were made.
    public private(set) var presses: [CalibrationPress] = []

    /// `pressesPerStep` is clamped to at least 1. Force is emulated from contact size only
    /// when asked and the device has no pressure of its own.
    public init(device: DeviceDescription, pressesPerStep: Int = 3, emulate: Bool = false) {
        self.pressesPerStep = max(pressesPerStep, 1)
        self.emulate = emulate
        emulateFromContactSize = emulate && PressureSource.find(in: device) == nil
        segmenter = PressSegmenter(device: device, emulateFromContactSize: emulateFromContactSize)
    }

    public var device: DeviceDescription { segmenter.device }

    /// The step asking for presses now; nil once every step has its presses.
    public var step: CalibrationStep? {
        let k = presses.count / pressesPerStep
        return k < Calibration.steps.count ? Calibration.steps[k] : nil
    }

    /// The step's position, from 1 (`Calibration.steps.count` once complete).
    public var stepNumber: Int { min(presses.count / pressesPerStep + 1, Calibration.steps.count) }

    /// Presses the current step has so far.
    public var pressesInStep: Int { step == nil ? pressesPerStep : presses.count % pressesPerStep }

    public var isComplete: Bool { step == nil }

    /// The raw reading of the finger down now, for a live meter; nil when none is down.
    public var currentRaw: Int32? { segmenter.currentRaw }

    /// Feeds one event; returns the presses it completed that a step still wanted. Presses
    /// after the last step are ignored.
    public mutating func process(_ e: InputEvent) -> [CountedPress] {
        var counted: [CountedPress] = []
        for p in segmenter.process(e) {
            guard let s = step else { break }
            presses.append(p)
            counted.append(CountedPress(step: s, number: (presses.count - 1) % pressesPerStep + 1, press: p))
        }
        return counted
    }

    /// The device went away: a press in progress is dropped, counted ones are kept.
    public mutating func deviceLost() {
        segmenter.reset()
    }

    /// The result of the presses made, once complete.
    public func result(hysteresis: Double = GestureSettings().hysteresis) throws(CalibrationError) -> CalibrationResult {
        guard isComplete else {
            throw CalibrationError("calibration is not finished: step \(stepNumber) of \(Calibration.steps.count) "
                + "has \(pressesInStep) of \(pressesPerStep) presses")
        }
        return try Calibration.analyze(presses, device: device, emulate: emulate,
                                       hysteresis: hysteresis)
    }
}
