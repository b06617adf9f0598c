/* The text object the last press read (accessibleAt.js), for the find the daemon names in it to be
 * highlighted while its menu shows (docs/SPEC.md §11, "The text found is marked"): its
 * application on the accessibility bus, the object, the characters the text sent began at and
 * held, and the window's corner on the stage, since under Wayland an application places its text
 * in its window's coordinates. Only carries: which characters and where the tint goes are
 * menuModel.js's TextHighlight. */
const { Gio, GLib } = imports.gi;

/* AT-SPI's ATSPI_COORD_TYPE_WINDOW, as the text was read in. */
const COORD_WINDOW = 1;
/* How long the application may take to say where the characters are: the menu does not wait. */
const EXTENTS_MS = 500;

var TextRead = class TextRead {
    constructor() {
        this._read = null;
    }

    /* What a press read: { bus, app, path, from, length, origin: { x, y } }, or null for none. */
    set(read) {
        this._read = read;
    }

    /* The last press's, or null. */
    get last() {
        return this._read;
    }

    /* Where characters from..to of `read`'s object are, as its application answers (AT-SPI
     * Text.GetRangeExtents in window coordinates): a promise of { x, y, width, height }. */
    extents(read, from, to) {
        return new Promise((resolve, reject) => {
            read.bus.call(read.app, read.path, 'org.a11y.atspi.Text', 'GetRangeExtents',
                new GLib.Variant('(iiu)', [from, to, COORD_WINDOW]), new GLib.VariantType('(iiii)'),
                Gio.DBusCallFlags.NO_AUTO_START, EXTENTS_MS, null, (c, res) => {
                    try {
                        const [x, y, width, height] = c.call_finish(res).deepUnpack();
                        resolve({ x, y, width, height });
                    } catch (e) {
                        reject(e);
                    }
                });
        });
    }
};
