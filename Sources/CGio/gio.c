#include "CGio.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of Debian's libglib2.0-0 (libglib2.0-0t64 from trixie on): GIO 2.x.
static const char *const library = "libgio-2.0.so.0";

static pthread_once_t once = PTHREAD_ONCE_INIT;
static ft_gio table;
static const ft_gio *opened;
static char failure[512];

static int resolve(void *handle, void **slot, const char *name) {
    *slot = dlsym(handle, name);
    if (*slot == NULL) {
        snprintf(failure, sizeof failure, "%s has no %s", library, name);
        return 0;
    }
    return 1;
}

#define RESOLVE(field, symbol) resolve(handle, (void **)&table.field, symbol)

static void open_gio(void) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : library);
        return;
    }
    // The GObject and GLib functions come from the libraries libgio itself depends on,
    // which dlsym searches after it.
    if (RESOLVE(desktop_app_info_new, "g_desktop_app_info_new")
        && RESOLVE(desktop_app_info_get_filename, "g_desktop_app_info_get_filename")
        && RESOLVE(desktop_app_info_get_string, "g_desktop_app_info_get_string")
        && RESOLVE(desktop_app_info_get_boolean, "g_desktop_app_info_get_boolean")
        && RESOLVE(desktop_app_info_list_actions, "g_desktop_app_info_list_actions")
        && RESOLVE(desktop_app_info_get_action_name, "g_desktop_app_info_get_action_name")
        && RESOLVE(app_info_get_name, "g_app_info_get_name")
        && RESOLVE(object_unref, "g_object_unref")
        && RESOLVE(key_file_new, "g_key_file_new")
        && RESOLVE(key_file_free, "g_key_file_free")
        && RESOLVE(key_file_load_from_file, "g_key_file_load_from_file")
        && RESOLVE(key_file_get_string, "g_key_file_get_string")
        && RESOLVE(shell_parse_argv, "g_shell_parse_argv")
        && RESOLVE(strfreev, "g_strfreev")
        && RESOLVE(clear_error, "g_clear_error")
        && RESOLVE(free, "g_free")) {
        opened = &table;
    }
}

const ft_gio *ft_gio_open(void) {
    pthread_once(&once, open_gio);
    return opened;
}

const char *ft_gio_failure(void) {
    pthread_once(&once, open_gio);
    return opened ? NULL : failure;
}
