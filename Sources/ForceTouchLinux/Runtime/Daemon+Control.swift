import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials
import Glibc
import Logging

// What the control requests read of the daemon, and who may connect.
extension Daemon {
    func status() -> DaemonStatus {
        DaemonStatus(pid: Int(getpid()), devices: sessions.count, capability: overallCapability.description,
                     bindings: configuration.bindings.count, children: children.count,
                     subscribers: control?.subscriberCount ?? 0, uptime: (MonotonicClock.now() - started).seconds,
                     shortcuts: runner.shortcuts.allItems.count, config: options.configPath,
                     overlay: overlayStatus, sensitivity: configuration.gestures.sensitivity.rawValue)
    }

    func devicesJSON() -> [DeviceInfo] {
        var list: [DeviceInfo] = sessions.values.sorted { $0.node.devnode < $1.node.devnode }.map { s in
            var d = DeviceInfo(node: s.node.devnode, name: s.name, deviceClass: s.deviceClass.rawValue,
                               capability: s.capability.capability.description, reason: s.capability.reason,
                               id: s.description.id.vendorProduct, emulated: s.capability.emulated)
            if let m = s.engine.forceModel {
                d.maximumPossibleForce = m.maximumPossibleForce
                d.calibration = s.engine.calibrationSource.info(average: m.average, summary: true)
            }
            if !s.settings.quirks.entries.isEmpty { d.quirks = s.settings.quirks.entries }
            if let clone = s.clone {
                d.claim = clone.mode.rawValue
                d.clone = clone.devnode
            }
            return d
        }
        for (node, report) in unreadable.sorted(by: { $0.key < $1.key }) {
            list.append(DeviceInfo(node: node, capability: report.capability.description, reason: report.reason))
        }
        return list
    }

    func shortcutEntriesJSON(all: Bool) -> [JSONValue] {
        let entries = all ? runner.shortcuts.allItems : runner.shortcuts.menu
        return entries.compactMap { entry in
            try? ProtocolJSON.decode(JSONValue.self, from: Data(ShortcutJSON.text(entry).utf8))
        }
    }

    /// Changes the dynamic quick actions and persists them atomically before answering.
    ///
    /// What the daemon holds is the truth once it runs: a change that cannot be written
    /// (the file unreadable, a full disk, over the size limit) is refused and changes
    /// nothing, and the next write that succeeds writes every item held. A file changed on
    /// disk since the daemon last read or wrote it is read again first: one edited by hand
    /// is what the change applies to, and one that can no longer be understood is kept aside
    /// and logged (`ShortcutsFile`) before anything is written; one that is gone replaces
    /// nothing.
    func changeShortcuts(_ change: (inout ShortcutStore) throws -> Void) throws {
        var store = runner.shortcuts
        if let path = options.shortcutsPath {
            let onDisk = FileStamp.of(path)
            let changed = onDisk != nil && onDisk != shortcutsStamp
            if shortcutsUnreadable != nil || changed {
                // Until the file can be read it is not written over.
                var fresh = ShortcutStore(configuration: configuration)
                let load = ShortcutsFile.load(path, into: &fresh, holding: store.dynamicItems.count)
                for m in load.messages { logger.error("\(m)") }
                if let reason = load.unreadable {
                    shortcutsUnreadable = reason
                    throw ShortcutError("cannot save the dynamic quick actions: \(path) \(reason); not writing over it")
                }
                shortcutsUnreadable = nil
                if load.setAside == nil && !load.missing {
                    if changed { logger.notice("\(path): changed on disk since the daemon wrote it; read again") }
                    store = fresh
                }
                // Else what the daemon holds goes on into the new file: a bad one is kept
                // whole, and a missing one (it was unreadable a while, then removed) held
                // nothing the daemon does not.
            }
        }
        try change(&store)
        let bytes = Array(store.encodeDynamic())
        try ShortcutsFile.checkSize(bytes, of: options.shortcutsPath ?? "the dynamic quick actions' file")
        if let path = options.shortcutsPath {
            try AtomicFile.write(bytes, to: path)
            shortcutsStamp = FileStamp.of(path)
        }
        runner.shortcuts = store
    }

    func resolveAccess(_ settings: ControlSettings) -> ControlServer.Access {
        var access = ControlServer.Access()
        for name in settings.allowUsers {
            if let pw = getpwnam(name) { access.uids.insert(pw.pointee.pw_uid) }
            else { logger.warning("[control] allow-users: no user \(name)") }
        }
        if let group = settings.allowGroup {
            if let gr = getgrnam(group) { access.gids.insert(gr.pointee.gr_gid) }
            else { logger.warning("[control] allow-group: no group \(group)") }
        }
        return access
    }
}
