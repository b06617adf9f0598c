/** What init() makes: knows its extension's uuid as GNOME 43 and 45 both give it. */
var Entry = class Entry {
    constructor(extension) {
        this.uuid = extension.uuid;
    }

    enable() {}

    disable() {}
};
