// A link's preview card: see link-preview.h. The page's rendering comes from
// forcetouch-overlay-webkit.so, beside this shared object, opened on a thread of its own when the
// first press starts on its way to a deep press (with link previews on): mapping WebKitGTK takes
// some 50 to 100 ms, which the first link's menu would otherwise wait for on GTK's thread, and
// some 30 MB, which an overlay nobody presses need not hold. The overlay runs without it.
#define _GNU_SOURCE
#include "link-preview.h"
#include "page-snapshot.h"
#include "drawing.h"
#include "bounded.h"
#include <dlfcn.h>
#include <string.h>

static struct {
    int enabled, verbose;
    double timeout;
    // The library: opened by `loader`, joined once (`tried`), its two functions when it opened.
    GThread *loader;
    gboolean tried;
    char *unavailable;
    double load_ms;
    ft_page_snapshot_start_fn start;
    ft_page_snapshot_stop_fn stop;
    // The menu previewed, 0 for none, its link, and the page being loaded or loaded.
    guint menu;
    char *address, *name, *title;
    ft_page_snapshot *loading;
    // The whole address to fetch, and the idle that starts its load once the menu's first frame
    // is drawn (0: none): starting a WebKit view takes some milliseconds the frame need not wait.
    char *fetch;
    guint starting;
    cairo_surface_t *image;
    gint64 started;
    guint timer;
    void (*redraw)(void);
} p;

/// forcetouch-overlay-webkit.so, from the directory of this shared object: the loader thread.
/// It alone writes p.start, p.stop, p.unavailable and p.load_ms until it is joined (open_library).
static gpointer load_library(gpointer data) {
    (void)data;
    gint64 began = g_get_monotonic_time();
    Dl_info info;
    if (!dladdr((void *)ft_link_preview_begin, &info) || !info.dli_fname) {
        p.unavailable = g_strdup("cannot tell where forcetouch-overlay-gtk.so is");
        return NULL;
    }
    char *dir = g_path_get_dirname(info.dli_fname);
    char *path = g_build_filename(dir, FT_PAGE_SNAPSHOT_LIBRARY, NULL);
    g_free(dir);
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        p.unavailable = g_strdup_printf("%s is not installed (built where WebKitGTK 4.1's development files are)", path);
    } else {
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            p.start = (ft_page_snapshot_start_fn)dlsym(handle, FT_PAGE_SNAPSHOT_START);
            p.stop = (ft_page_snapshot_stop_fn)dlsym(handle, FT_PAGE_SNAPSHOT_STOP);
        }
        if (!p.start || !p.stop) {
            p.unavailable = g_strdup_printf("%s: %s (is libwebkit2gtk-4.1-0 installed?)", path, dlerror());
            p.start = NULL;
        }
    }
    g_free(path);
    p.load_ms = (g_get_monotonic_time() - began) / 1000.0;
    return NULL;
}

void ft_link_preview_init(int enabled, double timeout, int verbose) {
    p.enabled = enabled;
    p.timeout = timeout > 0 ? timeout : 5;
    p.verbose = verbose;
}

void ft_link_preview_prepare(void) {
    if (p.enabled && !p.loader && !p.tried) p.loader = g_thread_new("link-preview-load", load_library, NULL);
}

/// The library as the loader thread left it, waited for when a link comes before it is done.
static void open_library(void) {
    if (p.tried) return;
    p.tried = TRUE;
    gint64 began = g_get_monotonic_time();
    if (p.loader) g_thread_join(p.loader);
    else load_library(NULL);
    p.loader = NULL;
    if (p.verbose)
        g_printerr("link-preview: %s %s in %.1f ms off GTK's thread; the first link waited %.1f ms for it\n",
                   FT_PAGE_SNAPSHOT_LIBRARY, p.start ? "opened" : "not opened", p.load_ms,
                   (g_get_monotonic_time() - began) / 1000.0);
}

static double elapsed_ms(void) { return (g_get_monotonic_time() - p.started) / 1000.0; }

static void stop_loading(void) {
    if (p.starting) g_source_remove(p.starting);
    p.starting = 0;
    if (p.loading) p.stop(p.loading);
    p.loading = NULL;
    if (p.timer) g_source_remove(p.timer);
    p.timer = 0;
}

static void on_ready(cairo_surface_t *image, const char *title, const char *error, void *data) {
    (void)data;
    // The library has ended the page; p.loading is kept for ft_link_preview_end to free.
    if (p.timer) g_source_remove(p.timer);
    p.timer = 0;
    if (title && *title) {
        g_free(p.title);
        p.title = ft_bounded_text(title);
    }
    if (image) {
        p.image = cairo_surface_reference(image);
        // The page's title and its engine's words are the web's: escaped (bounded.h).
        g_autofree char *said = ft_log_text(p.title);
        g_printerr("link-preview %u: page rendered in %.0f ms: \"%s\"\n", p.menu, elapsed_ms(), said);
    } else {
        g_autofree char *why = ft_log_text(error ? error : "no image");
        g_printerr("link-preview %u: page not rendered: %s\n", p.menu, why);
    }
    if (p.redraw) p.redraw();
}

/// The page's load, started once the menu's first frame is drawn (an idle after MenuShown's).
static gboolean start_loading(gpointer data) {
    (void)data;
    p.starting = 0;
    g_autofree char *logged = ft_log_text(p.address);
    g_printerr("link-preview %u: rendering %s (at most %.1f s)\n", p.menu, logged, p.timeout);
    p.loading = p.start(p.fetch, FT_PAGE_VIEW_WIDTH, FT_PAGE_VIEW_HEIGHT, on_ready, NULL);
    return G_SOURCE_REMOVE;
}

static gboolean on_timeout(gpointer data) {
    (void)data;
    p.timer = 0;
    g_printerr("link-preview %u: page not rendered after %.0f ms: shown without it\n", p.menu, elapsed_ms());
    stop_loading();
    return G_SOURCE_REMOVE;
}

/// Only pages are fetched: a mailto: or a javascript: link shows its address alone.
static gboolean is_page(const char *address) {
    char *scheme = g_uri_parse_scheme(address);
    gboolean page = scheme && (g_ascii_strcasecmp(scheme, "http") == 0 || g_ascii_strcasecmp(scheme, "https") == 0 ||
                               g_ascii_strcasecmp(scheme, "file") == 0);
    g_free(scheme);
    return page;
}

gboolean ft_link_preview_begin(guint menu, const char *address, const char *name, void (*redraw)(void)) {
    ft_link_preview_end();
    p.menu = menu;
    p.address = ft_bounded_text(address);
    p.name = ft_bounded_text(name);
    p.redraw = redraw;
    p.started = g_get_monotonic_time();
    g_autofree char *logged = ft_log_text(p.address);
    if (!p.enabled) {
        g_printerr("link-preview %u: %s: no page rendering (--no-link-preview)\n", menu, logged);
        return FALSE;
    }
    if (!is_page(address)) {
        g_printerr("link-preview %u: %s: not a web page, not rendered\n", menu, logged);
        return FALSE;
    }
    open_library();
    if (!p.start) {
        g_printerr("link-preview %u: no page rendering: %s\n", menu, p.unavailable);
        return FALSE;
    }
    // The whole address, not the one cut for drawing: a cut one would fetch another page.
    p.fetch = g_strdup(address);
    p.starting = g_idle_add(start_loading, NULL);
    p.timer = g_timeout_add((guint)(p.timeout * 1000), on_timeout, NULL);
    return TRUE;
}

void ft_link_preview_end(void) {
    stop_loading();
    if (p.image) cairo_surface_destroy(p.image);
    p.image = NULL;
    g_clear_pointer(&p.address, g_free);
    g_clear_pointer(&p.fetch, g_free);
    g_clear_pointer(&p.name, g_free);
    g_clear_pointer(&p.title, g_free);
    p.menu = 0;
    p.redraw = NULL;
}

const char *ft_link_preview_title(void) {
    return p.title && *p.title ? p.title : p.name && *p.name ? p.name : p.address ? p.address : "";
}

const char *ft_link_preview_address(void) { return p.address ? p.address : ""; }

static void draw_text(cairo_t *cr, const char *text, const char *font, double x, double y, double width, double grey) {
    PangoLayout *layout = ft_text_layout(pango_cairo_create_layout(cr), text, font, width, 1);
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

void ft_link_preview_draw(cairo_t *cr, double width, double header, double page, int has_page, int dark) {
    double bg = dark ? 0.16 : 0.97, fg = dark ? 0.95 : 0.08, sub = dark ? 0.7 : 0.35;
    double height = header + (has_page ? page : 0);
    cairo_save(cr);
    ft_rounded(cr, 0, 0, width, height, 14);
    cairo_set_source_rgba(cr, bg, bg, bg, 1);
    cairo_fill_preserve(cr);
    cairo_clip(cr);
    // The header: the page's title (the link's text until the page says it) and the address.
    draw_text(cr, ft_link_preview_title(), "Sans Bold 11", 16, 9, width - 32, fg);
    draw_text(cr, ft_link_preview_address(), "Sans 9", 16, 31, width - 32, sub);
    if (has_page) {
        cairo_translate(cr, 0, header);
        // The page, or until it comes (and if it never does) a plain space for it.
        double well = dark ? 0.22 : 0.9;
        cairo_rectangle(cr, 0, 0, width, page);
        cairo_set_source_rgb(cr, well, well, well);
        cairo_fill(cr);
        int w = p.image ? cairo_image_surface_get_width(p.image) : 0, h = p.image ? cairo_image_surface_get_height(p.image) : 0;
        if (w > 0 && h > 0) {
            cairo_save(cr);
            cairo_rectangle(cr, 0, 0, width, page);
            cairo_clip(cr);
            double k = MAX(width / w, page / h);
            cairo_scale(cr, k, k);
            cairo_set_source_surface(cr, p.image, 0, 0);
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
            cairo_paint(cr);
            cairo_restore(cr);
        }
        cairo_set_source_rgba(cr, sub, sub, sub, 0.4);
        cairo_rectangle(cr, 0, 0, width, 1);
        cairo_fill(cr);
    }
    cairo_restore(cr);
}
