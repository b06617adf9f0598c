// forcetouch-overlay's intent window (intent-window.c, docs/SPEC.md §11, "The intent window"): what overlay.c
// calls of it. The window is its own, beside the menu's.
#ifndef FORCETOUCH_INTENT_WINDOW_H
#define FORCETOUCH_INTENT_WINDOW_H
#include "COverlayABI.h"
#include "daemon-signal.h"
#include <gio/gio.h>

/// Once, with the overlay's bus and the window's model (Swift's), before any signal: `verbose` logs the window's and its
/// buttons' rectangles (`intent-window 3 confirm x y w h`, `intent-button 3 next x y w h`),
/// `dark` draws it in the dark theme.
void ft_intent_init(GDBusConnection *bus, const ft_intent_model *model, int verbose, gboolean dark);

/// The intent window's Daemon1 signals: IntentStarted, IntentConfirm, IntentChoose,
/// IntentNeedsValue and IntentResponse.
#define FT_INTENT_SIGNALS 5
extern const ft_daemon_signal ft_intent_signals[FT_INTENT_SIGNALS];

/// The daemon's name lost its owner, or another process took it: the window, if shown, goes
/// (`intent-window 3 hidden: daemon gone`), with no call and its timers stopped.
void ft_intent_daemon_gone(void);
#endif
