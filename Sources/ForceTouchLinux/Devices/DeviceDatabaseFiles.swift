import ForceTouchCore
import Glibc

/// Finds and reads the device database (SPEC §2, docs/device-database.md): every `*.quirks`
/// file of the shipped directory, then `/etc/forcetouch/quirks`, then the user's
/// `$XDG_CONFIG_HOME/forcetouch/quirks` (or `~/.config/…`), each directory's files in name
/// order. Entries apply in that order, so a later file overrides an earlier one.
///
/// Nothing here stops a program: a missing directory is skipped, an unreadable file or a
/// bad section is an error to report (file:line), and the rest loads.
public enum DeviceDatabaseFiles {
    /// What was read: the database, the files it came from, and what was wrong.
    public struct Load: Sendable {
        public var database: DeviceDatabase
        public var files: [String]
        public var errors: [DeviceDatabaseError]
    }

    /// The directories searched, in the order they apply.
    public static func searchPath(executable: String? = executablePath(),
                                  environment: [String: String] = ProcessEnvironment.current()) -> [String] {
        var dirs: [String] = []
        if let executable, let shipped = shippedDirectory(executable: executable) { dirs.append(shipped) }
        dirs.append("/etc/forcetouch/quirks")
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            dirs.append(xdg + "/forcetouch/quirks")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            dirs.append(home + "/.config/forcetouch/quirks")
        }
        return dirs
    }

    /// The files forcetouch ships: `<package root>/quirks` for a program in a build tree
    /// (`…/.build/debug/forcetest`), else `<prefix>/share/forcetouch/quirks` beside the
    /// installed `<prefix>/bin`.
    public static func shippedDirectory(executable: String) -> String? {
        // The standard library's search over UTF-8, not Foundation's range(of:), which goes
        // through CFString and libFoundation's pages at every start.
        if let marker = executable.utf8.firstRange(of: "/.build/".utf8) {
            return String(executable[..<marker.lowerBound]) + "/quirks"
        }
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let bin = executable[..<slash]
        guard let up = bin.lastIndex(of: "/") else { return nil }
        return String(bin[..<up]) + "/share/forcetouch/quirks"
    }

    /// This program's own file, symbolic links resolved (/proc/self/exe).
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads every file of `directories` (the search path by default).
    public static func load(directories: [String] = searchPath()) -> Load {
        var entries: [DeviceDatabaseEntry] = []
        var files: [String] = []
        var errors: [DeviceDatabaseError] = []
        for dir in directories {
            let listed = quirksFiles(in: dir)
            if let e = listed.error { errors.append(DeviceDatabaseError(file: dir, line: 0, message: e)) }
            for path in listed.files {
                let bytes: [UInt8]
                do {
                    bytes = try RegularFile.read(path, limit: ConfigurationFile.sizeLimit)
                } catch {
                    errors.append(DeviceDatabaseError(file: path, line: 0, message: "cannot read: \(error.reason)"))
                    continue
                }
                let text: String
                do {
                    text = try TextCheck.text(bytes)
                } catch {
                    errors.append(DeviceDatabaseError(file: path, line: error.line, column: error.column,
                                                      message: error.message))
                    continue
                }
                let parsed = DeviceDatabase.parse(text, file: path)
                entries += parsed.entries
                errors += parsed.errors
                files.append(path)
            }
        }
        return Load(database: DeviceDatabase(entries: entries), files: files, errors: errors)
    }

    /// The `*.quirks` files of `dir` in name order (byte order, as `ls` in the C locale).
    /// A directory that is not there is no error; one that cannot be listed is.
    static func quirksFiles(in dir: String) -> (files: [String], error: String?) {
        let all: [String]
        do {
            all = try DirectoryListing.names(in: dir)
        } catch {
            if error.errno == ENOENT || error.errno == ENOTDIR { return ([], nil) }
            return ([], "cannot list: \(String(cString: strerror(error.errno)))")
        }
        var names = all.filter { $0.hasSuffix(".quirks") && !$0.hasPrefix(".") }
        names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return (names.map { dir + "/" + $0 }, nil)
    }
}
