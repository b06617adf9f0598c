import Foundation
import Testing

/// The repository stands on its own and its tests keep to their own scratch space: what a
/// clone on a fresh machine, or a machine shared with others, needs.
@Suite struct RepositoryTests {
    /// Every file of the repository's own (not the build, the VM cache or git's store).
    static func files(under dir: String = "", suffix: String = "") -> [String] {
        let root = Program.repositoryRoot.appendingPathComponent(dir)
        let skipped: Set<String> = [".git", ".build", "cache"]
        var out: [String] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".build") { walker?.skipDescendants(); continue }
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { continue }
            if name.hasSuffix(suffix) { out.append(String(url.path.dropFirst(Program.repositoryRoot.path.count + 1))) }
        }
        return out.sorted()
    }

    @Test func nothingReadsFilesBesideTheRepository() throws {
        // A clone has no sibling directory of shared material: fixtures and docs live in the
        // repository. The names are built here so that this file does not contain them (.ci/run
        // searches every tracked file for them, and is itself left out).
        let sibling = ".." + "/shared", recordings = "shared" + "/recordings"
        for file in Self.files() where file != ".ci/run" {
            guard let text = try? String(contentsOf: Program.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            else { continue }
            #expect(!text.contains(sibling) && !text.contains(recordings), "\(file) names \(sibling)")
        }
    }

    @Test("test scripts make their scratch directories with mktemp",
          arguments: files(under: "Tests", suffix: ".sh") + files(under: "vm", suffix: ".sh"))
    func scratchDirectoriesComeFromMktemp(_ path: String) throws {
        let text = try String(contentsOf: Program.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        // A fixed name under /tmp may be someone else's: removing, creating or naming it as the
        // scratch directory is what a shared machine cannot afford.
        let pattern = #"(rm -rf|mkdir( -p)?|(^|\s)[A-Z_][A-Z0-9_]*=)\s*"?/tmp/"#
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.range(of: pattern, options: .regularExpression) != nil && !line.contains("XXXXXX") {
            Issue.record("\(path):\(i + 1): a fixed scratch path; use mktemp -d: \(line)")
        }
    }
}
