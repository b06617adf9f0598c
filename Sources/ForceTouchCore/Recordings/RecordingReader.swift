/// Reads a recording in whichever format it is in, so that `forcetest replay FILE` and
/// `forcetouchd --replay FILE` need not be told.
public enum RecordingReader {
    /// Reads `text` as `format`, or as the format `detectFormat` finds when `format` is nil.
    public static func read(_ text: String, format: RecordingFormat? = nil) throws(RecordingError) -> Recording {
        switch format ?? detectFormat(text) {
        case .evemu: try EvemuReader.read(text)
        case .libinput: try LibinputRecordReader.read(text)
        }
    }

    /// The format of `text`, judged by its first line that is neither blank nor a comment:
    /// libinput record YAML opens with a top-level key (`version:`, `ndevices:`, `devices:`…)
    /// or a `---` document marker, while every evemu line starts with a one-letter prefix
    /// (`N:`, `E:`…). Anything else is called evemu, whose reader then names the line it cannot
    /// read, which is a better message than a YAML parser's.
    public static func detectFormat(_ text: String) -> RecordingFormat {
        // Line by line from the top, stopping at the first meaningful line: a recording can be
        // megabytes long and only its head matters.
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let line = rest[..<end].drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("---") || line.hasPrefix("%YAML") { return .libinput }
            for key in ["version:", "ndevices:", "devices:", "libinput:", "system:"] where line.hasPrefix(key) {
                return .libinput
            }
            return .evemu
        }
        return .evemu
    }
}
