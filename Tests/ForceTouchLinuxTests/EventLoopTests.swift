import ForceTouchCore
import ForceTouchEngine
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

    @Test func devicesGoBeforeSocketClientsAndABudgetedHandlerComesBack() throws {
        let loop = try EventLoop(signals: [])
        var client: [Int32] = [0, 0], device: [Int32] = [0, 0]
        #expect(pipe(&client) == 0 && pipe(&device) == 0)
        defer { for fd in client + device { close(fd) } }
        var order: [String] = []
        var clientTurns = 0
        var clientToken: UInt64 = 0
        // Registered first and ready first: a socket client still waits for the device.
        clientToken = loop.add(fd: client[0], priority: .low) {
            var b: UInt8 = 0
            if clientTurns == 0 { _ = read(client[0], &b, 1) }
            clientTurns += 1
            order.append("client")
            // Work left over: come back next turn, without the descriptor being readable.
            if clientTurns < 3 { loop.callAgain(clientToken) }
        }
        loop.add(fd: device[0]) {
            var b: UInt8 = 0
            _ = read(device[0], &b, 1)
            order.append("device")
        }
        var b: UInt8 = 1
        _ = write(client[1], &b, 1)
        _ = write(device[1], &b, 1)
        loop.run { if clientTurns >= 3 { loop.stop() } }
        #expect(order == ["device", "client", "client", "client"])
    }

    @Test func inputIsReadBeforeTheTimerUdevAndSignalsOfTheSameTurn() throws {
        let loop = try EventLoop(signals: [])
        var udev: [Int32] = [0, 0], device: [Int32] = [0, 0]
        #expect(pipe(&udev) == 0 && pipe(&device) == 0)
        defer { for fd in udev + device { close(fd) } }
        var order: [String] = []
        // Registered first, ready first, and a deadline already past: the device still goes first.
        loop.add(fd: udev[0]) {
            var b: UInt8 = 0
            _ = read(udev[0], &b, 1)
            order.append("udev")
        }
        loop.onTimer { order.append("timer") }
        loop.add(fd: device[0], priority: .input) {
            var b: UInt8 = 0
            _ = read(device[0], &b, 1)
            order.append("device")
        }
        var b: UInt8 = 1
        _ = write(udev[1], &b, 1)
        _ = write(device[1], &b, 1)
        loop.arm(at: MonotonicClock.now())
        usleep(2000)
        loop.run { if order.count >= 3 { loop.stop() } }
        #expect(order.first == "device")
        #expect(Set(order) == ["device", "udev", "timer"])
    }

    /// An input descriptor is reported when new input comes, not while input waits: its
    /// handler reads to EAGAIN, and epoll need not look at it again to find it empty.
    @Test func anInputDescriptorIsReportedWhenNewInputComes() throws {
        let loop = try EventLoop(signals: [])
        var device: [Int32] = [0, 0]
        #expect(pipe(&device) == 0)
        defer { for fd in device { close(fd) } }
        var reads = 0, timers = 0
        loop.add(fd: device[0], priority: .input) {
            // One byte of the two that wait: the other is not reported again by itself.
            var b: UInt8 = 0
            _ = read(device[0], &b, 1)
            reads += 1
            if reads == 2 { loop.stop() }
        }
        loop.onTimer {
            timers += 1
            var b: UInt8 = 2
            _ = write(device[1], &b, 1)
        }
        var b: UInt8 = 1
        _ = write(device[1], &b, 1)
        _ = write(device[1], &b, 1)
        loop.arm(at: Timestamp(microseconds: MonotonicClock.now().microseconds + 50_000))
        loop.run()
        // Level-triggered, the byte left would have called the handler again at once.
        #expect(timers == 1)
        #expect(reads == 2)
    }

    /// A removed descriptor's token must never act on the descriptor that reuses its place.
    @Test func aRemovedTokenDoesNotReachTheHandlerThatReusesItsSlot() throws {
        let loop = try EventLoop(signals: [])
        var first: [Int32] = [0, 0], second: [Int32] = [0, 0]
        #expect(pipe(&first) == 0 && pipe(&second) == 0)
        defer { for fd in first + second { close(fd) } }
        var calls: [String] = []
        let old = loop.add(fd: first[0]) { calls.append("first") }
        loop.remove(old)
        var turns = 0
        let new = loop.add(fd: second[0]) {
            var b: UInt8 = 0
            _ = read(second[0], &b, 1)
            calls.append("second")
        }
        #expect(new != old)
        // The old token asks for another turn and is removed again: neither reaches `new`.
        loop.callAgain(old)
        loop.remove(old)
        var b: UInt8 = 1
        _ = write(second[1], &b, 1)
        _ = write(first[1], &b, 1)
        loop.run {
            turns += 1
            if turns >= 3 { loop.stop() }
            if turns == 2 { _ = write(second[1], &b, 1) }
        }
        // Still watched: the second write woke it again; the first descriptor is not watched.
        #expect(calls == ["second", "second"])
    }
}
