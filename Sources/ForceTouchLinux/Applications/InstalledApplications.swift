import ForceTouchCore
import Glibc

/// Every installed application, read when an overlay comes onto the bus and at each reload
/// while one is there (on a thread of its own: never on the input path) for
/// `PressTargetResolver`, which matches what is under a
/// press to one of them. The ids are the `.desktop` files at the top of each applications
/// folder of `XDG_DATA_HOME` and `XDG_DATA_DIRS`, the first of an id winning, as GIO looks
/// them up; each is read by `DesktopEntryReader`, so an entry GIO counts as not installed
/// (`Hidden`, a missing `TryExec`) is left out.
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

    static func read(_ environment: [String: String]) -> [DesktopApplication] {
        var seen: Set<String> = []
        var apps: [DesktopApplication] = []
        for folder in folders(environment) {
            let names = (try? DirectoryListing.names(in: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".desktop") && seen.insert(name).inserted {
                guard apps.count < maximumApplications else { return apps }
                if let app = try? DesktopEntryReader.application(name) { apps.append(app) }
            }
        }
        return apps
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
