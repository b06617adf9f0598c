// A word's Look Up card (docs/SPEC.md §11, "Force Click on text"): the word, the dictionary named
// and the first senses of its definition, as the model made them (LookUpCard), drawn where a
// link's preview is, above the word's actions (LinkPreviewLayout places it).
#ifndef FORCETOUCH_LOOK_UP_CARD_H
#define FORCETOUCH_LOOK_UP_CARD_H
#include "COverlayABI.h"
#include <gtk/gtk.h>

/// The most characters of one sense laid out (LookUpCard.maximumSenseLength): the rest is cut
/// before Pango sees it.
#define FT_LOOK_UP_SENSE_CHARS 400

/// A menu is shown: its word's card, when `content` has one (`look_up`), is kept to be drawn.
void ft_look_up_card_begin(const ft_menu_content *content);

/// The menu is gone: its card goes.
void ft_look_up_card_end(void);

/// The lines `text` needs whole in the card's body font laid out `width` wide, as drawn (Pango's
/// wrap at words): the model's measure of a sense (the ABI's `lines_needed`).
int ft_look_up_card_lines_needed(const char *text, double width);

/// The card at 0, 0 of `cr`, in the menu's units at pop: `width` wide, its header (the word and
/// the dictionary) `header` high, then the senses in `body`.
void ft_look_up_card_draw(cairo_t *cr, double width, double header, double body, int dark);

/// The word, for the log ("" without a card).
const char *ft_look_up_card_word(void);

/// The lines each sense is given, for the log: "3 2" ("" without a card). g_free it.
char *ft_look_up_card_sense_lines(void);
#endif
