import Foundation
import Testing
@testable import ForceTouchCore

/// Regenerate the demo after changing the script: `FORCETOUCH_WRITE_DEMO=1 swift test --filter Demo`.
@Suite(.serialized) struct DemoRecordingTests {
    private var demoFile: URL { TestFiles.packageRoot.appendingPathComponent("demo/touchscreen-gestures.evemu") }

    @Test func bundledDemoIsTheScriptedSession() throws {
        if ProcessInfo.processInfo.environment["FORCETOUCH_WRITE_DEMO"] == "1" {
            try EvemuWriter.write(DemoRecording.script.recording).write(to: demoFile, atomically: true, encoding: .utf8)
        }
        let onDisk = try EvemuReader.read(TestFiles.text(demoFile))
        #expect(onDisk == DemoRecording.script.recording)
    }

    @Test func demoShowsEveryGesture() throws {
        let g = RecordingPlayback.run(try EvemuReader.read(TestFiles.text(demoFile)))
        #expect(names(g) == [
            "tap ended", "double-tap ended", "long-press began", "long-press ended",
            "deep-press began peek", "deep-press changed pop", "deep-press ended", "tap ended",
        ])
        #expect(g.last?.fingers == 2)
    }
}
