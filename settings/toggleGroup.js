/* A setting with a few named values as a row of linked toggle buttons, one pressed (libadwaita
 * 1.2 has no AdwToggleGroup): each button is named for AT-SPI by its label ("Firm") and has its
 * "click" action, and the row shares out the width down to a phone's. */
import Gtk from 'gi://Gtk?version=4.0';

export class ToggleGroup {
    /* choices: [{ value, label }]; onChoose(value, label) when the user presses one. */
    constructor(group, choices, onChoose) {
        this._buttons = new Map();
        this._updating = false;
        // Not homogeneous: three buttons as wide as "Automatic" would not fit a phone's 360 px.
        const box = new Gtk.Box({ hexpand: true });
        box.add_css_class('linked');
        let first = null;
        for (const choice of choices) {
            const button = new Gtk.ToggleButton({ label: choice.label, group: first, hexpand: true });
            first ??= button;
            button.connect('toggled', () => {
                if (button.active && !this._updating)
                    onChoose(choice.value, choice.label);
            });
            box.append(button);
            this._buttons.set(choice.value, button);
        }
        group.add(box);
    }

    /* Shows the daemon's value, without calling back; a value none of the buttons names (a
     * number of seconds) presses none. */
    show(value) {
        this._updating = true;
        for (const [v, button] of this._buttons)
            button.active = v === value;
        this._updating = false;
    }
}
