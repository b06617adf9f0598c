import ForceTouchEngine
@testable import ForceTouchCore
import Testing

/// Which links a link menu's Open opens without asking (`[quick-actions] open-schemes`).
struct LinkSchemesTests {
    @Test func webLinksOpenByDefaultAndNothingElse() {
        let standard = LinkSchemes.standard
        #expect(standard.refusal("https://example.org/a?b=1") == nil)
        #expect(standard.refusal("HTTP://example.org") == nil)
        for address in ["javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "ftest://x;$(id)"] {
            let why = standard.refusal(address)
            #expect(why?.contains("links do not open without asking ([quick-actions] open-schemes: http: https:)") == true,
                    "\(address): \(why ?? "opened")")
        }
        #expect(standard.refusal("javascript:alert(1)")?.hasPrefix("not opened: javascript:") == true)
        #expect(standard.refusal("https://example.org/\nerror: FORGED") == "not opened: the address holds a control character")
        #expect(standard.refusal("https://example.org/\u{1B}[31m") == "not opened: the address holds a control character")
        #expect(standard.refusal("https://example.org/caf%C3%A9 é") == nil)
    }

    @Test func anAddressThatCouldBeReadAsAnOptionHasNoSchemeAndIsRefused() {
        for address in ["--help", "-x", " https://example.org", "//example.org", "", ":x", "1http://x", "ht tp://x"] {
            #expect(LinkSchemes.scheme(of: address) == nil, "\(address)")
            #expect(LinkSchemes.standard.refusal(address) == "not opened: the address has no scheme (such as https:)")
        }
    }

    @Test func schemesAreWrittenAsNamesAndCompareCaselessly() throws {
        let schemes = try LinkSchemes(["https", "Mailto", "web+app", "https"])
        #expect(schemes.names == ["https", "mailto", "web+app"])
        #expect(schemes.refusal("MAILTO:me@example.org") == nil)
        #expect(schemes.refusal("http://example.org") != nil)
        #expect(throws: LinkSchemes.InvalidName.self) { try LinkSchemes(["https:"]) }
        #expect(try LinkSchemes([]).refusal("https://x")?.contains("open-schemes: none") == true)
    }

    func settings(_ line: String) -> (QuickActionSettings, [String]) {
        let load = Configuration.parse("[quick-actions]\n" + line + "\n", file: "/etc/forcetouch/test.toml",
                                       lookups: .fake())
        return (load.configuration.quickActionSettings, load.errors.map(\.description))
    }

    @Test func openSchemesIsReadFromTheQuickActionsTable() {
        #expect(settings("").0.openSchemes == .standard)
        #expect(settings("open-schemes = [\"https\", \"mailto\"]").0.openSchemes.names == ["https", "mailto"])
        #expect(settings("open-schemes = []").0.openSchemes.names.isEmpty)
        let (kept, errors) = settings("open-schemes = [\"https:\"]")
        #expect(kept.openSchemes == .standard)
        #expect(errors.count == 1 && errors[0].contains("open-schemes") && errors[0].contains("\"https:\" is not a scheme name"),
                "\(errors)")
        #expect(settings("open-schemes = \"https\"").1.first?.contains("expected an array of schemes") == true)
        #expect(settings("open-schemes = [1]").1.first?.contains("expected a string") == true)
    }
}
