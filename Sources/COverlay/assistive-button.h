// The AssistiveTouch button (assistive-button.c), drawn by forcetouch-overlay where the daemon's
// AssistiveButton signal says (docs/SPEC.md §6, §11).
#ifndef FORCETOUCH_ASSISTIVE_BUTTON_H
#define FORCETOUCH_ASSISTIVE_BUTTON_H
#include "COverlayABI.h"
#include <glib.h>

/// Where the button's placement comes from (Swift's ButtonPlacement): set before any signal.
void ft_assistive_button_init(const ft_button_model *model);

/// The daemon's AssistiveButton signal, `(dddss)`: x, y (its centre, 0..1 across the output),
/// size (the side of its square, a fraction of each axis), output, state (`idle`, `dragging`,
/// `hidden`). With `verbose`, logs the circle drawn on the screen (`button X Y D state`).
void ft_assistive_button_signal(GVariant *parameters, int verbose);

/// The daemon's name lost its owner, or another process took it (overlay.c follows it): a
/// button whose daemon is gone does nothing, and goes with it (`button hidden: forcetouchd
/// left the bus`); the daemon shows it again when it comes back and sees the overlay.
void ft_assistive_button_daemon_gone(void);

/// Destroys the button's window, if one was made.
void ft_assistive_button_destroy(void);
#endif
