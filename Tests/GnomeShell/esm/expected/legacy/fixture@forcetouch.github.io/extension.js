// The entry: the only file GNOME loads; the legacy imports below are rewritten.
/* exported init */

import { ForcetouchExtension } from './forcetouchExtension.js';

import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';

export default class ForcetouchShellExtension extends Extension {
    constructor(metadata) {
        super(metadata);
        this._extension = new ForcetouchExtension();
    }

    enable() {
        this._extension.enable();
    }

    disable() {
        this._extension.disable();
    }
}
