import ForceTouchCore
import Glibc

/// Every installed application, read when an overlay comes onto the bus and at each reload
/// while one is there (on a thread of its own: never on the input path) for
/// `PressTargetResolver`, which matches what is under a
/// press to one of them. The ids are the `.desktop` files of each applications folder of
/// `XDG_DATA_HOME` and `XDG_DATA_DIRS`, the first of an id winning, as GIO looks them up; one
/// in a subfolder is named with the folder, as the Desktop Entry specification says
/// (`applications/kde4/kate.desktop` is `kde4-kate.desktop`). Each is read by
/// `DesktopEntryReader`, so an entry GIO counts as not installed (`Hidden`, a missing
/// `TryExec`) is left out.
enum InstalledApplications {
    /// The applications folders, in lookup order.
    static func folders(_ environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? ""
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ([dataHome] + dataDirs).map { $0 + "/applications" }
    }

    /// The most entries read: a bound on the work and the memory of a folder filled by mistake.
    static let maximumApplications = 4096

    /// How deep subfolders are followed: a bound on a link loop.
    static let maximumDepth = 4

    static func read(_ environment: [String: String]) -> [DesktopApplication] {
        var seen: Set<String> = []
        var apps: [DesktopApplication] = []
        for folder in folders(environment) {
            for id in ids(in: folder, prefix: "", depth: 0) where seen.insert(id).inserted {
                guard apps.count < maximumApplications else { return apps }
                if let app = try? DesktopEntryReader.application(id) { apps.append(app) }
            }
        }
        return apps
    }

    /// The Desktop Entry ids under `folder`, sorted: its `.desktop` files, and its subfolders'
    /// with the subfolder's name and a `-` before them.
    static func ids(in folder: String, prefix: String, depth: Int) -> [String] {
        var ids: [String] = []
        for name in ((try? DirectoryListing.names(in: folder)) ?? []).sorted() where !name.hasPrefix(".") {
            if name.hasSuffix(".desktop") {
                ids.append(prefix + name)
            } else if depth < maximumDepth, isFolder(folder + "/" + name) {
                ids += Self.ids(in: folder + "/" + name, prefix: prefix + name + "-", depth: depth + 1)
            }
        }
        return ids
    }

    private static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// The file name of a process's executable (`/proc/PID/exe`), nil when it cannot be read.
    static func executable(of pid: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(" (deleted)") ? String(file.dropLast(10)) : file
    }
}
