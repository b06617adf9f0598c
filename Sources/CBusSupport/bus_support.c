#include "CBusSupport.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static ft_bus_handlers handlers;

void ft_bus_set_handlers(ft_bus_handlers h) { handlers = h; }

static int method(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    return handlers.method(m, userdata, error);
}

static int get(sd_bus *bus, const char *path, const char *interface, const char *property,
               sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    return handlers.get(bus, path, interface, property, reply, userdata, error);
}

static int set(sd_bus *bus, const char *path, const char *interface, const char *property,
               sd_bus_message *value, void *userdata, sd_bus_error *error) {
    return handlers.set(bus, path, interface, property, value, userdata, error);
}

#define CHANGES SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE

// Methods and writable properties keep sd-bus's default privilege check: only the daemon's
// own user (or one with CAP_SYS_ADMIN) may call them, whatever the bus's policy lets through.
static const sd_bus_vtable daemon_properties[] = {
    SD_BUS_PROPERTY("Version", "s", get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Capability", "s", get, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Paused", "b", get, set, 0, CHANGES),
    SD_BUS_PROPERTY("Devices", "ao", get, 0, CHANGES),
    SD_BUS_PROPERTY("UnderFinger", "as", get, 0, CHANGES),
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

// A copy of `names` as sd-bus's SD_BUS_PARAM list wants it: each name ended by a NUL.
static char *param_names(const char *names) {
    char *copy = strdup(names);
    if (copy == NULL) return NULL;
    for (char *p = copy; *p; p++)
        if (*p == ' ') *p = '\0';
    return copy;
}

// Daemon1's vtable: START, the properties, the methods and signals Swift's table gives, END.
// Made once and never freed: sd-bus reads it for as long as the object is exported.
static sd_bus_vtable *daemon_vtable(const ft_bus_method *methods, size_t count, const ft_bus_signal *signals,
                                    size_t signal_count) {
    static sd_bus_vtable *made;
    if (made) return made;
    size_t n = 1 + COUNT(daemon_properties) + count + signal_count + 1, i = 0;
    sd_bus_vtable *v = calloc(n, sizeof *v);
    if (v == NULL) return NULL;
    v[i++] = (sd_bus_vtable) SD_BUS_VTABLE_START(0);
    for (size_t k = 0; k < COUNT(daemon_properties); k++) v[i++] = daemon_properties[k];
    for (size_t k = 0; k < count; k++) {
        const char *member = strdup(methods[k].member), *signature = strdup(methods[k].signature),
                   *result = strdup(methods[k].result), *names = param_names(methods[k].names);
        if (!member || !signature || !result || !names) return NULL;
        v[i++] = (sd_bus_vtable) SD_BUS_METHOD_WITH_NAMES(member, signature, names, result, , method, 0);
    }
    for (size_t k = 0; k < signal_count; k++) {
        const char *member = strdup(signals[k].member), *signature = strdup(signals[k].signature),
                   *names = param_names(signals[k].names);
        if (!member || !signature || !names) return NULL;
        v[i++] = (sd_bus_vtable) SD_BUS_SIGNAL_WITH_NAMES(member, signature, names, 0);
    }
    v[i++] = (sd_bus_vtable) SD_BUS_VTABLE_END;
    made = v;
    return made;
}

static const sd_bus_vtable device_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("Node", "s", get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Name", "s", get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Class", "s", get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Id", "s", get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Capability", "s", get, 0, CHANGES),
    SD_BUS_PROPERTY("Reason", "s", get, 0, CHANGES),
    SD_BUS_PROPERTY("Emulated", "b", get, 0, CHANGES),
    SD_BUS_PROPERTY("MaximumPossibleForce", "d", get, 0, CHANGES),
    SD_BUS_PROPERTY("CalibrationSource", "s", get, 0, CHANGES),
    SD_BUS_VTABLE_END
};

int ft_bus_add_daemon(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, void *userdata,
                      const ft_bus_method *methods, size_t count, const ft_bus_signal *signals, size_t signal_count) {
    const sd_bus_vtable *vtable = daemon_vtable(methods, count, signals, signal_count);
    if (vtable == NULL) return -ENOMEM;
    return sd_bus_add_object_vtable(bus, slot, path, interface, vtable, userdata);
}

int ft_bus_add_device(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, void *userdata) {
    return sd_bus_add_object_vtable(bus, slot, path, interface, device_vtable, userdata);
}
