// The sd-bus vtables of forcetouchd's two D-Bus interfaces, io.github.forcetouch.Daemon1 and
// io.github.forcetouch.Device1 (dbus/io.github.forcetouch.Daemon1.xml). sd-bus builds vtables
// with C macros Swift cannot use; every entry here calls the one handler Swift registers.
#ifndef FORCETOUCH_CBUSSUPPORT_H
#define FORCETOUCH_CBUSSUPPORT_H
#include <systemd/sd-bus.h>

/// What answers every method call, property read and property write of both interfaces.
typedef struct {
    sd_bus_message_handler_t method;
    sd_bus_property_get_t get;
    sd_bus_property_set_t set;
} ft_bus_handlers;

/// Sets the handlers; before any object is added.
void ft_bus_set_handlers(ft_bus_handlers handlers);
/// Adds the Daemon1 interface at `path`.
int ft_bus_add_daemon(sd_bus *bus, sd_bus_slot **slot, const char *path, void *userdata);
/// Adds the Device1 interface at `path`.
int ft_bus_add_device(sd_bus *bus, sd_bus_slot **slot, const char *path, void *userdata);
#endif
