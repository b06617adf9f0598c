/* The quick-action menu at the finger (docs/SPEC.md §11), drawn in the shell with St. */
const { Gio, GLib, GObject, St, Clutter, Pango } = imports.gi;
const Main = imports.ui.main;

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { MenuInteraction, MenuEvent, MenuLayout, LinkPreviewLayout, LinkTarget, LookUpCard, MenuContent, BusStrings, TextHighlight } = Me.imports.menuModel;
const { TARGET_KEYS } = Me.imports.busProtocol;
const { boundedText, imageRefusal } = Me.imports.bounded;
const { PagePreview } = Me.imports.linkPreview;

/* The most items a menu shows (forcetouch-overlay's FT_MENU_MAX_ITEMS). */
const MAX_ITEMS = 4;
/* An item's icon's side, in logical pixels. */
const ICON_SIZE = 24;
/* The app's icon's side in a heading. */
const HEADING_ICON_SIZE = 28;
const ESCAPE = Clutter.KEY_Escape;

/* The string entries of an `a{sv}`, [key, value] in the order the bus carried them (BusStrings). */
function stringPairs(dict) {
    const pairs = [];
    for (let i = 0; i < dict.n_children(); i++) {
        const entry = dict.get_child_value(i);
        const value = entry.get_child_value(1).get_variant();
        if (value.is_of_type(new GLib.VariantType('s')))
            pairs.push([entry.get_child_value(0).get_string()[0], value.get_string()[0]]);
    }
    return pairs;
}

/* One row of the card: the item's title (one line), its subtitle (two lines, then an
 * ellipsis) and its icon, in the shell's popup-menu-item look; highlighted as a hovered item. */
const MenuRow = GObject.registerClass(
class ForcetouchMenuRow extends St.BoxLayout {
    _init(item, icon, unit) {
        super._init({
            style_class: 'popup-menu-item forcetouch-menu-row',
            style: 'margin: 3px 6px; padding: 0 12px; spacing: 12px;',
            width: (MenuLayout.width - 12) * unit,
            height: (MenuLayout.rowHeight - 6) * unit,
            y_align: Clutter.ActorAlign.CENTER,
        });
        const texts = new St.BoxLayout({ vertical: true, x_expand: true, y_align: Clutter.ActorAlign.CENTER });
        const title = new St.Label({ text: item.title, style: 'font-weight: bold;' });
        title.clutter_text.ellipsize = Pango.EllipsizeMode.END;
        texts.add_child(title);
        // The subtitle the model keeps (MenuContent: not one that only names the heading's app again).
        if (item.subtitle) {
            // Two lines, then the ellipsis: Clutter wraps and cuts an ellipsized text at its
            // allocation's height, and lays it out on one line when none is given.
            const subtitle = new St.Label({ text: item.subtitle, style: 'font-size: 0.85em; height: 2.4em;', opacity: 178 });
            subtitle.clutter_text.line_wrap = true;
            subtitle.clutter_text.ellipsize = Pango.EllipsizeMode.END;
            texts.add_child(subtitle);
        }
        this.add_child(texts);
        if (icon)
            this.add_child(new St.Icon({ gicon: icon, icon_size: ICON_SIZE, y_align: Clutter.ActorAlign.CENTER }));
    }

    set highlighted(on) {
        if (on)
            this.add_style_pseudo_class('hover');
        else
            this.remove_style_pseudo_class('hover');
    }
});

/* The heading of an app's menu (issue 43): the app's icon and its name in bold above its
 * actions, as iOS heads an app's quick actions, ruled off from them with the shell's popup-menu
 * separator. Not an item: it takes no input of its own. */
const MenuHeading = GObject.registerClass(
class ForcetouchMenuHeading extends St.BoxLayout {
    _init(name, icon, unit) {
        super._init({
            style_class: 'forcetouch-menu-heading',
            vertical: true,
            width: MenuLayout.width * unit,
            height: MenuLayout.headingHeight * unit,
        });
        const line = new St.BoxLayout({
            style: 'padding: 0 18px; spacing: 10px;',
            y_expand: true,
            y_align: Clutter.ActorAlign.FILL,
        });
        if (icon) {
            line.add_child(new St.Icon({
                gicon: icon, icon_size: HEADING_ICON_SIZE, y_align: Clutter.ActorAlign.CENTER,
            }));
        }
        const label = new St.Label({
            text: name, style: 'font-weight: bold; font-size: 1.1em;', x_expand: true,
            y_align: Clutter.ActorAlign.CENTER,
        });
        label.clutter_text.ellipsize = Pango.EllipsizeMode.END;
        line.add_child(label);
        this.add_child(line);
        const rule = new St.BoxLayout({ style_class: 'popup-separator-menu-item', style: 'margin: 0;' });
        rule.add_child(new St.Widget({ style_class: 'popup-separator-menu-item-separator', x_expand: true }));
        this.add_child(rule);
    }
});

/* The card: the menu's rows at pop size, in the shell's popup-menu-content look; the frame
 * scales it from its corner at the finger. An empty card (a press's preview) is one row high. */
const MenuCard = GObject.registerClass(
class ForcetouchMenuCard extends St.BoxLayout {
    _init(rows, unit, heading = null) {
        super._init({
            style_class: 'popup-menu popup-menu-content forcetouch-menu-card',
            style: 'padding: 0;',
            vertical: true,
            width: MenuLayout.width * unit,
            height: ((heading ? MenuLayout.headingHeight : 0) + Math.max(rows.length, 1) * MenuLayout.rowHeight) * unit,
        });
        this.rows = rows;
        if (heading)
            this.add_child(heading);
        for (const row of rows)
            this.add_child(row);
        this.set_pivot_point(0, 0);
    }
});

/* The card above a menu's actions (a link's preview, a word's Look Up card), as forcetouch-overlay
 * draws both: the shell's popup look, `height` logical pixels high, headed by `title` in bold and
 * `subtitle` under it in a `LinkPreviewLayout.headerHeight` band. Returns the card, to add the
 * rest to, and the title's label, to change. */
function cardFrame(styleClass, height, title, subtitle, unit) {
    const L = LinkPreviewLayout;
    const card = new St.BoxLayout({
        style_class: `popup-menu popup-menu-content ${styleClass}`,
        style: 'padding: 0;',
        vertical: true,
        width: L.width * unit,
        height: height * unit,
    });
    const header = new St.BoxLayout({
        vertical: true, style: 'padding: 9px 16px 0 16px;', height: L.headerHeight * unit,
    });
    const titleLabel = new St.Label({ text: title, style: 'font-weight: bold;' });
    titleLabel.clutter_text.ellipsize = Pango.EllipsizeMode.END;
    const subtitleLabel = new St.Label({ text: subtitle, style: 'font-size: 0.85em;', opacity: 178 });
    subtitleLabel.clutter_text.ellipsize = Pango.EllipsizeMode.END;
    header.add_child(titleLabel);
    header.add_child(subtitleLabel);
    card.add_child(header);
    return { card, title: titleLabel };
}

/* A link's preview above its actions (iOS 13's context menu), as forcetouch-overlay draws it: the
 * preview card (the page's title in bold, the address, and the page's rendering where it may
 * come, a plain grey space until it does) and, `LinkPreviewLayout.spacing` below, the actions'
 * card, one block at pop size that the frame scales from its corner. */
const LinkCard = GObject.registerClass(
class ForcetouchLinkCard extends St.Widget {
    _init(preview, rows, page, unit) {
        const L = LinkPreviewLayout;
        const previewHeight = L.headerHeight + (page ? L.pageHeight : 0);
        super._init({
            style_class: 'forcetouch-link-card',
            width: L.width * unit,
            height: L.height(rows.length, page) * unit,
            layout_manager: new Clutter.FixedLayout(),
        });
        this._unit = unit;
        const { card, title } = cardFrame('forcetouch-link-preview', previewHeight, '', boundedText(preview.address), unit);
        this._title = title;
        this._page = null;
        if (page) {
            this._page = new St.Widget({ width: L.width * unit, height: L.pageHeight * unit });
            card.add_child(this._page);
        }
        this.add_child(card);
        const actions = new MenuCard(rows, unit);
        actions.set_position(0, (previewHeight + L.spacing) * unit);
        this.add_child(actions);
        this.rows = rows;
        this.set_pivot_point(0, 0);
        this.update(preview);
    }

    /* The title and the page as they are now: the page's own once rendered. */
    update(preview) {
        this._title.text = preview.title;
        if (!this._page)
            return;
        const L = LinkPreviewLayout, k = this._unit;
        if (preview.image) {
            const uri = Gio.File.new_for_path(preview.image).get_uri().replace(/"/g, '%22');
            this._page.style = `background-image: url("${uri}"); background-size: ${L.width * k}px ${L.pageHeight * k}px;` +
                ' border-radius: 0 0 14px 14px;';
        } else {
            this._page.style = 'background-color: rgba(128, 128, 128, 0.35); border-radius: 0 0 14px 14px;';
        }
    }
});

/* The font of a sense's label in WordCard at pop: the theme's, 12 px. */
const SENSE_FONT_PX = 12;

/* The lines a word's sense needs whole as WordCard lays it out (LookUpCard's linesNeeded): the
 * theme's font at the labels' size, LookUpCard.textWidth wide, wrapped at words as they are. How
 * many it then gets is the model's. */
function senseLinesNeeded(text) {
    const font = St.ThemeContext.get_for_stage(global.stage).get_font().copy();
    font.set_absolute_size(SENSE_FONT_PX * Pango.SCALE);
    const layout = global.stage.create_pango_layout(boundedText(text));
    layout.set_font_description(font);
    layout.set_width(LookUpCard.textWidth * Pango.SCALE);
    layout.set_wrap(Pango.WrapMode.WORD_CHAR);
    return layout.get_line_count();
}

/* A word's Look Up card above its actions, as forcetouch-overlay's look-up-card.c draws it: the word
 * in bold and the dictionary named under it in the header, the definition's first senses under
 * that (menuModel.js's LookUpCard: each sense its lines at most, the last ellipsized), and,
 * `LinkPreviewLayout.spacing` below, the actions' card, one block at pop size. */
const WordCard = GObject.registerClass(
class ForcetouchWordCard extends St.Widget {
    _init(card, rows, unit) {
        const L = LinkPreviewLayout, C = LookUpCard;
        const previewHeight = L.headerHeight + card.bodyHeight;
        super._init({
            style_class: 'forcetouch-look-up-card',
            width: L.width * unit,
            height: L.height(rows.length, false, card.bodyHeight) * unit,
            layout_manager: new Clutter.FixedLayout(),
        });
        const { card: box } = cardFrame('forcetouch-look-up', previewHeight, boundedText(card.word),
            boundedText(card.source), unit);
        if (card.senses.length) {
            const body = new St.BoxLayout({
                vertical: true, height: card.bodyHeight * unit,
                style: `padding: ${C.bodyPadding * unit}px ${16 * unit}px;`,
            });
            for (const sense of card.senses) {
                const label = new St.Label({
                    text: boundedText(sense.text), height: sense.lines * C.lineHeight * unit,
                    style: `font-size: ${SENSE_FONT_PX * unit}px;`,
                });
                label.clutter_text.line_wrap = true;
                label.clutter_text.line_wrap_mode = Pango.WrapMode.WORD_CHAR;
                label.clutter_text.ellipsize = Pango.EllipsizeMode.END;
                body.add_child(label);
            }
            box.add_child(body);
        }
        this.add_child(box);
        const actions = new MenuCard(rows, unit);
        actions.set_position(0, (previewHeight + L.spacing) * unit);
        this.add_child(actions);
        this.rows = rows;
        this.set_pivot_point(0, 0);
    }
});

/* The quick-action menu at the finger: forcetouchd's MenuShown, PressProgress and MenuDismissed
 * drawn as forcetouch-overlay draws them — a card growing at the press (0.35 → 0.75 → 1 of its
 * size, the rest of the monitor dimmed 0 → 0.3 → 0.45), the item under the sliding finger
 * highlighted and chosen where it lifts, a tap on an item choosing it (ChooseQuickAction), a tap
 * outside or Escape dismissing it (DismissMenu). What it does is menuModel.js's MenuInteraction,
 * the Swift model's port; this class feeds it the signals and the input, draws its frames on the
 * monitor `outputs.locate` gives, and makes the calls it asks for. Nothing is in the stage and
 * no timer runs while nothing is shown. */
var MenuController = class MenuController {
    constructor({ daemon, log, outputs, textRead }) {
        this._daemon = daemon;
        this._log = log;
        this._outputs = outputs;
        // The text object the press read (textRead.js), where the menu's find is marked.
        this._textRead = textRead;
        // The find's mark: { menuID, rect } in the layer's pixels once its application said where
        // it is, else null; and the widget drawing it.
        this._found = null;
        this._foundMark = null;
        this._model = new MenuInteraction();
        // The menu's items (type, bounded title and subtitle, icon), and where it is.
        this._items = [];
        // The app a menu for an app's icon or a window is for, its heading (MenuContent's
        // { title, icon, iconFile }) or null.
        this._heading = null;
        // A link's preview (linkPreview.js's PagePreview), for a menu shown for a link; else null.
        this._preview = null;
        // A word's Look Up card (menuModel.js's LookUpCard), for a menu shown for a word; else null.
        this._lookUp = null;
        this._monitor = null;
        this._pointer = null;
        this._placement = 'touch';
        // What is on the stage: the layer over the monitor (dimming, the card), the modal grab.
        this._layer = null;
        this._dim = null;
        this._card = null;
        this._cardMenu = -1;
        this._grab = null;
        this._logged = null;
        // The touches (by slot) and the button pressed on the layer: the taps to come.
        this._began = new Set();
    }

    // ---------------------------------------------------------------- the daemon's signals

    onMenuShown(params) {
        const id = params.get_child_value(0).get_uint32();
        const items = params.get_child_value(1);
        const x = params.get_child_value(2).get_double(), y = params.get_child_value(3).get_double();
        const placement = params.get_child_value(4).get_string()[0];
        const output = params.get_child_value(5).get_string()[0];
        // What the menu draws is the model's (MenuContent), from the dictionaries as they came: the
        // items it has room for, and what the press is on (issue 43), when the daemon says.
        const dicts = [];
        for (let i = 0; i < items.n_children() && dicts.length < MAX_ITEMS; i++)
            dicts.push(stringPairs(items.get_child_value(i)));
        const target = new BusStrings(params.n_children() > 6 ? stringPairs(params.get_child_value(6)) : []);
        const content = new MenuContent(target, dicts.map(pairs => new BusStrings(pairs)), senseLinesNeeded);
        // Bounded before St lays them out: a 10 MB title would take the shell's time and memory.
        this._items = content.rows.map(row => ({
            type: row.type, title: boundedText(row.title), subtitle: row.subtitle === null ? '' : boundedText(row.subtitle),
            icon: row.icon, iconFile: row.iconFile,
        }));
        this._heading = content.heading ? { ...content.heading, title: boundedText(content.heading.title) } : null;
        const kind = boundedText(content.kind) || 'nothing', name = boundedText(content.name);
        this._log.info(`menu ${id} shown: ${this._items.length} item(s) at ${x.toFixed(3)},${y.toFixed(3)} ` +
            `(${placement}${output ? ` on ${output}` : ''}) for ${kind}${name ? ` "${name}"` : ''}`);
        this._locate(x, y, placement, output);
        this._cardMenu = -1;
        this._endPreview();
        this._markFound(id, target);
        // A link's preview above its actions, its page rendered when it can be (the address whole:
        // a cut one would fetch another page; the daemon bounds it, 8192 bytes).
        let link = null;
        this._lookUp = content.lookUp;
        if (this._lookUp) {
            // Placed as a link's preview, its definition under the header (LinkPreviewLayout);
            // pop chooses its Look Up in Dictionary, as a link's chooses Open.
            link = new LinkTarget(content.popRow, false, this._lookUp.bodyHeight);
        } else if (content.link) {
            this._preview = new PagePreview({
                log: this._log, menuID: id, address: content.link.address, name: content.link.name,
                onChange: () => this._previewChanged(),
            });
            link = new LinkTarget(content.link.openRow, this._preview.start());
        }
        this._apply(this._model.handle(
            MenuEvent.shown(id, this._items.length, x, y, placement === 'pointer', this._heading !== null, link)));
    }

    onPressProgress(params) {
        const [phase, stage] = [0, 1].map(i => params.get_child_value(i).get_string()[0]);
        const [transition, commit, x, y] = [2, 3, 4, 5].map(i => params.get_child_value(i).get_double());
        const placement = params.get_child_value(6).get_string()[0];
        const output = params.get_child_value(7).get_string()[0];
        // Whether the card is drawn is the model's (the daemon's `preview`): this only passes it on.
        const preview = params.get_child_value(8).get_boolean();
        const effects = this._model.handle(
            MenuEvent.progressFromBus(phase, stage, transition, commit, x, y, placement, preview));
        if (effects.beganPress) {
            // A new press with no menu: the last menu's items go, and the press's output is the menu's.
            this._items = [];
            this._heading = null;
            this._lookUp = null;
            this._found = null;
            this._endPreview();
            this._cardMenu = -1;
            this._locate(x, y, placement, output);
        }
        this._apply(effects);
    }

    onMenuDismissed(params) {
        const id = params.get_child_value(0).get_uint32();
        const reason = params.get_child_value(1).get_string()[0];
        const effects = this._model.handle(MenuEvent.dismissed(id));
        // Said only when it was the menu shown.
        if (effects.redraw)
            this._log.info(`menu ${id} dismissed: ${reason}`);
        this._apply(effects);
    }

    /* The daemon left the bus, or another process took its name: whatever it showed goes at
     * once, and nothing is said to it (the model's `daemon gone`). */
    onDaemonGone() {
        this._apply(this._model.handle(MenuEvent.daemonGone()));
    }

    destroy() {
        this._hide();
        this._endPreview();
    }

    /* The page rendering of the link previewed, if any, stopped and its file removed. */
    _endPreview() {
        this._preview?.destroy();
        this._preview = null;
    }

    /* The page (or its title) came: drawn, and its geometry logged again. */
    _previewChanged() {
        if (this._card && this._preview && this._card.update) {
            this._card.update(this._preview);
            this._logged = null;
            this._update();
        }
    }

    /* The text the menu was found in, marked in its application as macOS marks a looked-up word
     * (SPEC §11, "The text found is marked"): the object the press read is asked where the
     * daemon's find (its target's `text-start`, `text-end`) is, the menu not waiting for the answer;
     * TextHighlight says which characters and where the tint goes. */
    _markFound(id, target) {
        this._found = null;
        const read = this._textRead.last;
        const range = read && TextHighlight.characters(target.get(TARGET_KEYS.textStart),
            target.get(TARGET_KEYS.textEnd), read.from, read.length);
        if (!range)
            return;
        const shown = GLib.get_monotonic_time();
        this._textRead.extents(read, range.from, range.to).then(extents => {
            // Dropped when its menu went meanwhile.
            if (this._model.menuID !== id || !this._monitor)
                return;
            const m = this._monitor;
            const rect = TextHighlight.rect(extents, read.origin, m);
            if (!rect)
                return;
            this._found = { menuID: id, rect };
            // As forcetouch-overlay --verbose: on the stage, for the screenshots.
            this._log.verbose(`highlight ${m.x + rect.x} ${m.y + rect.y} ${rect.width} ${rect.height}`);
            this._log.verbose(`menu ${id}: its text highlighted ` +
                `${((GLib.get_monotonic_time() - shown) / 1000).toFixed(1)} ms after it was shown`);
            this._update();
        }, e => this._log.verbose(`menu ${id}: where its text is was not said: ${e.message}`));
    }

    /* The find's mark on the layer, under the card and over the dimming, while its menu shows. */
    _drawFound(menuID) {
        const rect = this._found?.menuID === menuID ? this._found.rect : null;
        if (!rect) {
            this._foundMark?.destroy();
            this._foundMark = null;
            return;
        }
        if (!this._foundMark) {
            const H = TextHighlight, c = v => Math.round(255 * v);
            this._foundMark = new St.Widget({
                style: `background-color: rgba(${c(H.red)}, ${c(H.green)}, ${c(H.blue)}, ${H.alpha}); ` +
                    `border-radius: ${H.cornerRadius}px;`,
            });
            this._layer.insert_child_above(this._foundMark, this._dim);
        }
        this._foundMark.set_position(rect.x, rect.y);
        this._foundMark.set_size(rect.width, rect.height);
    }

    // ---------------------------------------------------------------- the user's input

    _released(event) {
        const [sx, sy] = event.get_coords();
        const k = this._unit();
        const x = (sx - this._monitor.x) / k, y = (sy - this._monitor.y) / k;
        this._apply(this._model.handle(MenuEvent.released(x, y)));
        return Clutter.EVENT_STOP;
    }

    _key(event) {
        if (event.get_key_symbol() === ESCAPE)
            this._apply(this._model.handle(MenuEvent.escape()));
        return Clutter.EVENT_STOP;
    }

    // ---------------------------------------------------------------- what the model asks

    _apply(effects) {
        for (const t of this._model.takeTransitions())
            this._log.verbose(`menu state: ${t.description}`);
        if (effects.choose !== null)
            this._choose(effects.choose);
        if (effects.dismiss !== null) {
            this._log.info(`dismiss ${effects.dismiss}`);
            this._daemon.call('DismissMenu', [effects.dismiss]).catch(e => this._log.info(`dismiss: ${e.message}`));
            // A new press closed the menu: it comes back on the press's monitor.
            if (effects.beganPress)
                this._hide();
        }
        if (effects.redraw)
            this._update();
    }

    _choose(index) {
        const item = this._items[index];
        if (!item)
            return;
        this._log.info(`choose ${index} "${item.title}"`);
        this._daemon.call('ChooseQuickAction', [item.type]).then(([result, message]) => {
            this._log.info(`chose ${item.type}: ${result}: ${message}`);
        }).catch(e => {
            this._log.info(`chose ${item.type}: ${e.message}`);
        });
    }

    _locate(x, y, placement, output) {
        this._placement = placement;
        const { point, monitor } = this._outputs.locate(x, y, placement, output);
        this._monitor = monitor;
        this._pointer = placement === 'pointer'
            ? { x: (point.x - monitor.x) / this._unit(), y: (point.y - monitor.y) / this._unit() } : null;
    }

    /* St's scale: the model's logical pixels to the stage's. */
    _unit() {
        return St.ThemeContext.get_for_stage(global.stage).scale_factor;
    }

    _surface() {
        const k = this._unit();
        return { width: this._monitor.width / k, height: this._monitor.height / k };
    }

    /* Shows, redraws or hides to match the model. */
    _update() {
        if (!this._monitor)
            this._locate(0.5, 0.5, 'touch', '');
        const frame = this._model.frame(this._surface(), this._pointer, false);
        if (!frame.visible) {
            this._hide();
            return;
        }
        this._show();
        const m = this._monitor;
        this._layer.set_position(m.x, m.y);
        this._layer.set_size(m.width, m.height);
        this._dim.set_size(m.width, m.height);
        if (this._cardMenu !== frame.menuID || !this._card)
            this._buildCard(frame.menuID);
        this._drawFound(frame.menuID);
        const k = this._unit();
        // The dimming's opacity, a colour channel (0…255): no pixel rectangle to hold to the model's.
        this._dim.opacity = Math.round(255 * frame.growth.dimming);
        // A link's whole block (its preview above its actions), or the menu's card.
        const block = frame.link ? frame.link.bounds : frame.layout.card;
        const scale = frame.link ? frame.link.scale : frame.layout.scale;
        this._card.set_position(block.x * k, block.y * k);
        this._card.set_scale(scale, scale);
        this._card.rows.forEach((row, i) => {
            row.highlighted = i === frame.highlight;
        });
        this._setModal(frame.menuID !== 0);
        this._logGeometry(frame);
    }

    _show() {
        if (this._layer)
            return;
        const m = this._monitor;
        this._layer = new St.Widget({
            name: 'forcetouch-menu-layer', x: m.x, y: m.y, width: m.width, height: m.height, reactive: false,
        });
        this._dim = new St.Widget({ style: 'background-color: black;', width: m.width, height: m.height, opacity: 0 });
        this._layer.add_child(this._dim);
        // A tap or a click is one that began on the layer: the finger that opened the menu
        // went down before it was there, and its lift is the daemon's to tell (PressProgress:
        // slide to select), not a tap that would choose or dismiss.
        this._began.clear();
        this._layer.connect('button-press-event', () => {
            this._began.add('pointer');
            return Clutter.EVENT_STOP;
        });
        this._layer.connect('button-release-event', (_a, event) =>
            this._began.delete('pointer') ? this._released(event) : Clutter.EVENT_STOP);
        this._layer.connect('touch-event', (_a, event) => {
            const slot = `touch ${event.get_event_sequence()?.get_slot?.() ?? 0}`;
            switch (event.type()) {
            case Clutter.EventType.TOUCH_BEGIN:
                this._began.add(slot);
                break;
            case Clutter.EventType.TOUCH_END:
                return this._began.delete(slot) ? this._released(event) : Clutter.EVENT_STOP;
            case Clutter.EventType.TOUCH_CANCEL:
                this._began.delete(slot);
                break;
            }
            return Clutter.EVENT_STOP;
        });
        this._layer.connect('key-press-event', (_a, event) => this._key(event));
        Main.layoutManager.addTopChrome(this._layer, { affectsInputRegion: false });
    }

    _hide() {
        this._setModal(false);
        // A link's page is rendered for its card alone: nothing shown, nothing more fetched.
        this._endPreview();
        if (!this._layer)
            return;
        Main.layoutManager.removeChrome(this._layer);
        this._layer.destroy();
        this._layer = this._dim = this._card = this._foundMark = null;
        this._found = null;
        this._cardMenu = -1;
        this._logged = null;
        this._log.verbose('hidden');
    }

    /* Input goes to the menu only while one is open (a press in progress is looked at, not in
     * the way): then a modal grab sends every tap, click and key to it. */
    _setModal(on) {
        if (on && !this._grab && this._layer) {
            this._grab = Main.pushModal(this._layer);
        } else if (!on && this._grab) {
            Main.popModal(this._grab);
            this._grab = null;
        }
        this._setReactive(this._grab !== null);
    }

    /* The layer takes input while the menu is modal, and so do the rows: St draws a widget that
     * takes none as insensitive (greyed). A row's events go on to the layer. */
    _setReactive(on) {
        if (this._layer)
            this._layer.reactive = on;
        for (const row of this._card?.rows ?? [])
            row.reactive = on;
    }

    /* The card of the menu shown (its items' icons read now, once per menu), or an empty one. */
    _buildCard(menuID) {
        this._card?.destroy();
        const k = this._unit();
        const items = menuID !== 0 ? this._items : [];
        const heading = menuID !== 0 && this._model.heading && this._heading ? this._heading : null;
        const rows = items.map(item => new MenuRow(item, this._icon(menuID, item), k));
        const head = heading ? new MenuHeading(heading.title, this._appIcon(menuID, heading), k) : null;
        const link = menuID !== 0 ? this._model.link : null;
        if (link && this._lookUp)
            this._card = new WordCard(this._lookUp, rows, k);
        else if (link && this._preview)
            this._card = new LinkCard(this._preview, rows, link.page, k);
        else
            this._card = new MenuCard(rows, k, head);
        this._layer.add_child(this._card);
        this._cardMenu = menuID;
        this._setReactive(this._grab !== null);
    }

    /* The item's icon: its file (a regular one, bounded: bounded.js), else its theme icon, symbolic first
     * as the shell's menus draw theirs. */
    _icon(menuID, item) {
        if (item.iconFile) {
            const why = imageRefusal(item.iconFile);
            if (!why)
                return new Gio.FileIcon({ file: Gio.File.new_for_path(item.iconFile) });
            this._log.info(`menu ${menuID}: icon ${item.iconFile} not shown: ${why}`);
        }
        if (item.icon)
            return new Gio.ThemedIcon({ names: [`${item.icon}-symbolic`, item.icon] });
        return null;
    }

    /* An app's icon for its heading: a file (bounded, as an item's), else the theme's, in colour. */
    _appIcon(menuID, { icon, iconFile }) {
        if (iconFile) {
            const why = imageRefusal(iconFile);
            if (!why)
                return new Gio.FileIcon({ file: Gio.File.new_for_path(iconFile) });
            this._log.info(`menu ${menuID}: icon ${iconFile} not shown: ${why}`);
            return null;
        }
        if (!icon)
            return null;
        return new Gio.ThemedIcon({ names: [icon, `${icon}-symbolic`, 'application-x-executable'] });
    }

    /* The card's and its items' rectangles on the stage, once per change: what the tests check
     * the screenshots against (forcetouch-overlay --verbose writes the same lines). */
    _logGeometry(frame) {
        const k = this._unit(), mx = this._monitor.x, my = this._monitor.y;
        const r = rect => [mx + rect.x * k, my + rect.y * k, rect.width * k, rect.height * k].join(' ');
        const block = frame.link ? frame.link.bounds : frame.layout.card;
        const key = `${frame.menuID} ${frame.highlight} ${r(block)}`;
        if (key === this._logged)
            return;
        this._logged = key;
        // A link's: the menu line's rectangle is the whole block, then the preview, the page's
        // place and the actions' card, as forcetouch-overlay --verbose writes them.
        this._log.verbose(`menu ${frame.menuID} scale ${(frame.link ?? frame.layout).scale.toFixed(3)} ${r(block)} ` +
            `highlight ${frame.highlight ?? -1} dim ${frame.growth.dimming.toFixed(3)}`);
        if (frame.link && this._preview) {
            this._log.verbose(`preview ${frame.menuID} ${r(frame.link.preview)} "${this._preview.title}" ${this._preview.address}`);
            if (frame.link.page)
                this._log.verbose(`page ${frame.menuID} ${r(frame.link.page)}`);
            this._log.verbose(`actions ${frame.menuID} ${r(frame.link.actions.card)}`);
        } else if (frame.link && this._lookUp) {
            // As forcetouch-overlay --verbose: the card (the word is the daemon's target's name,
            // logged as a target's is) and its definition's place; never the definition.
            const d = frame.link.definition;
            this._log.verbose(`look-up ${frame.menuID} ${r(frame.link.preview)} "${boundedText(this._lookUp.word)}" ` +
                `definition ${d ? r(d) : '0 0 0 0'}`);
            // The lines each sense was given (never its text): what the model made of the measure.
            this._log.verbose(`senses ${frame.menuID} lines ${this._lookUp.senses.map(s => s.lines).join(' ')}`);
            this._log.verbose(`actions ${frame.menuID} ${r(frame.link.actions.card)}`);
        }
        if (frame.layout.heading && this._heading)
            this._log.verbose(`heading ${frame.menuID} "${this._heading.title}" ${r(frame.layout.heading)}`);
        frame.layout.rows.forEach((row, i) => {
            if (i < this._items.length)
                this._log.verbose(`item ${i} "${this._items[i].title}" ${r(row)}`);
        });
    }
};
