import ForceTouchCore
import Glibc
import Testing
@testable import ForceTouchLinux

@Suite(.serialized) struct EventLoopTests {
    @Test func timerFiresAtTheArmedDeadlineAndFileDescriptorsWake() throws {
        let loop = try EventLoop(signals: [SIGUSR1])
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var readable = 0
        loop.add(fd: fds[0]) {
            var b: UInt8 = 0
            _ = read(fds[0], &b, 1)
            readable += 1
        }
        let deadline = MonotonicClock.now() + Timestamp.Duration(seconds: 0.05)
        var firedAt: Timestamp?
        loop.onTimer {
            firedAt = MonotonicClock.now()
            var b: UInt8 = 1
            _ = write(fds[1], &b, 1)
        }
        var armed = false
        loop.run {
            if !armed { loop.arm(at: deadline); armed = true }
            if readable > 0 { loop.stop() }
        }
        let fired = try #require(firedAt)
        #expect(fired >= deadline)
        #expect((fired - deadline).seconds < 1)
        #expect(readable == 1)
    }

    @Test func signalsArriveThroughTheLoop() throws {
        let loop = try EventLoop(signals: [SIGUSR2])
        var got: [Int32] = []
        loop.onSignal { got.append($0); loop.stop() }
        var sent = false
        loop.run {
            // To this thread only: other test threads do not block the signal.
            if !sent { pthread_kill(pthread_self(), SIGUSR2); sent = true }
        }
        #expect(got == [SIGUSR2])
    }
}
