import ForceTouchCore
import ForceTouchProtocol
import Glibc
import Logging

/// The settings window's requests (issue 53; `settings` on the socket, `GetSettings`,
/// `SetSetting`, `ResetSetting`, `UndoSetting` on the bus): the configuration file read,
/// and changed one setting at a time in place.
///
/// A change is: the file read as it is on disk now (so a change made by hand meanwhile is
/// what the edit applies to, never lost), checked whole, edited (`SettingsEdit`), the result
/// checked whole, written atomically with its mode kept, then reloaded as SIGHUP reloads.
/// A file with errors is refused with each error's `file:line`, and not written. Reading,
/// checking and writing run off the loop (`BackgroundJob`), one request at a time, so that
/// two changes in a row each start from the file the other left.
///
/// The file written is the user's own. A daemon running on the system's file
/// (/etc/forcetouch/forcetouch.toml, which the user cannot write) or on none makes the user's
/// (`~/.config/forcetouch/forcetouch.toml`, the first on the search path) from the system's
/// text with the change, and runs on it from then on, as it would after a restart.
extension Daemon {
    func settings(_ action: ControlRequest.SettingsAction, _ done: @escaping (Result<SettingsAnswer, SettingError>) -> Void) {
        let search = ConfigurationFile.searchPath()
        let source = options.configPath
        let path = source.flatMap { $0 == search.last && search.count > 1 ? nil : $0 } ?? search[0]
        if settingsEdits.busy {
            settingsEdits.waiting.append { [unowned self] in settings(action, done) }
            return
        }
        settingsEdits.busy = true
        let undo = settingsEdits.undo
        let work: @Sendable () -> SettingsJob = { SettingsJob.run(action, path: path, seed: source == path ? nil : source, undo: undo) }
        let finish: (SettingsJob) -> Void = { [unowned self] job in
            finishSettings(job, path: path) { [edits = settingsEdits] result in
                done(result)
                edits.busy = false
                if !edits.waiting.isEmpty { edits.waiting.removeFirst()() }
            }
        }
        if BackgroundJob.start(on: loop, work, done: finish) == nil { finish(work()) }
    }

    private func finishSettings(_ job: SettingsJob, path: String, _ done: @escaping (Result<SettingsAnswer, SettingError>) -> Void) {
        switch job {
        case .refused(let e):
            logger.warning("settings: \(e)")
            done(.failure(e))
        case .read(var state):
            state.canUndo = settingsEdits.undo != nil
            done(.success(SettingsAnswer(state: state, message: nil)))
        case .written(var state, let previous, let stamp, let what):
            settingsEdits.undo = previous.map { SettingsEdits.Undo(text: $0, stamp: stamp) }
            state.canUndo = previous != nil
            if options.configPath != path {
                logger.notice("settings: made \(path) from \(options.configPath ?? "the defaults"); the daemon runs on it now")
                options.configPath = path
            }
            logger.notice("settings: \(what) in \(path); reloading")
            reload { loaded, message in
                guard loaded else { return done(.failure(SettingError("\(what), but \(message)"))) }
                done(.success(SettingsAnswer(state: state, message: "\(what); \(message)")))
            }
        }
    }
}

/// The answer to a settings request: the settings now, and what was done.
struct SettingsAnswer {
    var state: SettingsState
    var message: String?
}

/// The daemon's settings requests in flight and the one change it can take back.
final class SettingsEdits {
    /// The file as it was before the last change, and the stamp of what that change wrote:
    /// undone only while the file on disk is still that.
    struct Undo: Sendable {
        var text: String
        var stamp: FileStamp?
    }

    var undo: Undo?
    var busy = false
    var waiting: [() -> Void] = []
}

/// A settings request's work off the loop: what it read, or wrote, or why not.
enum SettingsJob: Sendable {
    case read(SettingsState)
    /// Written: the state after, the text before (nil after an undo: nothing more to undo),
    /// the stamp of the new file, and what was done.
    case written(SettingsState, previous: String?, stamp: FileStamp?, what: String)
    case refused(SettingError)

    /// - Parameters:
    ///   - path: the file read and written.
    ///   - seed: what the text is, while `path` does not exist: the system's file the daemon
    ///     runs on; with none, the defaults (an empty file).
    static func run(_ action: ControlRequest.SettingsAction, path: String, seed: String? = nil,
                    undo: SettingsEdits.Undo?) -> SettingsJob {
        let lookups = ConfigurationFile.systemLookups
        do throws(SettingError) {
            let text = access(path, F_OK) == 0 ? try read(path) : try seed.map(read) ?? ""
            let change: SettingsEdit.Change
            switch action {
            case .get:
                let configuration = try SettingsEdit.check(text, file: path, lookups: lookups)
                return .read(SettingsReader.state(text: text, file: path, configuration: configuration, canUndo: false))
            case .undo:
                guard let undo else { throw SettingError("nothing to undo") }
                guard FileStamp.of(path) == undo.stamp else {
                    throw SettingError("\(path) changed on disk since the last change; nothing was undone")
                }
                let configuration = try SettingsEdit.check(undo.text, file: path, lookups: lookups)
                let stamp = try write(undo.text, path)
                return .written(SettingsReader.state(text: undo.text, file: path, configuration: configuration, canUndo: false),
                                previous: nil, stamp: stamp, what: "undid the last change")
            case .set(let key, let value): change = .set(try SettingKey(key), value)
            case .reset(let key): change = .reset(try SettingKey(key))
            case .move(let key, let position): change = .move(try SettingKey(key), to: Int(position))
            }
            let (edited, configuration) = try SettingsEdit.apply(change, to: text, file: path, lookups: lookups)
            let what = switch change {
            case .set(let key, let typed): "set \(key) = \(key.value(typed).text)"
            case .reset(let key): "reset \(key)"
            case .move(let key, let to): "moved \(key) to \(to)"
            }
            guard edited != text else {
                return .read(SettingsReader.state(text: text, file: path, configuration: configuration, canUndo: false))
            }
            let stamp = try write(edited, path)
            return .written(SettingsReader.state(text: edited, file: path, configuration: configuration, canUndo: true),
                            previous: text, stamp: stamp, what: what)
        } catch {
            return .refused(error)
        }
    }

    private static func read(_ path: String) throws(SettingError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: ConfigurationFile.configurationLimit)
        } catch {
            throw SettingError("\(path): cannot read: \(error.reason)")
        }
        do {
            return try TextCheck.text(bytes)
        } catch {
            throw SettingError("\(path):\(error.line):\(error.column): \(error.message); nothing was changed")
        }
    }

    private static func write(_ text: String, _ path: String) throws(SettingError) -> FileStamp? {
        // Past the limit every later read refuses the file, this daemon's reload first.
        guard text.utf8.count <= ConfigurationFile.configurationLimit else {
            throw SettingError("the change would make \(path) \(text.utf8.count) bytes, more than the limit of "
                + "\(ConfigurationFile.configurationLimit); it is unchanged")
        }
        do {
            try ConfigFileEditor.writeAtomically(text, to: path)
        } catch {
            throw SettingError("cannot write \(path): \(error); it is unchanged")
        }
        return FileStamp.of(path)
    }
}
