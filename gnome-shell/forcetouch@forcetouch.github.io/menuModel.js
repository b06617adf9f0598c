/* The quick-action menu's logic (docs/SPEC.md §11), a port of Sources/OverlayModel's MenuLayout,
 * MenuGrowth, MenuInteraction and the values around them: the same names, the same named states,
 * the same figures, so that the extension's menu opens, grows, slides and closes exactly as
 * forcetouch-overlay's does. Pure: no gi import, no clock, no toolkit. Tests/GnomeShell/model-vectors.js
 * runs it over the vectors the Swift model writes (Tests/GnomeShell/vectors/menu.json) and fails
 * on any difference: change the Swift first, regenerate, then follow here. */

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { roundHalfAway } = Me.imports.rounding;

/* How far a press has gone, as PressProgress's `stage` says it: on its way to peek (''), past
 * peek, or popped. The values are the bus's words. */
var PressStage = Object.freeze({
    towardsPeek: '',
    peek: 'peek',
    pop: 'pop',
    /* The bus's word; anything unknown counts as on its way to peek. */
    fromBus(word) {
        return word === 'peek' || word === 'pop' ? word : '';
    },
    /* The stage's name in the log. */
    logName(stage) {
        return stage === '' ? 'towards peek' : stage;
    },
});

/* A rectangle in stage pixels, rounded as the menu is drawn: what the drawing fills, what a tap
 * is tested against and what the verbose log says for the screenshots. */
var PixelRect = class PixelRect {
    constructor(x, y, width, height) {
        this.x = x;
        this.y = y;
        this.width = width;
        this.height = height;
    }

    /* Half-open: a point on the right or bottom edge belongs to the next row. */
    contains(px, py) {
        return px >= this.x && px < this.x + this.width && py >= this.y && py < this.y + this.height;
    }

    equals(other) {
        return other !== null && other !== undefined && this.x === other.x && this.y === other.y &&
            this.width === other.width && this.height === other.height;
    }
};

/* Which way a box opens from the finger: right and down, unless that would take it past the
 * output's edge (less MenuLayout.edge), then left and/or up, as iOS opens a menu near an edge. */
var OpeningDirection = class OpeningDirection {
    /* finger {x, y}, size {width, height}, surface {width, height}. */
    constructor(finger, size, surface) {
        this.left = finger.x + MenuLayout.gap + size.width > surface.width - MenuLayout.edge;
        this.up = finger.y + MenuLayout.gap + size.height > surface.height - MenuLayout.edge;
    }
};

/* Where the menu and its rows are drawn on the monitor: beside the finger, opening right and
 * down unless that would leave the monitor, then left and/or up. The corner at the finger stays
 * put while the menu grows away from it. */
var MenuLayout = class MenuLayout {
    /* `items` rows (an empty menu still draws one row's card: a preview) grown to `scale`,
     * beside `finger` {x, y} on a surface {width, height}; `placed`: the surface is the menu
     * itself, drawn full size at its origin; `heading`: the app's icon and name head the rows
     * (headingHeight more), and the whole card opens from the finger as one. */
    constructor(items, finger, surface, scale, placed = false, heading = false) {
        const top = heading ? MenuLayout.headingHeight : 0;
        const w = MenuLayout.width, h = top + Math.max(items, 1) * MenuLayout.rowHeight;
        let s = scale, x0, y0;
        if (placed) {
            s = 1;
            x0 = 0;
            y0 = 0;
        } else {
            const way = new OpeningDirection(finger, { width: w, height: h }, surface);
            const cx = way.left ? finger.x - MenuLayout.gap : finger.x + MenuLayout.gap;
            const cy = way.up ? finger.y - MenuLayout.gap : finger.y + MenuLayout.gap;
            x0 = way.left ? cx - w * s : cx;
            y0 = way.up ? cy - h * s : cy;
        }
        /* The scale the card is drawn at (1 at pop). */
        this.scale = s;
        /* The menu's card. */
        this.card = new PixelRect(roundHalfAway(x0), roundHalfAway(y0), roundHalfAway(w * s), roundHalfAway(h * s));
        /* The heading at the card's top, above the rows, for a menu with one (else null); not a row. */
        this.heading = heading
            ? new PixelRect(this.card.x, this.card.y, this.card.width, roundHalfAway(top * s)) : null;
        /* One rectangle per item, top to bottom. */
        this.rows = [];
        for (let i = 0; i < items; i++) {
            this.rows.push(new PixelRect(this.card.x, roundHalfAway(y0 + (top + i * MenuLayout.rowHeight) * s),
                this.card.width, roundHalfAway(MenuLayout.rowHeight * s)));
        }
    }

    /* The row at a point, or null (the heading is none). */
    row(x, y) {
        const i = this.rows.findIndex(r => r.contains(x, y));
        return i < 0 ? null : i;
    }

    /* Whether a point is on the heading. */
    isOnHeading(x, y) {
        return this.heading !== null && this.heading.contains(x, y);
    }
};
/* The menu's width at pop, in logical pixels. */
MenuLayout.width = 300.0;
/* One row's height at pop. */
MenuLayout.rowHeight = 64.0;
/* The heading's height at pop: the app's icon and name above the rows. */
MenuLayout.headingHeight = 48.0;
/* From the finger to the menu's nearest corner. */
MenuLayout.gap = 14.0;
/* How close to the monitor's edge the menu may come before it opens the other way. */
MenuLayout.edge = 8.0;

/* How big the menu is drawn and how dark the rest of the monitor, from the press's progress:
 * it grows in towards peek, on towards pop, and stays full once popped or once the finger
 * lifted on an open menu. */
var MenuGrowth = class MenuGrowth {
    constructor(scale, dimming) {
        /* The menu's size as a fraction of its size at pop. */
        this.scale = scale;
        /* How much the rest of the monitor is dimmed, 0…0.45. */
        this.dimming = dimming;
    }

    /* Under a press at `stage`, `transition` (0…1 towards peek) and `commit` (0…1 from peek
     * towards pop) along. */
    static of(stage, transition, commit) {
        switch (stage) {
        case PressStage.pop:
            return MenuGrowth.full;
        case PressStage.peek:
            return new MenuGrowth(0.75 + 0.25 * commit, 0.3 + 0.15 * commit);
        default:
            return new MenuGrowth(0.35 + 0.4 * transition, 0.3 * transition);
        }
    }
};
/* Full size and full dimming: a menu open with no finger on it. */
MenuGrowth.full = new MenuGrowth(1, 0.45);

/* What reaches the menu: the daemon's three signals and the user's input on the card. Made by
 * the static functions below; `kind` says which. */
var MenuEvent = class MenuEvent {
    constructor(kind, fields) {
        this.kind = kind;
        Object.assign(this, fields);
    }

    /* PressProgress: the press that may open a menu, or the finger of an open one, moved on.
     * x, y across the monitor (0…1); `ended`: `ended` or `cancelled`; `atPointer`: the `pointer`
     * placement (a touchpad's or a pen's press, whose place says nothing of the screen);
     * `preview`: the press is known to open something, so that its card may be drawn (false: it
     * is followed, and nothing is drawn for it). */
    static progress(ended, stage, transition, commit, x, y, atPointer, preview = true) {
        return new MenuEvent('progress', { ended, stage, transition, commit, x, y, atPointer, preview });
    }

    /* PressProgress's arguments as the bus carries them. */
    static progressFromBus(phase, stage, transition, commit, x, y, placement, preview = true) {
        return MenuEvent.progress(phase === 'ended' || phase === 'cancelled', PressStage.fromBus(stage),
            transition, commit, x, y, placement === 'pointer', preview);
    }

    /* MenuShown: menu `id` of `items` rows, for the finger at x, y (0…1); `heading`: its
     * target is an app (an app's icon or a window), whose icon and name head the rows. */
    static shown(id, items, x, y, atPointer, heading = false) {
        return new MenuEvent('shown', { id, items, x, y, atPointer, heading });
    }

    /* MenuDismissed for menu `id`. */
    static dismissed(id) {
        return new MenuEvent('dismissed', { id });
    }

    /* A click or a touch lifted on the card or outside it, at surface pixels x, y. */
    static released(x, y) {
        return new MenuEvent('released', { x, y });
    }

    /* The Escape key. */
    static escape() {
        return new MenuEvent('escape', {});
    }

    /* The daemon's name lost its owner, or another process took it: whatever it asked to show
     * goes, and nothing is said to it (it is gone; a new owner never saw this menu). */
    static daemonGone() {
        return new MenuEvent('daemonGone', {});
    }

    /* The event's kind, for the log. */
    get name() {
        switch (this.kind) {
        case 'progress': return this.ended ? 'lifted' : `progress ${PressStage.logName(this.stage)}`;
        case 'shown': return `shown ${this.id}`;
        case 'dismissed': return `dismissed ${this.id}`;
        case 'daemonGone': return 'daemon gone';
        default: return this.kind;
        }
    }
};

/* The menu machine's named states: hidden, previewing(stage), sliding(stage), open. */
var MenuState = class MenuState {
    constructor(kind, stage = null) {
        this.kind = kind;
        this.stage = stage;
        Object.freeze(this);
    }

    /* A press on its way and no menu yet: a card grows at the finger as its preview. */
    static previewing(stage) {
        return new MenuState('previewing', stage);
    }

    /* A menu shown, the finger that opened it still down: it grows on to pop; after pop the row
     * under the finger is highlighted, and lifting on it chooses it. */
    static sliding(stage) {
        return new MenuState('sliding', stage);
    }

    equals(other) {
        return this.kind === other.kind && this.stage === other.stage;
    }

    /* The state's name in the log. */
    get name() {
        return this.stage === null ? this.kind : `${this.kind}(${PressStage.logName(this.stage)})`;
    }
};
/* Nothing shown: nothing is mapped. */
MenuState.hidden = new MenuState('hidden');
/* A menu shown and no finger on it: a tap on a row chooses it, a tap outside or Escape closes it. */
MenuState.open = new MenuState('open');

/* One change of the menu's state and the event that made it, for the verbose log. */
var MenuTransition = class MenuTransition {
    constructor(from, to, cause) {
        this.from = from;
        this.to = to;
        this.cause = cause;
    }

    get description() {
        return `${this.from.name} -> ${this.to.name} (${this.cause.name})`;
    }
};

/* What an event asks of the glue beyond drawing the new state: the calls to the daemon
 * (ChooseQuickAction for `choose`, DismissMenu for `dismiss`), and whether a new press began
 * (the last menu's items go) or anything drawn changed. */
var MenuEffects = class MenuEffects {
    constructor() {
        this.choose = null;
        this.dismiss = null;
        this.beganPress = false;
        this.redraw = false;
    }
};

/* One frame of the menu as the extension draws it and logs it. */
var MenuFrame = class MenuFrame {
    constructor(visible, menuID, growth, layout, highlight, atPointer) {
        /* Whether anything is shown at all. */
        this.visible = visible;
        /* The menu shown, 0 while a press only previews one. */
        this.menuID = menuID;
        this.growth = growth;
        this.layout = layout;
        /* The row under the sliding finger, or null. */
        this.highlight = highlight;
        /* The menu opens at the pointer. */
        this.atPointer = atPointer;
    }
};

/* The quick-action menu's press / slide / dismiss machine (SPEC §11): what the daemon's signals
 * and the user's taps do to the menu, and what the extension then draws and tells the daemon.
 *
 *   hidden ──progress──▶ previewing(stage) ──lifted──▶ hidden
 *     │                        │ shown
 *     │ shown                  ▼
 *     │                  sliding(stage) ──lifted on a row after pop──▶ hidden (choose)
 *     ▼                        │ lifted elsewhere
 *   open ◀─────────────────────┘
 *     │ tap on a row: hidden (choose) · tap outside, Escape: hidden (dismiss)
 *     │ a new press reaching a stage: dismiss, then previewing(stage)
 *     └ dismissed by the daemon: hidden (from any state with that menu)
 *   any state ──the daemon gone──▶ hidden (nothing chosen or dismissed: nobody to tell)
 */
var MenuInteraction = class MenuInteraction {
    constructor() {
        this.state = MenuState.hidden;
        /* The menu shown (MenuShown's id), 0 for none. */
        this.menuID = 0;
        /* The rows of the menu shown; 0 while a press only previews one. */
        this.items = 0;
        /* The menu shown is for an app: its icon and name head the rows. */
        this.heading = false;
        /* The row under the sliding finger, or null. */
        this.highlight = null;
        /* Where the menu opens: the finger across the monitor (0…1), or the pointer. */
        this.finger = { x: 0, y: 0 };
        this.atPointer = false;
        this.transition = 0;
        this.commit = 0;
        /* The previewed press is known to open something: its card may be drawn. A press on what
         * a deep press leaves alone draws nothing at all, before peek or after (SPEC §11). */
        this.preview = false;
        /* The layout last drawn: what a tap is tested against, as the user saw it. */
        this.drawn = null;
        this._surface = { width: 0, height: 0 };
        this._placed = false;
        /* The state changes since the glue last took them (takeTransitions). */
        this.transitions = [];
    }

    /* Whether anything shows at all. */
    get isVisible() {
        switch (this.state.kind) {
        case 'hidden': return false;
        case 'previewing': return this.preview && this.transition > MenuInteraction.previewThreshold;
        default: return true;
        }
    }

    /* The menu's growth in this state. */
    get growth() {
        switch (this.state.kind) {
        case 'previewing':
        case 'sliding':
            return MenuGrowth.of(this.state.stage, this.transition, this.commit);
        default:
            return MenuGrowth.full;
        }
    }

    /* Applies one MenuEvent; returns the MenuEffects the glue must act on besides drawing. */
    handle(event) {
        const before = this.state;
        const effects = new MenuEffects();
        switch (event.kind) {
        case 'progress':
            this._progress(event, effects);
            break;
        case 'shown':
            this.menuID = event.id;
            this.items = event.items;
            this.heading = event.heading;
            this.finger = { x: event.x, y: event.y };
            this.atPointer = event.atPointer;
            this.highlight = null;
            switch (this.state.kind) {
            case 'previewing':
            case 'sliding':
                this.state = MenuState.sliding(this.state.stage);
                break;
            default:
                this.state = MenuState.open;
            }
            effects.redraw = true;
            break;
        case 'dismissed':
            if (this.menuID === 0 || event.id !== this.menuID)
                break;
            this._close();
            effects.redraw = true;
            break;
        case 'released': {
            if (this.menuID === 0)
                break;
            const row = this.drawn ? this.drawn.row(event.x, event.y) : null;
            if (row !== null)
                this._choose(row, effects);
            else if (this.drawn && this.drawn.isOnHeading(event.x, event.y))
                break; // The heading names the app: nothing to choose, and the menu stays.
            else
                this._dismiss(effects);
            break;
        }
        case 'escape':
            if (this.menuID !== 0)
                this._dismiss(effects);
            break;
        case 'daemonGone':
            // A card the daemon can no longer answer for would stay over the apps, dead.
            if (this.state.kind === 'hidden')
                break;
            this._close();
            effects.redraw = true;
            break;
        }
        if (!this.state.equals(before))
            this.transitions.push(new MenuTransition(before, this.state, event));
        return effects;
    }

    /* The MenuFrame to draw on a surface {width, height}; `pointer` {x, y} is where the pointer
     * is on it, for a menu at the pointer (null: unknown, the surface's centre); `placed`: the
     * surface is the menu itself. */
    frame(surface, pointer, placed) {
        this._surface = { width: surface.width, height: surface.height };
        this._placed = placed;
        const layout = this._layout(pointer);
        this.drawn = layout;
        return new MenuFrame(this.isVisible, this.menuID, this.growth, layout, this.highlight, this.atPointer);
    }

    /* Takes the MenuTransitions since the last call. */
    takeTransitions() {
        const taken = this.transitions;
        this.transitions = [];
        return taken;
    }

    _progress(e, effects) {
        switch (this.state.kind) {
        case 'sliding': {
            const current = this.state.stage;
            this._slide(e.ended, e.ended ? current : (e.stage === PressStage.towardsPeek ? current : e.stage),
                e.ended ? this.transition : e.transition, e.ended ? this.commit : e.commit, e.x, e.y, effects);
            return;
        }
        case 'open':
            // A later touch: a tap on the open menu reaches the card itself and must not choose
            // a second time here; a new press that reaches a stage elsewhere dismisses the menu
            // and grows its own.
            if (e.ended || e.stage === PressStage.towardsPeek)
                return;
            this._dismiss(effects);
            break;
        default:
            break;
        }
        effects.redraw = true;
        if (e.ended) {
            // Released before the menu came: nothing stays.
            this._close();
            return;
        }
        if (this.state.kind === 'hidden') {
            this.finger = { x: e.x, y: e.y };
            this.atPointer = e.atPointer;
            this.items = 0;
            this.heading = false;
            effects.beganPress = true;
        }
        this.state = MenuState.previewing(e.stage);
        this.transition = e.transition;
        this.commit = e.commit;
        this.preview = e.preview;
    }

    /* The finger that opened the menu, still down: the row under it is highlighted after pop,
     * and lifting on one chooses it; lifting elsewhere leaves the menu open for a tap. */
    _slide(ended, stage, transition, commit, x, y, effects) {
        this.state = MenuState.sliding(stage);
        this.transition = transition;
        this.commit = commit;
        let under = null;
        if (!this.atPointer) {
            // A touchpad's or a pen's position says nothing of the screen: no sliding there.
            const layout = this._layout(null);
            this.drawn = layout;
            under = layout.row(x * this._surface.width, y * this._surface.height);
        }
        const popped = stage === PressStage.pop;
        if (popped)
            this.highlight = under;
        effects.redraw = true;
        if (ended) {
            if (popped && under !== null) {
                this._choose(under, effects);
                return;
            }
            this.highlight = null;
            this.state = MenuState.open;
        }
    }

    _choose(row, effects) {
        effects.choose = row;
        effects.redraw = true;
        // The daemon's MenuDismissed closes the menu; it is hidden now, as a tap would.
        this._close();
    }

    _dismiss(effects) {
        effects.dismiss = this.menuID;
        effects.redraw = true;
        this._close();
    }

    _close() {
        this.state = MenuState.hidden;
        this.menuID = 0;
        this.heading = false;
        this.highlight = null;
        this.transition = 0;
        this.commit = 0;
        this.preview = false;
    }

    _layout(pointer) {
        const s = this._surface;
        const at = this.atPointer
            ? (pointer ?? { x: s.width / 2, y: s.height / 2 })
            : { x: this.finger.x * s.width, y: this.finger.y * s.height };
        return new MenuLayout(this.items, at, s, this.growth.scale, this._placed, this.heading);
    }
};
/* The machine's states, by the Swift model's name for them. */
MenuInteraction.State = MenuState;
/* Below this much progress towards peek a press shows nothing: a tap must not flash a card. */
MenuInteraction.previewThreshold = 0.05;
