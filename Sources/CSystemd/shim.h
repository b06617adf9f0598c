// libsystemd: sd-bus for the D-Bus interface, sd-journal for journald-native logging.
#include <systemd/sd-bus.h>
#include <systemd/sd-journal.h>
