/* The intent window's logic, with no clock and no toolkit (docs/SPEC.md §11, "The intent window"):
 * a port of Sources/OverlayModel's IntentWindowInteraction, IntentWindowPlacement,
 * IntentWindowFrame and IntentResponseLook — the same named states, figures and answers —
 * checked against the vectors the Swift model writes (Tests/GnomeShell/vectors/intent.json).
 * intentWindow.js feeds it the daemon's signals, the taps and the timers it armed, and draws
 * what it lays out.
 *
 *   hidden ──asked──▶ asking(q) ──Next, a choice, a value──▶ showingResponse(in-progress)
 *     │ responded            │ Cancel, or a failure ending the run: hidden (cancelled)
 *     ▼                      ▼ responded
 *   showingResponse(code, final) ──a later response──▶ showingResponse(…)
 *     │ final and untouched for 4 s: hidden (timed out) · a tap: hidden (app opened / tapped)
 *     └ continue-in-app: hidden, the daemon opens the app · a new run: hidden (replaced)
 *   any state ──the daemon gone──▶ hidden (daemon gone), its run forgotten
 *
 * Events are plain objects: { type: 'started', id, app }, { type: 'asked', id, question },
 * { type: 'responded', id, code, final }, { type: 'pressed' }, { type: 'released', x, y, entry },
 * { type: 'submitted', text }, { type: 'dismissTimerFired' }, { type: 'daemonGone' }. A question
 * is { kind: 'confirm' }, { kind: 'choose', choices } or { kind: 'value' }. */

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { roundHalfAway } = Me.imports.rounding;
/* The menu's figures and way of opening (MenuLayout.gap, MenuLayout.edge, OpeningDirection), as
 * the Swift model's IntentWindowPlacement uses them. */
const { MenuLayout, OpeningDirection } = Me.imports.menuModel;

/* The window's named states: hidden, asking(question), showingResponse(code, final). */
var IntentWindowState = class IntentWindowState {
    static hidden() {
        return new IntentWindowState('hidden');
    }

    static asking(question) {
        return new IntentWindowState('asking', { question });
    }

    static showingResponse(code, final) {
        return new IntentWindowState('showingResponse', { code, final });
    }

    constructor(kind, { question = null, code = '', final = false } = {}) {
        this.kind = kind;
        this.question = question;
        this.code = code;
        this.final = final;
    }

    /* The state's name in the log: `asking(choose 3)`, `showingResponse(success, final)`. */
    get name() {
        switch (this.kind) {
        case 'hidden':
            return 'hidden';
        case 'asking':
            return this.question.kind === 'choose'
                ? `asking(choose ${this.question.choices.length})` : `asking(${this.question.kind})`;
        default:
            return `showingResponse(${this.code}${this.final ? ', final' : ''})`;
        }
    }

    equals(other) {
        if (this.kind !== other.kind)
            return false;
        if (this.kind === 'asking') {
            const a = this.question, b = other.question;
            return a.kind === b.kind && (a.kind !== 'choose' ||
                (a.choices.length === b.choices.length && a.choices.every((c, i) => c === b.choices[i])));
        }
        return this.code === other.code && this.final === other.final;
    }
};

/* How the window shows a response, from its code (INIntentResponseCode's names): success and
 * ready a check mark, in-progress a spinner, any other code a red "!" with the message;
 * failure-requiring-app-launch offers Open; continue-in-app shows nothing (the daemon opens the
 * app). */
var IntentResponseLook = class IntentResponseLook {
    constructor(code) {
        /* The badge at the window's top right: check, spinner or alert. */
        this.badge = code === 'success' || code === 'ready' ? 'check' : code === 'in-progress' ? 'spinner' : 'alert';
        /* The message shows (not for success, whose check mark says it all). */
        this.showsMessage = code !== 'success';
        /* A failure: one ending a run still asking its question cancels that question. */
        this.isFailure = code.startsWith('failure');
        /* The message is a failure's, drawn in red. */
        this.failed = this.isFailure || code === 'unspecified';
        this.offersOpen = code === 'failure-requiring-app-launch';
        this.opensApp = code === 'continue-in-app';
    }
};

/* Where the window goes on its output, { x, y } of its top left corner: beside the gesture,
 * opening as the menu does (OpeningDirection), kept MenuLayout.edge inside the output; centred
 * when the run has no place (`located` false). `finger` is 0…1 across the output; with the
 * `pointer` placement it opens at `pointer` (output pixels), or in the output's middle where the
 * pointer is not known (null). */
var IntentWindowPlacement = class IntentWindowPlacement {
    constructor(size, output, located, finger, placement, pointer) {
        if (!located) {
            this.x = Math.trunc((output.width - size.width) / 2);
            this.y = Math.trunc((output.height - size.height) / 2);
            return;
        }
        const ow = output.width, oh = output.height, w = size.width, h = size.height;
        const at = placement === 'pointer' ? pointer ?? { x: ow / 2, y: oh / 2 }
            : { x: finger.x * ow, y: finger.y * oh };
        const way = new OpeningDirection(at, { width: w, height: h }, { width: ow, height: oh });
        const gap = MenuLayout.gap, edge = MenuLayout.edge;
        const x = roundHalfAway(way.left ? at.x - gap - w : at.x + gap);
        const y = roundHalfAway(way.up ? at.y - gap - h : at.y + gap);
        this.x = Math.min(Math.max(x, edge), Math.max(edge, output.width - size.width - edge));
        this.y = Math.min(Math.max(y, edge), Math.max(edge, output.height - size.height - edge));
    }
};

/* The window laid out for its state: its size and its buttons ({ name, label, primary, rect:
 * { x, y, width, height } } in the window's pixels), below a header `header` pixels high;
 * `message` and `middle` are a response's message's and output's heights (0 for none). */
var IntentWindowFrame = class IntentWindowFrame {
    constructor(state = IntentWindowState.hidden(), header = 0, message = 0, middle = 0) {
        const F = IntentWindowFrame;
        const pad = F.pad, inner = F.width - 2 * pad, half = Math.trunc((inner - 10) / 2);
        this.width = F.width;
        this.height = 0;
        this.buttons = [];
        if (state.kind === 'hidden')
            return;
        let y = header;
        const add = (name, label, x, width, height, primary = false) =>
            this.buttons.push({ name, label, primary, rect: { x, y, width, height } });
        if (state.kind === 'asking' && state.question.kind === 'confirm') {
            add('cancel', 'Cancel', pad, half, F.buttonHeight);
            add('next', 'Next', pad + half + 10, half, F.buttonHeight, true);
            y += F.buttonHeight + pad;
        } else if (state.kind === 'asking' && state.question.kind === 'choose') {
            // One row is kept for Cancel.
            state.question.choices.slice(0, F.maxButtons - 1).forEach((choice, i) => {
                add(`choice-${i}`, choice, pad, inner, F.rowHeight - 6);
                y += F.rowHeight;
            });
            y += 4;
            add('cancel', 'Cancel', pad, inner, F.buttonHeight);
            y += F.buttonHeight + pad;
        } else if (state.kind === 'asking') {
            y += F.entryHeight + 12;  // the text field, which the window places below the header
            add('cancel', 'Cancel', pad, half, F.buttonHeight);
            add('ok', 'OK', pad + half + 10, half, F.buttonHeight, true);
            y += F.buttonHeight + pad;
        } else {
            const look = new IntentResponseLook(state.code);
            if (look.showsMessage && message > 0)
                y += message + 8;
            if (middle > 0)
                y += middle + 12;
            if (look.offersOpen) {
                add('open', 'Open', pad, inner, F.buttonHeight, true);
                y += F.buttonHeight + 8;
            }
            y += pad - 6;
        }
        this.height = y;
    }

    /* The button under x, y of the window (half-open rectangles, as GDK's), or null. */
    buttonAt(x, y) {
        return this.buttons.find(({ rect: r }) =>
            x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height) ?? null;
    }
};

// The window's sizes in its pixels; intentWindow.js draws the texts at the same padding.
IntentWindowFrame.width = 340;
IntentWindowFrame.pad = 18;
IntentWindowFrame.buttonHeight = 40;
IntentWindowFrame.rowHeight = 44;
IntentWindowFrame.entryHeight = 36;
/* The most buttons a window has: the choices beyond it are not shown. */
IntentWindowFrame.maxButtons = 12;

/* An event's kind, for the log (never its texts: a value typed may be private). */
function eventName(event) {
    switch (event.type) {
    case 'started':
    case 'asked':
        return `${event.type} ${event.id}`;
    case 'responded':
        return `responded ${event.id} ${event.code}${event.final ? ' final' : ''}`;
    case 'dismissTimerFired':
        return 'dismiss timer';
    case 'daemonGone':
        return 'daemon gone';
    default:
        return event.type;
    }
}

/* What an event asks of the window: whether to take the signal's texts (`accepted`), a run not
 * seen starting (`newRun`: centred, no app), to hide it (`hide`: the reason, for the log) or show
 * it (`show`), the daemon's method to call (`call`: { method: confirm|answer|openApp, id, yes |
 * value }), the button tapped (`tapped`, for the log), the dismiss timer (`dismiss`: { arm: ms },
 * 'cancel', or null to leave it) and whether the spinner turns (`spinning`). */
var IntentWindowEffects = class IntentWindowEffects {
    constructor() {
        this.accepted = false;
        this.newRun = false;
        this.hide = null;
        this.show = false;
        this.call = null;
        this.tapped = null;
        this.dismiss = null;
        this.spinning = false;
    }
};

/* The intent window's states and answers: one event in (`handle`), what to do out. */
var IntentWindowInteraction = class IntentWindowInteraction {
    constructor() {
        this.state = IntentWindowState.hidden();
        /* The run shown or last shown, 0 for none. */
        this.run = 0;
        /* The frame last laid out: what a tap is tested against, as the user saw it. */
        this.drawn = new IntentWindowFrame();
        /* The state changes since the window last took them (`takeTransitions`), for the log. */
        this.transitions = [];
        // The run Cancel (or its failure while asking) stopped: its later responses are not shown.
        this._cancelled = 0;
        this._hasApp = false;
        // A response touched stays until tapped.
        this._touched = false;
    }

    /* The window's kind in the log (`intent-window 3 confirm …`). */
    get kind() {
        if (this.state.kind === 'asking')
            return this.state.question.kind;
        return this.state.kind === 'hidden' ? 'none' : 'response';
    }

    /* The response's code shown, '' for none. */
    get code() {
        return this.state.kind === 'showingResponse' ? this.state.code : '';
    }

    /* Lays the window out for its state and keeps the frame for taps. */
    layout(header, message = 0, middle = 0) {
        this.drawn = new IntentWindowFrame(this.state, header, message, middle);
        return this.drawn;
    }

    takeTransitions() {
        const t = this.transitions;
        this.transitions = [];
        return t;
    }

    handle(event) {
        const before = this.state;
        const e = new IntentWindowEffects();
        switch (event.type) {
        case 'started':
            this._hide('replaced', e);
            this.run = event.id;
            this._hasApp = event.app !== '';
            this._touched = false;
            e.accepted = true;
            break;
        case 'asked':
            if (event.id !== this.run) {
                this._hide('replaced', e);
                this.run = event.id;
                this._hasApp = false;
                this._touched = false;
                e.newRun = true;
            }
            e.accepted = true;
            this._enter(IntentWindowState.asking(event.question), e);
            break;
        case 'responded': {
            if (event.id !== this.run || event.id === this._cancelled)
                break;
            e.accepted = true;
            const look = new IntentResponseLook(event.code);
            if (this.state.kind === 'asking' && event.final && look.isFailure) {
                // Cancelled elsewhere (the socket, the bus) or timed out: closed as Cancel would.
                this._cancelled = event.id;
                this._hide('cancelled', e);
            } else if (look.opensApp) {
                this._hide('continue-in-app', e);
            } else {
                this._enter(IntentWindowState.showingResponse(event.code, event.final), e);
            }
            break;
        }
        case 'pressed':
            if (this.state.kind === 'showingResponse') {
                this._touched = true;
                e.dismiss = 'cancel';
            }
            break;
        case 'released': {
            const button = this.drawn.buttonAt(event.x, event.y);
            if (button) {
                e.tapped = button.name;
                this._press(button, event.entry, e);
            } else if (this.state.kind === 'showingResponse') {
                e.tapped = 'window';
                if (this._hasApp)
                    this._openApp(e);
                else
                    this._hide('tapped', e);
            }
            break;
        }
        case 'submitted':
            if (this.state.kind === 'asking' && this.state.question.kind === 'value')
                this._answer(event.text, e);
            break;
        case 'dismissTimerFired':
            if (this.state.kind === 'showingResponse' && this.state.final && !this._touched)
                this._hide('timed out', e);
            break;
        case 'daemonGone':
            // Nobody is left to answer a question or open an app; a daemon started anew counts
            // its runs from 1 again, so the gone one's run is not kept to match them.
            this._hide('daemon gone', e);
            this.run = 0;
            this._cancelled = 0;
            this._hasApp = false;
            this._touched = false;
            break;
        }
        // The spinner turns while an in-progress response shows, whatever the event.
        e.spinning = this.state.kind === 'showingResponse' && new IntentResponseLook(this.state.code).badge === 'spinner';
        if (!this.state.equals(before))
            this.transitions.push(`${before.name} -> ${this.state.name} (${eventName(event)})`);
        return e;
    }

    _enter(next, e) {
        this.state = next;
        e.show = true;
        e.dismiss = next.kind === 'showingResponse' && next.final && !this._touched
            ? { arm: IntentWindowInteraction.dismissMilliseconds } : 'cancel';
    }

    _hide(reason, e) {
        e.dismiss = 'cancel';
        e.show = false;
        if (this.state.kind === 'hidden')
            return;
        this.state = IntentWindowState.hidden();
        this.drawn = new IntentWindowFrame();
        e.hide = reason;
    }

    _press(button, entry, e) {
        switch (button.name) {
        case 'next':
            e.call = { method: 'confirm', id: this.run, yes: true };
            this._waiting(e);
            break;
        case 'cancel':
            // Cancelled: the run stops, and its failure is not shown.
            e.call = { method: 'confirm', id: this.run, yes: false };
            this._cancelled = this.run;
            this._hide('cancelled', e);
            break;
        case 'ok':
            this._answer(entry, e);
            break;
        case 'open':
            this._openApp(e);
            break;
        default:
            this._answer(button.label, e);  // a choice: its value
        }
    }

    _answer(value, e) {
        e.call = { method: 'answer', id: this.run, value };
        this._waiting(e);
    }

    /* Shows the in-progress state until the daemon says how the run went. */
    _waiting(e) {
        this._enter(IntentWindowState.showingResponse('in-progress', false), e);
    }

    _openApp(e) {
        if (this._hasApp)
            e.call = { method: 'openApp', id: this.run };
        this._hide('app opened', e);
    }
};

/* How long a final response stays untouched before it closes itself. */
IntentWindowInteraction.dismissMilliseconds = 4000;
