// What is under the finger (docs/SPEC.md §11, "What is under the finger"): the window at the
// press's point and the accessible object there, looked up off GTK's thread and told to the
// daemon with PressTarget.
#ifndef FORCETOUCH_UNDER_FINGER_H
#define FORCETOUCH_UNDER_FINGER_H
#include "COverlayABI.h"
#include <gio/gio.h>

/// Starts the lookup's thread, which opens its connections (the accessibility bus, the X
/// server) at once, so that the first press does not pay for them. `bus` is the session bus
/// PressTarget goes on.
void ft_under_finger_init(GDBusConnection *bus, const ft_lookup_model *model, int verbose);

/// PressProgress `began`: a lookup at the press's x, y (0..1 of `output` for the `touch`
/// placement; the pointer for `pointer`). Its answer, or a `why` at the deadline, goes to the
/// daemon from GTK's thread; an answer for an older press is dropped.
void ft_under_finger_began(double x, double y, const char *placement, const char *output);

/// Whether a press's lookup reads the text under the finger (AT-SPI's Text): only where the
/// daemon's UnderFinger lists a kind found in text (UnderFingerUse). Off until said.
void ft_under_finger_reads_text(int read);

/// `forcetouch-overlay --what-is-at X Y`: looks up what is at screen pixel x, y on this thread
/// and prints the facts through `model`, the text there too when `read_text` (--read-text).
/// Returns the exit status.
int ft_under_finger_what_is_at(const ft_lookup_model *model, int x, int y, int read_text, int verbose);
#endif
