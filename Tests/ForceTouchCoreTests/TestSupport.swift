import Foundation
import ForceTouchCore

/// Where the tests find their files: everything lives in this repository, so that a clone
/// alone passes the suite.
enum TestFiles {
    /// The package root, found from this file's own path so that it holds wherever the
    /// checkout lives (and in CI, where the layout is the same).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // ForceTouchCoreTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
    }

    /// Real evemu recordings (whot/evemu-devices, MIT; see their README.md): `Fixtures/recordings`.
    static var realRecordings: URL { fixture("recordings") }

    /// The labelled corpus of real devices: `Fixtures/recordings/corpus`.
    static var corpus: URL { realRecordings.appendingPathComponent("corpus", isDirectory: true) }

    /// A file in the test target's `Fixtures` resources. Read from the bundle when SwiftPM
    /// built one, else straight from the source tree.
    static func fixture(_ name: String) -> URL {
        if let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") {
            return url
        }
        return packageRoot.appendingPathComponent("Tests/ForceTouchCoreTests/Fixtures/\(name)")
    }

    /// A real recording by file name, e.g. `alps-glidepoint.double-tap.evemu`.
    static func realRecording(_ name: String) -> URL {
        realRecordings.appendingPathComponent(name)
    }

    /// The text of a file, as UTF-8.
    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}

extension ConfigurationLookups {
    /// What the tests' imaginary system holds: these files (by absolute path), users and
    /// groups, and nothing else.
    static func fake(files: [String: Data] = [:],
                     users: Set<String> = ["root", "alice", "bob.smith", "svc-backup$"],
                     groups: Set<String> = ["root", "wheel", "input"],
                     applications: [DesktopApplication] = []) -> ConfigurationLookups {
        ConfigurationLookups(readFile: { files[$0] }, userExists: { users.contains($0) },
                             groupExists: { groups.contains($0) },
                             desktopApplication: { id in
                                 applications.first { $0.id == id }.map { .success($0) }
                                     ?? .failure(DesktopLookupFailure("no such application is installed"))
                             })
    }

    /// The real files under the given paths, read straight from disk, with the fake
    /// accounts: for fixtures and the shipped configurations.
    static let diskFiles = ConfigurationLookups(
        readFile: { try? Data(contentsOf: URL(fileURLWithPath: $0)) },
        userExists: { fake().userExists($0) }, groupExists: { fake().groupExists($0) },
        desktopApplication: { fake().desktopApplication($0) })
}
