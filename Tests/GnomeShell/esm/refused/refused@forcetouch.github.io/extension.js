const Me = imports.misc.extensionUtils.getCurrentExtension();
const { Helper } = Me.imports.helper;

function init() { return new Helper(); }
