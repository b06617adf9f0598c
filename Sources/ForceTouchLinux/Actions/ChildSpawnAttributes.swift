import Glibc

/// The `posix_spawn` attributes every child of the daemon starts with, whether it runs an
/// action (`ChildSupervisor`) or checks a reloaded configuration (`ConfigurationCheck`).
///
/// The daemon blocks the signals it reads through its signalfd; a child inheriting that mask
/// would ignore SIGTERM from its own supervisor, so it starts with nothing blocked and those
/// signals back at their defaults.
enum ChildSpawnAttributes {
    /// The signals the daemon handles itself, reset for a child.
    static let handledSignals = [SIGCHLD, SIGHUP, SIGTERM, SIGINT, SIGPIPE]

    /// Initialized attributes; the caller destroys them. With `ownProcessGroup` the child
    /// leads a process group of its own, so that a timeout can signal all it started.
    static func make(ownProcessGroup: Bool) -> posix_spawnattr_t {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in handledSignals { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attr, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attr, Int16(flags))
        return attr
    }
}
