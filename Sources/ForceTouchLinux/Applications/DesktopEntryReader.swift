import CGio
import ForceTouchCore

/// Reads installed applications' Desktop Entries with GIO's `GDesktopAppInfo`, the reader
/// the desktop itself uses: the id is looked up along `XDG_DATA_DIRS` (and
/// `XDG_DATA_HOME`), names come in the user's locale, and an entry that is `Hidden` or
/// whose `TryExec` program is missing counts as not installed. GIO is opened at the first
/// lookup (CGio), so a daemon that names no application never loads it.
public enum DesktopEntryReader {
    /// The application `id` (`firefox.desktop`, or `firefox`).
    public static func application(_ id: String) throws(DesktopEntryError) -> DesktopApplication {
        let fileID = id.hasSuffix(".desktop") ? id : id + ".desktop"
        guard let gio = ft_gio_open()?.pointee else {
            let reason = ft_gio_failure().map { String(cString: $0) } ?? "libgio-2.0.so.0"
            throw DesktopEntryError(id: fileID, message: "GIO, which reads applications' Desktop Entries, cannot be "
                + "opened (\(reason)); it comes with GLib (Debian: libglib2.0-0)")
        }
        guard let info = gio.desktop_app_info_new(fileID) else {
            throw DesktopEntryError(id: fileID, message: "no such application is installed (looked for \(fileID) in "
                + "the applications folders of XDG_DATA_HOME and XDG_DATA_DIRS; a Hidden entry, or one whose "
                + "TryExec program is missing, counts as not installed)")
        }
        defer { gio.object_unref(info) }
        let path = gio.desktop_app_info_get_filename(info).map { String(cString: $0) } ?? fileID
        let name = gio.app_info_get_name(info).map { String(cString: $0) } ?? fileID
        var app = DesktopApplication(
            id: fileID, name: name, icon: owned(gio.desktop_app_info_get_string(info, "Icon"), gio),
            dbusActivatable: gio.desktop_app_info_get_boolean(info, "DBusActivatable") != 0,
            exec: try owned(gio.desktop_app_info_get_string(info, "Exec"), gio).map { s throws(DesktopEntryError) in
                try words(s, fileID, "Exec", gio)
            },
            path: path,
            genericName: owned(gio.desktop_app_info_get_string(info, "GenericName"), gio),
            startupWMClass: owned(gio.desktop_app_info_get_string(info, "StartupWMClass"), gio),
            categories: (owned(gio.desktop_app_info_get_string(info, "Categories"), gio) ?? "")
                .split(separator: ";").map(String.init))

        // GIO names the actions; their Exec and Icon are read from the same file.
        let keyFile = gio.key_file_new()
        defer { gio.key_file_free(keyFile) }
        var error: UnsafeMutablePointer<ft_gio_error>?
        guard gio.key_file_load_from_file(keyFile, path, 0, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            gio.clear_error(&error)
            throw DesktopEntryError(id: fileID, message: "\(path): \(reason)")
        }
        if let list = gio.desktop_app_info_list_actions(info) {
            var i = 0
            while let entry = list[i] {
                let action = String(cString: entry)
                let group = "Desktop Action " + action
                let actionName = owned(gio.desktop_app_info_get_action_name(info, action), gio) ?? action
                let exec = try owned(gio.key_file_get_string(keyFile, group, "Exec", nil), gio).map { s throws(DesktopEntryError) in
                    try words(s, fileID, "[\(group)] Exec", gio)
                }
                app.actions.append(.init(id: action, name: actionName,
                                         icon: owned(gio.key_file_get_string(keyFile, group, "Icon", nil), gio), exec: exec))
                i += 1
            }
        }
        return app
    }

    /// A GLib string we own, as a Swift string; the GLib one is freed.
    private static func owned(_ p: UnsafeMutablePointer<CChar>?, _ gio: ft_gio) -> String? {
        guard let p else { return nil }
        defer { gio.free(p) }
        return String(cString: p)
    }

    /// `Exec` split into words by GLib's rules, which are the Desktop Entry specification's
    /// quoting; no shell runs it.
    private static func words(_ exec: String, _ id: String, _ key: String, _ gio: ft_gio) throws(DesktopEntryError)
        -> [String]
    {
        var argc: Int32 = 0
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var error: UnsafeMutablePointer<ft_gio_error>?
        guard gio.shell_parse_argv(exec, &argc, &argv, &error) != 0, let argv else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot be split into words"
            gio.clear_error(&error)
            throw DesktopEntryError(id: id, message: "\(key) \"\(exec)\": \(reason)")
        }
        defer { gio.strfreev(argv) }
        return (0..<Int(argc)).compactMap { argv[$0].map { String(cString: $0) } }
    }
}

/// Why an application's Desktop Entry gives no quick actions or cannot be launched; it
/// names the application.
public struct DesktopEntryError: Error, CustomStringConvertible, Sendable {
    public var id: String
    public var message: String
    public var description: String { "\(id): \(message)" }
}
