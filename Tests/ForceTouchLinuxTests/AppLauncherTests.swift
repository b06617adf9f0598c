import Testing
import ForceTouchCore
@testable import ForceTouchLinux

@Suite struct AppLauncherTests {
    @Test func aUnitIsNamedAsSystemdAsksLaunchersToNameApps() {
        #expect(SystemdUnitName.app("firefox", random: 0x1a2b) == "app-forcetouch-firefox@00001a2b.service")
        // A `-` in the id is escaped so that it stays apart from the name's separators.
        #expect(SystemdUnitName.app("org.gnome.Terminal", random: 0xffffffff)
                == "app-forcetouch-org.gnome.Terminal@ffffffff.service")
        #expect(SystemdUnitName.escape("my-app") == "my\\x2dapp")
        #expect(SystemdUnitName.escape(".hidden") == "\\x2ehidden")
        #expect(SystemdUnitName.escape("é") == "\\xc3\\xa9")
    }

    @Test func theApplicationIDIsTheDesktopIDOrTheProgramName() {
        #expect(AppLaunch.desktop(id: "firefox.desktop", action: "new-window").applicationID == "firefox")
        #expect(AppLaunch.command(["/usr/bin/foot", "-e", "htop"]).applicationID == "foot")
    }

    @Test func theUserManagerStartsTheAppAsAServiceWithTheSessionsVariables() {
        let argv = AppLauncher.systemdRun(["foot", "-e", "htop"], unit: "app-forcetouch-foot@00000001.service",
                                          environment: ["HOME": "/home/u", "WAYLAND_DISPLAY": "wayland-1",
                                                        "SECRET": "x", "DISPLAY": ":0"])
        #expect(argv == ["systemd-run", "--user", "--quiet", "--collect", "--unit=app-forcetouch-foot@00000001.service",
                         "--property=Type=exec", "--working-directory=/home/u", "--setenv=DISPLAY=:0",
                         "--setenv=WAYLAND_DISPLAY=wayland-1", "--", "foot", "-e", "htop"])
    }

    @Test func aProgramWaitedForPassesItsStatusOnAndLeavesWhatItStartedRunning() {
        let argv = AppLauncher.systemdRun(["gio", "open", "https://example.org"], unit: "app-forcetouch-gio@00000001.service",
                                          environment: [:], waiting: true)
        #expect(argv == ["systemd-run", "--user", "--quiet", "--collect", "--unit=app-forcetouch-gio@00000001.service",
                         "--property=Type=exec", "--wait", "--property=KillMode=process",
                         "--", "gio", "open", "https://example.org"])
    }

    @Test func withoutAUserManagerTheAppIsDetached() {
        #expect(AppLauncher.detached(["foot"]) == ["setsid", "--fork", "foot"])
    }

    @Test func aMissingProgramIsAnErrorBeforeAnythingStarts() {
        let launcher = AppLauncher(children: ChildSupervisor(maximumChildren: 4), environment: ["PATH": "/usr/bin:/bin"])
        var result: Result<String, LaunchError>?
        launcher.launch(["forcetouch-no-such-program"], applicationID: "x", label: "binding[1]") { result = $0 }
        guard case .failure(let error)? = result else { Issue.record("expected a failure"); return }
        #expect(error.description == "binding[1]: cannot launch forcetouch-no-such-program: command not found")
    }
}

@Suite struct PointerClickTests {
    @Test(arguments: [("right", PointerClick(button: .right)), ("Left", PointerClick(button: .left)),
                      ("middle", PointerClick(button: .middle)), ("double-left", PointerClick(button: .left, count: 2))])
    func namesReadAsUsersWriteThem(_ text: String, _ click: PointerClick) {
        #expect(PointerClick(parsing: text) == click)
        #expect(PointerClick(parsing: click.description) == click)
    }

    @Test func otherNamesAreRefused() {
        #expect(PointerClick(parsing: "BTN_RIGHT") == nil)
        #expect(PointerClick(parsing: "triple-left") == nil)
        #expect(PointerClick(parsing: "") == nil)
    }

    @Test func positionsMapOntoTheWholeAxisAndStayOnIt() {
        #expect(VirtualPointer.axis(0) == 0)
        #expect(VirtualPointer.axis(1) == VirtualPointer.range)
        #expect(VirtualPointer.axis(0.5) == (VirtualPointer.range + 1) / 2)
        #expect(VirtualPointer.axis(-0.2) == 0)
        #expect(VirtualPointer.axis(1.7) == VirtualPointer.range)
        #expect(VirtualPointer.axis(.nan) == 0)
    }
}
