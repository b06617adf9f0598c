import CGio
import ForceTouchCore

/// Reads installed applications' Desktop Entries with GIO's `GDesktopAppInfo`, the reader
/// the desktop itself uses: the id is looked up along `XDG_DATA_DIRS` (and
/// `XDG_DATA_HOME`), names come in the user's locale, and an entry that is `Hidden` or
/// whose `TryExec` program is missing counts as not installed.
public enum DesktopEntryReader {
    /// The application `id` (`firefox.desktop`, or `firefox`).
    public static func application(_ id: String) throws(DesktopEntryError) -> DesktopApplication {
        let fileID = id.hasSuffix(".desktop") ? id : id + ".desktop"
        guard let info = g_desktop_app_info_new(fileID) else {
            throw DesktopEntryError(id: fileID, message: "no such application is installed (looked for \(fileID) in "
                + "the applications folders of XDG_DATA_HOME and XDG_DATA_DIRS; a Hidden entry, or one whose "
                + "TryExec program is missing, counts as not installed)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        let path = g_desktop_app_info_get_filename(info).map { String(cString: $0) } ?? fileID
        let name = g_app_info_get_name(info).map { String(cString: $0) } ?? fileID
        var app = DesktopApplication(
            id: fileID, name: name, icon: owned(g_desktop_app_info_get_string(info, "Icon")),
            dbusActivatable: g_desktop_app_info_get_boolean(info, "DBusActivatable") != 0,
            exec: try owned(g_desktop_app_info_get_string(info, "Exec")).map { s throws(DesktopEntryError) in
                try words(s, fileID, "Exec")
            },
            path: path)

        // GIO names the actions; their Exec and Icon are read from the same file.
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(keyFile, path, G_KEY_FILE_NONE, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            throw DesktopEntryError(id: fileID, message: "\(path): \(reason)")
        }
        if let list = g_desktop_app_info_list_actions(info) {
            var i = 0
            while let entry = list[i] {
                let action = String(cString: entry)
                let group = "Desktop Action " + action
                let actionName = owned(g_desktop_app_info_get_action_name(info, action)) ?? action
                let exec = try owned(g_key_file_get_string(keyFile, group, "Exec", nil)).map { s throws(DesktopEntryError) in
                    try words(s, fileID, "[\(group)] Exec")
                }
                app.actions.append(.init(id: action, name: actionName,
                                         icon: owned(g_key_file_get_string(keyFile, group, "Icon", nil)), exec: exec))
                i += 1
            }
        }
        return app
    }

    /// A GLib string we own, as a Swift string; the GLib one is freed.
    private static func owned(_ p: UnsafeMutablePointer<gchar>?) -> String? {
        guard let p else { return nil }
        defer { g_free(p) }
        return String(cString: p)
    }

    /// `Exec` split into words by GLib's rules, which are the Desktop Entry specification's
    /// quoting; no shell runs it.
    private static func words(_ exec: String, _ id: String, _ key: String) throws(DesktopEntryError) -> [String] {
        var argc: gint = 0
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var error: UnsafeMutablePointer<GError>?
        guard g_shell_parse_argv(exec, &argc, &argv, &error) != 0, let argv else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot be split into words"
            g_clear_error(&error)
            throw DesktopEntryError(id: id, message: "\(key) \"\(exec)\": \(reason)")
        }
        defer { g_strfreev(argv) }
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
