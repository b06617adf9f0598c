/* The quick-action menu's logic (docs/SPEC.md §11), a port of Sources/OverlayModel's MenuContent,
 * LookUpCard, TextHighlight, MenuLayout, LinkPreviewLayout, LinkTarget, MenuGrowth, MenuInteraction and the values around them: the same names, the same named states,
 * the same figures, so that the extension's menu opens, grows, slides and closes exactly as
 * forcetouch-overlay's does. Pure: no gi import, no clock, no toolkit. Tests/GnomeShell/model-vectors.js
 * runs it over the vectors the Swift model writes (Tests/GnomeShell/vectors/menu.json) and fails
 * on any difference: change the Swift first, regenerate, then follow here. */

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { roundHalfAway } = Me.imports.rounding;
const { ITEM_KEYS, TARGET_KEYS } = Me.imports.busProtocol;

/* The string entries of one of the bus's dictionaries (MenuShown's target or one of its items),
 * from [key, value] pairs in the order the bus carried them: a key said twice means what it said
 * first. */
var BusStrings = class BusStrings {
    constructor(pairs) {
        this._entries = new Map();
        for (const [key, value] of pairs) {
            if (!this._entries.has(key))
                this._entries.set(key, value);
        }
    }

    /* The value of `key`, null when the dictionary has no string for it. */
    get(key) {
        return this._entries.has(key) ? this._entries.get(key) : null;
    }
};

/* What a MenuShown draws (SPEC §11, "What is under the finger"), decided from its dictionaries
 * (BusStrings) as the bus carried them: the rows ({ type, title, subtitle or null, icon,
 * iconFile }), and the app heading them ({ title, icon, iconFile }) or the link previewed above
 * them ({ address, name, openRow or null }), each null when there is none; the row pop chooses
 * (`popRow`, null for none); `kind` and `name` as the daemon said them ('' when it did not). */
var MenuContent = class MenuContent {
    /* `linesNeeded(text)`: the lines a word's sense needs whole (LookUpCard's), measured by the
     * toolkit that draws it; the estimate by default. */
    constructor(target, items, linesNeeded = LookUpCard.estimatedLines) {
        this.kind = target.get(TARGET_KEYS.kind) ?? '';
        this.name = target.get(TARGET_KEYS.name) ?? '';
        const address = target.get(TARGET_KEYS.address) ?? '';
        const types = items.map(item => item.get(ITEM_KEYS.type) ?? '');
        this.link = null;
        this.heading = null;
        /* A word's card (a target of kind `word`): above the rows, as a link's preview. */
        this.lookUp = null;
        /* The row pop chooses: a link's Open (`link.openRow`), a word's Look Up in its dictionary
         * application (the last item of type `text.look-up-app`); null when there is none, and
         * then pop chooses nothing. */
        this.popRow = null;
        if (this.kind === 'word' && this.name) {
            this.lookUp = new LookUpCard(this.name, target.get(TARGET_KEYS.definition) ?? '',
                target.get(TARGET_KEYS.dictionary) ?? '', linesNeeded);
            const lookUpInApp = types.lastIndexOf(MenuContent.lookUpInAppType);
            this.popRow = lookUpInApp >= 0 ? lookUpInApp : null;
        } else if (this.kind === 'link' && address) {
            const open = types.lastIndexOf(MenuContent.openLinkType);
            this.link = { address, name: this.name, openRow: open >= 0 ? open : null };
            this.popRow = this.link.openRow;
        } else if (MenuContent.appKinds.includes(this.kind) && this.name && items.length) {
            // An icon that is a path is an image file, else a theme icon's name.
            const icon = target.get(TARGET_KEYS.icon) ?? '';
            const isFile = icon.startsWith('/');
            this.heading = { title: this.name, icon: isFile ? '' : icon, iconFile: isFile ? icon : '' };
        }
        this.rows = items.map((item, i) => {
            const subtitle = item.get(ITEM_KEYS.subtitle) ?? '';
            return {
                type: types[i], title: item.get(ITEM_KEYS.title) ?? '',
                subtitle: MenuContent.shows(subtitle, this.heading, this.lookUp) ? subtitle : null,
                icon: item.get(ITEM_KEYS.icon) ?? '', iconFile: item.get(ITEM_KEYS.iconFile) ?? '',
            };
        });
    }

    /* Under a heading, a subtitle that only names the app again is not drawn: the heading names
     * it (the daemon keeps it for menus drawn without one). Under a word's card no subtitle is:
     * the daemon's (the word, the definition's start) would repeat the card. */
    static shows(subtitle, heading, card = null) {
        return subtitle !== '' && subtitle !== heading?.title && card === null;
    }
};
/* The type of a link's Open item (the daemon's PressTargetMenu.openLinkType): pop chooses it. */
MenuContent.openLinkType = 'link.open';
/* The type of a word's Look Up in Dictionary item (the daemon's TextTargetMenu.lookUpInAppType):
 * pop chooses it. */
MenuContent.lookUpInAppType = 'text.look-up-app';
/* The target kinds whose menu is an app's, headed by its name and icon. */
MenuContent.appKinds = ['app-icon', 'window'];

/* A word's Look Up card (docs/SPEC.md §11, "Force Click on text"): drawn above the word's actions
 * as a link's preview is (LinkPreviewLayout), the word as its title, the dictionary that defined
 * it named under it (`source`, '' when the senses say why there is none), and the first senses
 * of the definition ({ text, lines }), a few lines at most. Counted in Unicode scalars (code
 * points), as the Swift model counts them. `linesNeeded(text)` says how many lines a sense's text
 * needs whole at `textWidth` in the body's font: the toolkit that draws it measures (the glue
 * passes it in), the rule of how many it gets is here. */
var LookUpCard = class LookUpCard {
    constructor(word, definition, dictionary, linesNeeded = LookUpCard.estimatedLines) {
        const L = LookUpCard;
        this.word = word;
        let texts = L.senses(definition, word);
        this.source = dictionary;
        if (texts.length === 0) {
            texts = dictionary ? [dictionary] : [];
            this.source = '';
        }
        let left = L.maximumLines;
        this.senses = [];
        for (const text of texts) {
            if (left <= 0)
                break;
            const scalars = Array.from(text);
            const cut = scalars.length > L.maximumSenseLength
                ? `${scalars.slice(0, L.maximumSenseLength - 1).join('')}…` : text;
            const needed = linesNeeded(cut);
            const lines = Math.min(Math.max(needed, 1), L.maximumSenseLines, left);
            this.senses.push({ text: cut, lines });
            left -= lines;
        }
    }

    /* The lines a text needs as `charactersPerLine` estimates them, where no toolkit measures. */
    static estimatedLines(text) {
        // Whole lines, as Swift's integer division counts them (no rounding of a fraction).
        const room = Array.from(text).length + LookUpCard.charactersPerLine - 1;
        return (room - room % LookUpCard.charactersPerLine) / LookUpCard.charactersPerLine;
    }

    /* The lines of definition drawn. */
    get lines() {
        return this.senses.reduce((n, s) => n + s.lines, 0);
    }

    /* The body's height under the card's header at pop; 0 without a sense. */
    get bodyHeight() {
        return this.lines === 0 ? 0 : this.lines * LookUpCard.lineHeight + 2 * LookUpCard.bodyPadding;
    }

    /* The senses of a dictionary's text: its headword line (the first, when it is the word) left
     * out, its lines joined, and split where a sense is numbered (WordNet's `n 1:`, `2:`), the
     * part of speech kept with its number. A text without numbers is one sense. */
    static senses(definition, word) {
        const L = LookUpCard;
        let lines = [[]];
        let token = '';
        const endToken = () => {
            if (token)
                lines[lines.length - 1].push(token);
            token = '';
        };
        for (const scalar of Array.from(definition).slice(0, L.maximumDefinitionLength)) {
            if (L.newlines.includes(scalar)) {
                endToken();
                lines.push([]);
            } else if (L.whitespace.test(scalar)) {
                endToken();
            } else {
                token += scalar;
            }
        }
        endToken();
        lines = lines.filter(l => l.length > 0);
        if (lines.length > 0 && lines[0].join(' ').toLowerCase() === word.toLowerCase())
            lines.shift();
        const senses = [];
        for (const t of lines.flat()) {
            if (L.isSenseNumber(t) || senses.length === 0) {
                const sense = [];
                const last = senses[senses.length - 1];
                // `n 1:`: the part of speech goes with the number that follows it.
                if (L.isSenseNumber(t) && last && L.partsOfSpeech.includes(last[last.length - 1])) {
                    sense.push(last.pop());
                    if (last.length === 0)
                        senses.pop();
                }
                sense.push(t);
                senses.push(sense);
            } else {
                senses[senses.length - 1].push(t);
            }
        }
        return senses.map(s => s.join(' '));
    }

    /* `1:`, `12:`: ASCII digits and a colon. */
    static isSenseNumber(token) {
        return /^[0-9]+:$/.test(token);
    }
};
/* The most lines of definition a card has, and one sense has. */
LookUpCard.maximumLines = 5;
LookUpCard.maximumSenseLines = 3;
/* The most characters kept of one sense, and read of a definition. */
LookUpCard.maximumSenseLength = 400;
LookUpCard.maximumDefinitionLength = 4000;
/* How many characters fit a line of the card: what estimatedLines counts by. */
LookUpCard.charactersPerLine = 44;
/* One line of the body, and the space above and below its lines. */
LookUpCard.lineHeight = 17.0;
LookUpCard.bodyPadding = 8.0;
LookUpCard.partsOfSpeech = ['n', 'v', 'adj', 'adv'];
/* What ends a line: LF, CR, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
LookUpCard.newlines = ['\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'];
/* Unicode's White_Space, as Swift's `isWhitespace` (JavaScript's \s differs by NEL and U+FEFF). */
LookUpCard.whitespace = /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/;

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

/* Swift's Int(String): an optional sign and decimal digits, nothing around them; null otherwise
 * (and past what a 64-bit integer holds). */
function _decimal(text) {
    if (typeof text !== 'string' || !/^[+-]?[0-9]+$/.test(text))
        return null;
    const n = Number(text);
    return Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : null;
}

/* The highlight over the text a deep press found (SPEC §11, "The text found is marked"), as
 * macOS marks a looked-up word: the find tinted in the application while its menu shows. */
var TextHighlight = class TextHighlight {
    /* The characters to ask the application's text object for, as its Text interface counts them:
     * MenuShown's `text-start`, `text-end` (decimal strings, within the `sentLength` characters
     * sent) moved to where the text sent began (`readFrom`), as { from, to }; null when the target
     * has no range or one outside what was sent. */
    static characters(start, end, readFrom, sentLength) {
        const s = _decimal(start), e = _decimal(end);
        if (s === null || e === null || s < 0 || e <= s || e > sentLength || e - s > TextHighlight.maximumLength ||
            readFrom < 0)
            return null;
        return { from: readFrom + s, to: readFrom + e };
    }

    /* The tint over the extents the application answered ({ x, y, width, height }, in coordinates
     * whose origin is `origin` on the stage: under Wayland its window's corner), drawn on a
     * layer at `window` ({ x, y, width, height } on the stage): padded, a PixelRect in the layer's
     * pixels; null when the application gave no box or the box is outside the layer. */
    static rect(extents, origin, window) {
        if (extents.width <= 0 || extents.height <= 0)
            return null;
        const p = TextHighlight.padding;
        const r = new PixelRect(origin.x + extents.x - window.x - p, origin.y + extents.y - window.y - p,
            extents.width + 2 * p, extents.height + 2 * p);
        if (r.x >= window.width || r.y >= window.height || r.x + r.width <= 0 || r.y + r.height <= 0)
            return null;
        return r;
    }
};
/* Room around the glyphs' box, so that the tint does not cut a descender or an accent. */
TextHighlight.padding = 2;
TextHighlight.cornerRadius = 4;
/* A marker's yellow, translucent so that the word stays legible under it. */
TextHighlight.red = 1.0;
TextHighlight.green = 0.84;
TextHighlight.blue = 0.0;
TextHighlight.alpha = 0.45;
/* The longest run highlighted: the text sent is at most a few hundred characters. */
TextHighlight.maximumLength = 1000;

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

    /* A layout computed elsewhere: the actions under a link's preview (LinkPreviewLayout). */
    static computed(card, rows, scale) {
        const layout = Object.create(MenuLayout.prototype);
        layout.scale = scale;
        layout.card = card;
        layout.heading = null;
        layout.rows = rows;
        return layout;
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

/* A menu shown for a link (MenuShown's target of kind `link`): it shows as iOS 13's context menu,
 * the link's preview above its actions, and pressing on to pop opens the link through the row
 * that opens it, so that popping and tapping Open are one path to the daemon. */
var LinkTarget = class LinkTarget {
    /* `openRow`: the row that opens the link (the item of type `link.open`), or null; `page`:
     * the preview has room for a rendering of the page; `definition`: a word's Look Up card
     * instead, its definition's height under the header (LookUpCard's bodyHeight), 0 for a link. */
    constructor(openRow, page, definition = 0) {
        this.openRow = openRow;
        this.page = page;
        this.definition = definition;
    }
};

/* Where a link's preview and its actions are drawn: the preview card (the page's title and
 * address, and the page's rendering where there is one) above, the actions' card below it, one
 * block that opens from the finger as the menu does and grows from the corner at the finger.
 * Taller than the room on either side of the finger, it is moved so that, full size, it is whole
 * on the monitor, and grows from its corner nearest the finger. */
var LinkPreviewLayout = class LinkPreviewLayout {
    /* The block's height at pop for `items` action rows, `page`: with a rendering, with a
     * definition `definition` high. */
    static height(items, page, definition = 0) {
        return LinkPreviewLayout.headerHeight + (page ? LinkPreviewLayout.pageHeight : 0) + definition +
            LinkPreviewLayout.spacing + Math.max(items, 1) * MenuLayout.rowHeight;
    }

    /* `origin` moved, if it must be, so that `size` from it is inside 0…extent less the edge; a
     * block bigger than the monitor keeps its start on it. */
    static kept(origin, size, extent) {
        return Math.max(MenuLayout.edge, Math.min(origin, extent - MenuLayout.edge - size));
    }

    /* The preview of a link whose menu has `items` actions (`page`: with a rendering; a word's
     * card: `definition` high under its header) grown to `scale`, beside `finger` {x, y} on a
     * surface {width, height}; `placed` as MenuLayout's. */
    constructor(items, page, finger, surface, scale, placed = false, definition = 0) {
        const L = LinkPreviewLayout;
        const body = page ? 0 : Math.max(definition, 0);
        const w = L.width, h = L.height(items, page, body);
        let s = scale, x0, y0;
        if (placed) {
            s = 1;
            x0 = 0;
            y0 = 0;
        } else {
            const way = new OpeningDirection(finger, { width: w, height: h }, surface);
            // Full size first, kept on the monitor; then grown from its corner at the finger.
            let fx = way.left ? finger.x - MenuLayout.gap - w : finger.x + MenuLayout.gap;
            let fy = way.up ? finger.y - MenuLayout.gap - h : finger.y + MenuLayout.gap;
            fx = L.kept(fx, w, surface.width);
            fy = L.kept(fy, h, surface.height);
            x0 = way.left ? fx + w * (1 - s) : fx;
            y0 = way.up ? fy + h * (1 - s) : fy;
        }
        /* The scale everything is drawn at (1 at pop). */
        this.scale = s;
        const previewHeight = L.headerHeight + (page ? L.pageHeight : 0) + body;
        /* The whole block: preview, spacing and actions. */
        this.bounds = new PixelRect(roundHalfAway(x0), roundHalfAway(y0), roundHalfAway(w * s), roundHalfAway(h * s));
        /* The preview card. */
        this.preview = new PixelRect(this.bounds.x, this.bounds.y, this.bounds.width, roundHalfAway(previewHeight * s));
        /* The page's rendering in it, if the preview has one (else null). */
        this.page = page
            ? new PixelRect(this.bounds.x, roundHalfAway(y0 + L.headerHeight * s), this.bounds.width,
                roundHalfAway(L.pageHeight * s))
            : null;
        /* A word's definition in it, under the header (else null), and its height at pop. */
        this.definitionHeight = body;
        this.definition = body > 0
            ? new PixelRect(this.bounds.x, roundHalfAway(y0 + L.headerHeight * s), this.bounds.width,
                roundHalfAway(body * s))
            : null;
        const actionsY = y0 + (previewHeight + L.spacing) * s;
        const rows = [];
        for (let i = 0; i < items; i++) {
            rows.push(new PixelRect(this.bounds.x, roundHalfAway(actionsY + i * MenuLayout.rowHeight * s),
                this.bounds.width, roundHalfAway(MenuLayout.rowHeight * s)));
        }
        const card = new PixelRect(this.bounds.x, roundHalfAway(actionsY), this.bounds.width,
            roundHalfAway(Math.max(items, 1) * MenuLayout.rowHeight * s));
        /* The actions' card and its rows, as a menu's. */
        this.actions = MenuLayout.computed(card, rows, s);
    }

    /* What a point is on: { row: N }, { preview: true }, or null. */
    part(x, y) {
        const row = this.actions.row(x, y);
        if (row !== null)
            return { row };
        return this.preview.contains(x, y) ? { preview: true } : null;
    }
};
/* The preview's and the actions' width at pop, as the menu's. */
LinkPreviewLayout.width = MenuLayout.width;
/* The width a word's sense is laid out in, in the menu's units at pop: the card less its sides'
 * margins (16 each), what a glue's linesNeeded measures at. */
LookUpCard.textWidth = LinkPreviewLayout.width - 32;
/* The preview's header: the title's line and the address's. */
LinkPreviewLayout.headerHeight = 56.0;
/* The page's rendering under the header, 3:2. */
LinkPreviewLayout.pageHeight = 200.0;
/* Between the preview and the actions. */
LinkPreviewLayout.spacing = 10.0;

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
     * target is an app (an app's icon or a window), whose icon and name head the rows; `link`: its
     * target is a link (a LinkTarget, else null), previewed above its actions. */
    static shown(id, items, x, y, atPointer, heading = false, link = null) {
        return new MenuEvent('shown', { id, items, x, y, atPointer, heading, link });
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
        case 'shown': return `shown ${this.id}${this.link ? ' (link)' : ''}`;
        case 'dismissed': return `dismissed ${this.id}`;
        case 'daemonGone': return 'daemon gone';
        default: return this.kind;
        }
    }
};

/* The menu machine's named states: hidden, previewing(stage), sliding(stage), open, popped. */
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
/* A link's preview popped: the link is opened, and the finger that popped it, still down, shows
 * nothing more until it lifts. */
MenuState.popped = new MenuState('popped');

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
    constructor(visible, menuID, growth, layout, highlight, atPointer, link = null) {
        /* Whether anything is shown at all. */
        this.visible = visible;
        /* The menu shown, 0 while a press only previews one. */
        this.menuID = menuID;
        this.growth = growth;
        /* The menu's card and rows; for a link, its actions' (under `link`'s preview). */
        this.layout = layout;
        /* A link's preview and its actions (LinkPreviewLayout), for a menu shown for a link; else null. */
        this.link = link;
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
 *   sliding(peek) of a link ──pop──▶ popped (choose Open) ──lifted──▶ hidden
 *
 * A menu shown for a link (LinkTarget) is its preview above its actions (iOS 13's context menu):
 * while sliding, the row under the finger is highlighted from peek on and lifting on it chooses
 * it; pressing on to pop chooses the row that opens the link (popped); lifted elsewhere it stays
 * open, and a tap on the preview opens the link too.
 */
var MenuInteraction = class MenuInteraction {
    constructor() {
        this.state = MenuState.hidden;
        /* The menu shown (MenuShown's id), 0 for none. */
        this.menuID = 0;
        /* The rows of the menu shown; 0 while a press only previews one. */
        this.items = 0;
        /* The menu shown is for a link (a LinkTarget): previewed above its actions; else null. */
        this.link = null;
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
        /* A link's preview as last drawn, what a tap on it is tested against. */
        this.drawnLink = null;
        this._surface = { width: 0, height: 0 };
        this._placed = false;
        /* The state changes since the glue last took them (takeTransitions). */
        this.transitions = [];
    }

    /* Whether anything shows at all. */
    get isVisible() {
        switch (this.state.kind) {
        case 'hidden':
        case 'popped':
            return false;
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
            this.link = event.link ?? null;
            this.heading = event.heading && this.link === null;
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
            // A link's menu that comes after pop: the press already asked for the link.
            if (this.state.equals(MenuState.sliding(PressStage.pop)) && this._opens(this.link))
                this._pop(this.link.openRow, effects);
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
            if (this.link !== null && this.drawnLink !== null) {
                const part = this.drawnLink.part(event.x, event.y);
                if (part?.row !== undefined)
                    this._choose(part.row, effects);
                else if (part?.preview) {
                    // A tap on the preview opens the link, as on iOS.
                    if (this._opens(this.link))
                        this._choose(this.link.openRow, effects);
                } else
                    this._dismiss(effects);
                break;
            }
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
        const preview = this._linkLayout(pointer);
        const layout = preview ? preview.actions : this._layout(pointer);
        this.drawn = layout;
        this.drawnLink = preview;
        return new MenuFrame(this.isVisible, this.menuID, this.growth, layout, this.highlight, this.atPointer, preview);
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
        case 'popped':
            if (e.ended)
                this.state = MenuState.hidden;
            return;
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
            this.link = null;
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
            const preview = this._linkLayout(null);
            if (preview) {
                this.drawnLink = preview;
                this.drawn = preview.actions;
                const part = preview.part(x * this._surface.width, y * this._surface.height);
                under = part?.row ?? null;
            } else {
                const layout = this._layout(null);
                this.drawn = layout;
                under = layout.row(x * this._surface.width, y * this._surface.height);
            }
        }
        if (this.link !== null) {
            // Pressing on to pop opens the link; before it, the actions are slid onto at peek.
            if (stage === PressStage.pop && !ended && this._opens(this.link)) {
                this._pop(this.link.openRow, effects);
                return;
            }
            this.highlight = under;
            effects.redraw = true;
            if (ended) {
                if (under !== null) {
                    this._choose(under, effects);
                    return;
                }
                this.highlight = null;
                this.state = MenuState.open;
            }
            return;
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

    /* A link's preview popped: the row that opens it is chosen, and the finger that is still
     * down shows nothing until it lifts. */
    _pop(row, effects) {
        this._choose(row, effects);
        this.state = MenuState.popped;
    }

    /* Whether the link's menu has a row that opens it. */
    _opens(link) {
        return link !== null && link.openRow !== null && link.openRow !== undefined && link.openRow < this.items;
    }

    _dismiss(effects) {
        effects.dismiss = this.menuID;
        effects.redraw = true;
        this._close();
    }

    _close() {
        this.state = MenuState.hidden;
        this.menuID = 0;
        this.link = null;
        this.heading = false;
        this.highlight = null;
        this.transition = 0;
        this.commit = 0;
        this.preview = false;
    }

    _layout(pointer) {
        return new MenuLayout(this.items, this._place(pointer), this._surface, this.growth.scale, this._placed,
            this.heading);
    }

    /* The link's preview and actions, for a menu shown for a link; else null. */
    _linkLayout(pointer) {
        if (this.link === null)
            return null;
        return new LinkPreviewLayout(this.items, this.link.page, this._place(pointer), this._surface,
            this.growth.scale, this._placed, this.link.definition ?? 0);
    }

    /* Where the menu opens on the surface: the finger, or the pointer (the centre when unknown). */
    _place(pointer) {
        const s = this._surface;
        return this.atPointer
            ? (pointer ?? { x: s.width / 2, y: s.height / 2 })
            : { x: this.finger.x * s.width, y: this.finger.y * s.height };
    }
};
/* The machine's states, by the Swift model's name for them. */
MenuInteraction.State = MenuState;
/* Below this much progress towards peek a press shows nothing: a tap must not flash a card. */
MenuInteraction.previewThreshold = 0.05;
