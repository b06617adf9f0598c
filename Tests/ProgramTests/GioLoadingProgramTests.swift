import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// GIO (with GObject, GLib and the libraries under them) is opened when the configuration
/// first names an application, not when the daemon starts: a daemon that launches nothing by
/// its Desktop Entry does not carry it in memory.
@Suite(.serialized) struct GioLoadingProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    /// The shared libraries mapped into `pid`, by file name.
    private func mappedLibraries(_ pid: Int32) throws -> Set<String> {
        // Read to the end: /proc says its files are empty, and a one-size read stops short.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { path in
                path.hasPrefix("/") ? String(path.split(separator: "/").last!) : nil
            }
        })
    }

    @Test func aDaemonThatNamesNoApplicationDoesNotLoadGio() throws {
        let daemon = try RobustnessProgramTests.RunningDaemon(config: """
            [[binding]]
            gesture = "tap"
            exec = ["true"]

            """, asUser: asUser)
        defer { daemon.stop() }
        #expect(daemon.log.contains("ready: "), "\(daemon.log)")
        let libraries = try mappedLibraries(daemon.process.processIdentifier)
        #expect(libraries.contains { $0.hasPrefix("libevdev.so") }, "\(libraries.sorted())")
        #expect(!libraries.contains { $0.hasPrefix("libgio-2.0.so") || $0.hasPrefix("libglib-2.0.so") },
                "\(libraries.sorted())")
    }

    @Test func namingAnApplicationLoadsGioAndFindsIt() throws {
        let data = try ScratchDirectory()
        defer { data.remove() }
        chmod(data.path, 0o755)
        mkdir(data.path + "/applications", 0o755)
        let entry = try data.write("applications/org.example.Clock.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Clock
            Exec=/bin/true --clock
            Actions=timer;

            [Desktop Action timer]
            Name=Timer
            Exec=/bin/true --timer

            """)
        chmod(entry.path, 0o644)
        let daemon = try RobustnessProgramTests.RunningDaemon(config: """
            [[binding]]
            gesture = "tap"
            quick-actions = "org.example.Clock.desktop"

            """, environment: ["XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": data.path], asUser: asUser)
        defer { daemon.stop() }
        #expect(daemon.log.contains("ready: "), "\(daemon.log)")
        #expect(!daemon.log.contains("org.example.Clock.desktop:"), "\(daemon.log)")
        let libraries = try mappedLibraries(daemon.process.processIdentifier)
        #expect(libraries.contains { $0.hasPrefix("libgio-2.0.so") }, "\(libraries.sorted())")
    }
}
