/* A test area, as iOS has under 3D Touch and under Haptic Touch: a picture that grows at peek
 * and again at pop (or at a Haptic Touch), and for 3D Touch a bar of the press's force rising to
 * its device's peek and pop marks. Everything drawn is the daemon's PressForce: the force, the
 * thresholds at the sensitivity chosen (a change shows at the next press) and the stage the
 * press reached; nothing is decided here. As on iOS only a press on the area is followed: the
 * daemon's press is shown from the moment GTK has a touch or a pointer button down in the area
 * (the same finger, which the desktop gives the window too) to the daemon's lift; a press
 * anywhere else on the device leaves the area as it was. The colours are fixed, not the
 * theme's, so that a screenshot can find the bar, the marks and the picture in light and in
 * dark. */
import Gtk from 'gi://Gtk?version=4.0';
import Pango from 'gi://Pango';
import PangoCairo from 'gi://PangoCairo';

import { _, format } from './i18n.js';

export const COLOURS = {
    picture: [0x62, 0xa0, 0xea],  // #62a0ea
    force: [0x91, 0x41, 0xac],    // #9141ac
    peek: [0xe6, 0x61, 0x00],     // #e66100
    pop: [0xc0, 0x1c, 0x28],      // #c01c28
};

/* How much larger each area's picture is drawn once the press reached a stage of its own. */
const GROWTH = {
    force: { peek: 1.2, pop: 1.45 },
    'haptic-touch': { 'haptic-touch': 1.45 },
};
const PICTURE = 48;
const BAR = { height: 12, margin: 16, mark: 3 };

function rgb(cr, [r, g, b]) {
    cr.setSourceRGB(r / 255, g / 255, b / 255);
}

function roundedSquare(cr, cx, cy, size, radius) {
    const x = Math.round(cx - size / 2), y = Math.round(cy - size / 2), s = Math.round(size);
    cr.newSubPath();
    cr.arc(x + s - radius, y + radius, radius, -Math.PI / 2, 0);
    cr.arc(x + s - radius, y + s - radius, radius, 0, Math.PI / 2);
    cr.arc(x + radius, y + s - radius, radius, Math.PI / 2, Math.PI);
    cr.arc(x + radius, y + radius, radius, Math.PI, 3 * Math.PI / 2);
    cr.closePath();
}

const number = value => value.toFixed(1);

export class ForceTestArea {
    /* kind: 'force' (the 3D Touch area: picture and bar) or 'haptic-touch' (the picture alone,
     * grown at a Haptic Touch). */
    constructor(group, kind) {
        this._kind = kind;
        this._press = null;
        this._described = '';
        // Whether a touch or a button is down in the area now, whether the daemon's press is
        // being followed, and the daemon's last word on the press under way (it may begin
        // before GTK has the touch: the daemon reads the device itself).
        this._held = false;
        this._following = false;
        this._latest = null;
        const force = kind === 'force';
        this.area = new Gtk.DrawingArea({
            content_height: force ? 150 : 110,
            hexpand: true,
            margin_top: 12,
            accessible_role: Gtk.AccessibleRole.IMG,
        });
        this.area.add_css_class('card');
        this.area.update_property([Gtk.AccessibleProperty.LABEL],
            [force ? _('3D Touch test area') : _('Haptic Touch test area')]);
        this.area.set_draw_func((_a, cr, width, height) => this._draw(cr, width, height));
        group.add(this.area);
        const press = new Gtk.GestureDrag({ button: 0 });
        // Focus comes to the area pressed: left in a row elsewhere that the daemon's answer
        // makes anew, it would scroll the page to that row, away from the finger.
        this.area.focusable = true;
        press.connect('drag-begin', () => {
            this.area.grab_focus();
            this._held = true;
            if (this._latest && this._latest.phase !== 'ended')
                this._follow(this._latest);
        });
        press.connect('drag-end', () => (this._held = false));
        press.connect('cancel', () => (this._held = false));
        this.area.add_controller(press);
        this._describe(force
            ? _('Press on a force-sensing device: the force rises to the peek and pop marks, the picture grows at each')
            : _('Touch and hold still: the picture grows at the Haptic Touch'));
    }

    /* The daemon's PressForce: followed while its press began, or went on, with the area held. */
    show(press) {
        this._latest = press;
        if (press.phase === 'began')
            this._following = this._held;
        if (this._following || (this._held && press.phase !== 'ended'))
            this._follow(press);
    }

    _follow(press) {
        this._following = press.phase !== 'ended';
        this._press = press.phase === 'ended' ? { ...press, force: 0 } : press;
        this._describe(this._kind === 'force' ? this._forceText(press) : this._hapticText(press));
        this.area.queue_draw();
    }

    _stageText(stage) {
        switch (stage) {
        case 'peek': return _('peek');
        case 'pop': return _('pop');
        case 'haptic-touch': return _('Haptic Touch');
        default: return _('not yet at peek');
        }
    }

    _forceText(p) {
        if (p.maximumPossibleForce <= 0)
            return _('This device reports no force: try Haptic Touch below');
        if (p.phase === 'ended')
            return format(_('Lifted; the press reached: %s'), this._stageText(p.stage));
        return format(_('Force %s of %s; peek at %s, pop at %s; reached: %s'), number(p.force),
            number(p.maximumPossibleForce), number(p.peek), number(p.pop), this._stageText(p.stage));
    }

    _hapticText(p) {
        if (p.phase === 'ended')
            return p.stage === 'haptic-touch' ? _('Lifted after a Haptic Touch') : _('Lifted before a Haptic Touch');
        return p.stage === 'haptic-touch' ? _('Haptic Touch') : _('Held: not yet a Haptic Touch');
    }

    /* Only a changed text is said again: a press sends its force 60 times a second. */
    _describe(text) {
        if (text === this._described)
            return;
        this._described = text;
        this.area.update_property([Gtk.AccessibleProperty.DESCRIPTION], [text]);
    }

    _draw(cr, width, height) {
        const p = this._press;
        const held = p && p.phase !== 'ended';
        const grown = held ? GROWTH[this._kind][p.stage] ?? 1 : 1;
        const pictureY = this._kind === 'force' ? 52 : 45;
        rgb(cr, COLOURS.picture);
        roundedSquare(cr, width / 2, pictureY, PICTURE * grown, 10 * grown);
        cr.fill();
        if (this._kind === 'force' && p && p.maximumPossibleForce > 0)
            this._drawBar(cr, width, height, p);
        else
            this._caption(cr, width, height);
        cr.$dispose();
    }

    /* What the area says to a screen reader, written under the picture where there is no bar. */
    _caption(cr, width, height) {
        const layout = this.area.create_pango_layout(this._described);
        layout.set_width((width - 2 * BAR.margin) * 1024);
        layout.set_alignment(Pango.Alignment.CENTER);
        const [, logical] = layout.get_pixel_extents();
        const fg = this.area.get_style_context().get_color();
        cr.setSourceRGBA(fg.red, fg.green, fg.blue, 0.7 * fg.alpha);
        cr.moveTo(BAR.margin, height - 12 - logical.height);
        PangoCairo.show_layout(cr, layout);
    }

    _drawBar(cr, width, height, p) {
        const left = BAR.margin, span = width - 2 * BAR.margin, top = height - 44;
        const at = force => Math.round(left + span * Math.min(Math.max(force / p.maximumPossibleForce, 0), 1));
        cr.setSourceRGBA(0.5, 0.5, 0.5, 0.3);
        cr.rectangle(left, top, span, BAR.height);
        cr.fill();
        rgb(cr, COLOURS.force);
        cr.rectangle(left, top, at(p.force) - left, BAR.height);
        cr.fill();
        const label = this.area.create_pango_layout('');
        // GTK 4.8 has no gtk_widget_get_color (4.10): the style context's (so the caption's too).
        const fg = this.area.get_style_context().get_color();
        for (const [name, force, colour] of [[_('Peek'), p.peek, COLOURS.peek], [_('Pop'), p.pop, COLOURS.pop]]) {
            const x = at(force) - 1;
            rgb(cr, colour);
            cr.rectangle(x, top - 6, BAR.mark, BAR.height + 12);
            cr.fill();
            label.set_text(name, -1);
            const [, logical] = label.get_pixel_extents();
            cr.setSourceRGBA(fg.red, fg.green, fg.blue, fg.alpha);
            cr.moveTo(Math.min(Math.max(x - logical.width / 2, 0), width - logical.width), top + BAR.height + 8);
            PangoCairo.show_layout(cr, label);
        }
    }
}
