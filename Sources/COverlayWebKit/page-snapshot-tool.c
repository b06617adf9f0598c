// forcetouch-page-snapshot: a link's page rendered into a PNG file, for a drawer that cannot map
// WebKitGTK in its own process: the GNOME Shell extension (docs/SPEC.md §11, "The link's preview
// in GNOME Shell"), which runs it without a shell and shows the image in its preview card.
//
//     forcetouch-page-snapshot URI PNG_FILE TIMEOUT_SECONDS
//
// The page is the overlay's preview's (page-snapshot.c, the same code): http, https or file
// only, loaded in a context of its own, ephemeral and memory-bounded, that may open no window,
// show no dialog and download nothing, and ended once its image is taken; laid out
// FT_PAGE_VIEW_WIDTH × FT_PAGE_VIEW_HEIGHT, so the file is at most that many pixels. It waits at
// most TIMEOUT_SECONDS (0 < T ≤ 60) for it. On success the image is written to PNG_FILE
// (created, never followed through a link, mode 0600), the page's title is printed on stdout
// (one line of at most 1000 characters, its control characters as spaces) and the exit status is 0; otherwise nothing is
// written, stderr says why in one line and the status is 1 (2 for a usage error).
#include "page-snapshot.h"
#include <gtk/gtk.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
    GMainLoop *loop;
    const char *path;
    int status;
    gint64 started;
    guint timer;
} tool = { .status = 1 };

static double elapsed_ms(void) { return (g_get_monotonic_time() - tool.started) / 1000.0; }

static cairo_status_t write_to_fd(void *closure, const unsigned char *data, unsigned int length) {
    int fd = *(int *)closure;
    while (length > 0) {
        ssize_t n = write(fd, data, length);
        if (n <= 0) return CAIRO_STATUS_WRITE_ERROR;
        data += n;
        length -= (unsigned)n;
    }
    return CAIRO_STATUS_SUCCESS;
}

/// The image into a new file of the user's alone: O_EXCL and O_NOFOLLOW, so that a file or a
/// link already there is never written through.
static const char *save(cairo_surface_t *image) {
    int fd = open(tool.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return g_strerror(errno);
    cairo_status_t status = cairo_surface_write_to_png_stream(image, write_to_fd, &fd);
    if (close(fd) != 0 && status == CAIRO_STATUS_SUCCESS) status = CAIRO_STATUS_WRITE_ERROR;
    if (status != CAIRO_STATUS_SUCCESS) {
        unlink(tool.path);
        return cairo_status_to_string(status);
    }
    return NULL;
}

/// The longest title printed, in characters: more than the card shows (SPEC §11's 500), so that
/// its reader's bound cuts it, and bounded, so that a page cannot fill its reader's memory.
enum { TITLE_MAX_CHARS = 1000 };

/// The title on one line, valid UTF-8, bounded: the web's text may hold line breaks, terminal
/// controls and broken bytes.
static void print_title(const char *title) {
    char *valid = g_utf8_make_valid(title ? title : "", -1);
    char *line = g_utf8_substring(valid, 0, MIN(g_utf8_strlen(valid, -1), TITLE_MAX_CHARS));
    g_free(valid);
    for (char *c = line; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = ' ';
    printf("%s\n", line);
    fflush(stdout);
    g_free(line);
}

static void on_ready(cairo_surface_t *image, const char *title, const char *error, void *data) {
    (void)data;
    if (image) {
        const char *why = save(image);
        if (why) {
            fprintf(stderr, "forcetouch-page-snapshot: %s: %s\n", tool.path, why);
        } else {
            print_title(title);
            fprintf(stderr, "forcetouch-page-snapshot: page rendered in %.0f ms\n", elapsed_ms());
            tool.status = 0;
        }
    } else {
        fprintf(stderr, "forcetouch-page-snapshot: page not rendered: %s\n", error ? error : "no image");
    }
    g_main_loop_quit(tool.loop);
}

static gboolean on_timeout(gpointer data) {
    (void)data;
    tool.timer = 0;
    fprintf(stderr, "forcetouch-page-snapshot: page not rendered after %.0f ms\n", elapsed_ms());
    g_main_loop_quit(tool.loop);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    char *end = NULL;
    double timeout = argc == 4 ? g_ascii_strtod(argv[3], &end) : 0;
    if (argc != 4 || !end || *end || !(timeout > 0 && timeout <= 60)) {
        fprintf(stderr, "usage: forcetouch-page-snapshot URI PNG_FILE TIMEOUT_SECONDS (0 < TIMEOUT_SECONDS <= 60)\n");
        return 2;
    }
    const char *uri = argv[1];
    tool.path = argv[2];
    char *scheme = g_uri_parse_scheme(uri);
    gboolean page = scheme && (g_ascii_strcasecmp(scheme, "http") == 0 || g_ascii_strcasecmp(scheme, "https") == 0 ||
                               g_ascii_strcasecmp(scheme, "file") == 0);
    g_free(scheme);
    if (!page) {
        fprintf(stderr, "forcetouch-page-snapshot: not a web page (http, https or file): not rendered\n");
        return 1;
    }
    if (!gtk_init_check(NULL, NULL)) {
        fprintf(stderr, "forcetouch-page-snapshot: no display to render on (WAYLAND_DISPLAY or DISPLAY)\n");
        return 1;
    }
    tool.loop = g_main_loop_new(NULL, FALSE);
    tool.started = g_get_monotonic_time();
    ft_page_snapshot *snapshot = ft_page_snapshot_start(uri, FT_PAGE_VIEW_WIDTH, FT_PAGE_VIEW_HEIGHT, on_ready, NULL);
    tool.timer = g_timeout_add((guint)(timeout * 1000), on_timeout, NULL);
    g_main_loop_run(tool.loop);
    if (tool.timer) g_source_remove(tool.timer);
    ft_page_snapshot_stop(snapshot);
    g_main_loop_unref(tool.loop);
    return tool.status;
}
