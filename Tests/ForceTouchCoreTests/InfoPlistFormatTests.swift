import Foundation
import Testing
@testable import ForceTouchCore

@Suite struct InfoPlistFormatTests {
    /// Both fixtures hold the same items; plistlib wrote the binary one (FMT_BINARY).
    @Test(arguments: ["Info.plist", "Info.binary.plist"])
    func xmlAndBinaryImportAlike(_ name: String) throws {
        let data = try Data(contentsOf: TestFiles.fixture(name))
        let (items, errors) = InfoPlistImporter.importItems(from: data, file: name)
        #expect(items.map(\.type) == [
            "com.example.notes.compose", "com.example.notes.checklist", "com.example.notes.scan",
            "com.example.notes.search",
        ])
        // Booleans stay booleans and numbers numbers, whichever way they were encoded.
        #expect(items[0].userInfo == ["folder": .string("Inbox"), "pinned": .bool(true), "priority": .number(2),
                                      "zoom": .number(1.5)])
        #expect(errors.map(\.index) == [4])
    }

    @Test func aConfigImportsABinaryPlistThroughItsLookups() throws {
        let binary = try Data(contentsOf: TestFiles.fixture("Notes-Info.binary.plist"))
        let l = Configuration.parse("""
            [quick-actions]
            import-plist = "Notes.plist"
            max-items = 4
            """, file: "/etc/forcetouch/test.toml", lookups: .fake(files: ["/etc/forcetouch/Notes.plist": binary]))
        #expect(l.diagnostics.isEmpty, "\(l.diagnostics)")
        #expect(l.configuration.quickActions.map(\.type) == [
            "org.example.notes.compose", "org.example.notes.checklist", "org.example.notes.scan",
            "org.example.notes.search",
        ])
    }
}
