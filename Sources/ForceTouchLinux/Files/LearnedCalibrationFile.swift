import FoundationEssentials
import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Glibc

/// What auto-calibration learned of every device the user has touched, kept in
/// `$XDG_STATE_HOME/forcetouch/calibration.json` (SPEC §2): read when a program starts,
/// written atomically when a device learns something, so a restart goes on from there.
///
/// Devices are told apart by vendor:product and name, the way a user would name them.
public final class LearnedCalibrationFile {
    /// One device's entry, as the file holds it.
    public struct Entry: Codable, Hashable, Sendable {
        /// `vendor:product`, e.g. `056a:0333`.
        public var id: String
        public var name: String
        public var learned: LearnedCalibration

        public init(id: String, name: String, learned: LearnedCalibration) {
            self.id = id
            self.name = name
            self.learned = learned
        }

        /// Whether this entry is the device's: same vendor:product and name.
        public func isFor(_ d: DeviceDescription) -> Bool { id == d.id.vendorProduct && name == d.name }
    }

    private struct Contents: Codable {
        var version: Int
        var devices: [Entry]
    }

    static let version = 1

    public let path: String
    public private(set) var entries: [Entry] = []
    /// Where a file found unreadable before a write is reported (the daemon's log).
    public var log: ((String) -> Void)?
    /// The file as last read or written: one that differs was changed behind our back and
    /// is read again before the next write, so that a bad one is kept aside, not overwritten.
    private var stamp: FileStamp?

    public init(path: String) {
        self.path = path
    }

    /// Reads the file; a missing file is an empty one. A file that cannot be understood is
    /// set aside as `path.bad-<UTC time>` (`KeptAside`: a unique name, never over an earlier
    /// copy; unless `readOnly`: tools that only show what was learned leave it to the daemon),
    /// so that nothing learned is silently overwritten, and what was wrong is returned for the
    /// caller to report.
    @discardableResult
    public func load(readOnly: Bool = false) -> String? {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: ConfigurationFile.sizeLimit)
        } catch {
            if error.errno == ENOENT { stamp = nil; return nil }
            // Unreadable (its mode, an I/O error, not a regular file) is kept aside too: the
            // next save would otherwise replace what it holds without a word.
            return setAside("cannot read: \(error.reason)", readOnly)
        }
        stamp = FileStamp.of(path)
        do {
            let contents = try ProtocolJSON.decode(Contents.self, from: Data(bytes))
            guard contents.version <= Self.version else {
                return setAside("written by a newer forcetouch (version \(contents.version))", readOnly)
            }
            entries = contents.devices
            return nil
        } catch {
            return setAside("not a calibration file (\(Self.reason(error)))", readOnly)
        }
    }

    private func setAside(_ why: String, _ readOnly: Bool) -> String {
        guard !readOnly else { return "\(path): \(why)" }
        do {
            let aside = try KeptAside.move(path)
            stamp = nil
            return "\(path): \(why); kept as \(aside), learning starts afresh"
        } catch {
            return "\(path): \(why); \(error), learning starts afresh"
        }
    }

    /// Before a write: a file changed on disk since it was last read or written is read
    /// again, so that one that became unreadable is kept aside and logged, not overwritten,
    /// and what it holds that was learned meanwhile (another daemon's) is kept.
    private func rereadIfChanged() {
        guard let onDisk = FileStamp.of(path), onDisk != stamp else { return }
        let mine = entries
        if let problem = load() {
            log?(problem)
            // What this process learned goes on: the new file starts from it.
            entries = mine
        }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): c.debugDescription
        case DecodingError.keyNotFound(let k, _): "no \"\(k.stringValue)\""
        case DecodingError.typeMismatch(_, let c): "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        case DecodingError.valueNotFound(_, let c): "\(c.codingPath.map(\.stringValue).joined(separator: ".")): missing"
        default: "\(error)"
        }
    }

    /// `$XDG_STATE_HOME/forcetouch/calibration.json`, else `~/.local/state/…`.
    public static func defaultPath(environment: [String: String] = ProcessEnvironment.current()) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/forcetouch/calibration.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/forcetouch/calibration.json"
    }

    public func learned(for d: DeviceDescription) -> LearnedCalibration {
        entries.first { $0.isFor(d) }?.learned ?? LearnedCalibration()
    }

    /// Records what a device has learned and writes the file.
    public func update(_ d: DeviceDescription, _ learned: LearnedCalibration) throws(SystemError) {
        rereadIfChanged()
        let entry = Entry(id: d.id.vendorProduct, name: d.name, learned: learned)
        if let i = entries.firstIndex(where: { $0.isFor(d) }) {
            guard entries[i] != entry else { return }
            entries[i] = entry
        } else {
            entries.append(entry)
        }
        try save()
    }

    /// Forgets what was learned of the devices `matches` picks; returns their names.
    public func forget(where matches: (Entry) -> Bool) throws(SystemError) -> [String] {
        rereadIfChanged()
        let gone = entries.filter(matches)
        guard !gone.isEmpty else { return [] }
        entries.removeAll(where: matches)
        try save()
        return gone.map(\.name)
    }

    private func save() throws(SystemError) {
        let data: Data
        do {
            data = try ProtocolJSON.fileEncoder.encode(Contents(version: Self.version, devices: entries))
        } catch {
            throw SystemError("encode \(path)", errno: EINVAL)  // only a non-finite level could
        }
        try AtomicFile.write(Array(data) + [0x0a], to: path)
        stamp = FileStamp.of(path)
    }
}
