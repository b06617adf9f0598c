import Foundation
import Testing
import ForceTouchCore
import ForceTouchTestSupport
@testable import ForceTouchLinux

/// Installed applications, as `.desktop` files in a data directory of their own. GLib reads
/// XDG_DATA_HOME and XDG_DATA_DIRS once per process, so every test shares this one.
private let applications: String = {
    let home = try! ScratchDirectory()
    let dirs = try! ScratchDirectory()
    try! FileManager.default.createDirectory(atPath: home.path + "/applications", withIntermediateDirectories: true)
    try! FileManager.default.createDirectory(atPath: dirs.path + "/applications", withIntermediateDirectories: true)
    let files = [
        "org.example.Notes.desktop": """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Name[de]=Notizen
            Icon=org.example.Notes
            Exec=/bin/true --open %U
            Actions=new-note;search;broken;

            [Desktop Action new-note]
            Name=New Note
            Name[de]=Neue Notiz
            Exec=/bin/true --new "a note" %i %c
            Icon=document-new

            [Desktop Action search]
            Name=Search
            Exec=/bin/true --search=%u 100%%

            [Desktop Action broken]
            Name=Broken
            """,
        "org.example.Bus.desktop": """
            [Desktop Entry]
            Type=Application
            Name=Bus App
            DBusActivatable=true
            Actions=ping;

            [Desktop Action ping]
            Name=Ping
            """,
        "hidden.desktop": "[Desktop Entry]\nType=Application\nName=Hidden\nExec=/bin/true\nHidden=true\n",
        "missing-tryexec.desktop": """
            [Desktop Entry]
            Type=Application
            Name=Not Here
            TryExec=/nonexistent/forcetouch-app
            Exec=/nonexistent/forcetouch-app
            """,
    ]
    for (name, text) in files { _ = try! home.write("applications/" + name, text + "\n") }
    // In a subfolder, as KDE's kde4/ ones: its id is kde4-org.example.Old.desktop.
    try! FileManager.default.createDirectory(atPath: home.path + "/applications/kde4", withIntermediateDirectories: true)
    _ = try! home.write("applications/kde4/org.example.Old.desktop",
                        "[Desktop Entry]\nType=Application\nName=Old App\nExec=/bin/true\nActions=again;\n\n"
                            + "[Desktop Action again]\nName=Again\nExec=/bin/true --again\n")
    setenv("XDG_DATA_HOME", home.path, 1)
    setenv("XDG_DATA_DIRS", dirs.path, 1)
    return home.path
}()

@Suite(.serialized) struct DesktopEntryReaderTests {
    @Test func readsActionsInTheFilesOrderWithTheirCommandLines() throws {
        _ = applications
        setenv("LANGUAGE", "C", 1)
        let app = try DesktopEntryReader.application("org.example.Notes.desktop")
        #expect(app.name == "Notes")
        #expect(app.icon == "org.example.Notes")
        #expect(!app.dbusActivatable)
        #expect(app.actions.map(\.id) == ["new-note", "search", "broken"])
        #expect(app.actions.map(\.name) == ["New Note", "Search", "Broken"])
        #expect(app.actions[0].icon == "document-new")
        // Field codes: files and URLs vanish, %i and %c expand, %% is a percent sign.
        #expect(app.commandLine(action: nil) == ["/bin/true", "--open"])
        #expect(app.commandLine(action: "new-note") == ["/bin/true", "--new", "a note", "--icon", "document-new", "Notes"])
        #expect(app.commandLine(action: "search") == ["/bin/true", "--search=", "100%"])
        #expect(app.commandLine(action: "broken") == nil)
        #expect(app.commandLine(action: "no-such-action") == nil)
    }

    @Test func namesComeInTheUsersLanguage() throws {
        _ = applications
        setenv("LANGUAGE", "de", 1)
        defer { setenv("LANGUAGE", "C", 1) }
        let app = try DesktopEntryReader.application("org.example.Notes")
        #expect(app.name == "Notizen")
        #expect(app.actions.first?.name == "Neue Notiz")
        #expect(app.actions.dropFirst().first?.name == "Search")
    }

    @Test func aDBusActivatableAppIsReachedAtItsObjectPath() throws {
        _ = applications
        let app = try DesktopEntryReader.application("org.example.Bus.desktop")
        #expect(app.dbusActivatable)
        #expect(app.busName == "org.example.Bus")
        #expect(app.objectPath == "/org/example/Bus")
        #expect(app.actions.map(\.id) == ["ping"])
        #expect(app.commandLine(action: "ping") == nil)
    }

    @Test(arguments: ["hidden.desktop", "missing-tryexec.desktop", "no-such-app.desktop"])
    func anAppThatIsNotInstalledIsAnErrorNamingIt(_ id: String) {
        _ = applications
        #expect {
            try DesktopEntryReader.application(id)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(id + ":") && text.contains("not installed") || text.contains("no such application")
        }
    }

    @Test func theInstalledAppsAreEveryEntryGIOCountsIncludingSubfolders() throws {
        _ = applications
        let ids = InstalledApplications.read(ProcessInfo.processInfo.environment).map(\.id)
        #expect(ids.contains("org.example.Notes.desktop"))
        #expect(ids.contains("kde4-org.example.Old.desktop"))
        #expect(!ids.contains("hidden.desktop") && !ids.contains("missing-tryexec.desktop"))
        let old = try DesktopEntryReader.application("kde4-org.example.Old.desktop")
        #expect(old.name == "Old App" && old.actions.map(\.id) == ["again"])
    }
}
