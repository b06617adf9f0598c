// The one interface between forcetouch-overlay's two halves: the Swift executable, which holds
// the overlay's logic (Sources/OverlayModel), and the GTK shared object it opens with dlopen
// (Sources/COverlay), which draws and speaks GTK and GDBus. Both include this header, so the
// entry point's signature and the structs are written once and the compilers check both sides.
#ifndef FORCETOUCH_COVERLAY_ABI_H
#define FORCETOUCH_COVERLAY_ABI_H
#include <stddef.h>

/// The most rows a menu shows (SPEC §11: UIApplicationShortcutItem's four).
#define FT_MENU_MAX_ITEMS 4
/// The most senses a word's Look Up card shows (LookUpCard.maximumLines: one line each at least).
#define FT_LOOK_UP_MAX_SENSES 5

/// A rectangle in the overlay window's logical pixels.
typedef struct {
    int x, y, width, height;
} ft_rect;

/// One frame of the menu, computed by the model: what to paint, cut the window to and log.
typedef struct {
    /// Whether the window is shown at all.
    int visible;
    /// The menu shown, 0 while a press only previews one.
    unsigned menu_id;
    /// Rows laid out (the menu's items; 0 for a preview, which draws one empty row's card).
    int count;
    double scale, dimming;
    /// The menu's width and one row's height at pop, in logical pixels: the drawing's units.
    double menu_width, row_height;
    /// The menu opens at the pointer (a touchpad's or a pen's press): the frame wants its place.
    int at_pointer;
    ft_rect card;
    ft_rect items[FT_MENU_MAX_ITEMS];
    /// The row under the sliding finger, -1 for none.
    int highlight;
    /// A menu for a link (LinkPreviewLayout): its preview above its actions. `card` is then the
    /// whole block, `actions` the actions' card (whose rows are `items`), `preview` the
    /// preview's card and `page` the page's rendering in it when `has_page`.
    int link, has_page;
    ft_rect preview, page, actions;
    /// The preview's header, its page and the space above the actions at pop, in logical pixels.
    double header_height, page_height, spacing;
    /// A word's Look Up card (LookUpCard) in `preview`, instead of a link's: its definition in
    /// `definition` under the header, `definition_height` high at pop.
    int has_definition;
    ft_rect definition;
    double definition_height;
    /// A menu for an app (MenuLayout's heading): the app's icon and name in `heading`, at the
    /// card's top above the rows, `heading_height` high at pop. Not a row: a tap on it chooses
    /// nothing.
    int has_heading;
    ft_rect heading;
    double heading_height;
    /// Not visible, but the window stays mapped, drawn empty: the press lifted after peek and its
    /// menu may still come (MenuInteraction.awaitingMenu).
    int keeps_window;
} ft_menu_frame;

/// What MenuShown's target makes of the menu (LinkTarget).
typedef struct {
    /// The target is a link: its preview above its actions, and pop opens it.
    int link;
    /// The row that opens it (its `link.open` item), -1 for none.
    int open_row;
    /// The preview has room for a rendering of the page.
    int page;
    /// The target is an app (an app's icon, or a window) with a name: its icon and name head the
    /// rows (not for a link).
    int heading;
    /// A word: its Look Up card's definition height at pop (LookUpCard.bodyHeight; 0 for none),
    /// the card drawn where a link's preview is (`link` is set too, with no row that opens it).
    double definition;
} ft_menu_target;

/// What an event asks of the glue besides drawing.
typedef struct {
    /// The item to perform with ChooseQuickAction, -1 for none (the menu is already hidden).
    int choose;
    /// The menu to close with DismissMenu, 0 for none.
    unsigned dismiss;
    /// A new press began: the last menu's items go, and the press's output is the menu's.
    int began_press;
    /// Something drawn changed: show, redraw or hide the window.
    int redraw;
    /// A press began: what is under the finger is looked up now, ready by peek.
    int look_up;
    /// A press lifted after peek before its menu came: call `menu_wait_over` after this many
    /// milliseconds (0: none).
    int await_menu_ms;
} ft_menu_effects;

/// One entry of a bus dictionary whose value is a string (an `a{sv}` such as MenuShown's target),
/// borrowed from the signal for the call.
typedef struct {
    const char *key, *value;
} ft_bus_entry;

/// A bus dictionary's string entries, in the order the bus carried them (BusStrings).
typedef struct {
    const ft_bus_entry *entries;
    int count;
} ft_bus_dict;

/// One row of a menu as drawn (MenuRow). The strings are the model's, valid until its next
/// `content`.
typedef struct {
    /// The item's type (what ChooseQuickAction names, whole), title and subtitle (NULL: none
    /// drawn), its theme icon's name and its icon file ("" for none).
    const char *type, *title, *subtitle, *icon, *icon_file;
} ft_menu_row;

/// What a MenuShown draws (MenuContent), decided from its dictionaries. The strings are the
/// model's, valid until its next `content`.
typedef struct {
    int count;
    ft_menu_row rows[FT_MENU_MAX_ITEMS];
    /// What the target makes of the menu, for `menu_shown`; `page` is 0, the glue's to set.
    ft_menu_target target;
    /// With `target.heading`: the app's name and its icon, a theme icon's name or a file ("" for
    /// none).
    const char *heading_title, *heading_icon, *heading_icon_file;
    /// With `target.link`: its address (whole) and its text.
    const char *address, *link_name;
    /// What the press was on and its name, as the daemon said them ("" when it did not): logged.
    const char *kind, *name;
    /// A word's Look Up card (LookUpCard): the word, the dictionary named ("" when the senses say
    /// why there is no definition), and `sense_count` senses, each given `sense_lines` lines.
    int look_up;
    const char *look_up_word, *look_up_source;
    int sense_count;
    const char *senses[FT_LOOK_UP_MAX_SENSES];
    int sense_lines[FT_LOOK_UP_MAX_SENSES];
} ft_menu_content;

/// The highlight over the text a press found (TextHighlight): where, rounded how, tinted how.
typedef struct {
    ft_rect rect;
    /// `ring`: the outline's width where the window cannot blend (X11 without a compositing
    /// manager): there the word is ringed, not tinted, so that it stays legible.
    double radius, red, green, blue, alpha, ring;
} ft_text_highlight;

/// The menu's logic, implemented in Swift (MenuInteraction): the glue passes each signal and
/// each input event, and asks for the frame to draw. One menu per process, on GTK's thread.
typedef struct {
    /// PressProgress, its arguments as the bus carries them (`preview` its boolean, 0 or 1).
    void (*press_progress)(const char *phase, const char *stage, double transition, double commit, double x,
                           double y, const char *placement, int preview, ft_menu_effects *out);
    /// MenuShown: menu `id` of `count` rows (at most FT_MENU_MAX_ITEMS) for the finger at x, y,
    /// for `target`.
    void (*menu_shown)(unsigned id, int count, double x, double y, const char *placement,
                       const ft_menu_target *target, ft_menu_effects *out);
    /// MenuDismissed for menu `id`.
    void (*menu_dismissed)(unsigned id, ft_menu_effects *out);
    /// A click or a touch lifted on the window at x, y (window pixels).
    void (*released)(double x, double y, ft_menu_effects *out);
    /// The Escape key.
    void (*escape)(ft_menu_effects *out);
    /// The frame for a window of width × height pixels; `has_pointer`: the pointer is at
    /// pointer_x, pointer_y in it (else a menu at the pointer opens at the centre); `placed`:
    /// the window is the menu, placed by the compositor.
    void (*frame)(int width, int height, int has_pointer, double pointer_x, double pointer_y, int placed,
                  ft_menu_frame *out);
    /// The daemon's name lost its owner, or another process took it: what it showed goes.
    void (*daemon_gone)(ft_menu_effects *out);
    /// The wait an `await_menu_ms` asked for is over.
    void (*menu_wait_over)(ft_menu_effects *out);
    /// MenuShown's target and its first `count` items (at most FT_MENU_MAX_ITEMS), as the bus
    /// carried them: what the menu draws. `lines_needed` is the toolkit's measure of a word's
    /// senses: the lines `text` needs whole, laid out `width` wide in the card's body font
    /// (LookUpCard's `linesNeeded`); the model decides how many it gets.
    void (*content)(const ft_bus_dict *target, const ft_bus_dict *items, int count,
                    int (*lines_needed)(const char *text, double width), ft_menu_content *out);
    /// The characters to ask the application's text object for, for MenuShown's `text-start`
    /// and `text-end` (NULL: absent) in the `sent_length` characters sent, which began at
    /// `read_from` of the object's text (TextHighlight.characters): 1 with *from, *to, else 0.
    int (*highlight_range)(const char *start, const char *end, int read_from, int sent_length, int *from, int *to);
    /// The highlight over a range the application placed at x, y, width × height in coordinates
    /// whose origin is at ox, oy on the screen (0, 0: screen coordinates; a window's corner:
    /// its window's), in a window at wx, wy of ww × wh: 1 with *out, else 0 (TextHighlight).
    int (*highlight)(int x, int y, int width, int height, int ox, int oy, int wx, int wy, int ww, int wh,
                     ft_text_highlight *out);
} ft_menu_model;

/// Where the AssistiveTouch button is drawn, computed by the model (ButtonPlacement).
typedef struct {
    /// Whether it shows at all.
    int visible;
    /// Dragged: drawn opaque.
    int dragging;
    /// The circle's square, in the output's pixels from its top left corner.
    ft_rect square;
} ft_button_frame;

/// The AssistiveTouch button's logic, implemented in Swift.
typedef struct {
    /// The AssistiveButton signal's x, y, size and state, on an output of width × height pixels.
    void (*place)(double x, double y, double size, const char *state, int width, int height, ft_button_frame *out);
} ft_button_model;

/// How the intent window shows a response, from its code (IntentResponseLook).
typedef struct {
    /// FT_BADGE_CHECK, FT_BADGE_SPINNER or FT_BADGE_ALERT.
    int badge;
    /// The message is shown; `failed`: in red.
    int shows_message, failed;
    /// An Open button; `opens_app`: no window, the daemon opens the app.
    int offers_open, opens_app;
    /// A failure: one that ends a run still asking its question cancels that question.
    int is_failure;
} ft_intent_look;
enum { FT_BADGE_CHECK = 0, FT_BADGE_SPINNER = 1, FT_BADGE_ALERT = 2 };

/// The intent window's kinds (IntentWindowInteraction's states).
enum { FT_INTENT_NONE = 0, FT_INTENT_CONFIRM = 1, FT_INTENT_CHOOSE = 2, FT_INTENT_VALUE = 3, FT_INTENT_RESPONSE = 4 };
/// The calls an event asks for: ConfirmIntent, AnswerIntent, OpenIntentApp (their names are bus-protocol.h's).
enum { FT_INTENT_CALL_NONE = 0, FT_INTENT_CALL_CONFIRM = 1, FT_INTENT_CALL_ANSWER = 2, FT_INTENT_CALL_OPEN_APP = 3 };
/// What to do with the dismiss timer.
enum { FT_INTENT_TIMER_KEEP = 0, FT_INTENT_TIMER_ARM = 1, FT_INTENT_TIMER_CANCEL = 2 };
/// The most buttons the intent window has (its choices and Cancel).
#define FT_INTENT_MAX_BUTTONS 12

/// What an intent window event asks of the glue (IntentWindowEffects), in this order: hide,
/// call, show.
typedef struct {
    /// The signal is the window's: keep its texts to draw; `new_run`: a question of a run not
    /// seen starting, whose title replaces the last run's, with no app, output or place.
    int accepted, new_run;
    /// Non-empty: hide the window, logged with this reason.
    char hide[32];
    /// Non-empty: the button tapped (or `window`), for the log.
    char tapped[32];
    /// FT_INTENT_CALL_*, for run `call_id`: `confirm` ConfirmIntent's answer, `answer`
    /// AnswerIntent's value (malloc'd: the glue frees it).
    int call;
    unsigned call_id;
    int confirm;
    char *answer;
    /// Lay out and show (or redraw) the window.
    int show;
    /// FT_INTENT_TIMER_*: the dismiss timer, armed for `dismiss_ms`; its end is `dismiss_fired`.
    int dismiss, dismiss_ms;
    /// The spinner turns.
    int spinning;
} ft_intent_effects;

/// The intent window's state, for the glue's drawing and log.
typedef struct {
    /// FT_INTENT_*.
    int kind;
    /// The run shown.
    unsigned id;
    /// The response's code (valid until the next event) and its look, for FT_INTENT_RESPONSE.
    const char *code;
    ft_intent_look look;
} ft_intent_state;

/// One of the intent window's buttons: `name` in the log, `label` drawn (valid until the next layout).
typedef struct {
    char name[32];
    const char *label;
    int primary;
    ft_rect rect;
} ft_intent_button;

/// The intent window laid out (IntentWindowFrame).
typedef struct {
    int width, height, count;
    ft_intent_button buttons[FT_INTENT_MAX_BUTTONS];
} ft_intent_frame;

/// The intent window's logic, implemented in Swift (IntentWindowInteraction): the glue passes
/// each signal, touch and timer, and asks for the layout to draw. One window per process, on GTK's thread.
typedef struct {
    /// Where a window of width × height goes on an output of output_width × output_height
    /// (IntentWindowPlacement): `located` at the finger x, y (0…1) or, for the `pointer`
    /// placement, at pointer_x, pointer_y when `has_pointer`; sets *out_x, *out_y (output pixels).
    void (*place)(int width, int height, int output_width, int output_height, int located, double x, double y,
                  const char *placement, int has_pointer, double pointer_x, double pointer_y, int *out_x,
                  int *out_y);
    /// How a response of `code` is shown (IntentResponseLook).
    void (*response_look)(const char *code, ft_intent_look *out);
    /// IntentStarted: run `id` of the intent whose app is `app` ("" for none).
    void (*started)(unsigned id, const char *app, ft_intent_effects *out);
    /// IntentConfirm, IntentChoose (`choices`, `count` of them) or IntentNeedsValue, as `kind`.
    void (*asked)(unsigned id, int kind, const char *const *choices, int count, ft_intent_effects *out);
    /// IntentResponse.
    void (*responded)(unsigned id, const char *code, int final, ft_intent_effects *out);
    /// A press or a touch begins on the window.
    void (*pressed)(ft_intent_effects *out);
    /// A click or a touch lifted at x, y of the window; `entry`: the text field's text.
    void (*released)(double x, double y, const char *entry, ft_intent_effects *out);
    /// Return in the text field.
    void (*submitted)(const char *text, ft_intent_effects *out);
    /// The dismiss timer ran out.
    void (*dismiss_fired)(ft_intent_effects *out);
    /// The state to draw.
    void (*state)(ft_intent_state *out);
    /// The layout under a header `header` pixels high, a response's message `message` and
    /// output `middle` pixels high (0 for none).
    void (*layout)(int header, int message, int middle, ft_intent_frame *out);
    /// The daemon's name lost its owner, or another process took it: its window goes.
    void (*daemon_gone)(ft_intent_effects *out);
} ft_intent_model;

/// What is under the finger (docs/SPEC.md §11, "What is under the finger"): the facts the overlay
/// sends the daemon with PressTarget, and prints for `--what-is-at`. A NULL string is a fact not
/// known; the strings belong to the glue and live until the call returns.
typedef struct {
    /// The press's `x`, `y` from PressProgress `began`, echoed (`has_press`: there was one).
    int has_press;
    double press_x, press_y;
    /// `x11` or `sway`.
    const char *source;
    /// The accessible object's at the point; `address` a link's URI.
    const char *role, *name, *description, *address;
    /// The window at the point: sway's app_id or X11's WM_CLASS, its title, its type (`normal`,
    /// `dock`, `panel`…) and, when `has_window_pid`, its process.
    const char *window_app_id, *window_title, *window_type;
    int has_window_pid;
    unsigned window_pid;
    /// The application's id, only when known exactly.
    const char *app_id;
    /// Why nothing (or less) was found.
    const char *why;
    /// The text around the point (NULL: none read) and the character pressed in it.
    const char *text;
    unsigned text_offset;
    /// The display's windows, `window_count` of them, carried for an app icon's menu.
    const struct ft_app_window *windows;
    int window_count;
} ft_target_facts;

/// The most bytes of a window's app id and title the sway lookup keeps.
#define FT_SWAY_TEXT 512

/// The window sway's tree has at a point (SwayTree).
typedef struct {
    int pid;
    char app_id[FT_SWAY_TEXT], title[FT_SWAY_TEXT];
    /// Its content (rect + window_rect) in sway's layout pixels.
    ft_rect content;
    /// An XWayland window's X11 id (sway's `window`), 0 for a Wayland one.
    unsigned x11_window;
    /// Its `window-type` fact, as the model names it (`normal`, `panel` for a layer surface).
    char window_type[32];
} ft_sway_window;

/// One open window, as an app's deep-press menu lists it to switch to (PressTarget's `windows`):
/// sway's `con_id` (or an X window), its app id and title, cut to fit.
typedef struct ft_app_window {
    unsigned id;
    char app_id[FT_SWAY_TEXT], title[FT_SWAY_TEXT];
} ft_app_window;

/// One accessible object on the path from the deepest object at a point up to its window, as the
/// application answered AT-SPI (AccessibleNode). The strings belong to the glue.
typedef struct {
    const char *role, *name, *description;
    /// The Hyperlink interface's URI, NULL when the object has none (or gave one past 8 KiB).
    const char *uri;
    /// GetState's set: its first two words, bit n for AtspiStateType n.
    unsigned long long states;
    int children;
} ft_accessible_node;

/// One answer of an application at a point (AccessibleAnswer): the deepest object first, then its
/// parents up, the window last; at most FT_PATH_MAX.
typedef struct {
    const char *toolkit;
    const ft_accessible_node *nodes;
    int count;
} ft_accessible_answer;
#define FT_PATH_MAX 16

/// One of an application's windows (its top-level accessible objects: AccessibleWindow).
typedef struct {
    /// In the coordinates of the point asked (the screen's, or the window's own under Wayland).
    ft_rect extents;
    /// GetState's set, as ft_accessible_node's.
    unsigned long long states;
    /// Its name, NULL when no title is to be matched.
    const char *name;
} ft_accessible_window;

/// Which way the window under a point is learned (LookupSource); FT_SOURCE_NONE: not at all.
enum { FT_SOURCE_NONE = 0, FT_SOURCE_X11 = 1, FT_SOURCE_SWAY = 2, FT_SOURCE_HYPRLAND = 3 };

/// One child of the X server's root window (X11StackingList.Window).
typedef struct {
    int viewable, drawing, ours;
    /// On the screen, its border on each side included.
    ft_rect frame;
} ft_x11_window;

/// A window under (or with) a top-level one (X11ClientWindow.Node): its parent's index, -1 for
/// the top-level window, which comes first; whether it has WM_STATE and _NET_WM_PID.
typedef struct {
    int parent, wm_state, pid;
} ft_x11_node;

/// What an answer says the press is on (PointedObject).
typedef struct {
    /// The answer is partial: ask again (`why` says why), unless it was the last chance.
    int ask_again;
    char why[160];
    /// The node whose role, name and description are told; `address`: its URI is the link's.
    int node, address;
} ft_pointed_object;

/// The lookup's logic, implemented in Swift: pure functions, safe to call from the lookup's own
/// thread.
typedef struct {
    /// Which way the window under a point is learned, from the environment (LookupSource): a
    /// FT_SOURCE_*, its name in `name`; for FT_SOURCE_NONE, why in `why` (both `size` bytes).
    int (*source)(char *name, char *why, size_t size);
    /// The X server's stacking list (`count` windows, bottom first): the indices of those that may
    /// be what is seen at x, y, top first, into `out` (at most `count`); returns how many.
    int (*x11_candidates)(const ft_x11_window *windows, int count, int x, int y, int *out);
    /// An X11 window's `window-type` fact (X11WindowType) into `out` (`size` bytes with its zero),
    /// from the name of the first atom of its `_NET_WM_WINDOW_TYPE` (NULL: it names none).
    void (*x11_window_type)(const char *atom, char *out, size_t size);
    /// The client window of a top-level one among the `count` windows under it, each level's
    /// children topmost first (X11ClientWindow): its index, -1 for none.
    int (*x11_client)(const ft_x11_node *nodes, int count);
    /// What an application's answer at the point is on (PointedObject); `last_chance`: no time is
    /// left to ask again, so a partial answer is taken as it is.
    void (*pointed_object)(const ft_accessible_answer *answer, int last_chance, ft_pointed_object *out);
    /// The window of an application at x, y among its `count` windows (AccessibleWindow), the one
    /// named `title` (the compositor's, or NULL) first; -1 for none.
    int (*window_at)(const ft_accessible_window *windows, int count, int x, int y, const char *title);
    /// `--observe-at`: prints an answer as one line of JSON (AccessibleAnswer), as asked.
    void (*print_answer)(const ft_accessible_answer *answer);
    /// `--observe-at`: each answer is printed (print_answer) as it comes.
    int observe;
    /// sway's `get_tree` reply (`length` bytes of JSON): the visible window whose content holds
    /// x, y; returns 0 (and leaves *out) when none does or the JSON is not a tree.
    int (*sway_window_at)(const char *json, size_t length, int x, int y, ft_sway_window *out);
    /// The processes of every window in sway's tree, at most `max` of them in `out`; returns how
    /// many there are. An application with none is a layer-shell surface's (a panel's).
    int (*sway_pids)(const char *json, size_t length, int *out, int max);
    /// sway's `get_outputs` and `get_workspaces` replies, and the sizes of the frames of
    /// applications with no window in the tree (`count` of them; x, y unused): which of them is
    /// the layer-shell panel at x, y (SwayReservedStrips), its place in the layout in `out`;
    /// -1 when none is.
    /// The object found in a layer-shell panel (its role, name, description; any may be NULL) and
    /// sway's tree: when the object is a wlroots taskbar's button (TaskbarButton), the app id of
    /// the windows it stands for into `out` (at most `size` bytes with its zero), when they are
    /// all one app's; returns 0 otherwise.
    int (*sway_taskbar_app)(const char *json, size_t length, const char *role, const char *name,
                            const char *description, char *out, size_t size);
    int (*sway_layer_surface_at)(const char *outputs, size_t outputs_length, const char *workspaces,
                                 size_t workspaces_length, int x, int y, const ft_rect *sizes, int count, ft_rect *out);
    /// Hyprland's `j/clients`, `j/monitors` and `j/layers` replies (`layers` may be NULL): what is
    /// in front at x, y (HyprlandScene), the surfaces of process `own_pid` passed over; returns 1
    /// for a window, 2 for a layer surface (a panel), 0 for nothing or replies it cannot read.
    int (*hyprland_window_at)(const char *clients, size_t clients_length, const char *monitors,
                              size_t monitors_length, const char *layers, size_t layers_length, int x, int y,
                              int own_pid, ft_sway_window *out);
    /// `--what-is-at`: prints the facts as one line of JSON (ForceTouchProtocol's encoder).
    void (*print_facts)(const ft_target_facts *facts);
    /// sway's `get_tree` reply: its windows (SwayTree.windows), on any workspace, in the tree's
    /// order, at most `max` of them into `out`; returns how many were written.
    int (*sway_windows)(const char *json, size_t length, ft_app_window *out, int max);
} ft_lookup_model;

/// A property of the overlay's own object (OverlayProperty): FT_PROPERTY_NONE (no such
/// property), FT_PROPERTY_STRING (`text`) or FT_PROPERTY_BOOLEAN (`boolean`).
enum { FT_PROPERTY_NONE = 0, FT_PROPERTY_STRING = 1, FT_PROPERTY_BOOLEAN = 2 };
typedef struct {
    int type;
    char text[64];
    int boolean;
} ft_property_value;

/// What the daemon's UnderFinger asks of the lookup (UnderFingerUse).
typedef struct {
    /// Anything is looked up: 0 when it lists no kind.
    int look_up;
    /// The text under the finger (AT-SPI's Text) is read: only when it lists a kind found in text.
    int read_text;
} ft_under_finger_use;

/// The overlay's rules as a client of the session bus and of the display, outside its three
/// windows, implemented in Swift: whose word is the daemon's (DaemonOwner), who owns the
/// overlay's name (OverlayNameOwner), its own object's properties (OverlayProperty) and the
/// output a name picks (OutputName). On GTK's thread only.
typedef struct {
    /// The bus's word on who owns the daemon's name, `owner` ("" for none): GetNameOwner's answer,
    /// or NameOwnerChanged's new owner when `changed`. Returns 1 when it is another owner than
    /// the last (its UnderFinger is asked); `gone` (`size` bytes) says why what the last owner
    /// showed goes, "" when it stays.
    int (*daemon_owner)(const char *owner, int changed, char *gone, size_t size);
    /// Whether `sender` (a unique name) is the daemon's owner, whose signals are believed.
    int (*believes)(const char *sender);
    /// Who owns the overlay's name, by the `mode` its object says (NULL: it did not), into `who`
    /// (`size` bytes); returns 1 when it is the GNOME Shell extension, which draws at the finger.
    int (*overlay_owner)(const char *mode, char *who, size_t size);
    /// The overlay's property `name`, its window mode being `mode` (`popup`, ...).
    void (*property)(const char *name, const char *mode, ft_property_value *out);
    /// The index of the output named `output` among the display's monitors by their `models`
    /// (NULL for one without a name), -1 for none.
    int (*output_index)(const char *output, const char *const *models, int count);
    /// Whether to draw dark (ColorScheme): the settings portal's `color-scheme` when `has_portal`
    /// (it answered), GTK's theme name and the GTK_THEME variable (NULL: none), and GTK's
    /// gtk-application-prefer-dark-theme.
    int (*dark)(int has_portal, unsigned portal, const char *theme, const char *gtk_theme, int prefer_dark);
    /// Whether XDG_CURRENT_DESKTOP (NULL: unset) names GNOME (DesktopSession).
    int (*gnome)(const char *current_desktop);
    /// The daemon's UnderFinger, its `count` kinds, or (`kinds` NULL) none said yet: what the
    /// lookup does (UnderFingerUse).
    void (*under_finger)(const char *const *kinds, int count, ft_under_finger_use *out);
} ft_client_model;

/// How the overlay runs.
typedef struct {
    /// Logs each drawn menu's rectangle and its items' (`item 0 "Title" x y w h`), for tests,
    /// and the menu's state changes.
    int verbose;
    /// Version printed in the first log line.
    const char *version;
    /// The menu's logic.
    const ft_menu_model *menu;
    /// The AssistiveTouch button's.
    const ft_button_model *button;
    /// The intent window's.
    const ft_intent_model *intent;
    /// What is under the finger: the sway tree and the JSON.
    const ft_lookup_model *lookup;
    /// `--what-is-at X Y`: print what is at that screen pixel and exit, showing nothing.
    int what_is_at;
    int at_x, at_y;
    /// `--read-text`: `--what-is-at` reads the text at the point too, as a press does where the
    /// daemon lists a kind found in text.
    int read_text;
    /// A deep press on a link renders the page in its preview (WebKitGTK, when installed):
    /// --no-link-preview turns it off. The rendering is waited for at most
    /// `link_preview_timeout` seconds; the card shows the title and address meanwhile.
    int link_preview;
    double link_preview_timeout;
    /// The rules of its bus client and display.
    const ft_client_model *client;
} ft_overlay_args;

/// `ft_overlay_main`, the shared object's one entry point: opens the display, owns
/// io.github.forcetouch.Overlay1 on the session bus and runs the GLib main loop until
/// SIGTERM/SIGINT or the loss of the name. Returns the exit status.
typedef int (*ft_overlay_main_fn)(const ft_overlay_args *args);
#define FT_OVERLAY_MAIN "ft_overlay_main"
#endif
