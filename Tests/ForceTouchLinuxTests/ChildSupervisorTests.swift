import ForceTouchCore
import ForceTouchEngine
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

/// Runs real children on this machine: spawning, environment, timeouts, reaping, caps.
@Suite(.serialized) struct ChildSupervisorTests {
    /// Reaps until `supervisor` has no children or `seconds` pass, enforcing timeouts.
    private func settle(_ supervisor: ChildSupervisor, seconds: Double = 10) {
        let end = MonotonicClock.now() + Timestamp.Duration(seconds: seconds)
        while supervisor.count > 0 && MonotonicClock.now() < end {
            supervisor.reap()
            supervisor.enforceTimeouts()
            usleep(10_000)
        }
    }

    @Test func runsArgvWithoutAShellAndPassesTheEnvironment() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let out = "\(scratch.path)/out"
        let s = ChildSupervisor(maximumChildren: 4)
        var exits: [ChildSupervisor.Exit] = []
        s.onExit = { exits.append($0) }
        // `$FORCETOUCH_GESTURE; touch` would do something in a shell; as an argument it is text.
        try s.spawn(["/bin/sh", "-c", "printf '%s %s' \"$FORCETOUCH_GESTURE\" \"$1\" > \(out)", "sh", "$FORCETOUCH_GESTURE; touch"],
                    environment: ["FORCETOUCH_GESTURE": "tap"], timeout: .init(seconds: 5), label: "t")
        settle(s)
        #expect(exits.count == 1)
        #expect(exits.first?.succeeded == true)
        let text = try #require(ConfigurationFile.readFile(out))
        #expect(text == "tap $FORCETOUCH_GESTURE; touch")
    }

    @Test func missingProgramIsAnErrorNotACrash() {
        let s = ChildSupervisor(maximumChildren: 4)
        #expect(throws: ChildSupervisor.SpawnError.self) {
            try s.spawn(["/nonexistent/forcetouch-no-such-program"], environment: [:],
                        timeout: .init(seconds: 1), label: "missing")
        }
        do {
            try s.spawn(["forcetouch-no-such-program-either"], environment: [:], timeout: .init(seconds: 1), label: "missing")
        } catch {
            #expect(error.description.contains("command not found"))
        }
        #expect(s.count == 0)
    }

    /// The daemon stopping: every child ends, a polite one on SIGTERM, one that ignores it by
    /// SIGKILL after the grace, and each is reaped with its completion called.
    @Test func terminateAllEndsEveryChildBeforeReturning() throws {
        let s = ChildSupervisor(maximumChildren: 4)
        s.killGrace = .init(seconds: 0.3)
        var exits: [ChildSupervisor.Exit] = []
        s.onExit = { exits.append($0) }
        let polite = try s.spawn(["/bin/sleep", "60"], environment: [:], timeout: .init(seconds: 60), label: "polite")
        let stubborn = try s.spawn(["/bin/sh", "-c", "trap '' TERM; sleep 60"], environment: [:],
                                   timeout: .init(seconds: 60), label: "stubborn")
        usleep(200_000)  // let the shell set its trap
        s.terminateAll()
        #expect(s.count == 0)
        #expect(kill(polite, 0) != 0 && kill(stubborn, 0) != 0, "a child outlived terminateAll")
        #expect(Set(exits.map(\.label)) == ["polite", "stubborn"])
        #expect(exits.first { $0.label == "polite" }?.signal == SIGTERM)
        #expect(exits.first { $0.label == "stubborn" }?.signal == SIGKILL)
        // Issue 31: the log said "killed after its timeout (9.99 s)" of a child killed at shutdown.
        let stubbornSummary = exits.first { $0.label == "stubborn" }?.summary ?? ""
        #expect(stubbornSummary.hasPrefix("killed (SIGKILL) as the daemon stopped: it did not end on SIGTERM"),
                "\(stubbornSummary)")
        #expect(!stubbornSummary.contains("timeout"), "\(stubbornSummary)")
        let politeSummary = exits.first { $0.label == "polite" }?.summary ?? ""
        #expect(politeSummary.hasPrefix("ended by signal \(SIGTERM) as the daemon stopped"), "\(politeSummary)")
    }

    @Test func hangingChildIsKilledAtItsTimeout() throws {
        let s = ChildSupervisor(maximumChildren: 4)
        s.killGrace = .init(seconds: 0.2)
        var exits: [ChildSupervisor.Exit] = []
        s.onExit = { exits.append($0) }
        let started = MonotonicClock.now()
        // Ignores SIGTERM, so only the SIGKILL after the grace ends it.
        try s.spawn(["/bin/sh", "-c", "trap '' TERM; sleep 30"], environment: [:], timeout: .init(seconds: 0.3), label: "hang")
        #expect(s.nextDeadline != nil)
        settle(s, seconds: 10)
        let took = (MonotonicClock.now() - started).seconds
        #expect(exits.count == 1)
        #expect(exits.first?.timedOut == true)
        #expect(exits.first?.signal == SIGKILL)
        #expect(took < 5)
    }

    @Test func capOnConcurrentChildren() throws {
        let s = ChildSupervisor(maximumChildren: 2)
        try s.spawn(["sleep", "5"], environment: [:], timeout: .init(seconds: 0.2), label: "a")
        try s.spawn(["sleep", "5"], environment: [:], timeout: .init(seconds: 0.2), label: "b")
        #expect(throws: ChildSupervisor.SpawnError.self) {
            try s.spawn(["true"], environment: [:], timeout: .init(seconds: 1), label: "c")
        }
        s.killGrace = .init(seconds: 0.1)
        settle(s)
        #expect(s.count == 0)
    }
}
