// The sd-bus vtables of forcetouchd's two D-Bus interfaces, io.github.forcetouch.Daemon1 and
// io.github.forcetouch.Device1 (dbus/io.github.forcetouch.Daemon1.xml). sd-bus builds vtables
// with C macros Swift cannot use; every entry here calls the one handler Swift registers.
// Daemon1's methods and signals are not listed here: they come from Swift's table (BusMethod,
// BusSignal), and so do the interfaces' names (BusNames). Only the properties are written here.
#ifndef FORCETOUCH_CBUSSUPPORT_H
#define FORCETOUCH_CBUSSUPPORT_H
#include <systemd/sd-bus.h>

/// What answers every method call, property read and property write of both interfaces.
typedef struct {
    sd_bus_message_handler_t method;
    sd_bus_property_get_t get;
    sd_bus_property_set_t set;
} ft_bus_handlers;

/// One method of Daemon1: its member, its arguments' and results' signatures, and the names
/// of its arguments then its results, each followed by a space.
typedef struct {
    const char *member;
    const char *signature;
    const char *result;
    const char *names;
} ft_bus_method;

/// One signal of Daemon1: its member, its arguments' signature, and their names, each
/// followed by a space.
typedef struct {
    const char *member;
    const char *signature;
    const char *names;
} ft_bus_signal;

/// Sets the handlers; before any object is added.
void ft_bus_set_handlers(ft_bus_handlers handlers);
/// Adds the Daemon1 interface, named `interface`, at `path`: its properties, `methods` and
/// `signals`. The vtable is made at the first call and kept; later calls are given the same.
int ft_bus_add_daemon(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, void *userdata,
                      const ft_bus_method *methods, size_t count, const ft_bus_signal *signals, size_t signal_count);
/// Adds the Device1 interface, named `interface`, at `path`.
int ft_bus_add_device(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, void *userdata);
#endif
