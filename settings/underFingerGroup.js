/* What a deep press looks up under the finger ([quick-actions] under-finger) as a switch per
 * kind: the kinds are the daemon's (GetSettings' underFingerKinds), the list set is the kinds
 * switched on, in that order; the daemon checks it and writes it. */
import Adw from 'gi://Adw';
import Gtk from 'gi://Gtk?version=4.0';

import { _ } from './i18n.js';

/* The words a person reads for each kind the daemon names; a kind not here shows its own name. */
function label(kind) {
    switch (kind) {
    case 'app-icon': return [_('App icons'), _('Their Desktop Actions, in docks, panels and app grids')];
    case 'link': return [_('Links'), _('A preview with Open and Copy Link')];
    case 'window': return [_('Windows'), _("The window's app's quick actions")];
    case 'word': return [_('Words'), _('Look Up in the dictionary')];
    case 'email': return [_('Email addresses'), _('Written in text')];
    case 'phone': return [_('Phone numbers'), _('Written in text')];
    case 'date': return [_('Dates'), _('Written in text: a calendar event')];
    case 'url': return [_('Web addresses'), _('Written in text, not links')];
    default: return [kind, ''];
    }
}

export class UnderFingerGroup {
    /* onSet(list, text): sets under-finger to the kinds in list. */
    constructor(page, onSet) {
        this._onSet = onSet;
        this._rows = new Map();
        this._kinds = [];
        this._on = new Set();
        this._updating = false;
        this.group = new Adw.PreferencesGroup({
            title: _('Under the Finger'),
            description: _('What a deep press looks for where it lands; reading text is yours to turn on'),
        });
        page.add(this.group);
    }

    show(kinds, on) {
        this._on = new Set(on);
        if (kinds.join() !== this._kinds.join()) {
            for (const { row } of this._rows.values())
                this.group.remove(row);
            this._rows.clear();
            this._kinds = kinds;
            for (const kind of kinds)
                this._rows.set(kind, this._row(kind));
        }
        this._updating = true;
        for (const [kind, { toggle }] of this._rows)
            toggle.active = this._on.has(kind);
        this._updating = false;
    }

    _row(kind) {
        const [title, subtitle] = label(kind);
        const toggle = new Gtk.Switch({ valign: Gtk.Align.CENTER });
        const row = new Adw.ActionRow({ title, subtitle, activatable_widget: toggle });
        row.add_suffix(toggle);
        toggle.connect('notify::active', () => {
            if (this._updating)
                return;
            const list = this._kinds.filter(k => (k === kind ? toggle.active : this._on.has(k)));
            this._onSet(list, title, toggle.active);
        });
        this.group.add(row);
        return { row, toggle };
    }
}
