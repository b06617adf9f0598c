// The entry: the only file GNOME loads; the legacy imports below are rewritten.
/* exported init */
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { ForcetouchExtension } = Me.imports.forcetouchExtension;

function init() { return new ForcetouchExtension(); }
