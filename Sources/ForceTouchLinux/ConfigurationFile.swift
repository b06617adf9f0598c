import ForceTouchCore
import Glibc

/// Finds and reads the configuration file: `--config`, then
/// `$XDG_CONFIG_HOME/forcetouch/forcetouch.toml` (or `~/.config/…`), then
/// `/etc/forcetouch/forcetouch.toml`.
public enum ConfigurationFile {
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

    /// Reads and parses `path`. An unreadable file is one error at line 0.
    public static func load(_ path: String) -> ConfigurationLoad {
        guard let text = readFile(path) else {
            let reason = String(cString: strerror(errno))
            return ConfigurationLoad(configuration: Configuration(),
                                     errors: [ConfigError(file: path, line: 0, key: "", message: "cannot read: \(reason)")])
        }
        return Configuration.parse(text, file: path)
    }

    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            bytes += buffer[0..<n]
            if bytes.count > 16 << 20 { errno = EFBIG; return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
