/* forcetouch's GNOME Shell extension (GNOME 43 and 44; the build makes the GNOME 45+ variant).
 * The one entry point: everything else is in forcetouchExtension.js. */
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { ForcetouchExtension } = Me.imports.forcetouchExtension;

function init() {
    return new ForcetouchExtension();
}
