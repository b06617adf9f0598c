import ForceTouchCore
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

@Suite struct ConfigurationFileTests {
    @Test func searchOrderFollowsXDG() {
        #expect(ConfigurationFile.searchPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
                == ["/x/forcetouch/forcetouch.toml", "/etc/forcetouch/forcetouch.toml"])
        #expect(ConfigurationFile.searchPath(environment: ["HOME": "/h"])
                == ["/h/.config/forcetouch/forcetouch.toml", "/etc/forcetouch/forcetouch.toml"])
        #expect(ConfigurationFile.locate(explicit: "/given.toml") == "/given.toml")
    }

    @Test func unreadableFileIsOneErrorNamingIt() {
        let load = ConfigurationFile.load("/nonexistent/forcetouch.toml")
        #expect(!load.isValid)
        #expect(load.errors.first?.description.hasPrefix("/nonexistent/forcetouch.toml:") == true)
    }

    @Test func sdNotifyWithoutSocketIsHarmless() {
        unsetenv("NOTIFY_SOCKET")
        #expect(SystemdNotify.send("READY=1") == false)
    }

    @Test func sdNotifyReachesTheSocket() throws {
        let scratch = try ScratchDirectory()
        let path = "\(scratch.path)/notify"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd); scratch.remove() }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        setenv("NOTIFY_SOCKET", path, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        #expect(SystemdNotify.send("READY=1"))
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = recv(fd, &buffer, 64, Int32(MSG_DONTWAIT))
        #expect(n == 7)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == "READY=1")
    }
}

/// The fix a permission problem gets names what is on this machine, never the source tree.
@Suite struct PermissionFixTests {
    @Test func withoutTheRuleItSaysHowToInstallIt() {
        let fix = DeviceLister.permissionFix(installedRule: nil)
        #expect(fix.contains("70-forcetouch.rules"))
        #expect(fix.contains("sudo make install"))
        #expect(fix.contains("udevadm trigger"))
        #expect(!fix.contains("udev-rules/"), "a path in the source tree means nothing to an installed user")
    }

    @Test func withTheRuleInstalledItSaysHowToApplyIt() {
        let fix = DeviceLister.permissionFix(installedRule: "/usr/lib/udev/rules.d/70-forcetouch.rules")
        #expect(fix.contains("/usr/lib/udev/rules.d/70-forcetouch.rules is installed"))
        #expect(fix.contains("udevadm control --reload"))
        #expect(!fix.contains("sudo make install"))
    }
}
