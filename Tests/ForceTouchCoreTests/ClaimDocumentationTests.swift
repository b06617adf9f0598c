import Foundation
import Testing
@testable import ForceTouchEngine

/// The README's claiming table, SPEC §10 and the shipped configuration's `claim` comment say
/// the same true thing (issue 41): where `auto` cancels is where the code cancels, and on sway
/// 1.7 a cancel is dropped — the app keeps a touch that never ends — not ended as a click.
/// The comment said `cancel` on any Wayland desktop without Xwayland, and the README that a
/// cancel ends as a click on sway 1.7.
@Suite struct ClaimDocumentationTests {
    static func text(_ path: String) throws -> String {
        try TestFiles.text(TestFiles.packageRoot.appendingPathComponent(path))
    }

    /// The `claim` key's comment in config/forcetouch.toml, as one line of prose.
    static func configComment() throws -> String {
        let lines = try text("config/forcetouch.toml").split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("# claim = \"auto\"") }) else { return "" }
        var prose: [Substring] = []
        for (i, line) in lines[start...].enumerated() {
            // The key's own line and its continuations, whose first column is blank.
            guard i == 0 || line.hasPrefix("#                               #") else { break }
            guard let hash = line.dropFirst().firstIndex(of: "#") else { break }
            prose.append(line[line.index(after: hash)...].drop { $0 == " " })
        }
        return prose.joined(separator: " ")
    }

    /// How each document names a desktop whose compositor forwards a cancel.
    static let names = ["gnome": "GNOME", "kde": "KDE", "hyprland": "Hyprland"]

    @Test func theConfigCommentSaysWhereAutoCancelsAsTheCodeDecides() throws {
        let comment = try Self.configComment()
        let auto = try #require(comment.range(of: "auto: ").map { String(comment[$0.upperBound...]) }, "\(comment)")
        let cancel = auto.components(separatedBy: "hold").first ?? ""
        #expect(Set(Self.names.keys) == ClaimSession.cancellingDesktops)
        for (desktop, name) in Self.names {
            #expect(cancel.contains(name), "auto cancels on \(name) but the comment does not say so: \(auto)")
            let session = ClaimSession(sessionType: "wayland", currentDesktop: desktop, hasWaylandDisplay: true)
            #expect(session.automaticMode(for: .touchscreen) == .cancel)
        }
        let sway = ClaimSession(sessionType: "wayland", currentDesktop: "sway", hasWaylandDisplay: true)
        #expect(sway.automaticMode(for: .touchscreen) == .hold)
        #expect(!cancel.contains("sway") && !cancel.contains("Wayland desktop without Xwayland"),
                "the comment says auto cancels where the code holds: \(auto)")
        #expect(auto.components(separatedBy: "hold").dropFirst().joined().contains("sway"),
                "the comment does not say auto holds on sway: \(auto)")
    }

    @Test func everyDocumentSaysSway17DropsTheCancel() throws {
        let readme = try Self.text("README.md").split(separator: "\n")
        let hold = try #require(readme.first { $0.hasPrefix("| `\"hold\"` |") })
        #expect(hold.contains("sway 1.7") && hold.contains("drops a cancel") && !hold.contains("click"), "\(hold)")
        let spec = try Self.text("docs/SPEC.md")
        #expect(spec.contains("| sway (1.7 in Debian 12 drops the cancel; 1.9 forwards it) | `hold` |"))
        #expect(spec.contains("sway 1.7 drops it: the app keeps a touch that never ends"))
        let comment = try Self.configComment()
        #expect(comment.contains("sway 1.7, which drops a cancel"), "\(comment)")
        let autoRow = try #require(readme.first { $0.hasPrefix("| `\"auto\"` (default) |") })
        for name in Self.names.values { #expect(autoRow.contains(name), "\(autoRow)") }
    }
}
