import Testing
@testable import ForceTouchLinux

/// The installed applications read once at a time, however often an overlay comes and goes.
struct OneRunAtATimeTests {
    @Test func askedForDuringARunItIsOneMoreRunAfterIt() {
        var runs = OneRunAtATime()
        let first = runs.ask()
        var startedMeanwhile = 0
        for _ in 0..<2000 where runs.ask() { startedMeanwhile += 1 }
        let owed = runs.ended()
        let stillRunning = runs.running
        let more = runs.ended()
        #expect(first && startedMeanwhile == 0 && owed && stillRunning)
        #expect(!more && !runs.running)
    }

    @Test func notAskedForDuringARunNothingMoreRuns() {
        var runs = OneRunAtATime()
        let first = runs.ask()
        let more = runs.ended()
        let again = runs.ask()
        #expect(first && !more && again)
    }
}
