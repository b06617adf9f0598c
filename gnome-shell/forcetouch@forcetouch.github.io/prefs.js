/* The extension's preferences (the Extensions app's Settings button, GNOME 43 and 44's
 * fillPreferencesWindow; the build gives GNOME 45+ its default export): forcetouch's settings
 * are forcetouch Settings' own window, a separate application, so this opens it at once and
 * says where it went, with a button to open it again, or why it could not. */
const { Adw, Gio, GLib } = imports.gi;

const DESKTOP_ID = 'forcetouch-settings.desktop';
/* Its strings are forcetouch Settings' text domain's (`make pot` takes them into
 * po/forcetouch.pot): GLib's dgettext, which GNOME 43's prefs and the ES module GNOME 45 loads
 * reach alike, where the shell's own gettext helpers differ between the two. */
const DOMAIN = 'forcetouch';
const _ = text => GLib.dgettext(DOMAIN, text);

function init() {}

/* Opens forcetouch Settings through its Desktop Entry (as the app grid does); the error's
 * message when it cannot, or null. */
function openSettings() {
    const app = Gio.DesktopAppInfo.new(DESKTOP_ID);
    if (!app)
        return _('%s is not installed (forcetouch’s .deb and “sudo make install” install it)').replace('%s', DESKTOP_ID);
    try {
        app.launch([], null);
        return null;
    } catch (e) {
        return e.message;
    }
}

function fillPreferencesWindow(window) {
    const page = new Adw.PreferencesPage({ title: 'forcetouch', icon_name: 'input-touchpad-symbolic' });
    const group = new Adw.PreferencesGroup({
        title: _('forcetouch Settings'),
        description: _('3D Touch sensitivity, Haptic Touch, haptics, quick actions and bindings are set in '
            + 'forcetouch Settings, a window of its own, also in the app grid.'),
    });
    page.add(group);
    // A row to activate, not a button in it: Gtk is the one thing GNOME 45's shell will not
    // load, and this file is checked with the shell's modules.
    const row = new Adw.ActionRow({ title: _('Open forcetouch Settings'), activatable: true, subtitle_lines: 0 });
    const show = failure => {
        row.subtitle = GLib.markup_escape_text(failure ?? _('Opened in its own window'), -1);
    };
    row.connect('activated', () => show(openSettings()));
    group.add(row);
    window.add(page);
    show(openSettings());
}
