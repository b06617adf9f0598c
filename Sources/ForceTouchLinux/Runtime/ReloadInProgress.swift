import CLinuxSupport
import ForceTouchCore
import Glibc

/// A reload under way: its file checked in a child and parsed on a thread of its own
/// (`BackgroundJob`) while the event loop goes on, and who waits for its answer. A reload
/// asked for while one runs is not merged into it — the file may have changed since it was
/// read — but runs when it ends.
struct ReloadInProgress {
    /// Called with the outcome: SIGHUP's no one, `forcectl reload`'s reply.
    typealias Done = (_ loaded: Bool, _ message: String) -> Void

    var waiting: [Done]
    /// Asked for after this one read the file: they get a reload of their own.
    var next: [Done] = []
    /// The checking child, so that a daemon stopping meanwhile does not leave it behind.
    let check = CheckChild()
    /// Whether the device database changed as this reload read it again.
    var databaseChanged: Bool

    /// What the thread leaves: the file's parse, or why it was not parsed.
    enum Outcome: Sendable {
        case parsed(ConfigurationLoad)
        case unsafe(String)
    }

    /// The pid of the `--check-config` child, set on the reload's thread, read on the loop's.
    final class CheckChild: @unchecked Sendable {
        private var lock = pthread_mutex_t()
        private var pid: pid_t = 0
        private var stopped = false

        init() { pthread_mutex_init(&lock, nil) }
        deinit { pthread_mutex_destroy(&lock) }

        /// Records the child; false when the daemon has stopped meanwhile (the child is then
        /// killed by the caller at once).
        func started(_ p: pid_t) -> Bool {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            pid = p
            return !stopped
        }

        func ended() {
            pthread_mutex_lock(&lock)
            pid = 0
            pthread_mutex_unlock(&lock)
        }

        /// The daemon stops: the child is killed, and one not yet started will be.
        func stop() {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            stopped = true
            if pid > 0 { kill(pid, SIGKILL) }
        }
    }
}
