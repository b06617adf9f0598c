/* Test-only: GNOME Shell 43's imports.misc.extensionUtils for the extension's pure modules run
 * outside the shell (Tests/GnomeShell/model-vectors.js): the extension's own modules are on gjs's
 * search path (-I EXTENSION_DIR), so the current extension's importer is the root one. */
function getCurrentExtension() {
    return { imports };
}
