import ForceTouchProtocol
import Testing

/// Where the daemon and `forcectl doctor` find the udev rule: udev's own order.
@Suite struct UdevRuleLocationTests {
    @Test func theAdministratorsCopyComesBeforeThePackages() {
        let installed: Set = ["/usr/lib/udev/rules.d/70-forcetouch.rules", "/etc/udev/rules.d/70-forcetouch.rules"]
        #expect(UdevRuleLocation.installedPath { installed.contains($0) } == "/etc/udev/rules.d/70-forcetouch.rules")
    }

    @Test func aMergedUsrSystemFindsTheOldPath() {
        #expect(UdevRuleLocation.installedPath { $0 == "/lib/udev/rules.d/70-forcetouch.rules" }
                == "/lib/udev/rules.d/70-forcetouch.rules")
    }

    @Test func noCopyIsNoPath() {
        #expect(UdevRuleLocation.installedPath { _ in false } == nil)
    }
}
