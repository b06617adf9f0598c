import Foundation
import Testing

/// The engine's room of its own (docs/ARCHITECTURE.md, Rules): `ForceTouchEngine` depends
/// on no target or package, and none of its files imports anything but the C library, so
/// that nothing on the per-event path can reach for Foundation. A target with no
/// dependencies could still import Foundation, which comes with the toolchain: this is what
/// says no.
@Suite struct EngineBoundaryTests {
    static let allowed: Set<String> = ["Glibc"]

    @Test func noEngineFileImportsAnythingButTheCLibrary() throws {
        let files = RepositoryTests.files(under: "Sources/ForceTouchEngine", suffix: ".swift")
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOf: Program.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let k = words.firstIndex(of: "import"), words[..<k].allSatisfy({ $0.hasPrefix("@") }),
                      k + 1 < words.count else { continue }
                let module = String(words[k + 1])
                #expect(Self.allowed.contains(module), "\(file): imports \(module)")
            }
        }
    }

    @Test func theEngineTargetHasNoDependenciesAndChecksItsImports() throws {
        let manifest = try String(contentsOf: Program.repositoryRoot.appendingPathComponent("Package.swift"),
                                  encoding: .utf8)
        guard let start = manifest.range(of: "name: \"ForceTouchEngine\"") else {
            Issue.record("no ForceTouchEngine target in Package.swift")
            return
        }
        let rest = manifest[start.upperBound...]
        let target = rest[..<(rest.range(of: "),")?.lowerBound ?? rest.endIndex)]
        #expect(!target.contains("dependencies"), "ForceTouchEngine must depend on nothing")
        #expect(target.contains("MemberImportVisibility"))
    }
}
