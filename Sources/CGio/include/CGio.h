// The part of GIO (and the GLib under it) that DesktopEntryReader calls, opened with dlopen
// the first time an application is looked up: a daemon whose configuration names no
// application never maps libgio, libgobject, libglib and the seven libraries they bring
// (about 1.9 MB of a 17.9 MB resident set). GLib's types appear here as what they are in
// its stable C ABI (gchar is char, gboolean and gint are int, GError's first three fields).
#ifndef FORCETOUCH_CGIO_H
#define FORCETOUCH_CGIO_H
#include <stdint.h>

/// GLib's GError, whose layout is part of GLib's ABI.
typedef struct ft_gio_error {
    uint32_t domain;
    int code;
    char *message;
} ft_gio_error;

/// GIO's functions, resolved from the library GIO was opened as. Opaque GObjects and
/// GKeyFiles are `void *`.
typedef struct ft_gio {
    void *(*desktop_app_info_new)(const char *desktop_id);
    const char *(*desktop_app_info_get_filename)(void *info);
    char *(*desktop_app_info_get_string)(void *info, const char *key);
    int (*desktop_app_info_get_boolean)(void *info, const char *key);
    const char *const *(*desktop_app_info_list_actions)(void *info);
    char *(*desktop_app_info_get_action_name)(void *info, const char *action_name);
    const char *(*app_info_get_name)(void *appinfo);
    void (*object_unref)(void *object);
    void *(*key_file_new)(void);
    void (*key_file_free)(void *key_file);
    int (*key_file_load_from_file)(void *key_file, const char *file, int flags, ft_gio_error **error);
    char *(*key_file_get_string)(void *key_file, const char *group, const char *key, ft_gio_error **error);
    int (*shell_parse_argv)(const char *command_line, int *argcp, char ***argvp, ft_gio_error **error);
    void (*strfreev)(char **str_array);
    void (*clear_error)(ft_gio_error **error);
    void (*free)(void *mem);
} ft_gio;

/// GIO, opened once (thread-safe) on the first call. NULL when it cannot be opened or lacks
/// a function; then `ft_gio_failure` says why.
const ft_gio *ft_gio_open(void);
/// Why ft_gio_open gave NULL (dlerror's text), or NULL.
const char *ft_gio_failure(void);
#endif
