/* forcetouch Settings: the application and its one window. */
import Adw from 'gi://Adw?version=1';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';
import system from 'system';

import { _ } from './i18n.js';
import { SettingsWindow } from './settingsWindow.js';

GLib.set_prgname('forcetouch-settings');
GLib.set_application_name(_('forcetouch Settings'));
const application = new Adw.Application({ application_id: 'io.github.forcetouch.Settings' });
let settings = null;
application.connect('activate', () => {
    settings ??= new SettingsWindow(application);
    settings.window.present();
});
Gtk.Window.set_default_icon_name('input-touchpad');
system.exit(application.run([system.programInvocationName, ...ARGV]));
