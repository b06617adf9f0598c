/* What an application answers AT-SPI at a point of its window, gathered raw for the daemon to
 * decide (PressTarget's `accessible`, the daemon's PointedObject; docs/SPEC.md §11, "What is under
 * the finger"): the deepest object at the point, then each parent up to the window, each with its
 * role, name, description, child count and Hyperlink URI. Only transport: which object the press
 * is on is Swift's rule, not this file's. Where asked (the daemon's UnderFinger lists a text kind), the
 * text around the point too, as forcetouch-overlay's text-at-point.c reads it. Every call is asynchronous on the accessibility bus (the
 * Shell's main loop never waits), bounded in depth (MAX_PATH) and by the lookup's deadline. */
const { Atspi, Gio, GLib } = imports.gi;
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { boundedText } = Me.imports.bounded;

/* As AccessibleAnswer.maxPath: the most objects gathered up from the deepest. */
var MAX_PATH = 16;
/* The longest address kept, in bytes, as PressTargetFacts.maximumAddressLength: a cut one is
 * another page, so a longer one is none. */
const MAX_ADDRESS = 8192;
const NULL_PATH = '/org/a11y/atspi/null';
const ROOT_PATH = '/org/a11y/atspi/accessible/root';
const ACCESSIBLE = 'org.a11y.atspi.Accessible';
/* The most characters read each side of the point's, as text-at-point.c's FT_TEXT_AROUND_CHARS. */
var TEXT_AROUND = 240;
/* The role of a field whose text is never read (AT-SPI's role name). */
const PASSWORD_ROLE = 'password text';
/* AT-SPI's ATSPI_COORD_TYPE_WINDOW: under Wayland an application knows its window, not the screen. */
const COORD_WINDOW = 1;

/* AT-SPI's states by their bit in GetState's set, named as libatspi's nicks name them (`has-tooltip`),
 * from libatspi's own enumeration. */
const STATE_NAMES = new Map(Object.entries(Atspi.StateType)
    .filter(([key, bit]) => typeof bit === 'number' && key !== 'LAST_DEFINED')
    .map(([key, bit]) => [bit, key.toLowerCase().replace(/_/g, '-')]));

/* The names of the states set in GetState's words (a bit libatspi does not name: `state N`). */
function _stateNames(words) {
    const names = [];
    words.forEach((word, w) => {
        for (let b = 0; b < 32; b++) {
            if ((word >>> b) & 1)
                names.push(STATE_NAMES.get(w * 32 + b) ?? `state ${w * 32 + b}`);
        }
    });
    return names;
}

function _call(bus, name, path, iface, method, args, type, ms) {
    return new Promise((resolve, reject) => {
        bus.call(name, path, iface, method, args, type ? new GLib.VariantType(type) : null,
            Gio.DBusCallFlags.NO_AUTO_START, Math.max(1, Math.round(ms)), null, (c, res) => {
                try {
                    resolve(c.call_finish(res).deepUnpack());
                } catch (e) {
                    reject(e);
                }
            });
    });
}

var AccessibleAt = class AccessibleAt {
    constructor() {
        this._bus = null;
    }

    /* The accessibility bus, connected once. */
    async _connection(deadline) {
        if (this._bus && !this._bus.is_closed())
            return this._bus;
        const [address] = await _call(Gio.DBus.session, 'org.a11y.Bus', '/org/a11y/bus', 'org.a11y.Bus',
            'GetAddress', null, '(s)', this._left(deadline));
        this._bus = await new Promise((resolve, reject) => Gio.DBusConnection.new_for_address(address,
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            null, null, (o, res) => {
                try {
                    resolve(Gio.DBusConnection.new_for_address_finish(res));
                } catch (e) {
                    reject(e);
                }
            }));
        return this._bus;
    }

    _left(deadline) {
        const ms = (deadline - GLib.get_monotonic_time()) / 1000;
        if (ms <= 0)
            throw new Error('past the lookup\'s deadline');
        return ms;
    }

    /* The answer of window `win`'s application at stage pixel x, y, as AccessibleAnswer's JSON
     * has it ({toolkit, path}), or null with no application or window of its on the bus; with
     * `readText`, also `text` ({text, offset, from, object}: the object read, for textRead.js;
     * or {why} when none is read). Throws
     * past `deadline` (GLib.get_monotonic_time()'s µs). */
    async answer(win, x, y, deadline, readText = false) {
        const bus = await this._connection(deadline);
        const call = (name, path, iface, method, args, type) =>
            _call(bus, name, path, iface, method, args, type, this._left(deadline));
        const pid = win.get_pid();
        const [apps] = await call('org.a11y.atspi.Registry', ROOT_PATH, ACCESSIBLE, 'GetChildren', null, '(a(so))');
        let app = null;
        for (const [name] of apps) {
            try {
                const [p] = await call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                    'GetConnectionUnixProcessID', new GLib.Variant('(s)', [name]), '(u)');
                if (p === pid) {
                    app = name;
                    break;
                }
            } catch (e) {
                // An application gone since the registry listed it.
            }
        }
        if (!app)
            return null;
        const [frames] = await call(app, ROOT_PATH, ACCESSIBLE, 'GetChildren', null, '(a(so))');
        const title = win.get_title() ?? '';
        let top = null;
        for (const [, path] of frames) {
            const [name] = await call(app, path, 'org.freedesktop.DBus.Properties', 'Get',
                new GLib.Variant('(ss)', [ACCESSIBLE, 'Name']), '(v)');
            if (name.deepUnpack() === title || frames.length === 1) {
                top = path;
                break;
            }
        }
        if (!top)
            return null;
        const origin = win.get_buffer_rect();
        const wx = Math.round(x - origin.x), wy = Math.round(y - origin.y);
        // GTK answers one level at a time, Gecko its deepest at once: asked again of each child.
        let deepest = top;
        for (let depth = 0; depth < 48; depth++) {
            let child;
            try {
                [[, child]] = await call(app, deepest, 'org.a11y.atspi.Component', 'GetAccessibleAtPoint',
                    new GLib.Variant('(iiu)', [wx, wy, COORD_WINDOW]), '((so))');
            } catch (e) {
                break;
            }
            if (child === NULL_PATH || child === deepest)
                break;
            deepest = child;
        }
        const path = [];
        for (let at = deepest; at && path.length < MAX_PATH - 1 && at !== top;)
            at = await this._node(call, app, at, path);
        await this._node(call, app, top, path);
        let toolkit = '';
        try {
            const [v] = await call(app, ROOT_PATH, 'org.freedesktop.DBus.Properties', 'Get',
                new GLib.Variant('(ss)', ['org.a11y.atspi.Application', 'ToolkitName']), '(v)');
            toolkit = boundedText(v.deepUnpack());
        } catch (e) {
        }
        const text = readText ? await this._text(call, app, deepest, path, wx, wy) : null;
        // The object read, for its find to be highlighted while the menu shows (textRead.js).
        if (text?.text !== undefined)
            text.object = { bus, app, path: deepest, origin: { x: origin.x, y: origin.y } };
        return { toolkit, path, text };
    }

    /* The text around window point wx, wy of the deepest object (`path[0]`, its parent
     * `path[1]`), as {text, offset, from} (at most TEXT_AROUND characters each side, the offset in
     * Unicode scalars; `from`: the object's character the text begins at), or {why} none is read: a password field (the object or its parent), an
     * object that does not say its role, a link (its own menu), no Text there. */
    async _text(call, app, at, path, wx, wy) {
        const [deepest, parent] = path;
        if (!deepest?.role)
            return { why: 'an object that does not say its role' };
        if (deepest.role === PASSWORD_ROLE || parent?.role === PASSWORD_ROLE)
            return { why: 'a password field' };
        if (deepest.role === 'link' || deepest.uri)
            return { why: 'a link' };
        const none = { why: 'no text at the point' };
        let offset;
        try {
            // Asked directly: an object without Text answers an error.
            [offset] = await call(app, at, 'org.a11y.atspi.Text', 'GetOffsetAtPoint',
                new GLib.Variant('(iiu)', [wx, wy, COORD_WINDOW]), '(i)');
        } catch (e) {
            return none;
        }
        if (offset < 0)
            return none;
        // The end asked is within the text: Firefox answers an empty string past it.
        const [count] = await call(app, at, 'org.freedesktop.DBus.Properties', 'Get',
            new GLib.Variant('(ss)', ['org.a11y.atspi.Text', 'CharacterCount']), '(v)');
        const characters = count.deepUnpack();
        if (typeof characters !== 'number' || offset >= characters)
            return none;
        const from = Math.max(0, offset - TEXT_AROUND);
        const [got] = await call(app, at, 'org.a11y.atspi.Text', 'GetText',
            new GLib.Variant('(ii)', [from, Math.min(offset + TEXT_AROUND + 1, characters)]), '(s)');
        // The application's: kept only as long as asked for.
        const scalars = Array.from(got).slice(0, 2 * TEXT_AROUND + 1);
        return offset - from < scalars.length ? { text: scalars.join(''), offset: offset - from, from } : none;
    }

    /* One object's observations pushed onto `path`; its parent's object path, or null. */
    async _node(call, app, at, path) {
        const [props] = await call(app, at, 'org.freedesktop.DBus.Properties', 'GetAll',
            new GLib.Variant('(s)', [ACCESSIBLE]), '(a{sv})');
        const prop = (k, d) => props[k] ? props[k].deepUnpack() : d;
        const [role] = await call(app, at, ACCESSIBLE, 'GetRoleName', null, '(s)');
        const [interfaces] = await call(app, at, ACCESSIBLE, 'GetInterfaces', null, '(as)');
        const [states] = await call(app, at, ACCESSIBLE, 'GetState', null, '(au)');
        const node = {
            role: boundedText(role), name: boundedText(prop('Name', '')),
            description: boundedText(prop('Description', '')), states: _stateNames(states.slice(0, 2)),
            children: Math.max(0, prop('ChildCount', 0)),
        };
        if (interfaces.includes('org.a11y.atspi.Hyperlink')) {
            try {
                const [uri] = await call(app, at, 'org.a11y.atspi.Hyperlink', 'GetURI',
                    new GLib.Variant('(i)', [0]), '(s)');
                if (new TextEncoder().encode(uri).length <= MAX_ADDRESS)
                    node.uri = uri;
            } catch (e) {
            }
        }
        path.push(node);
        const parent = prop('Parent', null);
        return parent && parent[1] !== NULL_PATH ? parent[1] : null;
    }

    destroy() {
        this._bus?.close(null, null);
        this._bus = null;
    }
};
