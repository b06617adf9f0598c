// One of forcetouchd's Daemon1 signals that forcetouch-overlay draws: overlay.c subscribes to
// each alone, by its member, so that the bus and GDBus pick it out, and passes it, once its
// sender is the daemon and its arguments are of its type, to what takes it.
#ifndef FORCETOUCH_DAEMON_SIGNAL_H
#define FORCETOUCH_DAEMON_SIGNAL_H
#include <glib.h>

typedef struct {
    /// Its member and its arguments' tuple (bus-protocol.h).
    const char *member, *type;
    /// Takes its arguments, of that type.
    void (*take)(GVariant *parameters);
} ft_daemon_signal;
#endif
