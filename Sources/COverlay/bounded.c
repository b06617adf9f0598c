// forcetouch-overlay's bounds on what it is given: see bounded.h.
#include "bounded.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *ft_bounded_text(const char *text) {
    // The same cut as the lookup's and the daemon's: at most FT_TEXT_MAX_CHARS scalars, the
    // ellipsis counted, so that what is drawn is what SPEC's "500 characters" says.
    return ft_cut_text(text, -1, FT_TEXT_MAX_CHARS);
}

typedef struct {
    int width, height;  // the box to fit
    int source_width, source_height;
    gboolean too_big;
} prepared_t;

/// The loader's first word on an image: its size from the header, before any pixel is decoded
/// or any buffer allocated. Too big, the load is stopped here (a size of 0 × 0, as
/// gdk_pixbuf_get_file_info stops it); else it is scaled to the box as it is decoded.
static void on_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    prepared_t *p = data;
    p->source_width = width;
    p->source_height = height;
    if (width <= 0 || height <= 0 || width > FT_IMAGE_MAX_SIDE || height > FT_IMAGE_MAX_SIDE ||
        (gint64)width * height > FT_IMAGE_MAX_PIXELS) {
        p->too_big = TRUE;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    double s = MIN((double)p->width / width, (double)p->height / height);
    gdk_pixbuf_loader_set_size(loader, MAX(1, (int)lround(width * s)), MAX(1, (int)lround(height * s)));
}

GdkPixbuf *ft_load_image(const char *path, int width, int height, GError **error) {
    // Non-blocking: opening a FIFO for reading would wait for a writer; a regular file does not
    // care. What is not a regular file is never read.
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        int e = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s", g_strerror(e));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "not a regular file");
        close(fd);
        return NULL;
    }
    if (st.st_size > FT_IMAGE_MAX_FILE_BYTES) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%lld bytes, more than the %d MiB an image may have",
                    (long long)st.st_size, FT_IMAGE_MAX_FILE_BYTES / (1024 * 1024));
        close(fd);
        return NULL;
    }
    prepared_t p = { .width = MAX(width, 1), .height = MAX(height, 1) };
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect(loader, "size-prepared", G_CALLBACK(on_size_prepared), &p);
    guchar buffer[64 * 1024];
    gint64 total = 0;
    gboolean ok = TRUE;
    GError *failure = NULL;
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int e = errno;
            g_set_error(&failure, G_FILE_ERROR, g_file_error_from_errno(e), "%s", g_strerror(e));
            ok = FALSE;
            break;
        }
        if (n == 0) break;
        total += n;
        // The file may have grown since fstat.
        if (total > FT_IMAGE_MAX_FILE_BYTES) {
            g_set_error(&failure, G_FILE_ERROR, G_FILE_ERROR_FAILED, "more than the %d MiB an image may have",
                        FT_IMAGE_MAX_FILE_BYTES / (1024 * 1024));
            ok = FALSE;
            break;
        }
        if (!gdk_pixbuf_loader_write(loader, buffer, (gsize)n, &failure) || p.too_big) {
            ok = FALSE;
            break;
        }
    }
    close(fd);
    // Closed in any case (a loader left open warns); its error matters only when all was read.
    GError *closing = NULL;
    if (!gdk_pixbuf_loader_close(loader, ok ? &closing : NULL)) ok = FALSE;
    if (p.too_big) {
        g_clear_error(&failure);
        g_clear_error(&closing);
        g_set_error(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY,
                    "its header says %d×%d pixels, more than an image may have (%d pixels, %d a side)",
                    p.source_width, p.source_height, FT_IMAGE_MAX_PIXELS, FT_IMAGE_MAX_SIDE);
        g_object_unref(loader);
        return NULL;
    }
    GdkPixbuf *pixbuf = ok ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (pixbuf) {
        g_object_ref(pixbuf);
    } else if (failure || closing) {
        g_propagate_error(error, failure ? failure : closing);
        if (failure) g_clear_error(&closing);
    } else {
        g_set_error(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "not an image");
    }
    g_object_unref(loader);
    return pixbuf;
}

char *ft_cut_text(const char *text, gssize length, glong max_chars) {
    if (!text || max_chars < 1) return g_strdup("");
    const char *start = text, *limit = length < 0 ? NULL : text + length;
    const char *p = start;
    glong n = 0;
    // Walked one character at a time, validating each, so that a 20 MB text costs what is kept.
    while ((!limit || p < limit) && *p) {
        gunichar c = g_utf8_get_char_validated(p, limit ? limit - p : -1);
        if (c == (gunichar)-1 || c == (gunichar)-2) break;
        if (n == max_chars - 1) {
            // One character left: the text's last, or "…" for all that is left.
            const char *next = g_utf8_next_char(p);
            gboolean last = (limit && next >= limit) || !*next;
            if (last) p = next;
            else {
                char *cut = g_strndup(start, p - start);
                char *bounded = g_strconcat(cut, "…", NULL);
                g_free(cut);
                return bounded;
            }
            break;
        }
        p = g_utf8_next_char(p);
        n++;
    }
    return g_strndup(start, p - start);
}

char *ft_log_text(const char *text) {
    if (!text) return g_strdup("");
    GString *out = g_string_new(NULL);
    const char *p = text;
    while (*p) {
        if ((gsize)(p - text) >= FT_LOG_MAX_BYTES) {
            g_string_append(out, "…");
            break;
        }
        guchar b = (guchar)*p;
        gunichar c = g_utf8_get_char_validated(p, -1);
        if (c == (gunichar)-1 || c == (gunichar)-2) {
            g_string_append_printf(out, "\\x%02x", b);
            p++;
            continue;
        }
        const char *next = g_utf8_next_char(p);
        if (c == '\\') g_string_append(out, "\\\\");
        else if (c == '\n') g_string_append(out, "\\n");
        else if (c == '\r') g_string_append(out, "\\r");
        else if (c == '\t') g_string_append(out, "\\t");
        else if (c == 0x1b) g_string_append(out, "\\e");
        else if (c < 0x20 || c == 0x7f) g_string_append_printf(out, "\\x%02x", c);
        else if ((c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029) g_string_append_printf(out, "\\u{%04x}", c);
        else g_string_append_len(out, p, next - p);
        p = next;
    }
    return g_string_free(out, FALSE);
}
