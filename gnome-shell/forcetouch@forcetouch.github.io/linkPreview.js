/* A link's page rendered for its preview card (docs/SPEC.md §11, "The link's preview"): WebKitGTK
 * cannot be mapped in the shell, so the page is rendered by forcetouch's own command,
 * forcetouch-page-snapshot (Sources/COverlayWebKit: the same code and limits as
 * forcetouch-overlay's preview, a context of its own, ephemeral and memory-bounded, ended once its
 * image is taken), run without a shell, into a PNG file in a directory of the extension's own,
 * which the card shows. Bounded in time (the overlay's 5 s, after which the command is killed)
 * and in size (the file is a 900×600 image, checked by bounded.js before it is shown). */
const { Gio, GLib } = imports.gi;

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { boundedText, imageRefusal } = Me.imports.bounded;

/* The command, and how long a preview waits for it (forcetouch-overlay's --link-preview-timeout). */
var PAGE_SNAPSHOT = 'forcetouch-page-snapshot';
var TIMEOUT_S = 5;
/* The schemes fetched: any other link shows its address alone. */
const PAGE_SCHEMES = ['http', 'https', 'file'];

/* Where the command is: where forcetouch-overlay finds its GTK and WebKit parts, from the
 * forcetouch-overlay on the PATH: beside it (a build directory), then ../lib/forcetouch
 * (`make install`, the .deb). Null, and why, when it is in neither. */
function findCommand() {
    const overlay = GLib.find_program_in_path('forcetouch-overlay');
    if (!overlay)
        return { why: 'forcetouch-overlay is not on the PATH' };
    const dir = GLib.path_get_dirname(overlay);
    const places = [GLib.build_filenamev([dir, PAGE_SNAPSHOT]),
        GLib.build_filenamev([dir, '..', 'lib', 'forcetouch', PAGE_SNAPSHOT])];
    const path = places.find(p => GLib.file_test(p, GLib.FileTest.IS_EXECUTABLE));
    return path ? { path }
        : { why: `${PAGE_SNAPSHOT} is in none of ${places.join(', ')} (built where WebKitGTK 4.1's development files are)` };
}

/* One link's preview: its title (the link's text until the page says its own; the address when
 * there is neither), its address, and the page's image once rendered. `onChange()` is called when
 * the image or the title comes. Logs the lines forcetouch-overlay's link-preview.c logs. */
var PagePreview = class PagePreview {
    constructor({ log, menuID, address, name, onChange }) {
        this._log = log;
        this._menuID = menuID;
        this.address = address;
        this._name = boundedText(name);
        this._pageTitle = '';
        this._onChange = onChange;
        /* The rendered page's file, once it is there and checked. */
        this.image = null;
        this._dir = null;
        this._process = null;
        this._timer = 0;
        this._cancellable = new Gio.Cancellable();
    }

    get title() {
        return this._pageTitle || this._name || this.address;
    }

    /* Starts rendering the page where it can be; true when it started (the card has room for it). */
    start() {
        const id = this._menuID, address = this.address;
        const scheme = GLib.uri_parse_scheme(address)?.toLowerCase();
        if (!PAGE_SCHEMES.includes(scheme)) {
            this._log.info(`link-preview ${id}: ${address}: not a web page, not rendered`);
            return false;
        }
        const command = findCommand();
        if (!command.path) {
            this._log.info(`link-preview ${id}: no page rendering: ${command.why}`);
            return false;
        }
        try {
            this._dir = GLib.dir_make_tmp('forcetouch-preview-XXXXXX');
            const file = GLib.build_filenamev([this._dir, 'page.png']);
            // The whole address, not one cut for drawing: a cut one would fetch another page.
            this._process = Gio.Subprocess.new([command.path, address, file, `${TIMEOUT_S}`],
                Gio.SubprocessFlags.STDOUT_PIPE | Gio.SubprocessFlags.STDERR_PIPE);
            this._started = GLib.get_monotonic_time();
            this._log.info(`link-preview ${id}: rendering ${address} (at most ${TIMEOUT_S.toFixed(1)} s)`);
            this._process.communicate_utf8_async(null, this._cancellable, (p, result) => this._done(p, result, file));
        } catch (e) {
            this._log.info(`link-preview ${id}: no page rendering: ${e.message}`);
            this._removeFiles();
            return false;
        }
        this._timer = GLib.timeout_add(GLib.PRIORITY_DEFAULT, TIMEOUT_S * 1000, () => {
            this._timer = 0;
            this._log.info(`link-preview ${id}: page not rendered after ${this._elapsed()} ms: shown without it`);
            this._stop();
            return GLib.SOURCE_REMOVE;
        });
        return true;
    }

    _elapsed() {
        return Math.round((GLib.get_monotonic_time() - this._started) / 1000);
    }

    _done(process, result, file) {
        let stdout = '', stderr = '';
        try {
            [, stdout, stderr] = process.communicate_utf8_finish(result);
        } catch (e) {
            // Cancelled: the preview ended first.
            return;
        }
        this._process = null;
        if (this._timer)
            GLib.source_remove(this._timer);
        this._timer = 0;
        const id = this._menuID;
        if (!process.get_successful()) {
            const said = (stderr ?? '').trim().split('\n').pop().replace(/^forcetouch-page-snapshot: /, '');
            this._log.info(`link-preview ${id}: ${said.startsWith('page not rendered') ? said : `page not rendered: ${said}`}`);
            return;
        }
        const why = imageRefusal(file);
        if (why) {
            this._log.info(`link-preview ${id}: page not rendered: its image ${why}`);
            return;
        }
        this.image = file;
        this._pageTitle = boundedText((stdout ?? '').split('\n')[0].trim());
        this._log.info(`link-preview ${id}: page rendered in ${this._elapsed()} ms: "${this._pageTitle}"`);
        this._onChange();
    }

    _stop() {
        this._cancellable.cancel();
        this._process?.force_exit();
        this._process = null;
    }

    _removeFiles() {
        if (!this._dir)
            return;
        for (const name of ['page.png'])
            GLib.unlink(GLib.build_filenamev([this._dir, name]));
        GLib.rmdir(this._dir);
        this._dir = null;
    }

    /* The preview ends: the command killed if it still runs, its file gone. */
    destroy() {
        if (this._timer)
            GLib.source_remove(this._timer);
        this._timer = 0;
        this._stop();
        this._removeFiles();
        this.image = null;
        this._onChange = () => {};
    }
};
