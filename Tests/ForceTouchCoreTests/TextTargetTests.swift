import Foundation
@testable import ForceTouchCore
import ForceTouchProtocol
import Testing

/// A press on text (SPEC §11, "Force Click on text"): the looker's `text` and `text-offset`
/// made a target of the kind `TextDetection` finds, and each kind's menu.
struct TextTargetTests {
    /// Text's kinds used (they are listed to be: not by default); 2026-11-28 10:00, local.
    let resolver = PressTargetResolver(applications: [], used: PressTargetKind.defaultUsed.union(PressTargetKind.text), localNow: {
        CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 28)!, time: ClockTime(hour: 10, minute: 0)!)
    })

    /// Facts as forcetouch-overlay sends them for a press on `pressed` in `text` (its first
    /// scalar), in an ordinary window.
    func facts(_ text: String, at pressed: String) -> PressTargetFacts {
        var f = PressTargetFacts()
        f.role = "text"
        f.windowAppID = "zenity"
        f.windowType = "normal"
        f.text = text
        let prefix = text.range(of: pressed).map { text[..<$0.lowerBound] } ?? ""
        f.textOffset = UInt32(prefix.unicodeScalars.count)
        return f
    }

    @Test func aWordIsAWordTargetWithTheWordItsValueAndTheSentence() {
        let t = resolver.resolve(facts("Press harder with some force to see more.", at: "force"))
        #expect(t.kind == .word)
        #expect(t.name == "force")
        #expect(t.address == "force")
        #expect(t.text == .word("force"))
        #expect(t.context == "Press harder with some force to see more.")
        #expect(t.textRange == 23..<28, "the word's scalars in the text sent, to highlight")
    }

    @Test func aFindsRangeIsWhatItSpansNotJustThePressedWord() {
        let email = resolver.resolve(facts("Write to ada@example.org today.", at: "example"))
        #expect(email.textRange == 9..<24)
        let accented = resolver.resolve(facts("Un café très fort.", at: "fort"))
        #expect(accented.textRange == 13..<17, "counted in Unicode scalars, as AT-SPI counts")
    }

    @Test func eachDetectedKindIsItsTarget() {
        let email = resolver.resolve(facts("Write to ada@example.org today.", at: "example"))
        #expect(email.kind == .email)
        #expect(email.name == "ada@example.org")
        #expect(email.address == "mailto:ada@example.org")
        let phone = resolver.resolve(facts("Call +44 20 7946 0958 after lunch.", at: "7946"))
        #expect(phone.kind == .phone)
        #expect(phone.address == "tel:+442079460958")
        let date = resolver.resolve(facts("We meet on 3 December 2026 at 15:00.", at: "December"))
        #expect(date.kind == .date)
        #expect(date.address == "2026-12-03T15:00")
        let url = resolver.resolve(facts("See www.debian.org for the release.", at: "debian"))
        #expect(url.kind == .url)
        #expect(url.address == "https://www.debian.org")
    }

    @Test func aLinkAndAnAppsIconComeBeforeTheirText() {
        var link = facts("Debian", at: "Debian")
        link.address = "https://debian.org/"
        #expect(resolver.resolve(link).kind == .link)
        let apps = [DesktopApplication(id: "org.gnome.Calculator.desktop", name: "Calculator", path: "/usr/share/applications/org.gnome.Calculator.desktop")]
        var icon = facts("Calculator", at: "Calculator")
        icon.role = "push button"
        icon.name = "Calculator"
        icon.windowType = "dock"
        #expect(PressTargetResolver(applications: apps, used: resolver.used).resolve(icon).kind == .appIcon)
    }

    @Test func textIsNotLookedUpByDefaultAndAKindNotUsedSaysWhy() {
        #expect(PressTargetKind.defaultUsed == [.appIcon, .link])
        var r = resolver
        r.used = PressTargetKind.defaultUsed
        let t = r.resolve(facts("Press harder with some force.", at: "force"))
        #expect(t.kind == .nothing)
        #expect(t.why == "word text, and word is not used ([quick-actions] under-finger)")
    }

    @Test func aPressOnASpaceOrAnOffsetOutsideTheTextFindsNoText() {
        var space = facts("two  words", at: " ")
        space.windowType = nil
        space.windowAppID = nil
        #expect(resolver.resolve(space).kind == .nothing)
        var outside = facts("word", at: "word")
        outside.textOffset = 4
        #expect(resolver.resolve(outside).kind != .word)
        var noOffset = facts("word", at: "word")
        noOffset.textOffset = nil
        #expect(resolver.resolve(noOffset).kind != .word)
    }

    @Test func theFactsCarryTextAndItsOffsetOnTheBus() throws {
        let f = try PressTargetFacts(entries: [
            BusVariantEntry("text", .string("a word")), BusVariantEntry("text-offset", .uint32(2)),
            BusVariantEntry("window-pid", .uint32(7)),
        ])
        #expect(f.text == "a word")
        #expect(f.textOffset == 2)
        #expect(f.windowPID == 7)
        #expect(throws: PressTargetFactsError.self) {
            try PressTargetFacts(entries: [BusVariantEntry("text-offset", .string("2"))])
        }
    }

    func menu(_ target: PressTarget) -> [String] {
        PressTargetMenu.menu(for: target, configured: ShortcutStore()).0.menu.map(\.item.type)
    }

    @Test func eachKindHasItsItems() {
        var word = resolver.resolve(facts("some force here", at: "force"))
        word.definition = "force\n    n 1: a powerful effect or influence; \"the force of his eloquence\n"
        #expect(menu(word) == ["text.look-up", "text.copy", "text.search"])
        let items = TextTargetMenu.items(for: word) ?? []
        #expect(items.first?.title == "Look Up “force”")
        #expect(items.first?.subtitle == "n 1: a powerful effect or influence; \"the force of his eloquence")
        #expect(menu(resolver.resolve(facts("mail ada@example.org", at: "ada"))) == ["text.email", "text.copy"])
        #expect(menu(resolver.resolve(facts("ring 020 7946 0958", at: "7946"))) == ["text.call", "text.message", "text.copy"])
        #expect(menu(resolver.resolve(facts("on 3 December 2026", at: "December"))) == ["text.event", "text.copy"])
        #expect(menu(resolver.resolve(facts("see www.debian.org", at: "debian"))) == ["link.open", "link.copy"])
    }

    @Test func aWordWithoutADefinitionSaysWhyInItsLookUp() {
        var word = resolver.resolve(facts("some force here", at: "force"))
        word.dictionary = "no dictionary server on 127.0.0.1:2628 (Debian: install dictd and dict-wn)"
        #expect(TextTargetMenu.items(for: word)?.first?.subtitle == word.dictionary)
    }

    @Test func theURIsEachItemOpens() {
        let email = resolver.resolve(facts("mail ada@example.org", at: "ada"))
        #expect(TextTargetMenu.uri(TextTargetMenu.newEmailType, for: email) == "mailto:ada@example.org")
        let phone = resolver.resolve(facts("ring +44 20 7946 0958", at: "7946"))
        #expect(TextTargetMenu.uri(TextTargetMenu.callType, for: phone) == "tel:+442079460958")
        #expect(TextTargetMenu.uri(TextTargetMenu.messageType, for: phone) == "sms:+442079460958")
        let word = PressTarget(kind: .word, name: "naïve café&co", text: .word("naïve café&co"))
        #expect(TextTargetMenu.uri(TextTargetMenu.searchType, for: word)
            == "https://duckduckgo.com/?q=na%C3%AFve%20caf%C3%A9%26co")
        #expect(TextTargetMenu.uri(TextTargetMenu.copyType, for: word) == nil)
        for uri in ["mailto:ada@example.org", "tel:+442079460958", "sms:+442079460958", "https://duckduckgo.com/?q=x"] {
            #expect(TextTargetMenu.schemes.refusal(uri) == nil)
        }
        #expect(TextTargetMenu.schemes.refusal("javascript:alert(1)") != nil)
    }

    @Test func theTextKindsAreTheProtocolsEachOne() {
        // The overlay reads text where UnderFinger lists one of UnderFingerKinds.text: each is a kind here.
        #expect(PressTargetKind.text.map(\.rawValue) == UnderFingerKinds.text)
        #expect(PressTargetKind.text == [.word, .email, .phone, .date, .url])
    }

    @Test func aLongPressOnTextIsTheApps() {
        for kind in PressTargetKind.text {
            #expect(!PressTargetMenu.opensOnHapticTouch(PressTarget(kind: kind)))
        }
    }
}
