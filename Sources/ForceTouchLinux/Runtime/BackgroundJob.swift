import CLinuxSupport
import Glibc

/// Work that would stall the event loop — checking and parsing a configuration file, which
/// takes seconds for a large one — run on a thread of its own, its result handed back on the
/// loop's thread: meanwhile the loop goes on reading devices (a claimed touchscreen must not
/// freeze), answering requests and taking signals.
///
/// The work sees nothing of the daemon: it gets what it needs by value and returns a
/// `Sendable` result, which `done` applies on the loop. A pipe wakes the loop, so the result
/// is taken at the loop's next turn like any other input.
final class BackgroundJob<Result: Sendable> {
    /// What the thread is handed, and what it leaves: the result under a lock, then one
    /// byte on the pipe.
    private final class Handoff: @unchecked Sendable {
        let work: @Sendable () -> Result
        let wakeFD: Int32
        private var lock = pthread_mutex_t()
        private var result: Result?

        init(work: @escaping @Sendable () -> Result, wakeFD: Int32) {
            self.work = work
            self.wakeFD = wakeFD
            pthread_mutex_init(&lock, nil)
        }

        deinit { pthread_mutex_destroy(&lock) }

        func finish(_ r: Result) {
            pthread_mutex_lock(&lock)
            result = r
            pthread_mutex_unlock(&lock)
            var byte: UInt8 = 1
            _ = write(wakeFD, &byte, 1)
        }

        func take() -> Result? {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            let r = result
            result = nil
            return r
        }
    }

    /// Starts `work` on a new thread; `done` gets its result on the loop's thread. Nil when
    /// no pipe or thread can be had (errno says why): the caller may then do the work in place.
    static func start(on loop: EventLoop, _ work: @escaping @Sendable () -> Result,
                      done: @escaping (Result) -> Void) -> BackgroundJob? {
        var fds: [Int32] = [-1, -1]
        guard ft_pipe(&fds, 1) == 0 else { return nil }
        let handoff = Handoff(work: work, wakeFD: fds[1])
        let job = BackgroundJob(loop: loop, readFD: fds[0], writeFD: fds[1], handoff: handoff, done: done)
        guard spawnDetachedThread({ handoff.finish(handoff.work()) }) else {
            job.close()
            return nil
        }
        job.token = loop.add(fd: fds[0]) { [job] in job.collect() }
        return job
    }

    private unowned let loop: EventLoop
    private let readFD: Int32
    private let writeFD: Int32
    private let handoff: Handoff
    private var done: ((Result) -> Void)?
    private var token: UInt64?

    private init(loop: EventLoop, readFD: Int32, writeFD: Int32, handoff: Handoff, done: @escaping (Result) -> Void) {
        self.loop = loop
        self.readFD = readFD
        self.writeFD = writeFD
        self.handoff = handoff
        self.done = done
    }

    /// The loop's side: the result, once the thread has left it.
    private func collect() {
        var byte: UInt8 = 0
        while read(readFD, &byte, 1) > 0 {}
        guard let result = handoff.take(), let done else { return }
        self.done = nil
        close()
        done(result)
    }

    private func close() {
        if let token { loop.remove(token) }
        token = nil
        _ = Glibc.close(readFD)
        // The thread has written its byte before the result could be taken: closing its end
        // now cannot cut it short.
        _ = Glibc.close(writeFD)
    }
}

/// What a thread is started with: C's entry point takes one pointer, and no generic type.
private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a detached thread; false (errno set) when none can be started.
private func spawnDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    let rc = pthread_create(&thread, &attributes, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    guard rc == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        errno = rc
        return false
    }
    return true
}
