/* The intent window in GNOME Shell (docs/SPEC.md §11, "The intent window"): the Intents UI
 * extension's floating card, drawn with St where forcetouch-overlay draws it with GTK. */
const { Gio, GLib, GdkPixbuf, St, Clutter, Shell } = imports.gi;
const Main = imports.ui.main;

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { IntentWindowInteraction, IntentWindowFrame, IntentWindowPlacement, IntentResponseLook } = Me.imports.intentModel;
const { boundedText, imageRefusal } = Me.imports.bounded;

const PAD = IntentWindowFrame.pad;
const WIDTH = IntentWindowFrame.width;
/* The box an image output is scaled to fit. */
const IMAGE_W = WIDTH - 2 * PAD, IMAGE_H = 200;
/* The spinner's step, and the badge's side. */
const SPIN_MS = 80;
const BADGE = 28;
/* The size `path`'s image is shown at: scaled to fit the IMAGE_W × IMAGE_H box, as
 * forcetouch-overlay scales it, from its header (bounded.js's imageRefusal read it already). */
function fitted(path) {
    const [, w, h] = GdkPixbuf.Pixbuf.get_file_info(path);
    const s = Math.min(IMAGE_W / w, IMAGE_H / h);
    return { width: Math.max(1, Math.round(w * s)), height: Math.max(1, Math.round(h * s)) };
}

/* The intent window: shows each intent run the daemon announces (IntentStarted), asks what it
 * waits on (IntentConfirm: Cancel / Next; IntentChoose: the choices; IntentNeedsValue: a text
 * field, Enter for OK) and shows what its handlers answered (IntentResponse: a badge, the
 * message, the output's text or image, Open for failure-requiring-app-launch); the answers go
 * back as ConfirmIntent, AnswerIntent and OpenIntentApp. Which state shows, its buttons, its
 * timers and its answers are intentModel.js's, a port of the Swift model: this class feeds it
 * the signals, taps and timers and does what it answers. The card is placed beside the gesture
 * (or centred), 340 px wide, in stage pixels times the theme's scale. */
var IntentWindow = class IntentWindow {
    constructor({ daemon, log, outputs }) {
        this._daemon = daemon;
        this._log = log;
        this._outputs = outputs;
        this._model = new IntentWindowInteraction();
        this._run = { intent: '', title: '', app: '', x: 0, y: 0, placement: '', output: '', located: false };
        this._texts = { prompt: '', message: '', text: '', image: '' };
        this._imageSize = null;
        this._dismissId = 0;
        this._spinId = 0;
        this._spin = 0;
        this._logged = '';
        this._buildCard();
    }

    // ------------------------------------------------------------------ the card

    _buildCard() {
        const card = new St.Widget({
            name: 'forcetouch-intent-window',
            style_class: 'popup-menu-content',
            style: 'padding: 0; border-radius: 16px;',
            reactive: true,
            visible: false,
        });
        const label = (style, wrap = true) => {
            const l = new St.Label({ style });
            l.clutter_text.line_wrap = wrap;
            l.clutter_text.ellipsize = 0;  // Pango.EllipsizeMode.NONE
            card.add_child(l);
            return l;
        };
        this._title = label('font-weight: bold; font-size: 13pt;');
        this._prompt = label('font-size: 11pt; color: rgba(255,255,255,0.72);');
        this._message = label('font-size: 10pt;');
        this._text = label('font-size: 11pt;');
        this._image = new St.Bin();
        card.add_child(this._image);
        this._badge = new St.Widget({ layout_manager: new Clutter.BinLayout() });
        this._badgeLabel = new St.Label({ x_align: Clutter.ActorAlign.CENTER, y_align: Clutter.ActorAlign.CENTER });
        this._badge.add_child(this._badgeLabel);
        card.add_child(this._badge);
        this._entry = new St.Entry({ style_class: 'search-entry', can_focus: true, hint_text: '' });
        this._entry.clutter_text.connect('activate', () => this._event({ type: 'submitted', text: this._entry.get_text() }));
        card.add_child(this._entry);
        this._buttons = [];

        card.connect('button-press-event', () => this._pressed());
        card.connect('button-release-event', (_a, ev) => this._released(ev));
        card.connect('touch-event', (_a, ev) => {
            const type = ev.type();
            if (type === Clutter.EventType.TOUCH_BEGIN)
                return this._pressed();
            if (type === Clutter.EventType.TOUCH_END)
                return this._released(ev);
            return Clutter.EVENT_STOP;
        });
        this._card = card;
    }

    get _scale() {
        return St.ThemeContext.get_for_stage(global.stage).scale_factor;
    }

    /* A text's height in window pixels, laid out `width` window pixels wide. */
    _height(label, text, width) {
        if (!text)
            return 0;
        label.text = text;
        const s = this._scale;
        label.set_width(width * s);
        return Math.ceil(label.get_preferred_height(width * s)[1] / s);
    }

    /* Where the rest starts below the title and, for a question, the prompt (as the overlay's
     * header_height). */
    _headerHeight() {
        const response = this._model.state.kind === 'showingResponse';
        let y = PAD + this._height(this._title, this._run.title, WIDTH - 2 * PAD - (response ? 40 : 0)) + 6;
        if (!response && this._texts.prompt)
            y += this._height(this._prompt, this._texts.prompt, WIDTH - 2 * PAD) + 10;
        return response ? Math.max(y, PAD + 36) : y;
    }

    _layout() {
        const state = this._model.state;
        let message = 0, middle = 0;
        if (state.kind === 'showingResponse') {
            const look = new IntentResponseLook(state.code);
            if (this._imageSize)
                middle = this._imageSize.height;
            else
                middle = this._height(this._text, this._texts.text, WIDTH - 2 * PAD);
            if (look.showsMessage && this._texts.message)
                message = this._height(this._message, this._texts.message, WIDTH - 2 * PAD);
        }
        const header = this._headerHeight();
        return { header, message, frame: this._model.layout(header, message, middle) };
    }

    _place(child, x, y, width = -1, height = -1) {
        const s = this._scale;
        child.set_position(Math.round(x * s), Math.round(y * s));
        if (width >= 0)
            child.set_size(Math.round(width * s), height >= 0 ? Math.round(height * s) : -1);
        child.show();
    }

    /* Draws the card for what the model shows, placed beside the gesture or centred; logs it.
     * The card is in the shell's scene (top chrome, over every window) only while it shows. */
    _show() {
        if (!this._card.get_parent())
            Main.layoutManager.addTopChrome(this._card);
        const state = this._model.state;
        const response = state.kind === 'showingResponse';
        const look = response ? new IntentResponseLook(state.code) : null;
        const { header, frame } = this._layout();
        const s = this._scale;
        for (const child of this._card.get_children())
            child.hide();
        this._buttons.forEach(b => b.destroy());
        this._buttons = [];

        this._title.text = this._run.title;
        this._place(this._title, PAD, PAD, WIDTH - 2 * PAD - (response ? 40 : 0));
        let y = PAD + this._height(this._title, this._run.title, WIDTH - 2 * PAD - (response ? 40 : 0)) + 6;
        if (!response && this._texts.prompt) {
            this._prompt.text = this._texts.prompt;
            this._place(this._prompt, PAD, y, WIDTH - 2 * PAD);
        }
        if (state.kind === 'asking' && state.question.kind === 'value') {
            this._place(this._entry, PAD, header, WIDTH - 2 * PAD, IntentWindowFrame.entryHeight);
            this._entry.set_text('');
        }
        if (response) {
            this._drawBadge(look);
            y = header;
            if (look.showsMessage && this._texts.message) {
                this._message.text = this._texts.message;
                this._message.style = `font-size: 10pt; color: ${look.failed ? '#e01b24' : 'rgba(255,255,255,0.72)'};`;
                this._place(this._message, PAD, y, WIDTH - 2 * PAD);
                y += this._height(this._message, this._texts.message, WIDTH - 2 * PAD) + 8;
            }
            if (this._imageSize) {
                const { width, height } = this._imageSize;
                const uri = Gio.File.new_for_path(this._texts.image).get_uri().replace(/"/g, '%22');
                this._image.style = `background-image: url("${uri}"); background-size: ${width * s}px ${height * s}px;`;
                this._place(this._image, (WIDTH - width) / 2, y, width, height);
            } else if (this._texts.text) {
                this._text.text = this._texts.text;
                this._place(this._text, PAD, y, WIDTH - 2 * PAD);
            }
        }
        for (const b of frame.buttons) {
            const label = new St.Label({ text: b.label, y_align: Clutter.ActorAlign.CENTER,
                x_align: Clutter.ActorAlign.CENTER });
            label.clutter_text.ellipsize = 3;  // Pango.EllipsizeMode.END
            const button = new St.Bin({
                style_class: 'button',
                style: b.primary
                    ? 'background-color: #3584e4; color: #ffffff; font-weight: bold; border-radius: 10px; padding: 0 8px;'
                    : 'color: #ffffff; border-radius: 10px; padding: 0 8px;',
                child: label,
                reactive: false,
            });
            this._card.add_child(button);
            this._place(button, b.rect.x, b.rect.y, b.rect.width, b.rect.height);
            this._buttons.push(button);
        }

        const monitor = this._monitor();
        const place = new IntentWindowPlacement({ width: frame.width, height: frame.height },
            { width: monitor.width / s, height: monitor.height / s }, this._run.located,
            { x: this._run.x, y: this._run.y }, this._run.placement,
            this._pointer ? { x: this._pointer.x / s, y: this._pointer.y / s } : null);
        const x = monitor.x + Math.round(place.x * s), yy = monitor.y + Math.round(place.y * s);
        this._card.set_position(x, yy);
        this._card.set_size(frame.width * s, frame.height * s);
        this._card.show();
        Main.layoutManager.uiGroup.set_child_above_sibling(this._card, null);
        if (state.kind === 'asking' && state.question.kind === 'value')
            this._focusEntry();
        else
            this._releaseFocus();

        const code = response ? ` ${state.code}` : '';
        const now = `intent-window ${this._model.run} ${this._model.kind}${code} ${x} ${yy} ` +
            `${frame.width * s} ${frame.height * s}`;
        if (now !== this._logged) {
            this._logged = now;
            this._log.verbose(`${now}${this._imageSize ? ' image' : ''}`);
            for (const b of frame.buttons) {
                this._log.verbose(`intent-button ${this._model.run} ${b.name} "${b.label}" ` +
                    `${x + b.rect.x * s} ${yy + b.rect.y * s} ${b.rect.width * s} ${b.rect.height * s}`);
            }
        }
    }

    /* The badge at the top right: a green check mark, a red "!", a spinner. */
    _drawBadge(look) {
        const colours = { check: '#26a269', alert: '#e01b24', spinner: 'transparent' };
        const spinner = look.badge === 'spinner';
        this._badge.style = `background-color: ${colours[look.badge]}; border-radius: ${BADGE / 2 * this._scale}px;` +
            (spinner ? ' border: 3px solid rgba(255,255,255,0.25); border-top-color: #ffffff;' : '');
        this._badgeLabel.text = look.badge === 'check' ? '✓' : look.badge === 'alert' ? '!' : '';
        this._badgeLabel.style = 'color: #ffffff; font-weight: bold; font-size: 13pt;';
        this._place(this._badge, WIDTH - PAD - BADGE, PAD - 2, BADGE, BADGE);
        this._badge.set_pivot_point(0.5, 0.5);
        this._badge.rotation_angle_z = spinner ? this._spin : 0;
    }

    /* The monitor the run's gesture was on (or the pointer's), in stage pixels. */
    _monitor() {
        const r = this._run;
        const at = this._outputs.locate(r.x, r.y, r.placement, r.output);
        this._pointer = r.placement === 'pointer'
            ? { x: at.point.x - at.monitor.x, y: at.point.y - at.monitor.y } : null;
        return at.monitor;
    }

    _focusEntry() {
        if (!this._modal) {
            this._modal = Main.pushModal(this._card, { actionMode: Shell.ActionMode.POPUP });
        }
        this._entry.grab_key_focus();
    }

    _releaseFocus() {
        if (this._modal) {
            Main.popModal(this._modal);
            this._modal = null;
        }
    }

    _hide(id, why) {
        this._releaseFocus();
        if (this._card.get_parent()) {
            this._card.hide();
            Main.layoutManager.removeChrome(this._card);
            this._log.info(`intent-window ${id} hidden: ${why}`);
            this._logged = '';
        }
    }

    // ------------------------------------------------------------------ what the model asks

    /* Does what an event asks besides showing: logs the tap, calls the daemon, hides, runs the
     * timers. */
    _act(e, shown) {
        const id = this._model.run;
        if (e.tapped)
            this._log.info(`intent ${id}: ${e.tapped}`);
        for (const t of this._model.takeTransitions())
            this._log.verbose(`intent-window state: ${t}`);
        const call = e.call;
        if (call?.method === 'confirm') {
            this._call('ConfirmIntent', [call.id, call.yes]);
        } else if (call?.method === 'answer') {
            this._log.info(`intent ${call.id}: answered "${call.value}"`);
            this._call('AnswerIntent', [call.id, call.value]);
        } else if (call?.method === 'openApp') {
            this._log.info(`intent ${call.id}: opening ${this._run.app}`);
            this._call('OpenIntentApp', [call.id]);
        }
        if (e.hide)
            this._hide(shown, e.hide);
        if (e.dismiss !== null && this._dismissId) {
            GLib.source_remove(this._dismissId);
            this._dismissId = 0;
        }
        if (e.dismiss?.arm) {
            this._dismissId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, e.dismiss.arm, () => {
                this._dismissId = 0;
                this._event({ type: 'dismissTimerFired' });
                return GLib.SOURCE_REMOVE;
            });
        }
        if (e.spinning && !this._spinId) {
            this._spinId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, SPIN_MS, () => {
                this._spin = (this._spin + 45) % 360;
                this._badge.rotation_angle_z = this._spin;
                return GLib.SOURCE_CONTINUE;
            });
        } else if (!e.spinning && this._spinId) {
            GLib.source_remove(this._spinId);
            this._spinId = 0;
        }
    }

    _call(method, args) {
        this._daemon.call(method, args).catch(err => this._log.info(`${method} failed: ${err.message}`));
    }

    /* An event of the window's own (a touch, a key, a timer): acted on, then shown if it asks. */
    _event(event) {
        const shown = this._model.run;
        const e = this._model.handle(event);
        this._act(e, shown);
        if (e.show)
            this._show();
        return e;
    }

    /* A touch or a click on the card is the card's, even if drawing it fails: what it began
     * never reaches the windows under it. */
    _pressed() {
        try {
            this._event({ type: 'pressed' });
        } catch (e) {
            logError(e, 'forcetouch: intent window');
        }
        return Clutter.EVENT_STOP;
    }

    _released(ev) {
        const [sx, sy] = ev.get_coords();
        const [ok, x, y] = this._card.transform_stage_point(sx, sy);
        try {
            if (ok) {
                const s = this._scale;
                this._event({ type: 'released', x: x / s, y: y / s, entry: this._entry.get_text() });
            }
        } catch (e) {
            logError(e, 'forcetouch: intent window');
        }
        return Clutter.EVENT_STOP;
    }

    _tapButton(name) {
        const b = this._model.drawn.buttons.find(button => button.name === name);
        if (b) {
            this._event({ type: 'released', x: b.rect.x + b.rect.width / 2, y: b.rect.y + b.rect.height / 2,
                entry: this._entry.get_text() });
        }
    }

    // ------------------------------------------------------------------ the daemon's signals

    onIntentStarted(params) {
        const [id, intent, title, app, x, y, placement, output, located] = params.deepUnpack();
        const shown = this._model.run;
        this._act(this._model.handle({ type: 'started', id, app }), shown);
        this._run = {
            intent: boundedText(intent), title: boundedText(title), app: boundedText(app), x, y,
            placement: boundedText(placement), output: boundedText(output), located,
        };
        this._texts = { prompt: '', message: '', text: '', image: '' };
        this._imageSize = null;
        this._log.info(`intent ${id} started: ${this._run.intent} at ${x.toFixed(3)},${y.toFixed(3)} ` +
            `(${placement})${located ? '' : ' centred'}`);
    }

    _asked(params, question) {
        const v = params.deepUnpack();
        const [id, intent, title, prompt] = v;
        const shown = this._model.run;
        const e = this._model.handle({ type: 'asked', id, question });
        this._act(e, shown);
        if (e.newRun) {
            // A run not seen starting (the shell came onto the bus since): centred, no app.
            this._run = { intent: boundedText(intent), title: boundedText(title), app: '', x: 0, y: 0, placement: '',
                output: '', located: false };
        }
        // A question supersedes any response shown before it: the spinner after the answer
        // shows no stale output.
        this._texts = { prompt: boundedText(prompt), message: '', text: '', image: '' };
        this._imageSize = null;
        this._log.info(`intent ${id} asks: ${this._texts.prompt}`);
        if (e.show)
            this._show();
    }

    onIntentConfirm(params) {
        this._asked(params, { kind: 'confirm' });
    }

    onIntentChoose(params) {
        const choices = params.get_child_value(5).deepUnpack()
            .slice(0, IntentWindowFrame.maxButtons).map(boundedText);
        this._asked(params, { kind: 'choose', choices });
    }

    onIntentNeedsValue(params) {
        this._asked(params, { kind: 'value' });
    }

    onIntentResponse(params) {
        const [id, , , rawCode, message, text, image, , final] = params.deepUnpack();
        const code = boundedText(rawCode);
        const shown = this._model.run;
        const e = this._model.handle({ type: 'responded', id, code, final });
        if (e.accepted)
            this._log.info(`intent ${id}: ${code}${final ? ' (final)' : ''}`);
        this._act(e, shown);
        if (!e.show)
            return;
        this._texts.message = boundedText(message);
        this._texts.text = boundedText(text);
        this._texts.image = image;
        this._imageSize = null;
        if (image) {
            // A regular file only, its size and its pixels bounded (bounded.js): a FIFO would
            // hang the shell, a 1 KB PNG claiming 65535×65535 pixels would take 17 GB.
            const why = imageRefusal(image);
            if (why) {
                this._log.info(`intent ${id}: cannot show ${image}: ${why}`);
                this._texts.text = boundedText(image);
            } else {
                this._imageSize = fitted(image);
            }
        }
        this._show();
    }

    /* Questions held by the daemon count as Cancel once it sees the shell go; when the daemon
     * goes (or another process takes its name), the window it asked for has no one to answer:
     * it goes at once (`intent-window ID hidden: daemon gone`), its run forgotten. */
    onDaemonGone() {
        this._event({ type: 'daemonGone' });
    }

    _stopTimers() {
        if (this._dismissId)
            GLib.source_remove(this._dismissId);
        if (this._spinId)
            GLib.source_remove(this._spinId);
        this._dismissId = this._spinId = 0;
    }

    destroy() {
        this._releaseFocus();
        this._stopTimers();
        if (this._card.get_parent())
            Main.layoutManager.removeChrome(this._card);
        this._card.destroy();
        this._card = null;
    }
};
