// What forcetouch-overlay takes from others, bounded (docs/SPEC.md §11, "Limits"): the files an
// intent's output or an item's `icon-file` names, the images in them and the text it draws.
// Everything on the session bus is the user's own, but a path can name a FIFO or a 17 GB image
// bomb, and a title can be 10 MB: none of that may hang the overlay or take the session's memory.
#ifndef FORCETOUCH_BOUNDED_H
#define FORCETOUCH_BOUNDED_H
#include <gdk-pixbuf/gdk-pixbuf.h>

/// The most characters of one text the overlay lays out; more are cut, ending in "…". Far more
/// than the menu's lines or the intent window's eight lines can show.
#define FT_TEXT_MAX_CHARS 500
/// The largest image file read, in bytes.
#define FT_IMAGE_MAX_FILE_BYTES (32 * 1024 * 1024)
/// The largest image decoded, as its header says before any pixel is: each side at most
/// FT_IMAGE_MAX_SIDE, and at most FT_IMAGE_MAX_PIXELS pixels (4096 × 4096: 64 MiB at 4 bytes a
/// pixel) before it is scaled down to what is drawn.
#define FT_IMAGE_MAX_SIDE 16384
#define FT_IMAGE_MAX_PIXELS (4096 * 4096)

/// A copy of `text` (NULL: "") of at most FT_TEXT_MAX_CHARS characters (Unicode scalars), the
/// last of them "…" when it was longer: `ft_cut_text` of the whole text. g_free it.
char *ft_bounded_text(const char *text);

/// A copy of the first `length` bytes of `text` (-1: to its zero) of at most `max_chars`
/// characters (Unicode scalars, not grapheme clusters: a letter and 100,000 combining accents
/// are 100,001 characters), the last of them "…" when it was longer; invalid UTF-8 is cut where
/// it starts. Only what is kept is walked and copied. g_free it.
char *ft_cut_text(const char *text, gssize length, glong max_chars);

/// The most bytes of a text one log line carries (a path, an address); more are cut with "…".
#define FT_LOG_MAX_BYTES 8192

/// `text` (NULL: "") as one line of a log may carry it: what another application chose (a
/// name, a title, an address) must not start a line of its own or drive the terminal. Control
/// characters (C0, DEL, C1) and the Unicode line and paragraph separators are written as
/// `\n`, `\r`, `\t`, `\e`, `\xHH` or `\u{HHHH}`, a backslash as `\\`, a byte that is
/// not UTF-8 as `\xHH`; at most FT_LOG_MAX_BYTES of `text` are written, then "…". g_free it.
char *ft_log_text(const char *text);

/// The image in the file at `path`, scaled to fit `width` × `height` (its proportions kept), or
/// NULL with `error` set saying why: not a regular file (a FIFO, a directory, a device: opened
/// without blocking, never read), larger than FT_IMAGE_MAX_FILE_BYTES, or an image larger than
/// FT_IMAGE_MAX_SIDE / FT_IMAGE_MAX_PIXELS (refused from its header, before decoding).
GdkPixbuf *ft_load_image(const char *path, int width, int height, GError **error);
#endif
