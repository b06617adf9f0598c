import Foundation
@testable import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Testing

/// Look Up in a dictionary application (SPEC §11, "Force Click on text"): which installed
/// application a word opens in and its command line, over the Desktop Entries of real Debian
/// 12 packages (`Fixtures/dictionary-apps`, one a package); the word's menu and its pop.
struct DictionaryApplicationTests {
    /// A recorded Desktop Entry as the daemon's reader gives it: its id, `Name`, `Icon`,
    /// `Exec` (each of these a single word), `Categories`.
    static func recorded(_ id: String) throws -> DesktopApplication {
        let text = try TestFiles.text(TestFiles.fixture("dictionary-apps/" + id))
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("[") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            keys[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return DesktopApplication(id: id, name: keys["Name"] ?? id, icon: keys["Icon"],
                                  dbusActivatable: keys["DBusActivatable"] == "true",
                                  exec: keys["Exec"].map { $0.split(separator: " ").map(String.init) },
                                  path: "/usr/share/applications/" + id,
                                  categories: (keys["Categories"] ?? "").split(separator: ";").map(String.init))
    }

    static let gnome = "org.gnome.Dictionary.desktop"
    static let xfce = "xfce4-dict.desktop"
    static let golden = "org.goldendict.GoldenDict.desktop"
    static let artha = "artha.desktop"

    @Test(arguments: [
        (gnome, "Look Up in Dictionary", ["gnome-dictionary", "--look-up=force"]),
        (xfce, "Look Up in Dictionary", ["xfce4-dict", "--dict", "force"]),
        (golden, "Look Up in GoldenDict", ["goldendict", "force"]),
    ])
    func eachDictionaryAppAloneIsChosenAndHandedTheWordItsWay(_ id: String, _ title: String, _ argv: [String]) throws {
        let chosen = try #require(DictionaryApplication.chosen(from: [Self.recorded(Self.artha), Self.recorded(id)]))
        #expect(chosen.app.id == id)
        #expect(chosen.itemTitle == title)
        #expect(chosen.commandLine(word: "force") == argv)
    }

    @Test func arthaIsNoDictionaryAppItListsNoDictionaryCategoryAndTakesNoWord() throws {
        let apps = [try Self.recorded(Self.artha)]
        #expect(DictionaryApplication.chosen(from: apps) == nil)
        #expect(DictionaryApplication.absence(in: apps) == "no dictionary application is installed (Debian: install gnome-dictionary)")
        #expect(DictionaryApplication.absence(in: []) == DictionaryApplication.absence(in: apps))
    }

    @Test func withSeveralInstalledGNOMEsIsChosenThenXfcesThenGoldenDict() throws {
        let all = try [Self.golden, Self.xfce, Self.gnome].map(Self.recorded)
        #expect(DictionaryApplication.chosen(from: all)?.app.id == Self.gnome)
        #expect(DictionaryApplication.chosen(from: Array(all.prefix(2)))?.app.id == Self.xfce)
    }

    @Test func anEntryThatDropsTheDictionaryCategoryOrItsExecIsNotChosen() throws {
        var hidden = try Self.recorded(Self.gnome)
        hidden.categories = ["GNOME", "GTK", "Office"]
        #expect(DictionaryApplication.chosen(from: [hidden]) == nil)
        var noExec = try Self.recorded(Self.gnome)
        noExec.exec = nil
        #expect(DictionaryApplication.chosen(from: [noExec]) == nil)
    }

    @Test func aDictionaryAppForcetouchCannotHandAWordToIsNamedInWhyThereIsNone() throws {
        var other = try Self.recorded(Self.golden)
        other.id = "io.github.xiaoyifang.goldendict_ng.desktop"
        other.name = "GoldenDict-ng"
        #expect(DictionaryApplication.chosen(from: [other]) == nil)
        let why = DictionaryApplication.absence(in: [other, try Self.recorded(Self.artha)])
        #expect(why.hasPrefix("no dictionary application forcetouch can hand a word to: "
            + "io.github.xiaoyifang.goldendict_ng.desktop (GoldenDict-ng) lists the Dictionary category"))
        #expect(why.hasSuffix("org.gnome.Dictionary.desktop, xfce4-dict.desktop, org.goldendict.GoldenDict.desktop with a word"))
    }

    @Test func theWordIsOneArgumentNeverAnOption() throws {
        let gnome = try #require(DictionaryApplication.chosen(from: [Self.recorded(Self.gnome)]))
        let golden = try #require(DictionaryApplication.chosen(from: [Self.recorded(Self.golden)]))
        #expect(gnome.commandLine(word: "naïve café; rm -rf ~ %w") == ["gnome-dictionary", "--look-up=naïve café; rm -rf ~ %w"])
        #expect(golden.commandLine(word: "l'été") == ["goldendict", "l'été"])
        for word in ["", "-h", "--help", "a\u{7}b", "line\nbreak"] {
            #expect(golden.commandLine(word: word) == nil, "\(word.debugDescription)")
        }
    }

    @Test func aFlatpaksExecIsKeptWholeBeforeTheWord() throws {
        var flatpak = try Self.recorded(Self.gnome)
        flatpak.exec = ["/usr/bin/flatpak", "run", "--branch=stable", "--command=gnome-dictionary", "org.gnome.Dictionary", "%U"]
        let chosen = try #require(DictionaryApplication.chosen(from: [flatpak]))
        #expect(chosen.commandLine(word: "force") == ["/usr/bin/flatpak", "run", "--branch=stable",
                                                      "--command=gnome-dictionary", "org.gnome.Dictionary", "--look-up=force"])
    }

    // MARK: The word's menu and its pop

    /// A press on "force" in a GTK text view, resolved with `applications` installed.
    func word(installed applications: [DesktopApplication]) -> PressTarget {
        var f = PressTargetFacts()
        f.role = "text"
        f.windowAppID = "zenity"
        f.windowType = "normal"
        f.text = "Press harder with some force to see more."
        f.textOffset = 23
        return PressTargetResolver(applications: applications, used: [.word]).resolve(f)
    }

    @Test func aWordsMenuOffersLookUpInTheInstalledDictionaryApp() throws {
        let target = word(installed: [try Self.recorded(Self.artha), try Self.recorded(Self.gnome)])
        #expect(target.kind == .word)
        #expect(target.dictionaryApp?.app.id == Self.gnome)
        let items = try #require(TextTargetMenu.items(for: target))
        #expect(items.map(\.title) == ["Look Up “force”", "Look Up in Dictionary", "Copy", "Search the Web"])
        #expect(items[1].type == TextTargetMenu.lookUpInAppType)
        #expect(items[1].icon == .symbol("org.gnome.Dictionary"))
        #expect(TextTargetMenu.uri(TextTargetMenu.lookUpInAppType, for: target) == nil, "an application, not a URI")
    }

    @Test func withNoDictionaryAppTheWordsMenuHasNoLookUpInIt() throws {
        let target = word(installed: [try Self.recorded(Self.artha)])
        #expect(target.dictionaryApp == nil)
        #expect(try #require(TextTargetMenu.items(for: target)).map(\.title) == ["Look Up “force”", "Copy", "Search the Web"])
    }

    @Test func aWordsHeldMenuWhosePressPoppedAndLiftedIsPoppedByTheDaemon() {
        var lookup = PressTargetLookup()
        lookup.began(x: 0.5, y: 0.5, at: Timestamp(microseconds: 0))
        lookup.peeked(at: Timestamp(microseconds: 1000))
        lookup.popped()
        #expect(!lookup.popsOnRelease(.word), "still down: the overlay pops it itself, having seen the pop")
        lookup.lifted()
        #expect(lookup.popsOnRelease(.word))
        #expect(!lookup.popsOnRelease(.email) && !lookup.popsOnRelease(.appIcon))
    }
}
