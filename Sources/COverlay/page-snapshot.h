// The page rendering a link's preview shows (docs/SPEC.md §11): the interface between the
// overlay's GTK half and `forcetouch-overlay-webkit.so` (Sources/COverlayWebKit), a shared
// object linked against WebKitGTK 4.1 that the Makefile builds only where WebKitGTK's
// development files are, and that the overlay opens (dlopen) on a thread of its own at the
// first press on its way to a deep press, with link previews on (link-preview.c). WebKitGTK is
// thus an optional dependency of the overlay alone: without it, or with --no-link-preview, the
// preview shows the link's title and address only.
#ifndef FORCETOUCH_PAGE_SNAPSHOT_H
#define FORCETOUCH_PAGE_SNAPSHOT_H
#include <cairo.h>

/// One page being loaded and rendered offscreen.
typedef struct ft_page_snapshot ft_page_snapshot;

/// Called at most once per page, on GTK's thread: `image` the page's visible part (borrowed:
/// reference it to keep it) and its `title` ("" if it has none), or NULL and `error` (the load
/// failed, or the page's web process ended: past its memory bound, or crashed). The page is
/// ended just after: its JavaScript stops and its processes exit.
typedef void (*ft_page_ready_fn)(cairo_surface_t *image, const char *title, const char *error, void *data);

/// Starts loading `uri` in a view of `width` × `height` pixels, in an ephemeral context of its
/// own (nothing stored by an earlier page, nothing kept after it, nothing shared with the
/// user's browser), its web process bounded in memory; it may not open windows, go to another
/// scheme than http, https or `uri`'s own, show dialogs or download.
typedef ft_page_snapshot *(*ft_page_snapshot_start_fn)(const char *uri, int width, int height,
                                                       ft_page_ready_fn ready, void *data);
/// Stops it, ends its page if `ready` has not, and frees it: called once for every page
/// started, `ready` or not; `ready` is not called after this.
typedef void (*ft_page_snapshot_stop_fn)(ft_page_snapshot *page);

/// The shared object's two functions, as their types above say.
ft_page_snapshot *ft_page_snapshot_start(const char *uri, int width, int height, ft_page_ready_fn ready, void *data);
void ft_page_snapshot_stop(ft_page_snapshot *page);

/// The view a page is laid out in: a page at a small window's width, as a phone's preview shows
/// it, drawn scaled into the card (SPEC §11: 900×600).
#define FT_PAGE_VIEW_WIDTH 900
#define FT_PAGE_VIEW_HEIGHT 600

#define FT_PAGE_SNAPSHOT_LIBRARY "forcetouch-overlay-webkit.so"
#define FT_PAGE_SNAPSHOT_START "ft_page_snapshot_start"
#define FT_PAGE_SNAPSHOT_STOP "ft_page_snapshot_stop"
#endif
