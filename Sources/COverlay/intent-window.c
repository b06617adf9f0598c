// forcetouch-overlay: the intent's floating window (docs/SPEC.md §11, "The intent window"), the Intents UI
// extension's window on Linux.
//
// forcetouchd announces each intent run a gesture or the bus starts (IntentStarted), asks what
// the run waits on (IntentConfirm: Next / Cancel; IntentChoose: the choices; IntentNeedsValue: a
// text field) and says what its handlers answered (IntentResponse). The answers go back as
// ConfirmIntent and AnswerIntent; a tap on the window, or its Open button, is OpenIntentApp.
// The window never runs anything itself.
//
// Per response code, as the model says (IntentResponseLook): success shows a check mark,
// in-progress a spinner (turned into the final state when a later message says so), failure its
// message, failure-requiring-app-launch an Open button, continue-in-app nothing (the daemon opens
// the app). The handler's output is in the middle: its text, or the image it names, scaled to
// fit. A final response dismisses itself after a few seconds unless touched. The window is
// placed beside the gesture, as the menu is, or centred when the run had no gesture
// (IntentWindowPlacement).
#include "intent-window.h"
#include "overlay-window.h"
#include "drawing.h"
#include "bounded.h"
#include <gtk/gtk.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif
#include <math.h>
#include <string.h>

#include "bus-protocol.h"

#define DAEMON_NAME FT_BUS_DAEMON_NAME
#define DAEMON_PATH FT_BUS_DAEMON_PATH
#define DAEMON_IFACE FT_BUS_DAEMON_INTERFACE
#define MAX_BUTTONS 12

// Sizes in logical pixels.
enum { WIDTH = 340, PAD = 18, BUTTON_H = 40, ROW_H = 44, IMAGE_W = WIDTH - 2 * PAD, IMAGE_H = 200,
       ENTRY_H = 36, DISMISS_MS = 4000 };

typedef enum { KIND_NONE, KIND_CONFIRM, KIND_CHOOSE, KIND_VALUE, KIND_RESPONSE } kind_t;

typedef struct {
    char name[32];      // next, cancel, choice-N, ok, open, window
    char *label;
    GdkRectangle rect;  // in the window
    gboolean primary;
} button_t;

static struct {
    GDBusConnection *bus;
    int verbose;
    gboolean dark;
    GtkWidget *window, *area, *entry;
    ft_window_mode mode;
    // Where the window goes (Swift's IntentWindowPlacement).
    const ft_intent_model *model;
    // The run.
    guint id, cancelled;
    char *intent, *title, *app, *output, *placement;
    double x, y;
    gboolean located;
    // What is shown.
    kind_t kind;
    char *prompt, *parameter;
    char **choices;
    char *code, *message, *text, *image;
    // How the response's code is shown, by the model.
    ft_intent_look look;
    gboolean final, touched;
    GdkPixbuf *pixbuf;
    button_t buttons[MAX_BUTTONS];
    int nbuttons;
    int width, height;
    guint dismiss_timer, spin_timer;
    double spin;
    char logged[256];
} w;

/// Sets a text the window may draw, bounded before Pango lays it out (bounded.h).
static void set(char **field, const char *value) {
    g_free(*field);
    *field = ft_bounded_text(value);
}

/// The response's code, and how the model says it is shown.
static void set_code(const char *code) {
    set(&w.code, code);
    w.model->response_look(w.code, &w.look);
}

// ---------------------------------------------------------------- layout

static int text_height(const char *text, const char *font, int width) {
    if (!text || !*text) return 0;
    PangoLayout *layout = ft_text_layout(pango_layout_new(gtk_widget_get_pango_context(w.area)), text, font, width, 8);
    int width_out, height;
    pango_layout_get_pixel_size(layout, &width_out, &height);
    g_object_unref(layout);
    return height;
}

static void add_button(const char *name, const char *label, int x, int y, int width, int height, gboolean primary) {
    if (w.nbuttons >= MAX_BUTTONS) return;
    button_t *b = &w.buttons[w.nbuttons++];
    g_strlcpy(b->name, name, sizeof b->name);
    set(&b->label, label);
    b->rect = (GdkRectangle){ x, y, width, height };
    b->primary = primary;
}

/// The header: the title, then the prompt or the response's message; returns where the rest starts.
static int header_height(void) {
    int y = PAD + text_height(w.title, "Sans Bold 13", WIDTH - 2 * PAD - (w.kind == KIND_RESPONSE ? 40 : 0)) + 6;
    const char *sub = w.kind == KIND_RESPONSE ? NULL : w.prompt;
    if (sub && *sub) y += text_height(sub, "Sans 11", WIDTH - 2 * PAD) + 10;
    return MAX(y, w.kind == KIND_RESPONSE ? PAD + 36 : y);
}

/// The window's size and its buttons' rectangles for what is shown.
static void layout(void) {
    w.nbuttons = 0;
    int y = header_height();
    int half = (WIDTH - 2 * PAD - 10) / 2;
    switch (w.kind) {
    case KIND_CONFIRM:
        add_button("cancel", "Cancel", PAD, y, half, BUTTON_H, FALSE);
        add_button("next", "Next", PAD + half + 10, y, half, BUTTON_H, TRUE);
        y += BUTTON_H + PAD;
        break;
    case KIND_CHOOSE:
        for (int i = 0; w.choices && w.choices[i] && w.nbuttons < MAX_BUTTONS - 1; i++) {
            char name[32];
            g_snprintf(name, sizeof name, "choice-%d", i);
            add_button(name, w.choices[i], PAD, y, WIDTH - 2 * PAD, ROW_H - 6, FALSE);
            y += ROW_H;
        }
        add_button("cancel", "Cancel", PAD, y + 4, WIDTH - 2 * PAD, BUTTON_H, FALSE);
        y += 4 + BUTTON_H + PAD;
        break;
    case KIND_VALUE:
        y += ENTRY_H + 12;  // the entry, a widget below the drawing
        add_button("cancel", "Cancel", PAD, y, half, BUTTON_H, FALSE);
        add_button("ok", "OK", PAD + half + 10, y, half, BUTTON_H, TRUE);
        y += BUTTON_H + PAD;
        break;
    case KIND_RESPONSE: {
        int middle = 0;
        if (w.pixbuf) middle = gdk_pixbuf_get_height(w.pixbuf);
        else middle = text_height(*w.text ? w.text : NULL, "Sans 11", WIDTH - 2 * PAD);
        int msg = w.look.shows_message && *w.message ? text_height(w.message, "Sans 10", WIDTH - 2 * PAD) : 0;
        y += msg ? msg + 8 : 0;
        y += middle ? middle + 12 : 0;
        if (w.look.offers_open) {
            add_button("open", "Open", PAD, y, WIDTH - 2 * PAD, BUTTON_H, TRUE);
            y += BUTTON_H + 8;
        }
        y += PAD - 6;
        break;
    }
    case KIND_NONE: break;
    }
    w.width = WIDTH;
    w.height = y;
}

// ---------------------------------------------------------------- drawing

static void draw_text(cairo_t *cr, const char *text, const char *font, double x, double y, int width, double r,
                      double g, double b, gboolean centred) {
    PangoLayout *layout = ft_text_layout(pango_cairo_create_layout(cr), text, font, width, 8);
    if (centred) pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

/// The response's badge at the top right: a green check mark, a red "!", a spinner.
static void draw_badge(cairo_t *cr, double cx, double cy) {
    if (w.look.badge == FT_BADGE_CHECK) {
        cairo_arc(cr, cx, cy, 14, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 0.16, 0.68, 0.30);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, 3);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_move_to(cr, cx - 6, cy);
        cairo_line_to(cr, cx - 2, cy + 5);
        cairo_line_to(cr, cx + 7, cy - 5);
        cairo_stroke(cr);
    } else if (w.look.badge == FT_BADGE_SPINNER) {
        cairo_set_line_width(cr, 3.5);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        for (int i = 0; i < 8; i++) {
            double a = w.spin + i * G_PI / 4;
            double grey = w.dark ? 0.9 : 0.3;
            cairo_set_source_rgba(cr, grey, grey, grey, 0.2 + 0.1 * i);
            cairo_move_to(cr, cx + 6 * cos(a), cy + 6 * sin(a));
            cairo_line_to(cr, cx + 12 * cos(a), cy + 12 * sin(a));
            cairo_stroke(cr);
        }
    } else {
        cairo_arc(cr, cx, cy, 14, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 0.85, 0.20, 0.18);
        cairo_fill(cr);
        draw_text(cr, "!", "Sans Bold 14", cx - 14, cy - 11, 28, 1, 1, 1, TRUE);
    }
}

static gboolean on_draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
    (void)widget; (void)data;
    double bg = w.dark ? 0.16 : 0.97, fg = w.dark ? 0.95 : 0.08, sub = w.dark ? 0.72 : 0.32;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    ft_rounded(cr, 0.5, 0.5, w.width - 1, w.height - 1, 16);
    cairo_set_source_rgb(cr, bg, bg, bg);
    cairo_fill_preserve(cr);
    cairo_set_source_rgba(cr, sub, sub, sub, 0.5);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    int right = w.kind == KIND_RESPONSE ? 40 : 0;
    draw_text(cr, w.title, "Sans Bold 13", PAD, PAD, WIDTH - 2 * PAD - right, fg, fg, fg, FALSE);
    int y = PAD + text_height(w.title, "Sans Bold 13", WIDTH - 2 * PAD - right) + 6;
    if (w.kind != KIND_RESPONSE && *w.prompt) {
        draw_text(cr, w.prompt, "Sans 11", PAD, y, WIDTH - 2 * PAD, sub, sub, sub, FALSE);
    }
    if (w.kind == KIND_RESPONSE) {
        draw_badge(cr, WIDTH - PAD - 14, PAD + 12);
        y = header_height();
        if (w.look.shows_message && *w.message) {
            gboolean failed = w.look.failed;
            draw_text(cr, w.message, "Sans 10", PAD, y, WIDTH - 2 * PAD, failed ? 0.75 : sub, failed ? 0.12 : sub,
                      failed ? 0.1 : sub, FALSE);
            y += text_height(w.message, "Sans 10", WIDTH - 2 * PAD) + 8;
        }
        if (w.pixbuf) {
            int iw = gdk_pixbuf_get_width(w.pixbuf);
            gdk_cairo_set_source_pixbuf(cr, w.pixbuf, (WIDTH - iw) / 2.0, y);
            cairo_paint(cr);
        } else if (*w.text) {
            draw_text(cr, w.text, "Sans 11", PAD, y, WIDTH - 2 * PAD, fg, fg, fg, FALSE);
        }
    }
    for (int i = 0; i < w.nbuttons; i++) {
        button_t *b = &w.buttons[i];
        ft_rounded(cr, b->rect.x, b->rect.y, b->rect.width, b->rect.height, 10);
        if (b->primary) cairo_set_source_rgb(cr, 0.16, 0.42, 0.90);
        else cairo_set_source_rgb(cr, w.dark ? 0.28 : 0.86, w.dark ? 0.28 : 0.86, w.dark ? 0.30 : 0.88);
        cairo_fill(cr);
        double t = b->primary ? 1.0 : fg;
        draw_text(cr, b->label, b->primary ? "Sans Bold 11" : "Sans 11", b->rect.x + 8, b->rect.y + b->rect.height / 2.0 - 9,
                  b->rect.width - 16, t, t, t, TRUE);
    }
    return TRUE;
}

// ---------------------------------------------------------------- the window

static void hide(const char *why);
static void answer_confirm(gboolean yes);
static void answer_value(const char *value);
static void open_app(void);

static void on_entry_activate(GtkEntry *entry, gpointer data) {
    (void)data;
    answer_value(gtk_entry_get_text(entry));
}

static void press_button(const char *name) {
    g_printerr("intent %u: %s\n", w.id, name);
    if (strcmp(name, "next") == 0) answer_confirm(TRUE);
    else if (strcmp(name, "cancel") == 0) answer_confirm(FALSE);
    else if (strcmp(name, "ok") == 0) answer_value(gtk_entry_get_text(GTK_ENTRY(w.entry)));
    else if (strcmp(name, "open") == 0) open_app();
    else if (g_str_has_prefix(name, "choice-")) {
        int i = atoi(name + strlen("choice-"));
        answer_value(w.choices[i]);
    }
}

/// A tap (a click under X11) released at x, y of the drawing: a button, or the window itself.
static void tapped(double x, double y) {
    for (int i = 0; i < w.nbuttons; i++) {
        GdkRectangle r = w.buttons[i].rect;
        if (x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height) {
            char name[32];
            g_strlcpy(name, w.buttons[i].name, sizeof name);
            press_button(name);
            return;
        }
    }
    if (w.kind == KIND_RESPONSE) {
        g_printerr("intent %u: window tapped\n", w.id);
        if (*w.app) open_app();
        else hide("tapped");
    }
}

static gboolean on_press(GtkWidget *widget, GdkEvent *event, gpointer data) {
    (void)widget; (void)event; (void)data;
    // A response touched stays until tapped (a press on a question's button is no such touch).
    if (w.kind != KIND_RESPONSE) return FALSE;
    w.touched = TRUE;
    if (w.dismiss_timer) { g_source_remove(w.dismiss_timer); w.dismiss_timer = 0; }
    return FALSE;
}

static gboolean on_release(GtkWidget *widget, GdkEventButton *event, gpointer data) {
    (void)widget; (void)data;
    tapped(event->x, event->y);
    return TRUE;
}

static gboolean on_touch(GtkWidget *widget, GdkEventTouch *event, gpointer data) {
    (void)widget; (void)data;
    if (event->type == GDK_TOUCH_BEGIN) on_press(NULL, NULL, NULL);
    if (event->type == GDK_TOUCH_END) tapped(event->x, event->y);
    return TRUE;
}

static void create_window(void) {
    w.window = ft_window_new("forcetouch intent", &w.mode, NULL);
    GtkWindow *window = GTK_WINDOW(w.window);
    if (w.mode == FT_WINDOW_LAYER) {
        gtk_layer_init_for_window(window);
        gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY);
        gtk_layer_set_namespace(window, "forcetouch-intent");
    } else if (w.mode == FT_WINDOW_POPUP) {
        gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_DIALOG);
    } else {
        gtk_window_set_decorated(window, FALSE);
        gtk_window_set_keep_above(window, TRUE);
    }
    GtkWidget *box = gtk_overlay_new();
    w.area = gtk_drawing_area_new();
    gtk_widget_add_events(w.area, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_TOUCH_MASK);
    g_signal_connect(w.area, "draw", G_CALLBACK(on_draw), NULL);
    g_signal_connect(w.area, "button-press-event", G_CALLBACK(on_press), NULL);
    g_signal_connect(w.area, "button-release-event", G_CALLBACK(on_release), NULL);
    g_signal_connect(w.area, "touch-event", G_CALLBACK(on_touch), NULL);
    gtk_container_add(GTK_CONTAINER(box), w.area);
    w.entry = gtk_entry_new();
    gtk_widget_set_halign(w.entry, GTK_ALIGN_FILL);
    gtk_widget_set_valign(w.entry, GTK_ALIGN_START);
    gtk_widget_set_margin_start(w.entry, PAD);
    gtk_widget_set_margin_end(w.entry, PAD);
    gtk_widget_set_size_request(w.entry, WIDTH - 2 * PAD, ENTRY_H);
    g_signal_connect(w.entry, "activate", G_CALLBACK(on_entry_activate), NULL);
    gtk_overlay_add_overlay(GTK_OVERLAY(box), w.entry);
    gtk_container_add(GTK_CONTAINER(w.window), box);
    gtk_widget_show_all(box);
}

/// Where the window goes on the monitor, as the model says (IntentWindowPlacement): beside
/// the gesture or the pointer, opening as the menu does, else centred.
static void place(GdkMonitor *monitor, int *x, int *y) {
    GdkRectangle m;
    gdk_monitor_get_geometry(monitor, &m);
    // X11 tells where the pointer is (asked for any located run: the model decides whether the
    // placement is the pointer); Wayland only over the client's own surface.
    int px = 0, py = 0, has_pointer = w.located && w.mode == FT_WINDOW_POPUP;
    if (has_pointer) {
        GdkDevice *pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()));
        gdk_device_get_position(pointer, NULL, &px, &py);
    }
    w.model->place(w.width, w.height, m.width, m.height, w.located, w.x, w.y, w.placement ? w.placement : "",
                   has_pointer, px - m.x, py - m.y, x, y);
}

static gboolean spin(gpointer data) {
    (void)data;
    w.spin += G_PI / 8;
    if (w.area) gtk_widget_queue_draw(w.area);
    return G_SOURCE_CONTINUE;
}

static gboolean auto_dismiss(gpointer data) {
    (void)data;
    w.dismiss_timer = 0;
    hide("timed out");
    return G_SOURCE_REMOVE;
}

/// Shows the window for what `w` holds now, laid out and placed; logs its rectangles.
static void show(void) {
    if (!w.window) create_window();
    layout();
    GdkMonitor *monitor = ft_find_monitor(w.output, NULL);
    GdkRectangle m;
    gdk_monitor_get_geometry(monitor, &m);
    int x, y;
    place(monitor, &x, &y);
    GtkWindow *window = GTK_WINDOW(w.window);
    gtk_widget_set_size_request(w.area, w.width, w.height);
    gtk_window_resize(window, w.width, w.height);
    if (w.kind == KIND_VALUE) {
        gtk_widget_set_margin_top(w.entry, header_height());
        gtk_entry_set_text(GTK_ENTRY(w.entry), "");
        gtk_widget_show(w.entry);
    } else {
        gtk_widget_hide(w.entry);
    }
    if (w.mode == FT_WINDOW_LAYER) {
        gtk_layer_set_monitor(window, monitor);
        gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_TOP, TRUE);
        gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_LEFT, TRUE);
        gtk_layer_set_margin(window, GTK_LAYER_SHELL_EDGE_TOP, y);
        gtk_layer_set_margin(window, GTK_LAYER_SHELL_EDGE_LEFT, x);
        gtk_layer_set_keyboard_mode(window, w.kind == KIND_VALUE ? GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE
                                                                 : GTK_LAYER_SHELL_KEYBOARD_MODE_NONE);
    } else if (w.mode == FT_WINDOW_POPUP) {
        gtk_window_move(window, m.x + x, m.y + y);
    }
    gtk_widget_show(w.window);
    if (w.mode == FT_WINDOW_POPUP) gtk_window_move(window, m.x + x, m.y + y);
    if (w.kind == KIND_VALUE) {
        if (w.mode == FT_WINDOW_POPUP && gtk_widget_get_window(w.window))
            gdk_seat_grab(gdk_display_get_default_seat(gdk_display_get_default()), gtk_widget_get_window(w.window),
                          GDK_SEAT_CAPABILITY_KEYBOARD, FALSE, NULL, NULL, NULL, NULL);
        gtk_widget_grab_focus(w.entry);
    }
    gtk_widget_queue_draw(w.area);
    gboolean spinning = w.kind == KIND_RESPONSE && w.look.badge == FT_BADGE_SPINNER;
    if (spinning && !w.spin_timer) w.spin_timer = g_timeout_add(80, spin, NULL);
    if (!spinning && w.spin_timer) { g_source_remove(w.spin_timer); w.spin_timer = 0; }
    if (w.dismiss_timer) { g_source_remove(w.dismiss_timer); w.dismiss_timer = 0; }
    if (w.kind == KIND_RESPONSE && w.final && !w.touched) w.dismiss_timer = g_timeout_add(DISMISS_MS, auto_dismiss, NULL);
    if (w.verbose) {
        static const char *kinds[] = { "none", "confirm", "choose", "value", "response" };
        int ox = w.mode == FT_WINDOW_PLACED ? 0 : m.x + x, oy = w.mode == FT_WINDOW_PLACED ? 0 : m.y + y;
        char now[256];
        g_snprintf(now, sizeof now, "intent-window %u %s%s%s %d %d %d %d", w.id, kinds[w.kind],
                   w.kind == KIND_RESPONSE ? " " : "", w.kind == KIND_RESPONSE ? w.code : "", ox, oy, w.width, w.height);
        if (strcmp(now, w.logged) != 0) {
            g_strlcpy(w.logged, now, sizeof w.logged);
            g_printerr("%s%s\n", now, w.image && *w.image && w.pixbuf ? " image" : "");
            for (int i = 0; i < w.nbuttons; i++)
                g_printerr("intent-button %u %s \"%s\" %d %d %d %d\n", w.id, w.buttons[i].name, w.buttons[i].label,
                           ox + w.buttons[i].rect.x, oy + w.buttons[i].rect.y, w.buttons[i].rect.width,
                           w.buttons[i].rect.height);
        }
    }
}

static void hide(const char *why) {
    if (w.spin_timer) { g_source_remove(w.spin_timer); w.spin_timer = 0; }
    if (w.dismiss_timer) { g_source_remove(w.dismiss_timer); w.dismiss_timer = 0; }
    w.kind = KIND_NONE;
    if (w.window && gtk_widget_get_visible(w.window)) {
        if (w.mode == FT_WINDOW_POPUP) gdk_seat_ungrab(gdk_display_get_default_seat(gdk_display_get_default()));
        gtk_widget_hide(w.window);
        g_printerr("intent-window %u hidden: %s\n", w.id, why);
        w.logged[0] = 0;
    }
}

// ---------------------------------------------------------------- answers

static void call(const char *method, GVariant *args) {
    if (!w.bus) return;
    g_dbus_connection_call(w.bus, DAEMON_NAME, DAEMON_PATH, DAEMON_IFACE, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                           -1, NULL, NULL, NULL);
}

/// Shows the in-progress state until the daemon says how the run went.
static void waiting(void) {
    w.kind = KIND_RESPONSE;
    set_code("in-progress");
    set(&w.message, "");
    set(&w.text, "");
    w.final = FALSE;
    show();
}

static void answer_confirm(gboolean yes) {
    call(FT_METHOD_CONFIRM_INTENT, g_variant_new(FT_METHOD_CONFIRM_INTENT_IN, w.id, yes));
    if (yes) {
        waiting();
    } else {
        // Cancelled: the run stops, and its failure is not shown.
        w.cancelled = w.id;
        hide("cancelled");
    }
}

static void answer_value(const char *value) {
    char *copy = g_strdup(value);
    g_printerr("intent %u: answered \"%s\"\n", w.id, copy);
    call(FT_METHOD_ANSWER_INTENT, g_variant_new(FT_METHOD_ANSWER_INTENT_IN, w.id, copy));
    g_free(copy);
    waiting();
}

static void open_app(void) {
    if (*w.app) {
        g_printerr("intent %u: opening %s\n", w.id, w.app);
        call(FT_METHOD_OPEN_INTENT_APP, g_variant_new(FT_METHOD_OPEN_INTENT_APP_IN, w.id));
    }
    hide("app opened");
}

// ---------------------------------------------------------------- the daemon's signals

static void started(GVariant *p) {
    const char *intent, *title, *app, *placement, *output;
    double x, y;
    gboolean located;
    g_variant_get(p, FT_SIGNAL_INTENT_STARTED_GET, &w.id, &intent, &title, &app, &x, &y, &placement, &output, &located);
    hide("replaced");
    set(&w.intent, intent);
    set(&w.title, title);
    set(&w.app, app);
    set(&w.output, output);
    w.x = x;
    w.y = y;
    w.located = located;
    set(&w.placement, placement);
    w.touched = FALSE;
    g_printerr("intent %u started: %s at %.3f,%.3f (%s)%s\n", w.id, w.intent, x, y, placement, located ? "" : " centred");
}

static void asked(kind_t kind, GVariant *p) {
    guint id;
    const char *intent, *title, *prompt, *parameter;
    GVariantIter *choices = NULL;
    const char *type = "";
    double timeout;
    if (kind == KIND_CHOOSE)
        g_variant_get(p, FT_SIGNAL_INTENT_CHOOSE_GET, &id, &intent, &title, &prompt, &parameter, &choices, &timeout);
    else if (kind == KIND_VALUE)
        g_variant_get(p, FT_SIGNAL_INTENT_NEEDS_VALUE_GET, &id, &intent, &title, &prompt, &parameter, &type, &timeout);
    else
        g_variant_get(p, FT_SIGNAL_INTENT_CONFIRM_GET, &id, &intent, &title, &prompt, &parameter, &timeout);
    if (id != w.id) {
        // A run this overlay did not see start (it came onto the bus since): shown centred.
        hide("replaced");
        w.id = id;
        set(&w.intent, intent);
        set(&w.title, title);
        set(&w.app, "");
        set(&w.output, "");
        w.located = FALSE;
        w.touched = FALSE;
    }
    g_strfreev(w.choices);
    w.choices = NULL;
    if (choices) {
        GPtrArray *list = g_ptr_array_new();
        const char *c;
        // No more than the window has buttons for.
        while (list->len < MAX_BUTTONS && g_variant_iter_next(choices, "&s", &c)) g_ptr_array_add(list, ft_bounded_text(c));
        g_ptr_array_add(list, NULL);
        w.choices = (char **)g_ptr_array_free(list, FALSE);
        g_variant_iter_free(choices);
    }
    w.kind = kind;
    set(&w.prompt, prompt);
    set(&w.parameter, parameter);
    g_printerr("intent %u asks: %s\n", id, w.prompt);
    show();
}

static void responded(GVariant *p) {
    guint id;
    const char *intent, *title, *code, *message, *text, *image, *app;
    gboolean final;
    g_variant_get(p, FT_SIGNAL_INTENT_RESPONSE_GET, &id, &intent, &title, &code, &message, &text, &image, &app, &final);
    if (id != w.id || id == w.cancelled) return;
    char *logged = ft_bounded_text(code);
    g_printerr("intent %u: %s%s\n", id, logged, final ? " (final)" : "");
    g_free(logged);
    ft_intent_look look;
    w.model->response_look(code, &look);
    if (final && w.kind != KIND_RESPONSE && w.kind != KIND_NONE && look.is_failure) {
        // The question was cancelled elsewhere (the socket, the bus) or timed out: the run
        // stopped unconfirmed, and the window goes as Cancel would have closed it.
        w.cancelled = id;
        hide("cancelled");
        return;
    }
    if (look.opens_app) {
        // No window: the daemon opens the app.
        hide("continue-in-app");
        return;
    }
    w.kind = KIND_RESPONSE;
    set_code(code);
    set(&w.message, message);
    set(&w.text, text);
    if (!w.image || strcmp(w.image, image) != 0) {
        g_free(w.image);
        w.image = g_strdup(image);  // a path, compared whole: not a text to bound
        g_clear_object(&w.pixbuf);
        if (*image) {
            GError *error = NULL;
            // A regular file only, its size and its pixels bounded (bounded.h): a FIFO would
            // hang the overlay, a 1 KB PNG claiming 65535×65535 would take 17 GB.
            w.pixbuf = ft_load_image(image, IMAGE_W, IMAGE_H, &error);
            if (!w.pixbuf) {
                g_printerr("intent %u: cannot show %s: %s\n", id, image, error->message);
                g_error_free(error);
                set(&w.text, image);
            }
        }
    }
    w.final = final;
    show();
}

void ft_intent_init(GDBusConnection *bus, const ft_intent_model *model, int verbose, gboolean dark) {
    w.model = model;
    w.bus = bus;
    w.verbose = verbose;
    w.dark = dark;
    set(&w.intent, ""); set(&w.title, ""); set(&w.app, ""); set(&w.output, "");
    set(&w.prompt, ""); set(&w.parameter, ""); set_code(""); set(&w.message, ""); set(&w.text, "");
}

gboolean ft_intent_signal(const char *member, GVariant *p) {
    if (strcmp(member, FT_SIGNAL_INTENT_STARTED) == 0 && g_variant_is_of_type(p, G_VARIANT_TYPE(FT_SIGNAL_INTENT_STARTED_TYPE)))
        started(p);
    else if (strcmp(member, FT_SIGNAL_INTENT_CONFIRM) == 0 && g_variant_is_of_type(p, G_VARIANT_TYPE(FT_SIGNAL_INTENT_CONFIRM_TYPE)))
        asked(KIND_CONFIRM, p);
    else if (strcmp(member, FT_SIGNAL_INTENT_CHOOSE) == 0 && g_variant_is_of_type(p, G_VARIANT_TYPE(FT_SIGNAL_INTENT_CHOOSE_TYPE)))
        asked(KIND_CHOOSE, p);
    else if (strcmp(member, FT_SIGNAL_INTENT_NEEDS_VALUE) == 0 &&
             g_variant_is_of_type(p, G_VARIANT_TYPE(FT_SIGNAL_INTENT_NEEDS_VALUE_TYPE)))
        asked(KIND_VALUE, p);
    else if (strcmp(member, FT_SIGNAL_INTENT_RESPONSE) == 0 &&
             g_variant_is_of_type(p, G_VARIANT_TYPE(FT_SIGNAL_INTENT_RESPONSE_TYPE)))
        responded(p);
    else return FALSE;
    return TRUE;
}
