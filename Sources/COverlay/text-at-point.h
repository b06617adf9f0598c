// The text at the point of a deep press (docs/SPEC.md §11, "Force Click on text"): what an
// application's accessible text object holds around the character under the finger, read
// through AT-SPI's Text interface for the daemon's detectors (TextDetection) to decide on.
#ifndef FORCETOUCH_TEXT_AT_POINT_H
#define FORCETOUCH_TEXT_AT_POINT_H
#include <gio/gio.h>

/// The most characters read on each side of the one pressed: a sentence or two, never a document.
#define FT_TEXT_AROUND_CHARS 240

/// The text around screen (or window, `coord`) point x, y of the accessible object `path` of the
/// application `bus` (the coordinates' origin at `origin_x`, `origin_y` on the screen, where its
/// find is highlighted), asked on the accessibility bus `a11y` before `deadline`
/// (g_get_monotonic_time). TRUE with `*text` (owned: at most 2 × FT_TEXT_AROUND_CHARS + 1
/// characters, valid UTF-8) and `*offset` (the character pressed in it, in Unicode scalars);
/// FALSE when the object is no text, there is no character at the point, or the object is a
/// password field (its role, or its parent's, is `password text`), whose text is never asked for.
gboolean ft_text_at_point(GDBusConnection *a11y, const char *bus, const char *path, int x, int y, guint coord,
                          int origin_x, int origin_y, gint64 deadline, char **text, guint32 *offset);
#endif
