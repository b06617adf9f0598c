import FoundationEssentials
import Glibc
import ForceTouchCore
import ForceTouchEngine

/// Loads a recording from disk: one self-contained file in either format, or an evemu
/// `.desc` plus `.events` pair. Errors carry the file name and line.
public enum RecordingFile {
    public static func load(_ path: String, description descPath: String? = nil) throws(RecordingError) -> Recording {
        let text = try readText(path)
        guard let descPath else {
            do {
                var recording = try RecordingReader.read(text)
                recording.warnings = recording.warnings.map { var w = $0; w.file = path; return w }
                return recording
            } catch { throw error.inFile(path) }
        }
        let descText = try readText(descPath)
        let device: DeviceDescription
        do { device = try EvemuReader.readDescription(descText) } catch { throw error.inFile(descPath) }
        do {
            var warnings: [RecordingWarning] = []
            let events = try EvemuReader.readEvents(text, warnings: &warnings)
            return Recording(device: device, events: events, warnings: warnings.map { var w = $0; w.file = path; return w })
        } catch {
            throw error.inFile(path)
        }
    }

    /// The most a recording file may weigh: about 4 million evemu events, an hour of ten
    /// fingers at 100 Hz. A larger file is refused before it is read.
    public static let sizeLimit = 128 << 20

    /// The file's text. Only a regular file is a recording: a FIFO or a device is refused
    /// at once, and every failure says why (errno's words); bytes that are not text (a NUL,
    /// invalid UTF-8) are refused with their line and column.
    public static func readText(_ path: String) throws(RecordingError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: sizeLimit)
        } catch {
            throw RecordingError(.unreadable, line: nil, error.reason, file: path)
        }
        do {
            return try TextCheck.text(bytes)
        } catch {
            // A NUL would end the text early for libyaml; invalid UTF-8 is not a recording either.
            var refused = RecordingError(.unreadable, line: error.line, error.message, file: path)
            refused.column = error.column
            throw refused
        }
    }
}
