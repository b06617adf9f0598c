import ForceTouchCore
import FoundationEssentials
import Glibc

/// Finds and reads the configuration file: `--config`, then
/// `$XDG_CONFIG_HOME/forcetouch/forcetouch.toml` (or `~/.config/…`), then
/// `/etc/forcetouch/forcetouch.toml`.
public enum ConfigurationFile {
    /// The most a file the configuration imports, or another file read like it (the device
    /// database, the learned calibration), may weigh: far above any real one, low enough that
    /// a path to something endless stops.
    static let sizeLimit = 16 << 20

    /// The most the configuration itself may weigh: 1 MiB, some 13,000 bindings, against a few
    /// KiB for a real one. Parsing costs about 14 times the file's size in memory (toml++'s
    /// tree, some 9 times, then ours; `make bench`), so this keeps a check well inside
    /// `ConfigurationCheck.memoryLimit`: `--check-config` and a reload's check read through
    /// the same `load`, under the same address-space limit, and so give the same answer for
    /// the same file.
    public static let configurationLimit = 1 << 20

    /// The search order, for messages and docs.
    public static func searchPath(environment: [String: String] = ProcessEnvironment.current()) -> [String] {
        var paths: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            paths.append(xdg + "/forcetouch/forcetouch.toml")
        } else if let home = environment["HOME"], !home.isEmpty {
            paths.append(home + "/.config/forcetouch/forcetouch.toml")
        }
        paths.append("/etc/forcetouch/forcetouch.toml")
        return paths
    }

    /// The file to use: the explicit one, else the first that exists; nil when none does.
    public static func locate(explicit: String?) -> String? {
        if let explicit { return explicit }
        return searchPath().first { access($0, F_OK) == 0 }
    }

    /// What a configuration may look up on this system: files it imports read like the
    /// configuration itself (bounded), users and groups from the passwd and group databases
    /// (NSS included, so LDAP or systemd-homed accounts count), applications with GIO.
    public static let systemLookups = ConfigurationLookups(
        readFile: { path in readBytes(path).map { Data($0) } },
        userExists: { name in accountExists(name, getpwnam_r) },
        groupExists: { name in accountExists(name, getgrnam_r) },
        desktopApplication: { id in
            do throws(DesktopEntryError) {
                return .success(try DesktopEntryReader.application(id))
            } catch {
                return .failure(DesktopLookupFailure(error.message))
            }
        },
        notRegularFile: { path in
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            switch st.st_mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFIFO: return "a FIFO"
            case S_IFDIR: return "a directory"
            case S_IFCHR, S_IFBLK: return "a device"
            case S_IFSOCK: return "a socket"
            default: return "no regular file"
            }
        })

    /// Reads and parses `path`. An unreadable file is one error at line 0; one that is not
    /// text (a NUL, invalid UTF-8) is one error at its line and column, and nothing of it is
    /// used: both are what `--check-config` and a reload see, since both come here.
    /// Only a regular file is a configuration: a FIFO or a device is refused at once.
    public static func load(_ path: String) -> ConfigurationLoad {
        var bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: configurationLimit)
        } catch {
            return ConfigurationLoad(
                configuration: Configuration(),
                diagnostics: [ConfigError(file: path, line: 0, key: "", message: "cannot read: \(error.reason)")])
        }
        let text: String
        do {
            text = try TextCheck.text(bytes)
            // Not kept beside the text while it is parsed: the file's size again, for nothing.
            bytes = []
        } catch {
            return ConfigurationLoad(
                configuration: Configuration(),
                diagnostics: [ConfigError(file: path, line: error.line, key: "", message: error.message,
                                          column: error.column)])
        }
        return Configuration.parse(text, file: path, lookups: systemLookups)
    }

    /// The file's text, or nil (errno set) when it cannot be read or is not text (EILSEQ):
    /// a lossy decoding would write back what the user never wrote.
    static func readFile(_ path: String) -> String? {
        guard let bytes = readBytes(path) else { return nil }
        guard let text = try? TextCheck.text(bytes) else {
            errno = EILSEQ
            return nil
        }
        return text
    }

    /// The whole file, or nil (with errno set) when it cannot be opened or read, is not a
    /// regular file (EINVAL), or is larger than `sizeLimit` (EFBIG).
    static func readBytes(_ path: String) -> [UInt8]? {
        do {
            return try RegularFile.read(path, limit: sizeLimit)
        } catch {
            errno = error.errno
            return nil
        }
    }

    /// Whether the reentrant lookup (getpwnam_r, getgrnam_r) finds an entry; the buffer
    /// grows while it is too small for the entry (ERANGE), as a group with many members
    /// needs.
    private static func accountExists<Entry>(
        _ name: String,
        _ lookup: (UnsafePointer<CChar>, UnsafeMutablePointer<Entry>, UnsafeMutablePointer<CChar>, Int,
                   UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>) -> Int32
    ) -> Bool {
        var size = 4096
        while size <= 1 << 24 {
            let entry = UnsafeMutablePointer<Entry>.allocate(capacity: 1)
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            var result: UnsafeMutablePointer<Entry>?
            defer { entry.deallocate(); buffer.deallocate() }
            let status = lookup(name, entry, buffer, size, &result)
            if status == ERANGE { size *= 2; continue }
            return status == 0 && result != nil
        }
        return false
    }
}
