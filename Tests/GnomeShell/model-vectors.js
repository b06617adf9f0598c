/* Checks the GNOME Shell extension's pure models (gnome-shell/…/*Model.js) against the vectors
 * the Swift model writes (Tests/GnomeShell/vectors/NAME.json, from Tests/OverlayModelTests, kept
 * true there by FORCETOUCH_REGENERATE=1): one checker per model in model-checks/NAME.js, a legacy
 * gjs module whose `check(vectors, models, t)` replays the vectors through the port.
 *
 * Usage: gjs -I EXTENSION_DIR Tests/GnomeShell/model-vectors.js [NAME…]
 *   (EXTENSION_DIR: gnome-shell/forcetouch@forcetouch.github.io; without NAMEs, every checker)
 * Prints one line per failed vector and a count; exits 1 on any failure. */
const { Gio, GLib } = imports.gi;
const System = imports.system;

const here = GLib.path_get_dirname(Gio.File.new_for_path(System.programInvocationName).get_path());
imports.searchPath.unshift(GLib.build_filenamev([here, 'model-checks']));
// The shell's imports.misc.extensionUtils, through which a model imports its siblings (rounding.js).
imports.searchPath.unshift(GLib.build_filenamev([here, 'legacy-shell']));

/* Vectors' JSON with no null or absent fields and sorted keys: how two values compare. */
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

/* What a checker reports to. */
class Tally {
    constructor(name) {
        this.name = name;
        this.passed = 0;
        this.failed = 0;
    }

    equal(actual, expected, what) {
        const a = JSON.stringify(canonical(actual)), e = JSON.stringify(canonical(expected));
        if (a === e) {
            this.passed++;
        } else {
            this.failed++;
            if (this.failed <= 20)
                print(`FAIL ${this.name}: ${what}\n  got      ${a}\n  expected ${e}`);
        }
    }
}

function checkers() {
    const dir = Gio.File.new_for_path(GLib.build_filenamev([here, 'model-checks']));
    const names = [];
    const e = dir.enumerate_children('standard::name', Gio.FileQueryInfoFlags.NONE, null);
    let info;
    while ((info = e.next_file(null)))
        if (info.get_name().endsWith('.js'))
            names.push(info.get_name().slice(0, -3));
    return names.sort();
}

/* Every port rounds with rounding.js's one function, the Swift model's MenuLayout.round: a model
 * file that rounds on its own (Math.round, floor or ceil, or a function of its own; Math.trunc is
 * Swift's integer division) would draw other pixels on some half, which the vectors may not reach. */
function checkRounding(t) {
    const { roundHalfAway } = imports.rounding;
    t.equal([2.5, -2.5, 0.5, -0.5, 0.49999999999999994, 1.4999999999999998, -0].map(roundHalfAway),
        [3, -3, 1, -1, 0, 1, 0], 'roundHalfAway: halves away from zero, as C\'s lround');
    const dir = Gio.File.new_for_path(imports.searchPath.find(p =>
        GLib.file_test(GLib.build_filenamev([p, 'rounding.js']), GLib.FileTest.EXISTS)));
    const e = dir.enumerate_children('standard::name', Gio.FileQueryInfoFlags.NONE, null);
    let info;
    while ((info = e.next_file(null))) {
        const name = info.get_name();
        if (!name.endsWith('Model.js'))
            continue;
        const [, bytes] = GLib.file_get_contents(GLib.build_filenamev([dir.get_path(), name]));
        const text = new TextDecoder().decode(bytes);
        const own = [...text.matchAll(/Math\.(round|floor|ceil)\(|function\s+round\w*\s*\(/g)].map(m => m[0]);
        t.equal({ file: name, rounds: own, imports: text.includes('Me.imports.rounding') },
            { file: name, rounds: [], imports: text.includes('roundHalfAway(') },
            `${name} rounds with rounding.js's roundHalfAway alone`);
    }
}

let total = 0, failed = 0;
{
    const t = new Tally('rounding');
    checkRounding(t);
    print(`rounding: ${t.passed} checks passed, ${t.failed} failed`);
    total += t.passed;
    failed += t.failed;
}
for (const name of ARGV.length ? ARGV : checkers()) {
    const path = GLib.build_filenamev([here, 'vectors', `${name}.json`]);
    const [, bytes] = GLib.file_get_contents(path);
    const vectors = JSON.parse(new TextDecoder().decode(bytes));
    const t = new Tally(name);
    imports[name].check(vectors, t);
    print(`${name}: ${t.passed} vectors passed, ${t.failed} failed`);
    if (t.passed === 0)
        t.failed++;
    total += t.passed;
    failed += t.failed;
}
print(`model vectors: ${total} passed, ${failed} failed`);
System.exit(failed ? 1 : 0);
