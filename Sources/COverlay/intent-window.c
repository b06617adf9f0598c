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
//
// Which question or response shows, its buttons, its timers and the answers are the model's
// (IntentWindowInteraction, through ft_intent_model): this file passes it each signal, touch
// and timer, and does what it answers: draws, hides, calls the daemon, arms the timers.
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

// Sizes in logical pixels; the model lays the buttons out at the same width and padding
// (IntentWindowFrame).
enum { WIDTH = 340, PAD = 18, IMAGE_W = WIDTH - 2 * PAD, IMAGE_H = 200, ENTRY_H = 36, SPIN_MS = 80 };

static struct {
    GDBusConnection *bus;
    int verbose;
    gboolean dark;
    GtkWidget *window, *area, *entry;
    ft_window_mode mode;
    // The window's logic (Swift): its states, its layout, its placement.
    const ft_intent_model *model;
    // The run's texts, as the signals the model accepted carried them.
    char *intent, *title, *app, *output, *placement;
    double x, y;
    gboolean located;
    char *prompt, *parameter;
    char *message, *text, *image;
    GdkPixbuf *pixbuf;
    // What the model says is shown, and its layout.
    ft_intent_state st;
    ft_intent_frame frame;
    guint dismiss_timer, spin_timer;
    double spin;
    char logged[256];
} w;

/// Sets a text the window may draw, bounded before Pango lays it out (bounded.h).
static void set(char **field, const char *value) {
    g_free(*field);
    *field = ft_bounded_text(value);
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

/// The header: the title, then the prompt or the response's message; returns where the rest starts.
static int header_height(void) {
    gboolean response = w.st.kind == FT_INTENT_RESPONSE;
    int y = PAD + text_height(w.title, "Sans Bold 13", WIDTH - 2 * PAD - (response ? 40 : 0)) + 6;
    const char *sub = response ? NULL : w.prompt;
    if (sub && *sub) y += text_height(sub, "Sans 11", WIDTH - 2 * PAD) + 10;
    return MAX(y, response ? PAD + 36 : y);
}

/// The window's size and its buttons' rectangles for what is shown, by the model from the
/// texts' heights.
static void layout(void) {
    int message = 0, middle = 0;
    if (w.st.kind == FT_INTENT_RESPONSE) {
        if (w.pixbuf) middle = gdk_pixbuf_get_height(w.pixbuf);
        else middle = text_height(*w.text ? w.text : NULL, "Sans 11", WIDTH - 2 * PAD);
        if (w.st.look.shows_message && *w.message) message = text_height(w.message, "Sans 10", WIDTH - 2 * PAD);
    }
    w.model->layout(header_height(), message, middle, &w.frame);
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
    if (w.st.look.badge == FT_BADGE_CHECK) {
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
    } else if (w.st.look.badge == FT_BADGE_SPINNER) {
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
    gboolean response = w.st.kind == FT_INTENT_RESPONSE;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    ft_rounded(cr, 0.5, 0.5, w.frame.width - 1, w.frame.height - 1, 16);
    cairo_set_source_rgb(cr, bg, bg, bg);
    cairo_fill_preserve(cr);
    cairo_set_source_rgba(cr, sub, sub, sub, 0.5);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    int right = response ? 40 : 0;
    draw_text(cr, w.title, "Sans Bold 13", PAD, PAD, WIDTH - 2 * PAD - right, fg, fg, fg, FALSE);
    int y = PAD + text_height(w.title, "Sans Bold 13", WIDTH - 2 * PAD - right) + 6;
    if (!response && *w.prompt) {
        draw_text(cr, w.prompt, "Sans 11", PAD, y, WIDTH - 2 * PAD, sub, sub, sub, FALSE);
    }
    if (response) {
        draw_badge(cr, WIDTH - PAD - 14, PAD + 12);
        y = header_height();
        if (w.st.look.shows_message && *w.message) {
            gboolean failed = w.st.look.failed;
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
    for (int i = 0; i < w.frame.count; i++) {
        const ft_intent_button *b = &w.frame.buttons[i];
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

// ---------------------------------------------------------------- what the model asks

/// Hides the window, logged as run `id`'s.
static void hide(guint id, const char *why) {
    if (w.window && gtk_widget_get_visible(w.window)) {
        if (w.mode == FT_WINDOW_POPUP) gdk_seat_ungrab(gdk_display_get_default_seat(gdk_display_get_default()));
        gtk_widget_hide(w.window);
        g_printerr("intent-window %u hidden: %s\n", id, why);
        w.logged[0] = 0;
    }
}

static void call(const char *method, GVariant *args) {
    if (!w.bus) return;
    g_dbus_connection_call(w.bus, DAEMON_NAME, DAEMON_PATH, DAEMON_IFACE, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                           -1, NULL, NULL, NULL);
}

static gboolean spin(gpointer data) {
    (void)data;
    w.spin += G_PI / 8;
    if (w.area) gtk_widget_queue_draw(w.area);
    return G_SOURCE_CONTINUE;
}

static void dismiss_fired(void);

static gboolean auto_dismiss(gpointer data) {
    (void)data;
    w.dismiss_timer = 0;
    dismiss_fired();
    return G_SOURCE_REMOVE;
}

/// Does what an event asks besides showing: logs the tap, calls the daemon, hides the window,
/// runs the timers. The window is shown afterwards (`show`), once the signal's texts are kept.
static void act(ft_intent_effects *e) {
    // A window replaced is logged as the run it showed.
    guint shown = w.st.id;
    w.model->state(&w.st);
    if (*e->tapped) {
        g_autofree char *tapped = ft_log_text(e->tapped);
        g_printerr("intent %u: %s\n", w.st.id, tapped);
    }
    switch (e->call) {
    case FT_INTENT_CALL_CONFIRM:
        call(FT_METHOD_CONFIRM_INTENT, g_variant_new(FT_METHOD_CONFIRM_INTENT_IN, e->call_id, e->confirm));
        break;
    case FT_INTENT_CALL_ANSWER: {
        // The texts logged are the daemon's, the apps' and the user's: escaped (bounded.h).
        g_autofree char *answer = ft_log_text(e->answer);
        g_printerr("intent %u: answered \"%s\"\n", e->call_id, answer);
        call(FT_METHOD_ANSWER_INTENT, g_variant_new(FT_METHOD_ANSWER_INTENT_IN, e->call_id, e->answer));
        break;
    }
    case FT_INTENT_CALL_OPEN_APP: {
        g_autofree char *app = ft_log_text(w.app);
        g_printerr("intent %u: opening %s\n", e->call_id, app);
        call(FT_METHOD_OPEN_INTENT_APP, g_variant_new(FT_METHOD_OPEN_INTENT_APP_IN, e->call_id));
        break;
    }
    }
    free(e->answer);
    e->answer = NULL;
    if (*e->hide) hide(shown, e->hide);
    if (e->dismiss != FT_INTENT_TIMER_KEEP && w.dismiss_timer) {
        g_source_remove(w.dismiss_timer);
        w.dismiss_timer = 0;
    }
    if (e->dismiss == FT_INTENT_TIMER_ARM) w.dismiss_timer = g_timeout_add(e->dismiss_ms, auto_dismiss, NULL);
    if (e->spinning && !w.spin_timer) w.spin_timer = g_timeout_add(SPIN_MS, spin, NULL);
    if (!e->spinning && w.spin_timer) { g_source_remove(w.spin_timer); w.spin_timer = 0; }
}

static void show(void);

/// An event of the window's own (a touch, a key, a timer): acted on, then shown if it asks.
static void done(ft_intent_effects *e) {
    act(e);
    if (e->show) show();
}

static void dismiss_fired(void) {
    ft_intent_effects e = { 0 };
    w.model->dismiss_fired(&e);
    done(&e);
}

// ---------------------------------------------------------------- the window

static void on_entry_activate(GtkEntry *entry, gpointer data) {
    (void)data;
    ft_intent_effects e = { 0 };
    w.model->submitted(gtk_entry_get_text(entry), &e);
    done(&e);
}

/// A tap (a click under X11) released at x, y of the drawing: a button, or the window itself.
static void tapped(double x, double y) {
    ft_intent_effects e = { 0 };
    w.model->released(x, y, gtk_entry_get_text(GTK_ENTRY(w.entry)), &e);
    done(&e);
}

static gboolean on_press(GtkWidget *widget, GdkEvent *event, gpointer data) {
    (void)widget; (void)event; (void)data;
    ft_intent_effects e = { 0 };
    w.model->pressed(&e);
    done(&e);
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
    w.model->place(w.frame.width, w.frame.height, m.width, m.height, w.located, w.x, w.y, w.placement ? w.placement : "",
                   has_pointer, px - m.x, py - m.y, x, y);
}

/// Shows the window for what the model says is shown, laid out and placed; logs its rectangles.
static void show(void) {
    if (!w.window) create_window();
    layout();
    gboolean value = w.st.kind == FT_INTENT_VALUE;
    GdkMonitor *monitor = ft_find_monitor(w.output, NULL);
    GdkRectangle m;
    gdk_monitor_get_geometry(monitor, &m);
    int x, y;
    place(monitor, &x, &y);
    GtkWindow *window = GTK_WINDOW(w.window);
    gtk_widget_set_size_request(w.area, w.frame.width, w.frame.height);
    gtk_window_resize(window, w.frame.width, w.frame.height);
    if (value) {
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
        gtk_layer_set_keyboard_mode(window, value ? GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE
                                                  : GTK_LAYER_SHELL_KEYBOARD_MODE_NONE);
    } else if (w.mode == FT_WINDOW_POPUP) {
        gtk_window_move(window, m.x + x, m.y + y);
    }
    gtk_widget_show(w.window);
    if (w.mode == FT_WINDOW_POPUP) gtk_window_move(window, m.x + x, m.y + y);
    if (value) {
        if (w.mode == FT_WINDOW_POPUP && gtk_widget_get_window(w.window))
            gdk_seat_grab(gdk_display_get_default_seat(gdk_display_get_default()), gtk_widget_get_window(w.window),
                          GDK_SEAT_CAPABILITY_KEYBOARD, FALSE, NULL, NULL, NULL, NULL);
        gtk_widget_grab_focus(w.entry);
    }
    gtk_widget_queue_draw(w.area);
    if (w.verbose) {
        static const char *kinds[] = { "none", "confirm", "choose", "value", "response" };
        gboolean response = w.st.kind == FT_INTENT_RESPONSE;
        int ox = w.mode == FT_WINDOW_PLACED ? 0 : m.x + x, oy = w.mode == FT_WINDOW_PLACED ? 0 : m.y + y;
        char now[256];
        g_autofree char *code = ft_log_text(response ? w.st.code : "");
        g_snprintf(now, sizeof now, "intent-window %u %s%s%s %d %d %d %d", w.st.id, kinds[w.st.kind],
                   response ? " " : "", code, ox, oy, w.frame.width, w.frame.height);
        if (strcmp(now, w.logged) != 0) {
            g_strlcpy(w.logged, now, sizeof w.logged);
            g_printerr("%s%s\n", now, w.image && *w.image && w.pixbuf ? " image" : "");
            for (int i = 0; i < w.frame.count; i++) {
                const ft_intent_button *b = &w.frame.buttons[i];
                g_autofree char *label = ft_log_text(b->label);
                g_printerr("intent-button %u %s \"%s\" %d %d %d %d\n", w.st.id, b->name, label, ox + b->rect.x,
                           oy + b->rect.y, b->rect.width, b->rect.height);
            }
        }
    }
}

// ---------------------------------------------------------------- the daemon's signals

static void started(int kind, GVariant *p) {
    (void)kind;
    guint id;
    const char *intent, *title, *app, *placement, *output;
    double x, y;
    gboolean located;
    g_variant_get(p, FT_SIGNAL_INTENT_STARTED_GET, &id, &intent, &title, &app, &x, &y, &placement, &output, &located);
    ft_intent_effects e = { 0 };
    w.model->started(id, app, &e);
    act(&e);
    set(&w.intent, intent);
    set(&w.title, title);
    set(&w.app, app);
    set(&w.output, output);
    w.x = x;
    w.y = y;
    w.located = located;
    set(&w.placement, placement);
    g_autofree char *intent_logged = ft_log_text(w.intent), *how = ft_log_text(placement);
    g_printerr("intent %u started: %s at %.3f,%.3f (%s)%s\n", id, intent_logged, x, y, how, located ? "" : " centred");
}

static void asked(int kind, GVariant *p) {
    guint id;
    const char *intent, *title, *prompt, *parameter;
    GVariantIter *iter = NULL;
    const char *type = "";
    double timeout;
    if (kind == FT_INTENT_CHOOSE)
        g_variant_get(p, FT_SIGNAL_INTENT_CHOOSE_GET, &id, &intent, &title, &prompt, &parameter, &iter, &timeout);
    else if (kind == FT_INTENT_VALUE)
        g_variant_get(p, FT_SIGNAL_INTENT_NEEDS_VALUE_GET, &id, &intent, &title, &prompt, &parameter, &type, &timeout);
    else
        g_variant_get(p, FT_SIGNAL_INTENT_CONFIRM_GET, &id, &intent, &title, &prompt, &parameter, &timeout);
    char *choices[FT_INTENT_MAX_BUTTONS];
    int count = 0;
    const char *c;
    // No more than the window has buttons for, each bounded as it is drawn.
    while (iter && count < FT_INTENT_MAX_BUTTONS && g_variant_iter_next(iter, "&s", &c)) choices[count++] = ft_bounded_text(c);
    if (iter) g_variant_iter_free(iter);
    ft_intent_effects e = { 0 };
    w.model->asked(id, kind, (const char *const *)choices, count, &e);
    for (int i = 0; i < count; i++) g_free(choices[i]);
    act(&e);
    if (e.new_run) {
        // A run this overlay did not see start (it came onto the bus since): shown centred.
        set(&w.intent, intent);
        set(&w.title, title);
        set(&w.app, "");
        set(&w.output, "");
        w.located = FALSE;
    }
    set(&w.prompt, prompt);
    set(&w.parameter, parameter);
    g_autofree char *prompt_logged = ft_log_text(w.prompt);
    g_printerr("intent %u asks: %s\n", id, prompt_logged);
    if (e.show) show();
}

static void responded(int kind, GVariant *p) {
    (void)kind;
    guint id;
    const char *intent, *title, *code, *message, *text, *image, *app;
    gboolean final;
    g_variant_get(p, FT_SIGNAL_INTENT_RESPONSE_GET, &id, &intent, &title, &code, &message, &text, &image, &app, &final);
    char *bounded = ft_bounded_text(code);
    ft_intent_effects e = { 0 };
    w.model->responded(id, bounded, final, &e);
    if (e.accepted) {
        g_autofree char *said = ft_log_text(bounded);
        g_printerr("intent %u: %s%s\n", id, said, final ? " (final)" : "");
    }
    g_free(bounded);
    act(&e);
    if (!e.show) return;
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
                g_autofree char *path = ft_log_text(image), *why = ft_log_text(error->message);
                g_printerr("intent %u: cannot show %s: %s\n", id, path, why);
                g_error_free(error);
                set(&w.text, image);
            }
        }
    }
    show();
}

void ft_intent_daemon_gone(void) {
    ft_intent_effects e = { 0 };
    w.model->daemon_gone(&e);
    done(&e);
}

void ft_intent_init(GDBusConnection *bus, const ft_intent_model *model, int verbose, gboolean dark) {
    w.model = model;
    w.bus = bus;
    w.verbose = verbose;
    w.dark = dark;
    set(&w.intent, ""); set(&w.title, ""); set(&w.app, ""); set(&w.output, "");
    set(&w.prompt, ""); set(&w.parameter, ""); set(&w.message, ""); set(&w.text, "");
    w.model->state(&w.st);
}

static void started_signal(GVariant *p) { started(FT_INTENT_NONE, p); }
static void confirm_signal(GVariant *p) { asked(FT_INTENT_CONFIRM, p); }
static void choose_signal(GVariant *p) { asked(FT_INTENT_CHOOSE, p); }
static void needs_value_signal(GVariant *p) { asked(FT_INTENT_VALUE, p); }
static void response_signal(GVariant *p) { responded(FT_INTENT_RESPONSE, p); }

const ft_daemon_signal ft_intent_signals[FT_INTENT_SIGNALS] = {
    { FT_SIGNAL_INTENT_STARTED, FT_SIGNAL_INTENT_STARTED_TYPE, started_signal },
    { FT_SIGNAL_INTENT_CONFIRM, FT_SIGNAL_INTENT_CONFIRM_TYPE, confirm_signal },
    { FT_SIGNAL_INTENT_CHOOSE, FT_SIGNAL_INTENT_CHOOSE_TYPE, choose_signal },
    { FT_SIGNAL_INTENT_NEEDS_VALUE, FT_SIGNAL_INTENT_NEEDS_VALUE_TYPE, needs_value_signal },
    { FT_SIGNAL_INTENT_RESPONSE, FT_SIGNAL_INTENT_RESPONSE_TYPE, response_signal },
};
