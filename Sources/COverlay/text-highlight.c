// The highlight over the text a deep press found (docs/SPEC.md §11, "Force Click on text").
// Only carries: which characters and where the highlight goes are TextHighlight's (Swift).
#include "text-highlight.h"
#include "bus-protocol.h"
#include "drawing.h"
#include <atspi/atspi-constants.h>

/// The text object the lookup's thread read last, for GTK's thread.
static GMutex read_lock;
static struct {
    GDBusConnection *a11y;
    char *bus, *path;
    int from, length;
    guint coord;
    int origin_x, origin_y;
} last_read;

/// GTK's thread only. `origin_*`: the origin of the coordinates asked in, for the menu shown;
/// `menu`, `began`: that menu and when it was shown (g_get_monotonic_time), for the log.
static struct {
    GCancellable *asking;
    ft_text_highlight_window window;
    void (*redraw)(void);
    const ft_menu_model *model;
    int verbose, shown, origin_x, origin_y;
    guint menu;
    gint64 began;
    ft_text_highlight highlight;
} h;

void ft_text_highlight_read(GDBusConnection *a11y, const char *bus, const char *path, int from, int length,
                            guint coord, int origin_x, int origin_y) {
    g_mutex_lock(&read_lock);
    g_clear_object(&last_read.a11y);
    g_free(last_read.bus);
    g_free(last_read.path);
    last_read.a11y = a11y ? g_object_ref(a11y) : NULL;
    last_read.bus = g_strdup(bus);
    last_read.path = g_strdup(path);
    last_read.from = from;
    last_read.length = length;
    last_read.coord = coord;
    last_read.origin_x = origin_x;
    last_read.origin_y = origin_y;
    g_mutex_unlock(&read_lock);
}

void ft_text_highlight_end(void) {
    if (h.asking) g_cancellable_cancel(h.asking);
    g_clear_object(&h.asking);
    h.shown = 0;
}

static const char *entry(const ft_bus_dict *d, const char *key) {
    for (int i = 0; d && i < d->count; i++)
        if (g_str_equal(d->entries[i].key, key)) return d->entries[i].value;
    return NULL;
}

static void placed(GObject *source, GAsyncResult *result, gpointer data) {
    GCancellable *asked = data;
    GVariant *r = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
    // Dropped when its menu went meanwhile (cancelled) or another one is asked for.
    GdkRectangle w;
    if (r && !g_cancellable_is_cancelled(asked) && asked == h.asking && h.window && h.window(&w)) {
        gint32 x, y, width, height;
        g_variant_get(r, "(iiii)", &x, &y, &width, &height);
        h.shown = h.model->highlight(x, y, width, height, h.origin_x, h.origin_y, w.x, w.y, w.width, w.height,
                                     &h.highlight);
        if (h.verbose && h.shown) {
            g_printerr("highlight %d %d %d %d\n", h.highlight.rect.x + w.x, h.highlight.rect.y + w.y,
                       h.highlight.rect.width, h.highlight.rect.height);
            g_printerr("menu %u: its text highlighted %.1f ms after it was shown\n", h.menu,
                       (g_get_monotonic_time() - h.began) / 1000.0);
        }
        if (h.shown && h.redraw) h.redraw();
    }
    if (r) g_variant_unref(r);
    g_object_unref(asked);
}

void ft_text_highlight_begin(const ft_menu_model *model, guint menu, const ft_bus_dict *target,
                             ft_text_highlight_window window, void (*redraw)(void), int verbose) {
    ft_text_highlight_end();
    h.model = model;
    h.window = window;
    h.redraw = redraw;
    h.verbose = verbose;
    h.menu = menu;
    h.began = g_get_monotonic_time();
    int from = 0, to = 0;
    g_mutex_lock(&read_lock);
    GDBusConnection *a11y = last_read.a11y ? g_object_ref(last_read.a11y) : NULL;
    char *bus = g_strdup(last_read.bus), *path = g_strdup(last_read.path);
    guint coord = last_read.coord;
    h.origin_x = last_read.origin_x;
    h.origin_y = last_read.origin_y;
    int ok = a11y && model->highlight_range(entry(target, FT_TARGET_TEXT_START), entry(target, FT_TARGET_TEXT_END),
                                            last_read.from, last_read.length, &from, &to);
    g_mutex_unlock(&read_lock);
    if (ok) {
        h.asking = g_cancellable_new();
        g_dbus_connection_call(a11y, bus, path, ATSPI_DBUS_INTERFACE_TEXT, "GetRangeExtents",
                               g_variant_new("(iiu)", from, to, (guint32)coord),
                               G_VARIANT_TYPE("(iiii)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 500, h.asking, placed,
                               g_object_ref(h.asking));
    }
    if (a11y) g_object_unref(a11y);
    g_free(bus);
    g_free(path);
}

void ft_text_highlight_draw(cairo_t *cr, int blends) {
    if (!h.shown) return;
    const ft_text_highlight *t = &h.highlight;
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    ft_rounded(cr, t->rect.x, t->rect.y, t->rect.width, t->rect.height, t->radius);
    if (blends) {
        cairo_set_source_rgba(cr, t->red, t->green, t->blue, t->alpha);
        cairo_fill(cr);
    } else {
        cairo_set_source_rgb(cr, t->red, t->green, t->blue);
        cairo_set_line_width(cr, 2 * t->ring);
        cairo_clip(cr);
        ft_rounded(cr, t->rect.x, t->rect.y, t->rect.width, t->rect.height, t->radius);
        cairo_stroke(cr);
    }
    cairo_restore(cr);
}

void ft_text_highlight_shape(cairo_region_t *region) {
    if (!h.shown) return;
    const ft_text_highlight *t = &h.highlight;
    cairo_region_t *ring = cairo_region_create();
    ft_region_add_rounded(ring, t->rect.x, t->rect.y, t->rect.width, t->rect.height, t->radius);
    int in = (int)t->ring;
    cairo_rectangle_int_t inner = { t->rect.x + in, t->rect.y + in, t->rect.width - 2 * in, t->rect.height - 2 * in };
    if (inner.width > 0 && inner.height > 0) cairo_region_subtract_rectangle(ring, &inner);
    cairo_region_union(region, ring);
    cairo_region_destroy(ring);
}
