import Foundation
import Glibc
import ForceTouchCore

/// Loads a recording from disk: one self-contained file in either format, or an evemu
/// `.desc` plus `.events` pair. Errors carry the file name and line.
public enum RecordingFile {
    public static func load(_ path: String, description descPath: String? = nil) throws(RecordingError) -> Recording {
        let text = try readText(path)
        guard let descPath else {
            do { return try RecordingReader.read(text) } catch { throw error.inFile(path) }
        }
        let descText = try readText(descPath)
        let device: DeviceDescription
        do { device = try EvemuReader.readDescription(descText) } catch { throw error.inFile(descPath) }
        do { return Recording(device: device, events: try EvemuReader.readEvents(text)) } catch {
            throw error.inFile(path)
        }
    }

    public static func readText(_ path: String) throws(RecordingError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            // FileManager keeps no errno: ask the system why, for a message the user can act on.
            var st = stat()
            let reason = stat(path, &st) != 0 || access(path, R_OK) != 0 ? String(cString: strerror(errno))
                : (st.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "cannot read the file"
            throw RecordingError(.unreadable, line: nil, reason, file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RecordingError(.unreadable, line: nil, "not UTF-8 text", file: path)
        }
        return text
    }
}
