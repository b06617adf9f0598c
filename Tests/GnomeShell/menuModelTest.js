/* The GNOME Shell extension's menu model (gnome-shell/forcetouch@forcetouch.github.io/menuModel.js)
 * against the Swift model it ports: model-checks/menu.js run over Tests/GnomeShell/vectors/menu.json,
 * which Tests/OverlayModelTests/MenuVectorsTests.swift writes from Sources/OverlayModel. Prints
 * each difference (the first 20) and `menu: N vectors passed, M failed`; exits 1 on any.
 *
 *   gjs Tests/GnomeShell/menuModelTest.js
 *
 * A legacy gjs script, as the extension's source is GNOME 43's legacy-imports form. ProgramTests'
 * GnomeMenuModelTests runs it where gjs is installed. */
const { Gio, GLib } = imports.gi;
const System = imports.system;

const here = GLib.path_get_dirname(Gio.File.new_for_path(System.programInvocationName).get_path());
const root = GLib.path_get_dirname(GLib.path_get_dirname(here));
imports.searchPath.unshift(GLib.build_filenamev([root, 'gnome-shell', 'forcetouch@forcetouch.github.io']));
imports.searchPath.unshift(GLib.build_filenamev([here, 'model-checks']));

/* A value as the vectors write it: keys sorted, null and missing fields dropped (none). */
function canonical(value) {
    if (Array.isArray(value))
        return value.map(canonical);
    if (value && typeof value === 'object') {
        const out = {};
        for (const k of Object.keys(value).sort()) {
            if (value[k] !== null && value[k] !== undefined)
                out[k] = canonical(value[k]);
        }
        return out;
    }
    return value;
}

const tally = {
    passed: 0,
    failed: 0,
    equal(actual, expected, what) {
        const a = JSON.stringify(canonical(actual)), e = JSON.stringify(canonical(expected));
        if (a === e) {
            this.passed++;
            return;
        }
        this.failed++;
        if (this.failed <= 20)
            print(`FAIL menu: ${what}\n  got      ${a}\n  expected ${e}`);
    },
};

const [, bytes] = GLib.file_get_contents(GLib.build_filenamev([here, 'vectors', 'menu.json']));
imports.menu.check(JSON.parse(new TextDecoder().decode(bytes)), tally);
if (tally.passed === 0)
    tally.failed++;
print(`menu: ${tally.passed} vectors passed, ${tally.failed} failed`);
System.exit(tally.failed ? 1 : 0);
