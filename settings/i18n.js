/* The window's strings in the user's language: the forcetouch text domain, from the locale
 * directory beside the installation (share/locale). */
import Gettext from 'gettext';
import GLib from 'gi://GLib';

const here = GLib.path_get_dirname(GLib.filename_from_uri(import.meta.url)[0]);
Gettext.bindtextdomain('forcetouch', GLib.build_filenamev([here, '..', '..', 'locale']));
export const _ = Gettext.domain('forcetouch').gettext;

/* A translated template with its %s filled in order (a translation may not reorder them). */
export function format(template, ...values) {
    let next = 0;
    return template.replace(/%s/g, () => String(values[next++]));
}
