/* A setting with a few named values as a row of linked toggle buttons, one pressed (libadwaita
 * 1.2 has no AdwToggleGroup): each button is named for AT-SPI by its label ("Firm") and has its
 * "click" action, and the row shares out the width down to a phone's. A value none of them
 * names (haptic-touch-time in seconds) is shown as what it is, on a button of its own that is
 * there only while the file says such a value. */
import Gtk from 'gi://Gtk?version=4.0';

export class ToggleGroup {
    /* choices: [{ value, label, name }] (name: what a screen reader hears, when the label alone
     * would not say which row it is in); onChoose(value, label) when the user presses one;
     * other(value): the label of a value none of the choices is, or null for none shown; wrap:
     * labels broken over lines where the row is narrow (at a hyphen: "double-" over "tap"). */
    constructor(group, choices, onChoose, other = null, wrap = false) {
        this._buttons = new Map();
        this._updating = false;
        this._other = other;
        // Not homogeneous: three buttons as wide as "Automatic" would not fit a phone's 360 px.
        this.box = new Gtk.Box({ hexpand: true });
        this.box.add_css_class('linked');
        let first = null;
        for (const choice of choices) {
            const button = new Gtk.ToggleButton({ group: first, hexpand: true });
            if (wrap)
                button.set_child(new Gtk.Label({ label: choice.label, wrap: true, justify: Gtk.Justification.CENTER }));
            else
                button.label = choice.label;
            if (choice.name)
                button.update_property([Gtk.AccessibleProperty.LABEL], [choice.name]);
            first ??= button;
            button.connect('toggled', () => {
                if (button.active && !this._updating)
                    onChoose(choice.value, choice.label);
            });
            this.box.append(button);
            this._buttons.set(choice.value, button);
        }
        if (other) {
            this._otherButton = new Gtk.ToggleButton({ group: first, hexpand: true, visible: false });
            this.box.append(this._otherButton);
        }
        group?.add(this.box);
    }

    /* Shows the daemon's value, without calling back; a value none of the buttons names is its
     * own button's, or with none, no button pressed. */
    show(value) {
        this._updating = true;
        for (const [v, button] of this._buttons)
            button.active = v === value;
        if (this._otherButton) {
            const named = this._buttons.has(value);
            this._otherButton.visible = !named;
            if (!named) {
                this._otherButton.label = this._other(value);
                this._otherButton.active = true;
            }
        }
        this._updating = false;
    }
}
