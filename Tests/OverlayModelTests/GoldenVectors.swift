import FoundationEssentials
import OverlayModel
import Testing

/// A golden file of test vectors the Swift model writes for the GNOME Shell extension's ports of
/// it (gnome-shell/…/*Model.js), which Tests/GnomeShell/model-vectors.js checks them against
/// under gjs: the model here is the one truth, and a port that drifts from it fails there. A
/// change of the model changes the vectors: this fails while the committed file differs, and
/// `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter OverlayModelTests` writes it anew
/// (the diff is what the change does to the extension), as BusTableTests does for the bus.
enum GoldenVectors {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OverlayModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("GnomeShell/vectors")
    static var regenerate: Bool { ProcessInfo.processInfo.environment["FORCETOUCH_REGENERATE"] == "1" }

    /// Compares `value`, as sorted, pretty-printed JSON, with Tests/GnomeShell/vectors/`name`.json,
    /// or writes it there when regenerating.
    static func check<T: Encodable>(_ name: String, _ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        let url = directory.appendingPathComponent("\(name).json")
        if regenerate {
            try data.write(to: url)
            return
        }
        let committed = try? Data(contentsOf: url)
        #expect(committed == data,
                "Tests/GnomeShell/vectors/\(name).json differs from what the model writes: FORCETOUCH_REGENERATE=1 swift test --skip-build --filter OverlayModelTests writes it",
                sourceLocation: sourceLocation)
    }
}

extension PixelRect {
    /// As the vectors write a rectangle: [x, y, width, height].
    var vector: [Int] { [x, y, width, height] }
}
