// A word's Look Up card: what the model said is kept, bounded, and drawn (look-up-card.h).
#include "look-up-card.h"
#include "bounded.h"
#include "drawing.h"
#include <string.h>

/// One line of a sense, and the space above the first (LookUpCard.lineHeight, .bodyPadding).
#define LINE_HEIGHT 17.0
#define BODY_PADDING 8.0
/// The senses' font, measured as drawn.
#define BODY_FONT "Sans 10"

static struct {
    char *word, *source;
    int count;
    char *senses[FT_LOOK_UP_MAX_SENSES];
    int lines[FT_LOOK_UP_MAX_SENSES];
} card;

void ft_look_up_card_end(void) {
    g_free(card.word);
    g_free(card.source);
    for (int i = 0; i < card.count; i++) g_free(card.senses[i]);
    memset(&card, 0, sizeof card);
}

void ft_look_up_card_begin(const ft_menu_content *content) {
    ft_look_up_card_end();
    if (!content->look_up) return;
    // Another application's text and a server's: bounded before Pango lays them out.
    card.word = ft_bounded_text(content->look_up_word);
    card.source = ft_bounded_text(content->look_up_source);
    for (int i = 0; i < content->sense_count && i < FT_LOOK_UP_MAX_SENSES; i++) {
        card.senses[card.count] = ft_cut_text(content->senses[i] ? content->senses[i] : "", -1, FT_LOOK_UP_SENSE_CHARS);
        card.lines[card.count++] = CLAMP(content->sense_lines[i], 1, FT_LOOK_UP_MAX_SENSES);
    }
}

const char *ft_look_up_card_word(void) { return card.word ? card.word : ""; }

char *ft_look_up_card_sense_lines(void) {
    GString *lines = g_string_new(NULL);
    for (int i = 0; i < card.count; i++) g_string_append_printf(lines, "%s%d", i ? " " : "", card.lines[i]);
    return g_string_free(lines, FALSE);
}

static void draw_text(cairo_t *cr, const char *text, const char *font, double x, double y, double width, int lines,
                      double grey) {
    PangoLayout *layout = ft_text_layout(pango_cairo_create_layout(cr), text, font, width, lines);
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

int ft_look_up_card_lines_needed(const char *text, double width) {
    // Bounded as drawn (ft_look_up_card_begin), with no limit of lines: what it needs whole.
    g_autofree char *cut = ft_cut_text(text ? text : "", -1, FT_LOOK_UP_SENSE_CHARS);
    PangoContext *context = pango_font_map_create_context(pango_cairo_font_map_get_default());
    PangoLayout *layout = ft_text_layout(pango_layout_new(context), cut, BODY_FONT, width, 1);
    pango_layout_set_height(layout, -1);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    int lines = pango_layout_get_line_count(layout);
    g_object_unref(layout);
    g_object_unref(context);
    return lines;
}

void ft_look_up_card_draw(cairo_t *cr, double width, double header, double body, int dark) {
    double bg = dark ? 0.16 : 0.97, fg = dark ? 0.95 : 0.08, sub = dark ? 0.7 : 0.35;
    cairo_save(cr);
    ft_rounded(cr, 0, 0, width, header + body, 14);
    cairo_set_source_rgba(cr, bg, bg, bg, 1);
    cairo_fill_preserve(cr);
    cairo_clip(cr);
    // The header: the word, as Look Up titles its card, and the dictionary that defined it.
    draw_text(cr, card.word ? card.word : "", "Sans Bold 13", 16, 7, width - 32, 1, fg);
    if (card.source && *card.source) draw_text(cr, card.source, "Sans 9", 16, 32, width - 32, 1, sub);
    if (body > 0) {
        cairo_set_source_rgba(cr, sub, sub, sub, 0.4);
        cairo_rectangle(cr, 0, header, width, 1);
        cairo_fill(cr);
        // Each sense in the lines the model gave it, the last ellipsized when it needs more.
        double y = header + BODY_PADDING;
        for (int i = 0; i < card.count && y < header + body; i++) {
            draw_text(cr, card.senses[i], BODY_FONT, 16, y, width - 32, card.lines[i], fg);
            y += card.lines[i] * LINE_HEIGHT;
        }
    }
    cairo_restore(cr);
}
