#include "CBusSupport.h"

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
static const sd_bus_vtable daemon_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("Version", "s", get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Capability", "s", get, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Paused", "b", get, set, 0, CHANGES),
    SD_BUS_PROPERTY("Devices", "ao", get, 0, CHANGES),
    SD_BUS_METHOD_WITH_NAMES("Reload", "", , "s", SD_BUS_PARAM(message), method, 0),
    SD_BUS_METHOD_WITH_NAMES("GetQuickActions", "", , "ss", SD_BUS_PARAM(items) SD_BUS_PARAM(menu), method, 0),
    SD_BUS_METHOD_WITH_NAMES("SetQuickActions", "s", SD_BUS_PARAM(items), "u", SD_BUS_PARAM(count), method, 0),
    SD_BUS_METHOD_WITH_NAMES("AddQuickAction", "s", SD_BUS_PARAM(item), "s", SD_BUS_PARAM(result), method, 0),
    SD_BUS_METHOD_WITH_NAMES("UpdateQuickAction", "s", SD_BUS_PARAM(item), "s", SD_BUS_PARAM(type), method, 0),
    SD_BUS_METHOD_WITH_NAMES("RemoveQuickAction", "s", SD_BUS_PARAM(type), "", , method, 0),
    SD_BUS_METHOD_WITH_NAMES("ClearQuickActions", "", , "u", SD_BUS_PARAM(count), method, 0),
    SD_BUS_METHOD_WITH_NAMES("PerformQuickAction", "s", SD_BUS_PARAM(type),
                             "ss", SD_BUS_PARAM(result) SD_BUS_PARAM(message), method, 0),
    SD_BUS_METHOD_WITH_NAMES("RunIntent", "ssb", SD_BUS_PARAM(name) SD_BUS_PARAM(parameters) SD_BUS_PARAM(confirmed),
                             "ssss", SD_BUS_PARAM(result) SD_BUS_PARAM(message) SD_BUS_PARAM(code) SD_BUS_PARAM(output),
                             method, 0),
    SD_BUS_METHOD_WITH_NAMES("ChooseQuickAction", "s", SD_BUS_PARAM(type),
                             "ss", SD_BUS_PARAM(result) SD_BUS_PARAM(message), method, 0),
    SD_BUS_METHOD_WITH_NAMES("DismissMenu", "u", SD_BUS_PARAM(id), "", , method, 0),
    SD_BUS_METHOD_WITH_NAMES("ResetCalibration", "s", SD_BUS_PARAM(device), "as", SD_BUS_PARAM(forgotten), method, 0),
    // The intent window's answers (SPEC §11, "The intent window").
    SD_BUS_METHOD_WITH_NAMES("ConfirmIntent", "ub", SD_BUS_PARAM(id) SD_BUS_PARAM(confirmed), "", , method, 0),
    SD_BUS_METHOD_WITH_NAMES("AnswerIntent", "us", SD_BUS_PARAM(id) SD_BUS_PARAM(value), "", , method, 0),
    SD_BUS_METHOD_WITH_NAMES("OpenIntentApp", "u", SD_BUS_PARAM(id),
                             "ss", SD_BUS_PARAM(result) SD_BUS_PARAM(message), method, 0),
    SD_BUS_SIGNAL_WITH_NAMES("Gesture", "ossuddddsdd",
                             SD_BUS_PARAM(device) SD_BUS_PARAM(gesture) SD_BUS_PARAM(phase)
                             SD_BUS_PARAM(fingers) SD_BUS_PARAM(time) SD_BUS_PARAM(x) SD_BUS_PARAM(y)
                             SD_BUS_PARAM(force) SD_BUS_PARAM(stage) SD_BUS_PARAM(transitionProgress)
                             SD_BUS_PARAM(commitProgress), 0),
    SD_BUS_SIGNAL_WITH_NAMES("CapabilityChanged", "ossss",
                             SD_BUS_PARAM(device) SD_BUS_PARAM(node) SD_BUS_PARAM(capability) SD_BUS_PARAM(reason)
                             SD_BUS_PARAM(overall), 0),
    SD_BUS_SIGNAL_WITH_NAMES("QuickActionPerformed", "ssss",
                             SD_BUS_PARAM(type) SD_BUS_PARAM(title) SD_BUS_PARAM(result) SD_BUS_PARAM(message), 0),
    SD_BUS_SIGNAL_WITH_NAMES("MenuShown", "uaa{sv}ddss",
                             SD_BUS_PARAM(id) SD_BUS_PARAM(items) SD_BUS_PARAM(x) SD_BUS_PARAM(y)
                             SD_BUS_PARAM(placement) SD_BUS_PARAM(output), 0),
    SD_BUS_SIGNAL_WITH_NAMES("PressProgress", "ssddddss",
                             SD_BUS_PARAM(phase) SD_BUS_PARAM(stage) SD_BUS_PARAM(transitionProgress)
                             SD_BUS_PARAM(commitProgress) SD_BUS_PARAM(x) SD_BUS_PARAM(y)
                             SD_BUS_PARAM(placement) SD_BUS_PARAM(output), 0),
    SD_BUS_SIGNAL_WITH_NAMES("MenuDismissed", "us", SD_BUS_PARAM(id) SD_BUS_PARAM(reason), 0),
    // The intent window (SPEC §11, "The intent window"): a run's stages as signals, the window's answers as methods.
    SD_BUS_SIGNAL_WITH_NAMES("IntentStarted", "usssddssb",
                             SD_BUS_PARAM(id) SD_BUS_PARAM(intent) SD_BUS_PARAM(title) SD_BUS_PARAM(app)
                             SD_BUS_PARAM(x) SD_BUS_PARAM(y) SD_BUS_PARAM(placement) SD_BUS_PARAM(output)
                             SD_BUS_PARAM(located), 0),
    SD_BUS_SIGNAL_WITH_NAMES("IntentConfirm", "ussssd",
                             SD_BUS_PARAM(id) SD_BUS_PARAM(intent) SD_BUS_PARAM(title) SD_BUS_PARAM(prompt)
                             SD_BUS_PARAM(parameter) SD_BUS_PARAM(timeout), 0),
    SD_BUS_SIGNAL_WITH_NAMES("IntentChoose", "ussssasd",
                             SD_BUS_PARAM(id) SD_BUS_PARAM(intent) SD_BUS_PARAM(title) SD_BUS_PARAM(prompt)
                             SD_BUS_PARAM(parameter) SD_BUS_PARAM(choices) SD_BUS_PARAM(timeout), 0),
    SD_BUS_SIGNAL_WITH_NAMES("IntentNeedsValue", "usssssd",
                             SD_BUS_PARAM(id) SD_BUS_PARAM(intent) SD_BUS_PARAM(title) SD_BUS_PARAM(prompt)
                             SD_BUS_PARAM(parameter) SD_BUS_PARAM(type) SD_BUS_PARAM(timeout), 0),
    SD_BUS_SIGNAL_WITH_NAMES("IntentResponse", "usssssssb",
                             SD_BUS_PARAM(id) SD_BUS_PARAM(intent) SD_BUS_PARAM(title) SD_BUS_PARAM(code)
                             SD_BUS_PARAM(message) SD_BUS_PARAM(text) SD_BUS_PARAM(image) SD_BUS_PARAM(app)
                             SD_BUS_PARAM(final), 0),
    SD_BUS_SIGNAL_WITH_NAMES("AssistiveButton", "dddss", SD_BUS_PARAM(x) SD_BUS_PARAM(y) SD_BUS_PARAM(size)
                             SD_BUS_PARAM(output) SD_BUS_PARAM(state), 0),
    SD_BUS_VTABLE_END
};

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

int ft_bus_add_daemon(sd_bus *bus, sd_bus_slot **slot, const char *path, void *userdata) {
    return sd_bus_add_object_vtable(bus, slot, path, "io.github.forcetouch.Daemon1", daemon_vtable, userdata);
}

int ft_bus_add_device(sd_bus *bus, sd_bus_slot **slot, const char *path, void *userdata) {
    return sd_bus_add_object_vtable(bus, slot, path, "io.github.forcetouch.Device1", device_vtable, userdata);
}
