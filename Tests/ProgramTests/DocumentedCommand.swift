import Foundation
import Testing

/// A command that README.md or a comment in a shipped file shows a user.
struct DocumentedCommand: CustomStringConvertible, Sendable {
    enum Kind: Sendable {
        /// A command to type as it is: a test must run it, exactly as written.
        case example
        /// A synopsis (`[--json]`, `FILE`, `set|add`, `…`) or a mention in prose: the
        /// subcommand and every option it names must exist in the built program.
        case reference
    }

    var text: String
    var file: String
    var line: Int
    var kind: Kind
    var description: String { "\(file):\(line): \(text)" }

    static let programs: Set<String> = ["forcetouchd", "forcetest", "forcectl", "make", "sudo", "systemctl",
                                        "journalctl", "udevadm", "busctl", "gdbus"]
    static let ours: Set<String> = ["forcetouchd", "forcetest", "forcectl"]
    static let placeholders: Set<String> = ["FILE", "PATH", "DEVICE", "NAME", "TYPE", "S", "N"]

    var program: String { String(text.split(separator: " ").first ?? "") }

    /// Every command in README.md's `sh` blocks and in the comments of the shipped configs,
    /// the systemd unit and the udev rule.
    static func all() throws -> [DocumentedCommand] {
        let root = Program.repositoryRoot
        var found: [DocumentedCommand] = []
        var inShell = false, inFence = false
        // Prose outside code blocks, one string with the line each character came from: a
        // `command` in backticks may wrap onto the next line.
        var prose: [(Character, Int)] = []
        for (i, line) in try lines("README.md").enumerated() {
            if line.hasPrefix("```") {
                inShell = !inFence && line == "```sh"
                inFence.toggle()
                continue
            }
            if !inFence {
                prose += line.map { ($0, i + 1) } + [(" ", i + 1)]
                continue
            }
            let command = stripComment(line)
            if inShell, !command.isEmpty { found.append(make(command, "README.md", i + 1, mentioned: false)) }
        }
        var span: [(Character, Int)]? = nil
        for (c, line) in prose {
            guard c == "`" else { span?.append((c, line)); continue }
            if let open = span {
                let text = String(open.map(\.0))
                if let first = open.first, programs.contains(String(text.split(separator: " ").first ?? "")) {
                    found.append(make(text, "README.md", first.1, mentioned: true))
                }
                span = nil
            } else {
                span = []
            }
        }
        var shipped = ["systemd/forcetouchd.service", "udev-rules/70-forcetouch.rules"]
        for dir in ["config", "config/examples"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)
            shipped += names.filter { $0.hasSuffix(".toml") }.sorted().map { "\(dir)/\($0)" }
        }
        for file in shipped {
            for (i, line) in try lines(file).enumerated() {
                guard let hash = line.firstIndex(of: "#") else { continue }
                let comment = line[line.index(after: hash)...]
                // An example on a line of its own is indented under its prose.
                let example = stripComment(comment.trimmingCharacters(in: .whitespaces))
                if comment.hasPrefix("  "), programs.contains(String(example.split(separator: " ").first ?? "")) {
                    found.append(make(example, file, i + 1, mentioned: false))
                    continue
                }
                let spans = comment.split(separator: "`", omittingEmptySubsequences: false)
                for (n, span) in spans.enumerated() where n % 2 == 1 {
                    if programs.contains(String(span.split(separator: " ").first ?? "")) {
                        found.append(make(String(span), file, i + 1, mentioned: true))
                    }
                }
            }
        }
        return found
    }

    private static func lines(_ file: String) throws -> [String] {
        try String(contentsOf: Program.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The command without a trailing `# comment` (none of ours has a # inside quotes).
    private static func stripComment(_ line: String) -> String {
        let body = line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? line
        return body.trimmingCharacters(in: .whitespaces)
    }

    private static func make(_ text: String, _ file: String, _ line: Int, mentioned: Bool) -> DocumentedCommand {
        let words = text.split(separator: " ").map(String.init)
        let synopsis = text.contains("[") || text.contains("|") || text.contains("…")
            || words.contains { placeholders.contains($0) }
        // Mentions in prose of other programs' commands are references too: covered by an
        // example that contains them.
        let kind: Kind = synopsis || mentioned ? .reference : .example
        return DocumentedCommand(text: text, file: file, line: line, kind: kind)
    }

    /// The commands the documented-command scripts run, from their `doc <<'CMD'` blocks.
    static func run() throws -> Set<String> {
        let root = Program.repositoryRoot
        var commands: Set<String> = []
        let scripts = FileManager.default.enumerator(atPath: root.appendingPathComponent("Tests").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".sh") } ?? []
        for script in scripts {
            let lines = try String(contentsOf: root.appendingPathComponent("Tests/" + script), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.hasPrefix("doc ") && line.hasSuffix("<<'CMD'") && i + 1 < lines.count {
                commands.insert(String(lines[i + 1]))
            }
        }
        return commands
    }
}
