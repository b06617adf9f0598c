// Test-only: loads the extension's GNOME 45+ (ES-module) variant in Debian's gjs, as GNOME 45
// would: each module on its own (every `./x.js` import resolves, every imported name is
// exported, the module's top level runs), then extension.js's default export, constructed as
// GNOME 45 constructs it. Run on the tree stub-shell.py made:
//     gjs -m load-esm.js OUT_DIR/extension
// Prints one `PASS: …` or `FAIL: …` line per check (the host suite counts them); exit 1 on a FAIL.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

const [folder] = System.programArgs;
const dir = Gio.File.new_for_path(folder);
const shell = dir.get_parent().get_child('shell');
let failures = 0;

function check(what, ok, why = '') {
    print(`${ok ? 'PASS' : 'FAIL'}: ${what}${ok || !why ? '' : `: ${why}`}`);
    if (!ok)
        failures++;
}

function describe(error) {
    return `${error}${error?.stack ? ` at ${error.stack.split('\n')[0]}` : ''}`;
}

const { inert } = await import(shell.get_child('inert.js').get_uri());
// The shell's own global, which a module may read at its top level.
globalThis.global = inert('global');

const names = [];
const children = dir.enumerate_children('standard::name,standard::type', Gio.FileQueryInfoFlags.NONE, null);
for (let info; (info = children.next_file(null));) {
    if (info.get_file_type() === Gio.FileType.REGULAR && info.get_name().endsWith('.js'))
        names.push(info.get_name());
}
names.sort();
check(`the variant holds extension.js among its ${names.length} modules`, names.includes('extension.js'));

for (const name of names) {
    // prefs.js runs in the Extensions app's process, with GTK 4, never in the shell's (whose
    // GTK 3 it could not load beside): dbus-on-host.sh loads it as GNOME 45 would.
    if (name === 'prefs.js')
        continue;
    try {
        await import(dir.get_child(name).get_uri());
        check(`${name} links and evaluates as an ES module`, true);
    } catch (e) {
        check(`${name} links and evaluates as an ES module`, false, describe(e));
    }
}

try {
    const { Extension } = await import(shell.get_child('extensions').get_child('extension.js').get_uri());
    const entry = (await import(dir.get_child('extension.js').get_uri())).default;
    check('extension.js\'s default export is a class extending the shell\'s Extension',
        typeof entry === 'function' && entry.prototype instanceof Extension);
    const [, bytes] = dir.get_child('metadata.json').load_contents(null);
    const metadata = JSON.parse(new TextDecoder().decode(bytes));
    metadata.path = dir.get_path();
    const extension = new entry(metadata);
    check(`constructed with metadata.json (${metadata.uuid}), it has enable() and disable()`,
        typeof extension.enable === 'function' && typeof extension.disable === 'function');
    check('metadata.json\'s shell-version is GNOME 45 and later\'s',
        JSON.stringify(metadata['shell-version']) === JSON.stringify(['45', '46', '47', '48']),
        JSON.stringify(metadata['shell-version']));
} catch (e) {
    check('extension.js\'s default export constructs', false, describe(e));
}

System.exit(failures ? 1 : 0);
