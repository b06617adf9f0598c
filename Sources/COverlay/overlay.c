// forcetouch-overlay: the quick-action menu at the finger (docs/SPEC.md §11).
//
// A client of forcetouchd's session-bus interface: it owns io.github.forcetouch.Overlay1 (the
// daemon then sends menus here instead of to the menu program), draws what the MenuShown,
// PressProgress and MenuDismissed signals say, and answers with ChooseQuickAction and
// DismissMenu. It never performs anything itself.
//
// One window covers the output the menu is on, and is shown only while a press or a menu is
// under way: idle, its window is unmapped, no timer runs, and it sleeps in poll() on the bus.
// Wayland compositors with wlr-layer-shell get a layer surface on the overlay layer; X11 gets
// an override-redirect popup (shaped to the menu when no compositing manager can blend the
// dimming); elsewhere (GNOME Wayland) an undecorated window the compositor places.
//
// Who draws (SPEC §11, "Who shows the menu"): under GNOME the forcetouch GNOME Shell extension
// draws the menu at the finger, which this program cannot (mutter has no layer-shell). It takes
// io.github.forcetouch.Overlay1 with REPLACE; the overlay asks for the name allowing that, and
// when the extension takes it, or owns it already at start, the overlay says so and exits 0.
//
// What the menu does is decided by its model in Swift (`ft_menu_model`, OverlayModel's
// MenuInteraction): where it goes, how it grows, what a press, a slide, a tap or Escape does to
// it. This file passes it the signals and the input, draws the frames it computes and makes the
// calls it asks for.
#include "COverlay.h"
#include "intent-window.h"
#include "assistive-button.h"
#include "overlay-window.h"
#include "drawing.h"
#include "frame-now.h"
#include "bounded.h"
#include "under-finger.h"
#include "app-windows.h"
#include "link-preview.h"
#include "look-up-card.h"
#include "text-highlight.h"
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#include <glib-unix.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif
#include <errno.h>
#include <math.h>
#include <string.h>

#include "bus-protocol.h"

#define DAEMON_NAME FT_BUS_DAEMON_NAME
#define DAEMON_PATH FT_BUS_DAEMON_PATH
#define DAEMON_IFACE FT_BUS_DAEMON_INTERFACE
#define OVERLAY_NAME FT_BUS_OVERLAY_NAME

// An item's icon's side, in the menu's logical pixels.
enum { ICON = 28 };

typedef struct {
    char *type, *title, *subtitle, *icon, *icon_file;
    // The icon, loaded at the item's first drawing and kept for the menu's life: a redraw (60
    // a second while the menu grows) must not read the file again.
    GdkPixbuf *pixbuf;
    gboolean loaded;
} item_t;


static struct {
    int verbose;
    // The menu's logic (Swift's MenuInteraction).
    const ft_menu_model *menu;
    // Whose word is the daemon's, who owns the overlay's name, its properties (Swift's).
    const ft_client_model *client;
    GMainLoop *loop;
    GDBusConnection *bus;
    // The unique name owning io.github.forcetouch.Daemon1 (NULL: none), which calls go to: the
    // only sender whose Daemon1 signals are believed (o.client->believes).
    char *daemon_owner;
    // The daemon's UnderFinger property is empty (its `[quick-actions] under-finger = []`): it
    // takes no answer, so nothing is looked up. Until it says, a press is looked up.
    gboolean daemon_looks_nothing_up;
    // Its UnderFinger lists a kind found in text: the text under the finger is read.
    gboolean daemon_reads_text;
    // The daemon owning the name has said its UnderFinger.
    gboolean daemon_said_under_finger;
    // Whether the overlay has owned its name: losing it then means another client took it.
    gboolean owned;
    GtkWidget *window;
    ft_window_mode mode;
    gboolean composited;
    gboolean dark;
    // The menu's items, from MenuShown, and the output it is on.
    item_t items[FT_MENU_MAX_ITEMS];
    int count;
    // The app a menu for an app's icon or a window is for, drawn as its heading (its name as
    // the title, its icon): title NULL for a menu without one.
    item_t heading;
    char output[128];
    // The frame last computed, in window coordinates, and the output's rectangle.
    ft_menu_frame frame;
    GdkRectangle monitor;
    // The pointer's place in the window, for a menu at the pointer (X11 only).
    gboolean has_pointer;
    double px, py;
    // What --verbose logged last (valid: something was), so that a line is logged per change.
    gboolean logged_valid;
    ft_menu_frame logged;
    // FORCETOUCH_OVERLAY_FRAME_LOG: the file each menu's first frame is stamped in (NULL: none),
    // the menu waiting for its first frame (0: none), when its MenuShown came, and the window's
    // frame clock's count of frames then.
    FILE *frame_log;
    guint stamp_menu;
    gint64 stamp_signal, stamp_ticks;
    // The timer of a lifted press's wait for its menu (MenuEffects.awaitMenu), 0 for none.
    guint menu_wait;
} o;

static void clear_items(void) {
    for (int i = 0; i < o.count; i++) {
        g_free(o.items[i].type); g_free(o.items[i].title); g_free(o.items[i].subtitle);
        g_free(o.items[i].icon); g_free(o.items[i].icon_file);
        g_clear_object(&o.items[i].pixbuf);
        o.items[i].loaded = FALSE;
    }
    o.count = 0;
    g_clear_pointer(&o.heading.title, g_free);
    g_clear_pointer(&o.heading.icon, g_free);
    g_clear_pointer(&o.heading.icon_file, g_free);
    g_clear_object(&o.heading.pixbuf);
    o.heading.loaded = FALSE;
}

/// The model's frame for a window of `width` × `height`.
static void compute_frame(int width, int height) {
    o.menu->frame(width, height, o.has_pointer, o.px, o.py, o.mode == FT_WINDOW_PLACED, &o.frame);
}

/// With --verbose, the menu's and its items' rectangles on the screen (the window's origin is
/// the monitor's), once per change: what tests check the pixels of a screenshot against.
static void log_geometry(void) {
    const ft_menu_frame *f = &o.frame;
    if (!o.verbose || !o.window) return;
    if (o.logged_valid && o.logged.menu_id == f->menu_id && o.logged.highlight == f->highlight &&
        memcmp(&o.logged.card, &f->card, sizeof f->card) == 0)
        return;
    o.logged = *f;
    o.logged_valid = TRUE;
    int ox = o.mode == FT_WINDOW_PLACED ? 0 : o.monitor.x, oy = o.mode == FT_WINDOW_PLACED ? 0 : o.monitor.y;
    g_printerr("menu %u scale %.3f %d %d %d %d highlight %d dim %.3f\n", f->menu_id, f->scale, f->card.x + ox,
               f->card.y + oy, f->card.width, f->card.height, f->highlight,
               o.composited && o.mode != FT_WINDOW_PLACED ? f->dimming : 0.0);
    // The titles and the address are other applications' words: escaped (bounded.h).
    if (f->link && f->has_definition) {
        g_autofree char *word = ft_log_text(ft_look_up_card_word());
        g_printerr("look-up %u %d %d %d %d \"%s\" definition %d %d %d %d\n", f->menu_id, f->preview.x + ox,
                   f->preview.y + oy, f->preview.width, f->preview.height, word, f->definition.x + ox,
                   f->definition.y + oy, f->definition.width, f->definition.height);
        // The lines each sense was given (never its text): what the model made of Pango's measure.
        g_autofree char *lines = ft_look_up_card_sense_lines();
        g_printerr("senses %u lines %s\n", f->menu_id, lines);
    } else if (f->link) {
        g_autofree char *title = ft_log_text(ft_link_preview_title());
        g_autofree char *address = ft_log_text(ft_link_preview_address());
        g_printerr("preview %u %d %d %d %d \"%s\" %s\n", f->menu_id, f->preview.x + ox, f->preview.y + oy,
                   f->preview.width, f->preview.height, title, address);
        if (f->has_page)
            g_printerr("page %u %d %d %d %d\n", f->menu_id, f->page.x + ox, f->page.y + oy, f->page.width, f->page.height);
    }
    if (f->link)
        g_printerr("actions %u %d %d %d %d\n", f->menu_id, f->actions.x + ox, f->actions.y + oy, f->actions.width,
                   f->actions.height);
    if (f->has_heading) {
        g_autofree char *title = ft_log_text(o.heading.title);
        g_printerr("heading %u \"%s\" %d %d %d %d\n", f->menu_id, title, f->heading.x + ox, f->heading.y + oy,
                   f->heading.width, f->heading.height);
    }
    for (int i = 0; i < o.count && i < f->count; i++) {
        g_autofree char *title = ft_log_text(o.items[i].title);
        g_printerr("item %d \"%s\" %d %d %d %d\n", i, title, f->items[i].x + ox, f->items[i].y + oy,
                   f->items[i].width, f->items[i].height);
    }
}

// ---------------------------------------------------------------- drawing

static void draw_text(cairo_t *cr, const char *text, const char *font, double x, double y, double width,
                      int lines, double grey) {
    PangoLayout *layout = ft_text_layout(pango_cairo_create_layout(cr), text, font, width, lines);
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

/// An icon from the theme, a symbolic one recoloured with the text's colour (a dark theme's
/// white), as GTK draws symbolic icons in a widget.
static GdkPixbuf *theme_icon(const char *name, double grey) {
    GtkIconInfo *info = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_default(), name, ICON,
                                                   GTK_ICON_LOOKUP_FORCE_SIZE | GTK_ICON_LOOKUP_GENERIC_FALLBACK);
    if (!info) return NULL;
    GdkPixbuf *pixbuf;
    if (gtk_icon_info_is_symbolic(info)) {
        GdkRGBA fg = { grey, grey, grey, 1 };
        pixbuf = gtk_icon_info_load_symbolic(info, &fg, NULL, NULL, NULL, NULL, NULL);
    } else {
        pixbuf = gtk_icon_info_load_icon(info, NULL);
    }
    g_object_unref(info);
    return pixbuf;
}

/// The item's icon: its file (a regular one, bounded: bounded.h), else its theme icon.
static GdkPixbuf *load_icon(const item_t *item, double grey) {
    GdkPixbuf *pixbuf = NULL;
    if (item->icon_file && *item->icon_file) {
        GError *error = NULL;
        pixbuf = ft_load_image(item->icon_file, ICON, ICON, &error);
        if (!pixbuf) {
            g_autofree char *path = ft_log_text(item->icon_file), *why = ft_log_text(error->message);
            g_printerr("menu %u: icon %s not shown: %s\n", o.frame.menu_id, path, why);
            g_error_free(error);
        }
    }
    if (!pixbuf && item->icon && *item->icon) {
        char *symbolic = g_strconcat(item->icon, "-symbolic", NULL);
        // The symbolic variant first in a dark theme, where it is drawn light.
        pixbuf = theme_icon(o.dark ? symbolic : item->icon, grey);
        if (!pixbuf) pixbuf = theme_icon(o.dark ? item->icon : symbolic, grey);
        g_free(symbolic);
    }
    return pixbuf;
}

static void draw_icon(cairo_t *cr, item_t *item, double x, double y, double grey) {
    if (!item->loaded) {
        item->pixbuf = load_icon(item, grey);
        item->loaded = TRUE;
    }
    if (!item->pixbuf) return;
    gdk_cairo_set_source_pixbuf(cr, item->pixbuf, x, y);
    cairo_paint(cr);
}

/// With FORCETOUCH_OVERLAY_FRAME_LOG, a menu's first frame, stamped on CLOCK_MONOTONIC (µs) beside
/// the arrival of the MenuShown it draws: what Benchmarks/overlay measures the menu's latency
/// from the daemon's peek with. Drawn means handed to the display server, not yet shown by it.
/// `ticks`: the frame clock's ticks between the two (0: drawn at once, frame-now.h).
static gint64 frame_ticks(void) {
    GdkFrameClock *clock = o.window ? gtk_widget_get_frame_clock(o.window) : NULL;
    return clock ? gdk_frame_clock_get_frame_counter(clock) : 0;
}

static void stamp_first_frame(void) {
    if (!o.frame_log || !o.stamp_menu || o.frame.menu_id != o.stamp_menu) return;
    fprintf(o.frame_log, "menu %u signal %" G_GINT64_FORMAT " frame %" G_GINT64_FORMAT " ticks %" G_GINT64_FORMAT "\n",
            o.stamp_menu, o.stamp_signal, g_get_monotonic_time(), frame_ticks() - o.stamp_ticks);
    fflush(o.frame_log);
    o.stamp_menu = 0;
}

static void draw_rows(cairo_t *cr, const ft_menu_frame *f, int x, int y0, double bg, double fg, double sub);

static gboolean on_draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)data;
    compute_frame(gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget));
    const ft_menu_frame *f = &o.frame;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    if (!f->visible) {
        // Kept for a menu still to come (keeps_window): nothing shows.
        cairo_set_source_rgba(cr, 0, 0, 0, 0);
        cairo_paint(cr);
        return TRUE;
    }
    if (o.composited && o.mode != FT_WINDOW_PLACED) cairo_set_source_rgba(cr, 0, 0, 0, f->dimming);
    else cairo_set_source_rgba(cr, 0, 0, 0, 0);
    cairo_paint(cr);
    // The text found, marked in the application under the dimming, as macOS marks a looked-up word.
    ft_text_highlight_draw(cr, o.composited);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    double bg = o.dark ? 0.16 : 0.97, fg = o.dark ? 0.95 : 0.08, sub = o.dark ? 0.7 : 0.35;
    if (f->link) {
        // A link's preview above its actions (iOS 13's context menu), both grown from the finger.
        cairo_save(cr);
        cairo_translate(cr, f->preview.x, f->preview.y);
        cairo_scale(cr, f->scale, f->scale);
        // A word's Look Up card where a link's preview is.
        if (f->has_definition) ft_look_up_card_draw(cr, f->menu_width, f->header_height, f->definition_height, o.dark);
        else ft_link_preview_draw(cr, f->menu_width, f->header_height, f->page_height, f->has_page, o.dark);
        cairo_restore(cr);
        draw_rows(cr, f, f->actions.x, f->actions.y, bg, fg, sub);
    } else {
        draw_rows(cr, f, f->card.x, f->card.y, bg, fg, sub);
    }
    log_geometry();
    stamp_first_frame();
    return TRUE;
}

/// The menu's card and its rows (or a preview's one empty row), its top left corner at x, y.
static void draw_rows(cairo_t *cr, const ft_menu_frame *f, int x, int y0, double bg, double fg, double sub) {
    cairo_save(cr);
    cairo_translate(cr, x, y0);
    cairo_scale(cr, f->scale, f->scale);
    // In the menu's own units, at pop size: the scale above grows it.
    double top = f->has_heading ? f->heading_height : 0;
    double w = f->menu_width, row = f->row_height, h = top + MAX(o.count, 1) * row;
    ft_rounded(cr, 0, 0, w, h, 14);
    cairo_set_source_rgba(cr, bg, bg, bg, 1);
    cairo_fill(cr);
    if (f->has_heading && o.heading.title) {
        // The app's icon and name above its actions, as iOS heads an app's quick actions, on a
        // slightly deeper shade than the rows and ruled off from them.
        cairo_save(cr);
        ft_rounded(cr, 0, 0, w, h, 14);
        cairo_clip(cr);
        cairo_rectangle(cr, 0, 0, w, top);
        cairo_set_source_rgba(cr, o.dark ? 1 : 0, o.dark ? 1 : 0, o.dark ? 1 : 0, 0.06);
        cairo_fill(cr);
        cairo_restore(cr);
        draw_icon(cr, &o.heading, 14, (top - ICON) / 2.0, fg);
        draw_text(cr, o.heading.title, "Sans Bold 12", 14 + ICON + 10, top / 2.0 - 9, w - 28 - ICON - 10, 1, fg);
        cairo_set_source_rgba(cr, sub, sub, sub, 0.6);
        cairo_rectangle(cr, 0, top - 1, w, 1);
        cairo_fill(cr);
    }
    for (int i = 0; i < o.count; i++) {
        double y = top + i * row;
        if (i == f->highlight) {
            cairo_save(cr);
            ft_rounded(cr, 0, 0, w, h, 14);
            cairo_clip(cr);
            cairo_rectangle(cr, 0, y, w, row);
            cairo_set_source_rgba(cr, o.dark ? 1 : 0, o.dark ? 1 : 0, o.dark ? 1 : 0, 0.12);
            cairo_fill(cr);
            cairo_restore(cr);
        }
        if (i > 0) {
            cairo_set_source_rgba(cr, sub, sub, sub, 0.4);
            cairo_rectangle(cr, 0, y, w, 1);
            cairo_fill(cr);
        }
        item_t *item = &o.items[i];
        // Which subtitle shows is the model's (MenuContent): NULL for none.
        gboolean has_sub = item->subtitle && *item->subtitle;
        draw_text(cr, item->title, "Sans Bold 11", 16, has_sub ? y + 8 : y + 22, w - 32 - ICON - 12, 1, fg);
        if (has_sub) draw_text(cr, item->subtitle, "Sans 9", 16, y + 28, w - 32 - ICON - 12, 2, sub);
        draw_icon(cr, item, w - 16 - ICON, y + (row - ICON) / 2.0, fg);
    }
    cairo_restore(cr);
}

// ---------------------------------------------------------------- the window

/// X11 without a compositing manager cannot blend: the window is cut to the menu's shape, its
/// rounded card (a link's preview and its actions' card, apart), so that what is under its
/// corners shows instead of black.
static void update_shape(void) {
    if (o.mode != FT_WINDOW_POPUP || o.composited || !o.window) return;
    const ft_menu_frame *f = &o.frame;
    double radius = 14 * f->scale;
    cairo_region_t *region = cairo_region_create();
    if (f->link) {
        ft_region_add_rounded(region, f->preview.x, f->preview.y, f->preview.width, f->preview.height, radius);
        ft_region_add_rounded(region, f->actions.x, f->actions.y, f->actions.width, f->actions.height, radius);
    } else {
        ft_region_add_rounded(region, f->card.x, f->card.y, f->card.width, f->card.height, radius);
    }
    ft_text_highlight_shape(region);
    if (cairo_region_is_empty(region)) {
        // An empty shape would be no shape at all: one pixel where the card will be.
        cairo_rectangle_int_t r = { f->card.x, f->card.y, 1, 1 };
        cairo_region_union_rectangle(region, &r);
    }
    gtk_widget_shape_combine_region(o.window, region);
    cairo_region_destroy(region);
}

/// Input goes to the overlay only while a menu is open: a press in progress is looked at,
/// not in the way.
static void update_input(void) {
    if (!o.window || !gtk_widget_get_realized(o.window)) return;
    if (o.frame.menu_id) {
        gtk_widget_input_shape_combine_region(o.window, NULL);
    } else {
        cairo_region_t *none = cairo_region_create();
        gtk_widget_input_shape_combine_region(o.window, none);
        cairo_region_destroy(none);
    }
    if (o.mode == FT_WINDOW_LAYER)
        gtk_layer_set_keyboard_mode(GTK_WINDOW(o.window), o.frame.menu_id ? GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE
                                                                         : GTK_LAYER_SHELL_KEYBOARD_MODE_NONE);
}

static void grab_keyboard(void) {
    if (o.mode != FT_WINDOW_POPUP || !o.frame.menu_id || !gtk_widget_get_window(o.window)) return;
    GdkSeat *seat = gdk_display_get_default_seat(gdk_display_get_default());
    // The pointer too: a window cut to the menu's shape would not see a tap outside it.
    gdk_seat_grab(seat, gtk_widget_get_window(o.window), GDK_SEAT_CAPABILITY_ALL, FALSE, NULL, NULL, NULL, NULL);
}

static void ungrab(void) {
    if (o.mode != FT_WINDOW_POPUP) return;
    gdk_seat_ungrab(gdk_display_get_default_seat(gdk_display_get_default()));
}

static void apply(ft_menu_effects effects);

// A click or a touch lifted on an open menu: the model says whether it chose a row or
// dismissed the menu.
static void released(double x, double y) {
    ft_menu_effects effects;
    o.menu->released(x, y, &effects);
    apply(effects);
}

static gboolean on_button(GtkWidget *widget, GdkEventButton *event, gpointer data) {
    (void)widget; (void)data;
    if (event->type == GDK_BUTTON_RELEASE) released(event->x, event->y);
    return TRUE;
}

static gboolean on_touch(GtkWidget *widget, GdkEventTouch *event, gpointer data) {
    (void)widget; (void)data;
    if (event->type == GDK_TOUCH_END) released(event->x, event->y);
    return TRUE;
}

static gboolean on_key(GtkWidget *widget, GdkEventKey *event, gpointer data) {
    (void)widget; (void)data;
    ft_menu_effects effects;
    if (event->keyval != GDK_KEY_Escape) return TRUE;
    o.menu->escape(&effects);
    apply(effects);
    return TRUE;
}

static void create_window(void) {
    o.window = ft_window_new("forcetouch quick actions", &o.mode, &o.composited);
    GtkWindow *window = GTK_WINDOW(o.window);
    switch (o.mode) {
    case FT_WINDOW_LAYER:
        gtk_layer_init_for_window(window);
        gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY);
        gtk_layer_set_namespace(window, "forcetouch-overlay");
        for (int edge = 0; edge < GTK_LAYER_SHELL_EDGE_ENTRY_NUMBER; edge++) gtk_layer_set_anchor(window, edge, TRUE);
        gtk_layer_set_exclusive_zone(window, -1);
        g_printerr("overlay: Wayland with layer-shell: the menu shows on an overlay layer surface\n");
        break;
    case FT_WINDOW_POPUP:
        gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_POPUP_MENU);
        g_printerr("overlay: X11: the menu shows in an override-redirect popup%s\n",
                   o.composited ? "" : " (no compositing manager: the rest of the screen is not dimmed)");
        break;
    case FT_WINDOW_PLACED:
        gtk_window_set_decorated(window, FALSE);
        gtk_window_set_keep_above(window, TRUE);
        // An empty menu's card: one row.
        compute_frame(0, 0);
        gtk_window_set_default_size(window, o.frame.card.width, o.frame.card.height);
        g_printerr("overlay: this Wayland compositor has no layer-shell (GNOME): the menu shows in an ordinary "
                   "window the compositor places, not at the finger\n");
        break;
    }
    gtk_widget_add_events(o.window, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_TOUCH_MASK |
                                        GDK_KEY_PRESS_MASK);
    // Before on_draw, which ends the signal's emission.
    ft_frame_now_follow(o.window);
    g_signal_connect(o.window, "draw", G_CALLBACK(on_draw), NULL);
    g_signal_connect(o.window, "button-release-event", G_CALLBACK(on_button), NULL);
    g_signal_connect(o.window, "touch-event", G_CALLBACK(on_touch), NULL);
    g_signal_connect(o.window, "key-press-event", G_CALLBACK(on_key), NULL);
}

static void hide_window(void) {
    if (!o.window || !gtk_widget_get_visible(o.window)) return;
    ungrab();
    gtk_widget_hide(o.window);
    ft_link_preview_end();
    ft_look_up_card_end();
    ft_text_highlight_end();
    if (o.verbose) g_printerr("hidden\n");
    o.logged_valid = FALSE;
}

/// Shows, redraws or hides the window to match the model.
static void update(void) {
    compute_frame(o.monitor.width, o.monitor.height);
    // A layer surface kept for the menu still to come, drawn empty and taking no input, so that
    // the menu's first frame is committed at once (frame-now.h). Elsewhere it goes: an X11
    // window shows its first frame as soon as it is mapped again, and a placed one is the menu.
    if (!o.frame.visible && o.frame.keeps_window && o.mode == FT_WINDOW_LAYER && o.window &&
        gtk_widget_get_visible(o.window)) {
        // It takes no input already: it was a preview's (no menu_id), and asking again would
        // queue a layout, which the menu's first frame would then wait for.
        gtk_widget_queue_draw(o.window);
        return;
    }
    if (!o.frame.visible) {
        hide_window();
        return;
    }
    if (!o.window) create_window();
    GdkMonitor *monitor = ft_find_monitor(o.output, "the menu");
    gdk_monitor_get_geometry(monitor, &o.monitor);
    o.has_pointer = FALSE;
    if (o.frame.at_pointer && o.mode == FT_WINDOW_POPUP) {
        // Wayland tells a client where the pointer is only over its own surface: there the
        // model opens a menu at the pointer in the middle of the output.
        int x = 0, y = 0;
        GdkDevice *pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()));
        gdk_device_get_position(pointer, NULL, &x, &y);
        o.has_pointer = TRUE;
        o.px = x - o.monitor.x;
        o.py = y - o.monitor.y;
    }
    compute_frame(o.monitor.width, o.monitor.height);
    if (!gtk_widget_get_visible(o.window)) {
        if (o.mode == FT_WINDOW_LAYER) {
            gtk_layer_set_monitor(GTK_WINDOW(o.window), monitor);
            // Laid out at the size layer-shell's configure gives it (the whole output), so that
            // its first frame is drawn as it is mapped, not once GTK has taken that configure in.
            gtk_window_resize(GTK_WINDOW(o.window), o.monitor.width, o.monitor.height);
        }
        if (o.mode == FT_WINDOW_POPUP) {
            gtk_window_move(GTK_WINDOW(o.window), o.monitor.x, o.monitor.y);
            gtk_window_resize(GTK_WINDOW(o.window), o.monitor.width, o.monitor.height);
        }
        update_shape();
        gtk_widget_show_all(o.window);
    }
    if (o.mode == FT_WINDOW_PLACED)
        gtk_window_resize(GTK_WINDOW(o.window), o.frame.card.width, o.frame.card.height);
    update_shape();
    update_input();
    grab_keyboard();
    gtk_widget_queue_draw(o.window);
}

// ---------------------------------------------------------------- the bus

static void on_chosen(GObject *source, GAsyncResult *res, gpointer data) {
    char *type = data;
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), res, &error);
    if (reply) {
        const char *result, *message;
        g_variant_get(reply, FT_METHOD_CHOOSE_QUICK_ACTION_OUT_GET, &result, &message);
        g_autofree char *what = ft_log_text(type), *said = ft_log_text(result), *more = ft_log_text(message);
        g_printerr("chose %s: %s: %s\n", what, said, more);
        g_variant_unref(reply);
    } else {
        g_autofree char *what = ft_log_text(type), *why = ft_log_text(error->message);
        g_printerr("chose %s: %s\n", what, why);
        g_error_free(error);
    }
    g_free(type);
}

static void choose(int index) {
    if (index < 0 || index >= o.count || !o.bus) return;
    char *type = g_strdup(o.items[index].type);
    g_autofree char *title = ft_log_text(o.items[index].title);
    g_printerr("choose %d \"%s\"\n", index, title);
    g_dbus_connection_call(o.bus, DAEMON_NAME, DAEMON_PATH, DAEMON_IFACE, FT_METHOD_CHOOSE_QUICK_ACTION,
                           g_variant_new(FT_METHOD_CHOOSE_QUICK_ACTION_IN, type),
                           G_VARIANT_TYPE(FT_METHOD_CHOOSE_QUICK_ACTION_OUT), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                           on_chosen, type);
}

static void dismiss(guint id) {
    g_printerr("dismiss %u\n", id);
    if (o.bus)
        g_dbus_connection_call(o.bus, DAEMON_NAME, DAEMON_PATH, DAEMON_IFACE, FT_METHOD_DISMISS_MENU, g_variant_new(FT_METHOD_DISMISS_MENU_IN, id),
                               NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
}

static void apply(ft_menu_effects effects);

static gboolean on_menu_wait_over(gpointer data) {
    (void)data;
    o.menu_wait = 0;
    ft_menu_effects effects;
    o.menu->menu_wait_over(&effects);
    apply(effects);
    return G_SOURCE_REMOVE;
}

/// Does what the model asked after an event: the daemon's calls, then the drawing.
static void apply(ft_menu_effects effects) {
    if (effects.await_menu_ms > 0) {
        if (o.menu_wait) g_source_remove(o.menu_wait);
        o.menu_wait = g_timeout_add(effects.await_menu_ms, on_menu_wait_over, NULL);
    }
    if (effects.choose >= 0) choose(effects.choose);
    if (effects.dismiss) {
        dismiss(effects.dismiss);
        // A new press closed the menu: its window goes, to come back on the press's output.
        if (effects.began_press) hide_window();
    }
    if (effects.redraw) update();
}

/// Where the window is on the screen while it covers the menu's output (a layer surface, or X11's
/// popup moved there): the text found is highlighted on it. A window placed apart (no layer-shell)
/// is over no application's text.
static gboolean highlight_window(GdkRectangle *out) {
    if (!o.window || o.mode == FT_WINDOW_PLACED) return FALSE;
    *out = (GdkRectangle){ o.monitor.x, o.monitor.y, gtk_widget_get_allocated_width(o.window),
                           gtk_widget_get_allocated_height(o.window) };
    return TRUE;
}

/// The text view said where the text found is: its highlight drawn (and, unblended, cut in).
static void redraw_highlight(void) {
    update_shape();
    if (o.window && gtk_widget_get_visible(o.window)) gtk_widget_queue_draw(o.window);
}

/// A link's page arrived (or its title): drawn again.
static void redraw_preview(void) {
    // Logged again: the title drawn is the page's now.
    o.logged_valid = FALSE;
    if (o.window && gtk_widget_get_visible(o.window)) gtk_widget_queue_draw(o.window);
}

/// The string entries of the dictionaries in `iter` (`a{sv}`), at most `max`, into `entries`
/// (borrowed from the signal); returns how many.
static int string_entries(GVariantIter *iter, ft_bus_entry *entries, int max, GVariant **held) {
    int count = 0;
    const char *key;
    GVariant *value;
    while (g_variant_iter_next(iter, "{&sv}", &key, &value)) {
        if (count < max && g_variant_is_of_type(value, G_VARIANT_TYPE_STRING)) {
            entries[count] = (ft_bus_entry){ key, g_variant_get_string(value, NULL) };
            held[count++] = value;
        } else {
            g_variant_unref(value);
        }
    }
    return count;
}

/// The most string entries of one MenuShown dictionary passed on: more than the daemon writes.
enum { ENTRIES = 32 };

static void menu_shown(GVariant *p) {
    gint64 arrived = g_get_monotonic_time();
    guint id;
    GVariantIter *items;
    double x, y;
    const char *placement, *output;
    GVariantIter *target_iter;
    g_variant_get(p, FT_SIGNAL_MENU_SHOWN_GET, &id, &items, &x, &y, &placement, &output, &target_iter);
    // The dictionaries as they came: what the menu draws of them is the model's (MenuContent).
    ft_bus_entry target_entries[ENTRIES], item_entries[FT_MENU_MAX_ITEMS][ENTRIES];
    GVariant *held[(FT_MENU_MAX_ITEMS + 1) * ENTRIES];
    int kept = 0;
    ft_bus_dict target = { target_entries, string_entries(target_iter, target_entries, ENTRIES, held) };
    kept += target.count;
    g_variant_iter_free(target_iter);
    ft_bus_dict dicts[FT_MENU_MAX_ITEMS];
    int count = 0;
    GVariantIter *item;
    while (g_variant_iter_next(items, "a{sv}", &item)) {
        if (count < FT_MENU_MAX_ITEMS) {
            dicts[count] = (ft_bus_dict){ item_entries[count],
                                          string_entries(item, item_entries[count], ENTRIES, held + kept) };
            kept += dicts[count++].count;
        }
        g_variant_iter_free(item);
    }
    g_variant_iter_free(items);
    ft_menu_content content;
    o.menu->content(&target, dicts, count, ft_look_up_card_lines_needed, &content);
    for (int i = 0; i < kept; i++) g_variant_unref(held[i]);
    clear_items();
    for (int i = 0; i < content.count && i < FT_MENU_MAX_ITEMS; i++) {
        const ft_menu_row *row = &content.rows[i];
        item_t *it = &o.items[o.count++];
        it->type = g_strdup(row->type);
        // Bounded before Pango sees them: a 10 MB title would take seconds and hundreds of MB
        // to lay out, for one line on the screen.
        it->title = ft_bounded_text(row->title);
        it->subtitle = row->subtitle ? ft_bounded_text(row->subtitle) : NULL;
        it->icon = g_strdup(row->icon);
        it->icon_file = g_strdup(row->icon_file);
    }
    g_strlcpy(o.output, output, sizeof o.output);
    {
        // What the press was on (SPEC §11, "What is under the finger"), logged.
        g_autofree char *kind = ft_bounded_text(content.kind), *name = ft_bounded_text(content.name);
        g_autofree char *how = ft_log_text(placement), *where = ft_log_text(output), *what = ft_log_text(kind),
                        *called = ft_log_text(name);
        g_printerr("menu %u shown: %d item(s) at %.3f,%.3f (%s%s%s) for %s%s%s%s\n", id, o.count, x, y, how,
                   *where ? " on " : "", where, *what ? what : "nothing", *called ? " \"" : "", called,
                   *called ? "\"" : "");
    }
    o.stamp_menu = id;
    o.stamp_signal = arrived;
    ft_link_preview_end();
    ft_look_up_card_begin(&content);
    ft_text_highlight_begin(o.menu, id, &target, highlight_window, redraw_highlight, o.verbose);
    // A link's preview above its actions ("The link's preview"), its page rendered when it can be.
    if (content.target.link && !content.look_up) {
        g_autofree char *title = ft_bounded_text(content.link_name);
        content.target.page = ft_link_preview_begin(id, content.address, title, redraw_preview);
    }
    // An app's actions: headed by its name and icon (a theme name, or a file's path).
    if (content.target.heading) {
        o.heading.title = ft_bounded_text(content.heading_title);
        o.heading.icon = g_strdup(content.heading_icon);
        o.heading.icon_file = g_strdup(content.heading_icon_file);
    }
    ft_menu_effects effects;
    o.menu->menu_shown(id, o.count, x, y, placement, &content.target, &effects);
    apply(effects);
    // Its first frame now, not at the frame clock's next tick, which may be a whole frame away.
    o.stamp_ticks = frame_ticks();
    ft_draw_now(o.window);
}

static void press_progress(GVariant *p) {
    const char *phase, *stage, *placement, *output;
    double transition, commit, x, y;
    gboolean preview;
    g_variant_get(p, FT_SIGNAL_PRESS_PROGRESS_GET, &phase, &stage, &transition, &commit, &x, &y, &placement, &output,
                  &preview);
    ft_menu_effects effects;
    // The window kept, drawn empty, for the last press's menu (keeps_window).
    gboolean kept = o.window && gtk_widget_get_visible(o.window) && !o.frame.visible;
    // Whether the card is drawn is the model's (the daemon's `preview`): this only passes it on.
    o.menu->press_progress(phase, stage, transition, commit, x, y, placement, preview ? 1 : 0, &effects);
    // A new press's card is mapped anew, on the output the press is on.
    if (effects.began_press && kept) hide_window();
    // On its way to a deep press: what is under the finger is looked up now, ready by peek.
    // Not when the daemon takes no answer (its under-finger is []).
    if (effects.look_up && !o.daemon_looks_nothing_up) {
        ft_link_preview_prepare();
        ft_under_finger_began(x, y, placement, output);
    }
    if (effects.began_press) {
        clear_items();
        g_strlcpy(o.output, output, sizeof o.output);
    }
    apply(effects);
}

static void menu_dismissed(GVariant *p) {
    guint id;
    const char *reason;
    g_variant_get(p, FT_SIGNAL_MENU_DISMISSED_GET, &id, &reason);
    ft_menu_effects effects;
    o.menu->menu_dismissed(id, &effects);
    // Redrawn only when it was the menu shown.
    if (effects.redraw) {
        g_autofree char *why = ft_log_text(reason);
        g_printerr("menu %u dismissed: %s\n", id, why);
    }
    apply(effects);
}

static void assistive_button(GVariant *p) { ft_assistive_button_signal(p, o.verbose); }

static void activate_window(GVariant *p) { ft_app_windows_signal(FT_SIGNAL_ACTIVATE_WINDOW, p); }

/// The daemon's signals drawn here, each by its member and type (bus-protocol.h): each is
/// subscribed to alone, so that the bus and GDBus pick it out, and no other reaches the overlay.
static const ft_daemon_signal menu_signals[] = {
    { FT_SIGNAL_MENU_SHOWN, FT_SIGNAL_MENU_SHOWN_TYPE, menu_shown },
    { FT_SIGNAL_PRESS_PROGRESS, FT_SIGNAL_PRESS_PROGRESS_TYPE, press_progress },
    { FT_SIGNAL_MENU_DISMISSED, FT_SIGNAL_MENU_DISMISSED_TYPE, menu_dismissed },
    { FT_SIGNAL_ASSISTIVE_BUTTON, FT_SIGNAL_ASSISTIVE_BUTTON_TYPE, assistive_button },
    { FT_SIGNAL_ACTIVATE_WINDOW, FT_SIGNAL_ACTIVATE_WINDOW_TYPE, activate_window },
};

static void on_signal(GDBusConnection *bus, const char *sender, const char *path, const char *iface,
                      const char *member, GVariant *parameters, gpointer data) {
    (void)bus; (void)path; (void)iface;
    const ft_daemon_signal *signal = data;
    // The rule's sender only filters broadcasts: a signal addressed to the overlay reaches it
    // from anyone, and GLib before 2.80.1 delivers it (CVE-2024-34397). Only the daemon speaks.
    if (!sender || !o.client->believes(sender)) {
        if (o.verbose) g_printerr("ignored %s from %s: not the owner of " DAEMON_NAME "\n", member, sender);
        return;
    }
    if (g_variant_is_of_type(parameters, G_VARIANT_TYPE(signal->type))) signal->take(parameters);
}

static void subscribe(GDBusConnection *bus, const ft_daemon_signal *signals, size_t count) {
    for (size_t i = 0; i < count; i++)
        g_dbus_connection_signal_subscribe(bus, DAEMON_NAME, DAEMON_IFACE, signals[i].member, DAEMON_PATH, NULL,
                                           G_DBUS_SIGNAL_FLAGS_NONE, on_signal, (gpointer)&signals[i], NULL);
}

/// The daemon that showed the menu, the intent window or the AssistiveTouch button is gone: they
/// go at once, with no call.
static void daemon_gone(const char *why) {
    g_printerr("overlay: " DAEMON_NAME ": %s: what it showed goes\n", why);
    ft_menu_effects effects;
    o.menu->daemon_gone(&effects);
    apply(effects);
    ft_intent_daemon_gone();
    ft_assistive_button_daemon_gone();
}

static void read_under_finger(void);
static void take_under_finger(GVariant *kinds);

/// The bus's word on who owns the daemon's name: GetNameOwner's answer, or (`changed`)
/// NameOwnerChanged's new owner. What it means is the model's (DaemonOwner).
static void set_daemon_owner(const char *owner, gboolean changed) {
    char gone[128];
    gboolean another = o.client->daemon_owner(owner, changed, gone, sizeof gone);
    g_free(o.daemon_owner);
    o.daemon_owner = *owner ? g_strdup(owner) : NULL;
    if (another) {
        // Another daemon: looked up, its text unread, until it says its under-finger.
        take_under_finger(NULL);
        read_under_finger();
    }
    if (*gone) daemon_gone(gone);
}

// ---------------------------------------------------------------- the daemon's under-finger

/// Takes the daemon's `UnderFinger` (the kinds of its `[quick-actions] under-finger`, `as`; NULL:
/// not said yet): what is looked up, and whether text is read, is the model's (UnderFingerUse).
/// The log says what each daemon first says, and each change.
static void take_under_finger(GVariant *kinds) {
    g_autofree const char **list = kinds ? g_variant_get_strv(kinds, NULL) : NULL;
    ft_under_finger_use use;
    o.client->under_finger(list, list ? (int)g_strv_length((char **)list) : 0, &use);
    ft_under_finger_reads_text(use.read_text);
    gboolean changed = !o.daemon_said_under_finger || use.look_up == o.daemon_looks_nothing_up ||
                       use.read_text != o.daemon_reads_text;
    o.daemon_looks_nothing_up = !use.look_up;
    o.daemon_reads_text = use.read_text;
    o.daemon_said_under_finger = list != NULL;
    if (!changed || !list) return;
    if (!use.look_up) {
        g_printerr("under-finger: off (the daemon's under-finger is []): what is under the finger is not looked up\n");
        return;
    }
    g_autofree char *joined = g_strjoinv(", ", (char **)list);
    g_autofree char *said = ft_log_text(joined);
    g_printerr("under-finger: on (the daemon's under-finger is %s)%s\n", said,
               use.read_text ? ": the text under the finger is read" : "");
}

/// The answer to `Get(UnderFinger)`, asked of the daemon `data` (the owner then): a daemon
/// without the property (an older one) leaves the lookup on.
static void on_under_finger(GObject *source, GAsyncResult *result, gpointer data) {
    g_autofree char *asked = data;
    g_autoptr(GVariant) reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
    if (!reply || !o.client->believes(asked)) return;
    g_autoptr(GVariant) value = NULL;
    g_variant_get(reply, "(v)", &value);
    if (g_variant_is_of_type(value, G_VARIANT_TYPE("as"))) take_under_finger(value);
}

static void read_under_finger(void) {
    if (!o.bus || !o.daemon_owner) return;
    g_dbus_connection_call(o.bus, o.daemon_owner, DAEMON_PATH, "org.freedesktop.DBus.Properties", "Get",
                           g_variant_new("(ss)", DAEMON_IFACE, FT_BUS_PROPERTY_UNDER_FINGER), G_VARIANT_TYPE("(v)"),
                           G_DBUS_CALL_FLAGS_NONE, 5000, NULL, on_under_finger, g_strdup(o.daemon_owner));
}

/// The daemon's properties changed (a reload): its UnderFinger, when among them, is taken.
static void on_properties_changed(GDBusConnection *bus, const char *sender, const char *path, const char *iface,
                                  const char *member, GVariant *parameters, gpointer data) {
    (void)bus; (void)path; (void)iface; (void)member; (void)data;
    // Believed from the daemon only, as its signals are.
    if (!sender || !o.client->believes(sender)) return;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sa{sv}as)"))) return;
    g_autoptr(GVariant) changed = g_variant_get_child_value(parameters, 1);
    g_autoptr(GVariant) kinds = g_variant_lookup_value(changed, FT_BUS_PROPERTY_UNDER_FINGER, G_VARIANT_TYPE("as"));
    if (kinds) take_under_finger(kinds);
}

/// The bus's word on who owns the daemon's name. Followed here, not with g_bus_watch_name,
/// whose handler runs one idle later: a signal sent right after the name was taken would be
/// judged against the old owner. Subscriptions are called in the order the messages came.
/// Only the bus itself says who owns a name, though anyone may address a NameOwnerChanged to
/// the overlay: the subscription's sender, the bus's own name, is one GDBus matches each
/// message's sender against, as it matches its first argument, the daemon's name.
static void on_owner_changed(GDBusConnection *bus, const char *sender, const char *path, const char *iface,
                             const char *member, GVariant *parameters, gpointer data) {
    (void)bus; (void)sender; (void)path; (void)iface; (void)member; (void)data;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sss)"))) return;
    const char *name, *old_owner, *new_owner;
    g_variant_get(parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
    // Left the bus (killed, restarted, upgraded), or another process took its name: what it
    // showed here has nobody behind it, and a new owner never sent it (DaemonOwner).
    set_daemon_owner(new_owner, TRUE);
}

static void on_bus(GDBusConnection *bus, const char *name, gpointer data) {
    (void)name; (void)data;
    o.bus = bus;
    // Followed before it is asked, so that no change falls between the answer and the watch.
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                                       "/org/freedesktop/DBus", DAEMON_NAME, G_DBUS_SIGNAL_FLAGS_NONE,
                                       on_owner_changed, NULL, NULL);
    GVariant *owner = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus", "GetNameOwner",
                                                  g_variant_new("(s)", DAEMON_NAME), G_VARIANT_TYPE("(s)"),
                                                  G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
    if (owner) {
        const char *unique;
        g_variant_get(owner, "(&s)", &unique);
        set_daemon_owner(unique, FALSE);
        g_variant_unref(owner);
    }
    // Its UnderFinger as it changes (asked when an owner is set, set_daemon_owner).
    g_dbus_connection_signal_subscribe(bus, DAEMON_NAME, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                       DAEMON_PATH, DAEMON_IFACE, G_DBUS_SIGNAL_FLAGS_NONE, on_properties_changed,
                                       NULL, NULL);
    // The daemon's signals, from the owner of its name only (checked again in on_signal): any
    // other client could otherwise open, close or choose from menus and intent windows.
    subscribe(bus, menu_signals, G_N_ELEMENTS(menu_signals));
    subscribe(bus, ft_intent_signals, FT_INTENT_SIGNALS);
}

// ---------------------------------------------------------------- who draws

/// The unique name owning `name` now, or NULL when none does.
static char *name_owner(GDBusConnection *bus, const char *name) {
    GVariant *reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus", "GetNameOwner", g_variant_new("(s)", name),
                                                  G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
    if (!reply) return NULL;
    char *owner = NULL;
    g_variant_get(reply, "(s)", &owner);
    g_variant_unref(reply);
    return owner;
}

/// The `Mode` property of the client `owner`'s Overlay1 object, or NULL when it does not say
/// within a second (it may be hung, or not an overlay at all).
static char *owner_mode(GDBusConnection *bus, const char *owner) {
    GVariant *reply = g_dbus_connection_call_sync(
        bus, owner, FT_BUS_OVERLAY_PATH, "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", OVERLAY_NAME, "Mode"), G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 1000,
        NULL, NULL);
    if (!reply) return NULL;
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    char *mode = g_variant_is_of_type(value, G_VARIANT_TYPE_STRING) ? g_variant_dup_string(value, NULL) : NULL;
    g_variant_unref(value);
    g_variant_unref(reply);
    return mode;
}

/// Who `owner` is, by its `Mode` (OverlayNameOwner), for the log: `the GNOME Shell extension
/// (:1.23, mode gnome-shell)`, `another overlay (:1.9, mode popup)`, `a client (:1.7, mode
/// unknown)`. `extension`, when not NULL, says whether it is the GNOME Shell extension.
static char *describe_owner(const char *owner, const char *mode, gboolean *extension) {
    char who[64];
    gboolean is_extension = o.client->overlay_owner(mode, who, sizeof who);
    if (extension) *extension = is_extension;
    // The mode is the owner's word, whoever it is.
    g_autofree char *said = ft_log_text(mode ? mode : "unknown");
    return g_strdup_printf("%s (%s, mode %s)", who, owner ? owner : "no owner", said);
}

/// Whether the GNOME Shell extension owns the overlay's name now: then it shows the menus at
/// the finger, and this program, asked before it draws anything, exits.
static gboolean extension_draws(GDBusConnection *bus) {
    char *owner = name_owner(bus, OVERLAY_NAME);
    if (!owner) return FALSE;
    char *mode = owner_mode(bus, owner);
    gboolean extension;
    char *who = describe_owner(owner, mode, &extension);
    if (extension) {
        g_printerr("overlay: %s is owned by %s, which shows the menus at the finger: drawing nothing here\n",
                   OVERLAY_NAME, who);
    }
    g_free(who);
    g_free(mode);
    g_free(owner);
    return extension;
}

/// Under GNOME (DesktopSession), said once: the extension draws at the finger where this program
/// cannot.
static void suggest_extension(void) {
    if (!o.client->gnome(g_getenv("XDG_CURRENT_DESKTOP"))) return;
    g_printerr("overlay: GNOME: the forcetouch GNOME Shell extension shows the menu at the finger "
               "(gnome-extensions enable forcetouch@forcetouch.github.io); this overlay gives way to it\n");
}

static void on_name(GDBusConnection *bus, const char *name, gpointer data) {
    (void)bus; (void)data;
    o.owned = TRUE;
    g_printerr("overlay: %s on the session bus: forcetouchd shows its quick-action menus here\n", name);
}

/// The name was not had, or was taken (the extension asks with REPLACE, which the overlay
/// allows): everything shown here goes, the log says who has it, and the overlay exits 0, which
/// its user unit (Restart=on-failure) does not restart.
static void on_name_lost(GDBusConnection *bus, const char *name, gpointer data) {
    (void)data;
    if (!bus) {
        g_printerr("overlay: no session bus (DBUS_SESSION_BUS_ADDRESS): cannot own %s\n", name);
        g_main_loop_quit(o.loop);
        return;
    }
    hide_window();
    ft_assistive_button_destroy();
    char *owner = name_owner(bus, name);
    char *mode = owner ? owner_mode(bus, owner) : NULL;
    gboolean extension;
    char *who = describe_owner(owner, mode, &extension);
    if (o.owned) g_printerr("overlay: %s taken by %s: drawing nothing here\n", name, who);
    else if (extension)
        g_printerr("overlay: %s is owned by %s, which shows the menus at the finger: drawing nothing here\n", name,
                   who);
    else g_printerr("overlay: %s is owned by %s: exiting\n", name, who);
    g_free(who);
    g_free(mode);
    g_free(owner);
    g_main_loop_quit(o.loop);
}

/// Light or dark: the settings portal's org.freedesktop.appearance color-scheme (1 = dark)
/// where a portal runs, else the GTK theme's name or its prefer-dark setting.
static void read_color_scheme(void) {
    GtkSettings *settings = gtk_settings_get_default();
    g_autofree char *theme = NULL;
    gboolean prefer_dark = FALSE;
    g_object_get(settings, "gtk-theme-name", &theme, "gtk-application-prefer-dark-theme", &prefer_dark, NULL);
    gboolean has_portal = FALSE;
    guint32 scheme = 0;
    GVariant *reply = !o.bus ? NULL : g_dbus_connection_call_sync(
        o.bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
        "Read", g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"), G_VARIANT_TYPE("(v)"),
        G_DBUS_CALL_FLAGS_NO_AUTO_START, 500, NULL, NULL);
    if (reply) {
        GVariant *v = NULL, *inner = NULL;
        g_variant_get(reply, "(v)", &v);
        inner = g_variant_is_of_type(v, G_VARIANT_TYPE_VARIANT) ? g_variant_get_variant(v) : g_variant_ref(v);
        if ((has_portal = g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32))) scheme = g_variant_get_uint32(inner);
        g_variant_unref(inner);
        g_variant_unref(v);
        g_variant_unref(reply);
    }
    // Which of them decides is the model's (ColorScheme).
    o.dark = o.client->dark(has_portal, scheme, theme, g_getenv("GTK_THEME"), prefer_dark);
}

// ---------------------------------------------------------------- the overlay's own object

/// How the menu is shown here, as the bus's `Mode` says it: `layer-shell`, `popup` (X11) or
/// `placed-window` (no layer-shell: GNOME), whose menu is not at the finger (OverlayProperty).
static const char *mode_name(void) {
    switch (o.mode) {
    case FT_WINDOW_LAYER: return "layer-shell";
    case FT_WINDOW_POPUP: return "popup";
    case FT_WINDOW_PLACED: break;
    }
    return "placed-window";
}

static GVariant *get_property(GDBusConnection *bus, const char *sender, const char *path, const char *iface,
                              const char *name, GError **error, gpointer data) {
    (void)bus; (void)sender; (void)path; (void)iface; (void)data;
    // Which property and its value are the model's (OverlayProperty).
    ft_property_value value;
    o.client->property(name, mode_name(), &value);
    if (value.type == FT_PROPERTY_STRING) return g_variant_new_string(value.text);
    if (value.type == FT_PROPERTY_BOOLEAN) return g_variant_new_boolean(value.boolean);
    g_set_error(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_PROPERTY, "no property %s", name);
    return NULL;
}

static const char overlay_xml[] =
    "<node><interface name='" OVERLAY_NAME "'>"
    "<property name='Mode' type='s' access='read'/>"
    "<property name='AtFinger' type='b' access='read'/>"
    "</interface></node>";

/// `/io/github/forcetouch/Overlay1`: what a session without layer-shell does to the menu is said
/// on the bus too, for a settings panel or a test to read.
static void export_object(GDBusConnection *bus) {
    static const GDBusInterfaceVTable vtable = { NULL, get_property, NULL, { 0 } };
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(overlay_xml, NULL);
    if (!node) return;
    g_dbus_connection_register_object(bus, FT_BUS_OVERLAY_PATH, node->interfaces[0], &vtable, NULL, NULL,
                                      NULL);
    g_dbus_node_info_unref(node);
}

static gboolean on_stop(gpointer data) {
    (void)data;
    g_main_loop_quit(o.loop);
    return G_SOURCE_REMOVE;
}

int ft_overlay_main(const ft_overlay_args *args) {
    o.verbose = args->verbose;
    const char *frame_log = g_getenv("FORCETOUCH_OVERLAY_FRAME_LOG");
    if (frame_log && *frame_log && !(o.frame_log = fopen(frame_log, "a")))
        g_printerr("overlay: FORCETOUCH_OVERLAY_FRAME_LOG %s: %s\n", frame_log, g_strerror(errno));
    o.menu = args->menu;
    o.client = args->client;
    ft_drawing_init(args->client);
    if (args->what_is_at) return ft_under_finger_what_is_at(args->lookup, args->at_x, args->at_y, args->read_text,
                                                          args->verbose);
    g_printerr("forcetouch-overlay %s\n", args->version);
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    // The GNOME Shell extension draws the menus: asked first, so that nothing is opened, made
    // or mapped here, not even the display.
    if (bus && extension_draws(bus)) {
        g_object_unref(bus);
        return 0;
    }
    if (!gtk_init_check(NULL, NULL)) {
        g_printerr("overlay: cannot open a display (neither WAYLAND_DISPLAY nor DISPLAY works)\n");
        return 1;
    }
    // The outputs by the names a device's `output` key matches, so that a user can pick one.
    GdkDisplay *display = gdk_display_get_default();
    for (int i = 0; i < gdk_display_get_n_monitors(display); i++) {
        GdkMonitor *m = gdk_display_get_monitor(display, i);
        GdkRectangle r;
        gdk_monitor_get_geometry(m, &r);
        const char *model = gdk_monitor_get_model(m);
        g_autofree char *name = ft_log_text(model ? model : "(unnamed)");
        g_printerr("overlay: output %s %dx%d+%d+%d scale %d\n", name, r.width, r.height, r.x, r.y,
                   gdk_monitor_get_scale_factor(m));
    }
    o.loop = g_main_loop_new(NULL, FALSE);
    if (!bus) {
        g_printerr("overlay: no session bus: %s\n", error->message);
        g_error_free(error);
        return 1;
    }
    on_bus(bus, NULL, NULL);
    ft_under_finger_init(bus, args->lookup, o.verbose);
    ft_app_windows_init(args->lookup, o.verbose);
    // The window is made (not shown) now: how the menu will be shown is known, logged once
    // and on the bus from the start.
    create_window();
    export_object(bus);
    read_color_scheme();
    g_printerr("overlay: %s theme\n", o.dark ? "dark" : "light");
    ft_intent_init(bus, args->intent, o.verbose, o.dark);
    ft_link_preview_init(args->link_preview, args->link_preview_timeout, o.verbose);
    ft_assistive_button_init(args->button);
    suggest_extension();
    // Replaceable: the GNOME Shell extension takes the name when it starts (SPEC §11).
    g_bus_own_name_on_connection(bus, OVERLAY_NAME,
                                 G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE | G_BUS_NAME_OWNER_FLAGS_ALLOW_REPLACEMENT,
                                 on_name, on_name_lost, NULL, NULL);
    g_unix_signal_add(SIGTERM, on_stop, NULL);
    g_unix_signal_add(SIGINT, on_stop, NULL);
    g_main_loop_run(o.loop);
    if (o.window) gtk_widget_destroy(o.window);
    ft_assistive_button_destroy();
    g_object_unref(bus);
    return 0;
}
