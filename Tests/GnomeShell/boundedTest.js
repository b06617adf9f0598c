/* The GNOME Shell extension's bounds on what it draws (gnome-shell/…/bounded.js, SPEC §11
 * "Limits"): texts cut to 500 characters, the ellipsis counted (the daemon's bound on what it
 * is sent), characters being Unicode scalars, without walking the rest; log lines escaped
 * (log.js); and image files refused unless regular, small enough and of a size an image may
 * have, read from the header. Prints each failure and `bounded: N checks passed, M failed`;
 * exits 1 on any.
 *
 *   gjs Tests/GnomeShell/boundedTest.js      (ProgramTests' GnomeBoundsTests runs it) */
const { Gio, GLib, GdkPixbuf } = imports.gi;
const System = imports.system;

const here = GLib.path_get_dirname(Gio.File.new_for_path(System.programInvocationName).get_path());
const root = GLib.path_get_dirname(GLib.path_get_dirname(here));
imports.searchPath.unshift(GLib.build_filenamev([root, 'gnome-shell', 'forcetouch@forcetouch.github.io']));
const { boundedText, imageRefusal, TEXT_MAX_CHARS } = imports.bounded;
const { escapedLine } = imports.log;

let passed = 0, failed = 0;
function equal(actual, expected, what) {
    const a = JSON.stringify(actual), e = JSON.stringify(expected);
    if (a === e) {
        passed++;
    } else {
        failed++;
        print(`FAIL bounded: ${what}\n  got      ${a}\n  expected ${e}`);
    }
}

// Texts.
const started = GLib.get_monotonic_time();
const huge = boundedText('x'.repeat(10000000));
const took = (GLib.get_monotonic_time() - started) / 1000;
equal([huge.length, huge.slice(-1)], [TEXT_MAX_CHARS, '…'], 'a 10 MB title: 499 characters and an ellipsis, 500 in all');
// A figure, not a check: a loaded machine's timing says nothing of the code.
print(`bounded: a 10 MB title cut in ${took.toFixed(1)} ms`);
equal(boundedText('y'.repeat(TEXT_MAX_CHARS)), 'y'.repeat(TEXT_MAX_CHARS), 'a text of the limit is kept whole');
equal([...boundedText('😀'.repeat(TEXT_MAX_CHARS + 3))].length, TEXT_MAX_CHARS, 'characters, not UTF-16 units');
equal(boundedText('😀'.repeat(TEXT_MAX_CHARS)), '😀'.repeat(TEXT_MAX_CHARS),
    'a text of the limit in characters, twice as many UTF-16 units, is kept whole');
// Scalars, not grapheme clusters: an e and its combining accent are two, as the daemon counts them.
equal([...boundedText('e\u0301'.repeat(TEXT_MAX_CHARS))].length, TEXT_MAX_CHARS, 'a combining accent is a character');
equal(boundedText(`${'z'.repeat(TEXT_MAX_CHARS)}!`), `${'z'.repeat(TEXT_MAX_CHARS - 1)}…`, 'one character over: cut, never past the bound');
equal(boundedText(undefined), '', 'not a string: empty');

// Log lines (log.js): another application's text written as forcetouch-overlay writes it
// (OverlayModel's LogText), so that it cannot end its line nor drive a terminal.
equal(escapedLine('Bank\n\u001b[31merror: FORGED LOG LINE\u001b[0m'), 'Bank\\n\\e[31merror: FORGED LOG LINE\\e[0m',
    'a newline and escape sequences: one line, escaped');
equal(escapedLine('a\\b\r\t\u0001\u007f\u0085\u2028\u2029 é…😀'), 'a\\\\b\\r\\t\\x01\\x7f\\u{0085}\\u{2028}\\u{2029} é…😀',
    'a backslash doubled, C0 and DEL as \\xHH, C1 and the separators as \\u{HHHH}, the rest as it is');

// Image files, in a scratch directory of their own.
const dir = GLib.dir_make_tmp('forcetouch-bounded.XXXXXX');
const file = name => GLib.build_filenamev([dir, name]);
const png = file('icon.png');
GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, true, 8, 28, 28).savev(png, 'png', [], []);
const fifo = file('icon.fifo');
GLib.spawn_command_line_sync(`mkfifo ${fifo}`);
const big = file('big.png');
Gio.File.new_for_path(big).replace(null, false, Gio.FileCreateFlags.NONE, null).truncate(33 * 1024 * 1024, null);
GLib.file_set_contents(file('text.png'), 'not an image');
equal(imageRefusal(png), '', 'a 28×28 PNG is shown');
equal(imageRefusal(fifo), 'not a regular file', 'a FIFO is refused without being opened');
equal(imageRefusal(dir), 'not a regular file', 'a directory is refused');
equal(imageRefusal(big).startsWith('34603008 bytes, more than the 32 MiB'), true, 'a 33 MiB file is refused from its size');
equal(imageRefusal(file('text.png')), 'not an image', 'a file that is no image is refused');
equal(imageRefusal(file('missing.png')) !== '', true, 'a missing file is refused');
equal(imageRefusal(GLib.build_filenamev([root, 'Tests', 'Documented', 'images', 'claims-16384x16384.png'])).startsWith(
    'its header says 16384×16384 pixels'), true, 'an image whose header claims 16384×16384 pixels is refused from it');
for (const name of ['icon.png', 'icon.fifo', 'big.png', 'text.png'])
    GLib.unlink(file(name));
GLib.rmdir(dir);

print(`bounded: ${passed} checks passed, ${failed} failed`);
System.exit(failed ? 1 : 0);
