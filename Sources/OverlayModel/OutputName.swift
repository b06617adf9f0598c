/// The output a signal names (a device's `output` key, SPEC §11), among the display's monitors
/// by their model names, as GDK reports them: the first so named. An empty name, or one no
/// monitor has, names none, and the drawing goes to the primary one.
public enum OutputName {
    /// The index of the monitor named `output` among `models` (nil: a monitor without a name).
    public static func index(of output: String, among models: [String?]) -> Int? {
        guard !output.isEmpty else { return nil }
        return models.firstIndex { $0 == output }
    }
}
