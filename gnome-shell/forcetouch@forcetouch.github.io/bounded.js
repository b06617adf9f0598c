/* The bounds on what the extension is given to draw (docs/SPEC.md §11, "Limits"), as
 * forcetouch-overlay's Sources/COverlay/bounded.c sets them: so that no value the daemon passes on
 * (a title, an icon file, an intent's image) hangs the shell or takes its memory. */
const { Gio, GdkPixbuf } = imports.gi;

/* The most characters a text may have, its `…` counted when it is cut. */
var TEXT_MAX_CHARS = 500;
/* What an image file may be: its bytes, its pixels, its side. */
var IMAGE_MAX_FILE_BYTES = 32 * 1024 * 1024;
var IMAGE_MAX_PIXELS = 4096 * 4096;
var IMAGE_MAX_SIDE = 16384;

/* `text` cut before it is laid out or sent: at most TEXT_MAX_CHARS characters, the last one
 * `…` when it is cut, as the daemon bounds PressTarget's texts (PressTargetFacts.bounded).
 * Characters are Unicode scalars (code points), never UTF-16 units nor grapheme clusters: what
 * the daemon's bound counts, so that a text kept whole here is kept whole there. Only the
 * characters kept are walked: a 10 MB title costs what 500 do. Anything but a string is empty. */
var boundedText = function boundedText(text) {
    if (typeof text !== 'string')
        return '';
    // No more UTF-16 units than the bound: no more characters either.
    if (text.length <= TEXT_MAX_CHARS)
        return text;
    let n = 0, units = 0, cut = 0;
    for (const c of text) {
        if (n === TEXT_MAX_CHARS)
            return `${text.slice(0, cut)}…`;
        n++;
        units += c.length;
        if (n === TEXT_MAX_CHARS - 1)
            cut = units;
    }
    return text;
};

/* Why the image file at `path` may not be shown, or '' when it may: what is not a regular file
 * is never opened (a FIFO would block its reader), nor a file over IMAGE_MAX_FILE_BYTES, nor an
 * image whose header (read before any pixel is decoded) claims more pixels than an image may
 * have. The same words as bounded.c's, for the same log lines. */
var imageRefusal = function imageRefusal(path) {
    let info;
    try {
        info = Gio.File.new_for_path(path).query_info('standard::type,standard::size',
            Gio.FileQueryInfoFlags.NONE, null);
    } catch (e) {
        return e.message;
    }
    if (info.get_file_type() !== Gio.FileType.REGULAR)
        return 'not a regular file';
    if (info.get_size() > IMAGE_MAX_FILE_BYTES)
        return `${info.get_size()} bytes, more than the ${IMAGE_MAX_FILE_BYTES / (1024 * 1024)} MiB an image may have`;
    const [format, width, height] = GdkPixbuf.Pixbuf.get_file_info(path);
    if (!format)
        return 'not an image';
    if (width <= 0 || height <= 0 || width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE ||
        width * height > IMAGE_MAX_PIXELS) {
        return `its header says ${width}×${height} pixels, more than an image may have ` +
            `(${IMAGE_MAX_PIXELS} pixels, ${IMAGE_MAX_SIDE} a side)`;
    }
    return '';
};
