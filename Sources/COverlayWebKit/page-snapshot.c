// forcetouch-overlay-webkit.so: a link's page rendered for its preview (page-snapshot.h,
// docs/SPEC.md §11). A WebKitWebView in an offscreen window loads the page; once it has
// loaded, its visible part is taken as an image and handed to the overlay, which draws it in
// the preview card. Built by the Makefile only where pkg-config finds webkit2gtk-4.1, and
// opened by the overlay off GTK's thread at the first press on its way to a deep press; its
// functions are called on GTK's.
//
// Each page has a web context of its own, ephemeral, and runs only until its image is handed
// over, its load fails or the overlay stops it: then its view is destroyed, its web process
// terminated and its context dropped, which ends the context's processes and forgets whatever
// the page stored (cookies, localStorage). Nothing of one preview reaches the next.
#include "page-snapshot.h"
#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

struct ft_page_snapshot {
    WebKitWebContext *context;
    GtkWidget *window;
    WebKitWebView *view;
    char *scheme;
    ft_page_ready_fn ready;
    void *data;
    GCancellable *cancellable;
    // A snapshot is being taken: its callback frees a stopped page.
    gboolean taking, stopped, done;
    // The image, taken, while the title is waited for: WebKit sets it just after the load
    // finished, at most TITLE_WAIT_MS later.
    cairo_surface_t *image;
    guint title_wait;
    // The page is ended from the main loop, not from within one of its view's signals.
    guint ending;
};

enum { TITLE_WAIT_MS = 500 };

// The bound on a page's web process: WebKit releases what it can past half of it and kills the
// process past all of it, checking every half second (WebKit's own check is every 30 s, by when
// a page taking memory as fast as it can holds gigabytes).
enum { MEMORY_LIMIT_MB = 512 };
static const double MEMORY_POLL_S = 0.5, MEMORY_CONSERVATIVE = 0.5, MEMORY_STRICT = 0.8, MEMORY_KILL = 1.0;

/// Ends the page: its web process, its view, its context and so every process the context
/// started (its network process among them) and all it stored. The image and the title, if
/// any, were handed over before.
static void end_page(ft_page_snapshot *page) {
    if (page->ending) g_source_remove(page->ending);
    page->ending = 0;
    if (!page->view) return;
    g_signal_handlers_disconnect_by_data(page->view, page);
    webkit_web_view_terminate_web_process(page->view);
    gtk_widget_destroy(page->window);
    page->window = NULL;
    page->view = NULL;
    g_clear_object(&page->context);
}

static gboolean on_ending(gpointer data) {
    ft_page_snapshot *page = data;
    page->ending = 0;
    end_page(page);
    return G_SOURCE_REMOVE;
}

static void end_soon(ft_page_snapshot *page) {
    if (!page->ending && page->view) page->ending = g_idle_add(on_ending, page);
}

/// Hands the image or the error over, once, and ends the page: all it was loaded for is done.
static void finish(ft_page_snapshot *page, cairo_surface_t *image, const char *error) {
    if (page->done || page->stopped) return;
    page->done = TRUE;
    const char *title = page->view ? webkit_web_view_get_title(page->view) : NULL;
    page->ready(image, title ? title : "", error, page->data);
    end_soon(page);
}

static void release(ft_page_snapshot *page) {
    end_page(page);
    if (page->title_wait) g_source_remove(page->title_wait);
    if (page->image) cairo_surface_destroy(page->image);
    g_object_unref(page->cancellable);
    g_free(page->scheme);
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
    const char *title = page->view ? webkit_web_view_get_title(page->view) : NULL;
    if (image && page->view && !(title && *title)) {
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

static void on_terminated(WebKitWebView *view, WebKitWebProcessTerminationReason reason, gpointer data) {
    (void)view;
    char *error = reason == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT
                      ? g_strdup_printf("the page's web process went past the preview's memory bound (%d MB) and was ended",
                                        MEMORY_LIMIT_MB)
                      : g_strdup("the page's web process ended (crashed)");
    finish(data, NULL, error);
    g_free(error);
}

/// Where a page may go: http and https, and the scheme of the link itself (file: for a local
/// page); about:blank and about:srcdoc, in a frame, fetch nothing.
static gboolean may_go(ft_page_snapshot *page, const char *uri) {
    char *scheme = uri ? g_uri_parse_scheme(uri) : NULL;
    gboolean may = scheme && (g_ascii_strcasecmp(scheme, "http") == 0 || g_ascii_strcasecmp(scheme, "https") == 0 ||
                              g_ascii_strcasecmp(scheme, "about") == 0 ||
                              (page->scheme && g_ascii_strcasecmp(scheme, page->scheme) == 0));
    g_free(scheme);
    return may;
}

/// No new window; no navigation away from the web (or the local page); nothing downloaded: a
/// response the view cannot show would otherwise be saved to the user's Downloads.
static gboolean on_decide_policy(WebKitWebView *view, WebKitPolicyDecision *decision, WebKitPolicyDecisionType type,
                                 gpointer data) {
    (void)view;
    gboolean allowed = TRUE;
    if (type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION) {
        allowed = FALSE;
    } else if (type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION) {
        WebKitNavigationAction *action =
            webkit_navigation_policy_decision_get_navigation_action(WEBKIT_NAVIGATION_POLICY_DECISION(decision));
        allowed = may_go(data, webkit_uri_request_get_uri(webkit_navigation_action_get_request(action)));
    } else if (type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE) {
        allowed = webkit_response_policy_decision_is_mime_type_supported(WEBKIT_RESPONSE_POLICY_DECISION(decision));
    }
    if (allowed) webkit_policy_decision_use(decision);
    else webkit_policy_decision_ignore(decision);
    return TRUE;
}

/// alert(), confirm() and prompt() answered at once, as dismissed, and print() refused: no
/// dialog, no window.
static gboolean on_script_dialog(WebKitWebView *view, WebKitScriptDialog *dialog, gpointer data) {
    (void)view; (void)dialog; (void)data;
    return TRUE;
}

static gboolean on_print(WebKitWebView *view, WebKitPrintOperation *operation, gpointer data) {
    (void)view; (void)operation; (void)data;
    return TRUE;
}

/// A context of the page's own: ephemeral (cookies, storage and cache in memory, gone with
/// it), no cache kept for a next page, its web processes bounded in memory.
static WebKitWebContext *new_context(void) {
    WebKitMemoryPressureSettings *memory = webkit_memory_pressure_settings_new();
    webkit_memory_pressure_settings_set_memory_limit(memory, MEMORY_LIMIT_MB);
    // Each threshold must stay below the next: the strict one first, above WebKit's conservative.
    webkit_memory_pressure_settings_set_strict_threshold(memory, MEMORY_STRICT);
    webkit_memory_pressure_settings_set_conservative_threshold(memory, MEMORY_CONSERVATIVE);
    webkit_memory_pressure_settings_set_kill_threshold(memory, MEMORY_KILL);
    webkit_memory_pressure_settings_set_poll_interval(memory, MEMORY_POLL_S);
    WebKitWebsiteDataManager *data = webkit_website_data_manager_new_ephemeral();
    WebKitWebContext *context = g_object_new(WEBKIT_TYPE_WEB_CONTEXT, "website-data-manager", data,
                                             "memory-pressure-settings", memory, NULL);
    g_object_unref(data);
    webkit_memory_pressure_settings_free(memory);
    webkit_web_context_set_cache_model(context, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER);
    return context;
}

ft_page_snapshot *ft_page_snapshot_start(const char *uri, int width, int height, ft_page_ready_fn ready,
                                         void *data) {
    ft_page_snapshot *page = g_new0(ft_page_snapshot, 1);
    page->ready = ready;
    page->data = data;
    page->scheme = g_uri_parse_scheme(uri);
    page->cancellable = g_cancellable_new();
    page->context = new_context();
    page->view = WEBKIT_WEB_VIEW(webkit_web_view_new_with_context(page->context));
    WebKitSettings *settings = webkit_web_view_get_settings(page->view);
    // Drawn in software: an offscreen view under Xvfb or a headless compositor has no GL.
    webkit_settings_set_hardware_acceleration_policy(settings, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER);
    webkit_settings_set_media_playback_requires_user_gesture(settings, TRUE);
    webkit_settings_set_enable_webaudio(settings, FALSE);
    webkit_settings_set_javascript_can_open_windows_automatically(settings, FALSE);
    page->window = gtk_offscreen_window_new();
    gtk_window_set_default_size(GTK_WINDOW(page->window), width, height);
    gtk_widget_set_size_request(GTK_WIDGET(page->view), width, height);
    gtk_container_add(GTK_CONTAINER(page->window), GTK_WIDGET(page->view));
    gtk_widget_show_all(page->window);
    g_signal_connect(page->view, "load-changed", G_CALLBACK(on_load_changed), page);
    g_signal_connect(page->view, "load-failed", G_CALLBACK(on_load_failed), page);
    g_signal_connect(page->view, "notify::title", G_CALLBACK(on_title), page);
    g_signal_connect(page->view, "web-process-terminated", G_CALLBACK(on_terminated), page);
    g_signal_connect(page->view, "decide-policy", G_CALLBACK(on_decide_policy), page);
    g_signal_connect(page->view, "script-dialog", G_CALLBACK(on_script_dialog), page);
    g_signal_connect(page->view, "print", G_CALLBACK(on_print), page);
    webkit_web_view_load_uri(page->view, uri);
    return page;
}

void ft_page_snapshot_stop(ft_page_snapshot *page) {
    if (!page) return;
    page->stopped = TRUE;
    if (page->taking) {
        // Freed by the snapshot's callback, which the cancellation brings soon.
        g_cancellable_cancel(page->cancellable);
        end_page(page);
        return;
    }
    release(page);
}

// The overlay opens this with dlopen and takes these by name: the compiler holds them to
// page-snapshot.h's types.
__attribute__((unused)) static const ft_page_snapshot_start_fn typed_start = ft_page_snapshot_start;
__attribute__((unused)) static const ft_page_snapshot_stop_fn typed_stop = ft_page_snapshot_stop;
