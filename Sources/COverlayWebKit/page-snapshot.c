// forcetouch-overlay-webkit.so: a link's page rendered for its preview (page-snapshot.h,
// docs/SPEC.md §11). A WebKitWebView in an offscreen window loads the page; once it has
// loaded, its visible part is taken as an image and handed to the overlay, which draws it in
// the preview card. Built by the Makefile only where pkg-config finds webkit2gtk-4.1, and
// opened by the overlay only at a deep press on a link.
#include "page-snapshot.h"
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

struct ft_page_snapshot {
    GtkWidget *window;
    WebKitWebView *view;
    ft_page_ready_fn ready;
    void *data;
    GCancellable *cancellable;
    // A snapshot is being taken: its callback frees a stopped page.
    gboolean taking, stopped, done;
    // The image, taken, while the title is waited for: WebKit sets it just after the load
    // finished, at most TITLE_WAIT_MS later.
    cairo_surface_t *image;
    guint title_wait;
};

enum { TITLE_WAIT_MS = 500 };

/// One context for every preview, ephemeral: nothing of a preview is kept on disk, and none of
/// the user's browser's cookies or logins are sent.
static WebKitWebContext *context;

static void finish(ft_page_snapshot *page, cairo_surface_t *image, const char *error) {
    if (page->done || page->stopped) return;
    page->done = TRUE;
    const char *title = webkit_web_view_get_title(page->view);
    page->ready(image, title ? title : "", error, page->data);
}

static void release(ft_page_snapshot *page) {
    if (page->title_wait) g_source_remove(page->title_wait);
    if (page->image) cairo_surface_destroy(page->image);
    if (page->window) gtk_widget_destroy(page->window);
    g_object_unref(page->cancellable);
    g_free(page);
}

/// The image taken and kept: handed over with whatever title there is now.
static void hand_over(ft_page_snapshot *page) {
    if (!page->image) return;
    if (page->title_wait) g_source_remove(page->title_wait);
    page->title_wait = 0;
    finish(page, page->image, NULL);
    cairo_surface_destroy(page->image);
    page->image = NULL;
}

static gboolean on_title_wait(gpointer data) {
    ft_page_snapshot *page = data;
    page->title_wait = 0;
    hand_over(page);
    return G_SOURCE_REMOVE;
}

static void on_title(GObject *view, GParamSpec *spec, gpointer data) {
    (void)view; (void)spec;
    hand_over(data);
}

static void on_snapshot(GObject *source, GAsyncResult *result, gpointer data) {
    ft_page_snapshot *page = data;
    GError *error = NULL;
    cairo_surface_t *image = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(source), result, &error);
    page->taking = FALSE;
    if (page->stopped) {
        if (image) cairo_surface_destroy(image);
        g_clear_error(&error);
        release(page);
        return;
    }
    const char *title = webkit_web_view_get_title(page->view);
    if (image && !(title && *title)) {
        // Kept until the title comes (on_title) or TITLE_WAIT_MS pass (on_title_wait).
        page->image = image;
        page->title_wait = g_timeout_add(TITLE_WAIT_MS, on_title_wait, page);
        return;
    }
    finish(page, image, image ? NULL : error->message);
    if (image) cairo_surface_destroy(image);
    g_clear_error(&error);
}

static void on_load_changed(WebKitWebView *view, WebKitLoadEvent event, gpointer data) {
    ft_page_snapshot *page = data;
    if (event != WEBKIT_LOAD_FINISHED || page->done || page->taking) return;
    page->taking = TRUE;
    webkit_web_view_get_snapshot(view, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE,
                                 page->cancellable, on_snapshot, page);
}

static gboolean on_load_failed(WebKitWebView *view, WebKitLoadEvent event, const char *uri, GError *error,
                               gpointer data) {
    (void)view; (void)event; (void)uri;
    finish(data, NULL, error->message);
    return TRUE;
}

ft_page_snapshot *ft_page_snapshot_start(const char *uri, int width, int height, ft_page_ready_fn ready,
                                         void *data) {
    if (!context) context = webkit_web_context_new_ephemeral();
    ft_page_snapshot *page = g_new0(ft_page_snapshot, 1);
    page->ready = ready;
    page->data = data;
    page->cancellable = g_cancellable_new();
    page->view = WEBKIT_WEB_VIEW(webkit_web_view_new_with_context(context));
    WebKitSettings *settings = webkit_web_view_get_settings(page->view);
    // Drawn in software: an offscreen view under Xvfb or a headless compositor has no GL.
    webkit_settings_set_hardware_acceleration_policy(settings, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER);
    webkit_settings_set_media_playback_requires_user_gesture(settings, TRUE);
    webkit_settings_set_enable_webaudio(settings, FALSE);
    page->window = gtk_offscreen_window_new();
    gtk_window_set_default_size(GTK_WINDOW(page->window), width, height);
    gtk_widget_set_size_request(GTK_WIDGET(page->view), width, height);
    gtk_container_add(GTK_CONTAINER(page->window), GTK_WIDGET(page->view));
    gtk_widget_show_all(page->window);
    g_signal_connect(page->view, "load-changed", G_CALLBACK(on_load_changed), page);
    g_signal_connect(page->view, "load-failed", G_CALLBACK(on_load_failed), page);
    g_signal_connect(page->view, "notify::title", G_CALLBACK(on_title), page);
    webkit_web_view_load_uri(page->view, uri);
    return page;
}

void ft_page_snapshot_stop(ft_page_snapshot *page) {
    if (!page) return;
    page->stopped = TRUE;
    webkit_web_view_stop_loading(page->view);
    if (page->taking) {
        // Freed by the snapshot's callback, which the cancellation brings soon.
        g_cancellable_cancel(page->cancellable);
        gtk_widget_destroy(page->window);
        page->window = NULL;
        return;
    }
    release(page);
}

// The overlay opens this with dlopen and takes these by name: the compiler holds them to
// page-snapshot.h's types.
__attribute__((unused)) static const ft_page_snapshot_start_fn typed_start = ft_page_snapshot_start;
__attribute__((unused)) static const ft_page_snapshot_stop_fn typed_stop = ft_page_snapshot_stop;
