import ForceTouchCore
import Glibc

/// Reads and atomically rewrites the configuration file for `forcetest calibrate`.
public enum ConfigFileEditor {
    /// The file a calibration goes into: `--config`, else the first existing file on the
    /// search path, else the user's own (`~/.config/forcetouch/forcetouch.toml`), created.
    public static func target(explicit: String?) -> String {
        ConfigurationFile.locate(explicit: explicit) ?? ConfigurationFile.searchPath()[0]
    }

    /// The file's text; "" when it does not exist; nil (errno set) when it cannot be read.
    public static func read(_ path: String) -> String? {
        if access(path, F_OK) != 0 && errno == ENOENT { return "" }
        return ConfigurationFile.readFile(path)
    }

    /// Replaces `path` with `text` atomically (see `AtomicFile`), keeping the old file's
    /// mode; directories it has to create are 0755, as ~/.config is.
    public static func writeAtomically(_ text: String, to path: String) throws(SystemError) {
        try AtomicFile.write(Array(text.utf8), to: path, mode: nil, directoryMode: 0o755)
    }
}
