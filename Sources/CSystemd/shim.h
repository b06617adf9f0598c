// libsystemd: sd-bus for the D-Bus interface, sd-journal for journald-native logging,
// sd-daemon for sd_notify.
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
