import Foundation
import Testing

/// `forcetest replay --explain` and `watch --explain` through the built program: the notes
/// come between the gestures, the gestures are the lines `replay` prints without it, and
/// `--explain` is text only.
@Suite struct ExplainProgramTests {
    static let scroll = "Tests/ForceTouchCoreTests/Fixtures/recordings/corpus/AlpsPS2-ALPS-GlidePoint.right-edge-scroll.evemu"

    @Test func replayExplainsBetweenTheSameGestures() throws {
        let plain = try Program.forcetest.run(["replay", Self.scroll])
        let explained = try Program.forcetest.run(["replay", "--explain", Self.scroll])
        #expect(plain.status == 0 && explained.status == 0, "\(explained)")
        let lines = explained.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.contains("  why: ") } == plain.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("1358202763.542979  why: tap refused: lasted 0.36 s > 0.35 s tap limit"), "\(explained)")
        #expect(lines.contains("1358202763.871051  why: deep-press [slot 0] refused: force 0.42 < peek 2.25"))
        #expect(lines.contains("1358202763.687472  why: long-press possible → began"))
    }

    @Test func watchExplainsAsReplayDoes() throws {
        let replay = try Program.forcetest.run(["replay", "--explain", Self.scroll])
        let watch = try Program.forcetest.run(["watch", "--explain", "--replay", Self.scroll, "--exit-at-end"])
        #expect(watch.status == 0, "\(watch)")
        #expect(watch.stdout == replay.stdout)
    }

    @Test(arguments: [["--json"], ["--summary"]])
    func explainIsTextOnly(_ other: [String]) throws {
        let run = try Program.forcetest.run(["replay", "--explain"] + other + [Self.scroll])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--explain is text"), "\(run)")
    }
}
