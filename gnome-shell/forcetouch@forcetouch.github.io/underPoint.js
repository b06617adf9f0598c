/* What is under a point of the stage, for the daemon to act on what the finger presses (issue 43):
 * the Overlay1 method ObjectAt (docs/SPEC.md §11). */
const { Gio, GLib, Clutter, Meta, Shell } = imports.gi;
const Main = imports.ui.main;
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { FACTS, PARTIAL_ANSWER_ERROR, TEXT_KINDS } = Me.imports.busProtocol;
const { boundedText } = Me.imports.bounded;
const { openWindows } = Me.imports.windowList;
const { AccessibleAt } = Me.imports.accessibleAt;

/* How far up from the actor at the point an app icon or a window is looked for. */
const MAX_DEPTH = 16;
/* How long the lookup of what an application answers at the point may take (SPEC §11: the
 * lookup's deadline); the daemon's own, 100 ms after peek, may come first. */
const LOOKUP_MS = 300;
/* The pause before asking an application again when the daemon found its answer partial (SPEC §11,
 * "A partial answer is asked again"), as forcetouch-overlay pauses. */
const ASK_AGAIN_MS = 15;

/* Answers `ObjectAt(d x, d y) → a{sv}` on io.github.forcetouch.Overlay1: what the user sees at
 * stage pixel x, y. An app icon in the dash or the app grid, which knows its app (GNOME's AppIcon
 * and DashIcon have an `app`: a Shell.App), is kind `app-icon`; a window (an ordinary window, or
 * its preview in the overview), kind `window` with the app Shell.WindowTracker gives it; else
 * kind `nothing` with `why`. Keys: `source` (gnome-shell), `kind`, `app-id`, `name` (the app's),
 * `window-title`, `window-pid` (u), `why`. The shell knows these without AT-SPI: what the menu
 * helpers of other desktops must guess, GNOME's own actors say. Each text is another
 * application's (a window's title, an app's name) and bounded as the daemon bounds it
 * (bounded.js) before it is logged, answered or sent. Only the daemon may ask (overlayService.js):
 * a window's title and pid are the user's, not any client's. */
var UnderPoint = class UnderPoint {
    constructor({ daemon, log, outputs, service, textRead }) {
        this._daemon = daemon;
        this._log = log;
        this._outputs = outputs;
        // The text object a press read, for the menu to highlight its find in (textRead.js).
        this._textRead = textRead;
        this._accessible = new AccessibleAt();
        service.addMethod('ObjectAt', 'dd', 'a{sv}', (x, y) => [this._variant(this.objectAt(x, y))]);
    }

    /* What is at stage pixel x, y, as a plain object of the keys above. */
    objectAt(x, y) {
        const raw = this._find(x, y);
        const found = {};
        for (const [k, v] of Object.entries(raw))
            found[k] = typeof v === 'string' ? boundedText(v) : v;
        // Texts quoted, as the menu's lines quote titles; Log escapes what they carry.
        const line = Object.entries(found).map(([k, v]) => `${k}=${typeof v === 'string' ? `"${v}"` : v}`).join(' ');
        this._log.verbose(`object-at ${Math.round(x)} ${Math.round(y)}: ${line}`);
        const out = { source: 'gnome-shell', ...found };
        // The window itself, for the press's AT-SPI lookup; not a key of the answer.
        Object.defineProperty(out, 'metaWindow', { value: raw.metaWindow ?? null });
        return out;
    }

    _find(x, y) {
        const [width, height] = global.stage.get_size();
        if (!(x >= 0 && y >= 0 && x < width && y < height))
            return { kind: 'nothing', why: `${x},${y} is off the stage (${width}x${height})` };
        const actor = global.stage.get_actor_at_pos(Clutter.PickMode.REACTIVE, x, y);
        let a = actor;
        for (let depth = 0; a && depth < MAX_DEPTH; depth++, a = a.get_parent()) {
            const app = a.app;
            if (app && typeof app.get_id === 'function')
                return { kind: 'app-icon', 'app-id': app.get_id(), name: app.get_name() ?? '' };
            const win = a.metaWindow ?? (a instanceof Meta.WindowActor ? a.get_meta_window() : null);
            if (win instanceof Meta.Window)
                return this._window(win);
        }
        // The shell's own chrome (the top bar, a menu, the overview's background) is no window.
        if (actor && actor !== global.stage && !global.window_group.contains(actor))
            return { kind: 'nothing', why: `the shell's ${this._describe(actor)}, not a window or an app icon` };
        const win = Main.overview.visible ? null : this._windowByGeometry(x, y);
        if (win)
            return this._window(win);
        return {
            kind: 'nothing',
            why: Main.overview.visible ? 'the overview, not on an app icon or a window' : 'the desktop: no window there',
        };
    }

    /* The topmost window shown on the active workspace whose frame holds the point. */
    _windowByGeometry(x, y) {
        const workspace = global.workspace_manager.get_active_workspace();
        const actors = global.get_window_actors().slice().reverse();
        for (const actor of actors) {
            const win = actor.get_meta_window();
            if (!actor.visible || win.minimized || !win.showing_on_its_workspace() ||
                !(win.is_on_all_workspaces() || win.get_workspace() === workspace))
                continue;
            const r = win.get_frame_rect();
            if (x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height)
                return win;
        }
        return null;
    }

    _window(win) {
        const app = Shell.WindowTracker.get_default().get_window_app(win);
        const found = {
            kind: 'window',
            'app-id': app?.get_id() ?? '',
            name: app?.get_name() ?? '',
            'window-title': win.get_title() ?? '',
            'window-pid': Math.max(0, win.get_pid()),
        };
        Object.defineProperty(found, 'metaWindow', { value: win });
        return found;
    }

    _describe(actor) {
        const name = actor.get_name?.();
        return name ? `${actor.constructor.name} "${name}"` : actor.constructor.name;
    }

    /* The answer as the bus carries it: a{sv}, window-pid a u, every other value a string. */
    _variant(found) {
        const out = {};
        for (const [k, v] of Object.entries(found))
            out[k] = k === 'window-pid' ? new GLib.Variant('u', v) : new GLib.Variant('s', String(v));
        return out;
    }

    /* A press on its way to a deep press: what is under it goes to the daemon (`PressTarget`,
     * SPEC §11 "What is under the finger") while the press still rises, so that the daemon has it
     * at peek. The shell knows its own actors, so this costs a pick, not an AT-SPI round trip. The
     * press's `x`, `y` go back as they came: the daemon drops an answer for an earlier press. */
    onPressProgress(params) {
        const [phase, , , , x, y, placement, output] = params.deepUnpack();
        if (phase !== 'began')
            return;
        const { point } = this._outputs.locate(x, y, placement, output);
        this._textRead.set(null);
        const found = this.objectAt(point.x, point.y);
        // The open windows too: an app's icon offers its app's to switch to (windowList.js).
        const facts = { ...this._pressFacts(found), 'press-x': x, 'press-y': y, windows: openWindows() };
        if (!found.metaWindow) {
            this._send(facts);
            return;
        }
        // In an application's window the shell knows the window, not what is in it (a link):
        // the application's own answer through AT-SPI goes along, raw, for the daemon to decide.
        // When the daemon finds it partial (PressTarget's PARTIAL_ANSWER_ERROR), it is asked
        // again while the lookup's deadline leaves time for another ask (twice the last's).
        const win = found.metaWindow;
        const deadline = GLib.get_monotonic_time() + LOOKUP_MS * 1000;
        const at = `${Math.round(point.x)} ${Math.round(point.y)}`;
        const press = this._press = {};
        // The text under the finger is read only while the daemon's UnderFinger lists a text kind
        // (SPEC §11, "Force Click on text"); until it says, none is.
        let readText = false;
        const ask = n => {
            const asked = GLib.get_monotonic_time();
            this._accessible.answer(win, point.x, point.y, deadline, readText).then(answer => {
                const ms = ((GLib.get_monotonic_time() - asked) / 1000).toFixed(1);
                if (answer) {
                    const { text, ...gathered } = answer;
                    const deepest = gathered.path[0];
                    // What the text says is not logged: only that it was read, and how much.
                    const read = !readText ? 'no text read (the daemon\'s under-finger lists no text kind)'
                        : text?.text !== undefined
                            ? `text read: ${Array.from(text.text).length} character(s), the point at ${text.offset}`
                            : `no text read: ${text?.why ?? 'no answer'}`;
                    this._log.verbose(`accessible-at ${at}: ask ${n}: ${gathered.path.length} object(s) in ${ms} ms, ` +
                        `the deepest a "${deepest?.role ?? ''}" (${deepest?.states.join(' ') ?? ''})${deepest?.uri ? ' with a URI' : ''}`);
                    this._log.verbose(`accessible-at ${at}: text of ask ${n}: ${read}`);
                    facts.accessible = JSON.stringify(gathered);
                    if (text?.text !== undefined) {
                        facts.text = text.text;
                        facts['text-offset'] = text.offset;
                        if (press === this._press)
                            this._textRead.set({ ...text.object, from: text.from, length: Array.from(text.text).length });
                    }
                } else {
                    this._log.verbose(`accessible-at ${at}: the window's application is not on the accessibility bus (${ms} ms)`);
                }
                return this._send(facts);
            }, e => {
                this._log.verbose(`accessible-at ${at}: ${e.message}`);
                return this._send(facts);
            }).then(partial => {
                if (!partial || press !== this._press)
                    return;
                const took = GLib.get_monotonic_time() - asked;
                if (GLib.get_monotonic_time() + ASK_AGAIN_MS * 1000 + 2 * took >= deadline) {
                    this._log.verbose(`accessible-at ${at}: ask ${n}: ${partial}: no time left to ask again`);
                    return;
                }
                this._log.verbose(`accessible-at ${at}: ask ${n}: ${partial}: asked again`);
                GLib.timeout_add(GLib.PRIORITY_DEFAULT, ASK_AGAIN_MS, () => {
                    if (press === this._press)
                        ask(n + 1);
                    return GLib.SOURCE_REMOVE;
                });
            });
        };
        this._daemon.underFingerKnown().then(kinds => {
            readText = (kinds ?? []).some(k => TEXT_KINDS.includes(k));
            if (press === this._press)
                ask(1);
        });
    }

    /* Sends the facts; resolves to why the daemon found them partial (it keeps them, and another
     * ask may give more), else null. */
    _send(facts) {
        const packed = {};
        for (const [k, v] of Object.entries(facts)) {
            if (k in FACTS && v !== undefined && v !== null)
                packed[k] = new GLib.Variant(FACTS[k], v);
        }
        return this._daemon.call('PressTarget', [packed]).then(() => null, e => {
            const partial = e instanceof GLib.Error && Gio.DBusError.get_remote_error(e) === PARTIAL_ANSWER_ERROR;
            if (partial) {
                Gio.DBusError.strip_remote_error(e);
                return e.message;
            }
            this._log.info(`PressTarget: ${e.message}`);
            return null;
        });
    }

    /* ObjectAt's answer as the daemon's facts: an app icon is sure of its app (`kind`, `app-id`);
     * a window's app is the window's (`window-app-id`), for the daemon to use where the
     * configuration asks; nothing says why. */
    _pressFacts(found) {
        switch (found.kind) {
        case 'app-icon':
            return { source: found.source, kind: 'app-icon', 'app-id': found['app-id'], name: found.name };
        case 'window':
            return {
                source: found.source, 'window-app-id': found['app-id'], 'window-title': found['window-title'],
                'window-pid': found['window-pid'], 'window-type': 'normal',
            };
        default:
            return { source: found.source, why: found.why };
        }
    }

    destroy() {
        this._accessible.destroy();
    }
};
