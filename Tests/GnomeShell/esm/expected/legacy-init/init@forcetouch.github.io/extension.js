
import { Entry } from './entry.js';

import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';

export default class ForcetouchShellExtension extends Extension {
    constructor(metadata) {
        super(metadata);
        this._extension = new Entry(this);
    }

    enable() {
        this._extension.enable();
    }

    disable() {
        this._extension.disable();
    }
}
