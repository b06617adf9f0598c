const Me = imports.misc.extensionUtils.getCurrentExtension();
const { Entry } = Me.imports.entry;

function init(extension) {
    return new Entry(extension);
}
