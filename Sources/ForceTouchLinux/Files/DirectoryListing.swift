import Glibc

/// The names in a directory, read with readdir. The daemon lists directories without
/// FileManager: FileManager's first use keeps about 1 MB of Foundation's pages resident for
/// the rest of the daemon's life.
public enum DirectoryListing {
    /// Every name in `dir` but `.` and `..`, in the order readdir gives them.
    public static func names(in dir: String) throws(SystemError) -> [String] {
        guard let d = opendir(dir) else { throw SystemError("opendir \(dir)") }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
