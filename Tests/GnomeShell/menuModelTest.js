/* The GNOME Shell extension's menu model (gnome-shell/forcetouch@forcetouch.github.io/menuModel.js)
 * against the Swift model it ports: runs it over Tests/GnomeShell/vectors/menu.json, which
 * Tests/OverlayModelTests/MenuVectorsTests.swift writes from Sources/OverlayModel, and fails on
 * the first differences, each named by its case or its sequence and step.
 *
 *   gjs Tests/GnomeShell/menuModelTest.js [REPOSITORY]
 *
 * (a legacy gjs script: the extension's source is GNOME 43's legacy-imports form). ProgramTests'
 * GnomeMenuModelTests runs it where gjs is installed. */
const { GLib } = imports.gi;
const System = imports.system;

const root = ARGV[0] ||
    GLib.path_get_dirname(GLib.path_get_dirname(GLib.path_get_dirname(GLib.canonicalize_filename(System.programPath, null))));
imports.searchPath.unshift(`${root}/gnome-shell/forcetouch@forcetouch.github.io`);
const {
    MenuLayout, MenuGrowth, MenuInteraction, MenuEvent, PressStage, boundedText, TEXT_LIMIT,
} = imports.menuModel;

const failures = [];
function fail(where, what) {
    failures.push(`${where}: ${what}`);
}

/* An expected value (a missing JSON key is none) against the port's. */
function same(where, field, expected, actual) {
    const want = expected === undefined ? null : expected;
    const got = actual === undefined ? null : actual;
    const a = JSON.stringify(want), b = JSON.stringify(got);
    if (a !== b)
        fail(where, `${field} is ${b}, the Swift model's is ${a}`);
}

const rect = r => [r.x, r.y, r.width, r.height];

const [ok, bytes] = GLib.file_get_contents(`${root}/Tests/GnomeShell/vectors/menu.json`);
if (!ok)
    throw new Error('cannot read the vectors');
const vectors = JSON.parse(new TextDecoder().decode(bytes));

// The layouts.
vectors.layouts.forEach((c, i) => {
    const where = `layout ${i} (${c.items} items at ${c.finger} on ${c.surface}, scale ${c.scale}${c.placed ? ', placed' : ''})`;
    const l = new MenuLayout(c.items, { x: c.finger[0], y: c.finger[1] }, { width: c.surface[0], height: c.surface[1] },
        c.scale, c.placed);
    same(where, 'card', c.card, rect(l.card));
    same(where, 'rows', c.rows, l.rows.map(rect));
    same(where, 'scale', c.drawnScale, l.scale);
    for (const p of c.rowAt)
        same(where, `row(${p.x}, ${p.y})`, p.row, l.row(p.x, p.y));
});

// The growths.
vectors.growths.forEach((c, i) => {
    const where = `growth ${i} (stage "${c.stage}", ${c.transition}, ${c.commit})`;
    const g = MenuGrowth.of(PressStage.fromBus(c.stage), c.transition, c.commit);
    same(where, 'scale', c.scale, g.scale);
    same(where, 'dimming', c.dimming, g.dimming);
});

// The sequences: one machine each, every step's answer.
let steps = 0;
for (const s of vectors.sequences) {
    const menu = new MenuInteraction();
    s.steps.forEach((step, i) => {
        const where = `"${s.name}" step ${i} (${step.input.kind})`;
        const input = step.input;
        steps++;
        if (input.kind === 'frame') {
            const f = menu.frame({ width: input.surface[0], height: input.surface[1] },
                input.pointer ? { x: input.pointer[0], y: input.pointer[1] } : null, input.placed);
            const e = step.frame;
            same(where, 'frame.visible', e.visible, f.visible);
            same(where, 'frame.menuID', e.menuID, f.menuID);
            same(where, 'frame.scale', e.scale, f.growth.scale);
            same(where, 'frame.dimming', e.dimming, f.growth.dimming);
            same(where, 'frame.card', e.card, rect(f.layout.card));
            same(where, 'frame.rows', e.rows, f.layout.rows.map(rect));
            same(where, 'frame.layoutScale', e.layoutScale, f.layout.scale);
            same(where, 'frame.highlight', e.highlight, f.highlight);
            same(where, 'frame.atPointer', e.atPointer, f.atPointer);
        } else {
            let event;
            switch (input.kind) {
            case 'progress':
                event = MenuEvent.progressFromBus(input.phase, input.stage, input.transition, input.commit,
                    input.x, input.y, input.placement);
                break;
            case 'shown':
                event = MenuEvent.shown(input.id, input.items, input.x, input.y, input.placement === 'pointer');
                break;
            case 'dismissed':
                event = MenuEvent.dismissed(input.id);
                break;
            case 'released':
                event = MenuEvent.released(input.x, input.y);
                break;
            case 'escape':
                event = MenuEvent.escape();
                break;
            default:
                fail(where, `unknown input ${input.kind}`);
                return;
            }
            const e = menu.handle(event);
            same(where, 'effects.choose', step.effects.choose, e.choose);
            same(where, 'effects.dismiss', step.effects.dismiss, e.dismiss);
            same(where, 'effects.beganPress', step.effects.beganPress, e.beganPress);
            same(where, 'effects.redraw', step.effects.redraw, e.redraw);
        }
        same(where, 'state', step.state, menu.state.name);
        same(where, 'isVisible', step.visible, menu.isVisible);
        same(where, 'menuID', step.menuID, menu.menuID);
        same(where, 'highlight', step.highlight, menu.highlight);
        same(where, 'transitions', step.transitions, menu.takeTransitions().map(t => t.description));
    });
}

// What the menu draws is bounded (SPEC §11, "Limits"): no vectors, the C's own rule.
const huge = 'x'.repeat(10000000);
same('boundedText', 'a 10 MB title', TEXT_LIMIT + 1, boundedText(huge).length);
same('boundedText', 'its end', '…', boundedText(huge).slice(-1));
same('boundedText', 'a text of the limit', 'y'.repeat(TEXT_LIMIT), boundedText('y'.repeat(TEXT_LIMIT)));
same('boundedText', 'characters, not UTF-16 units', TEXT_LIMIT + 1, [...boundedText('😀'.repeat(TEXT_LIMIT + 3))].length);
same('boundedText', 'not a string', '', boundedText(undefined));

const counts = `${vectors.layouts.length} layouts, ${vectors.growths.length} growths, ` +
    `${steps} steps of ${vectors.sequences.length} sequences`;
if (failures.length) {
    for (const f of failures.slice(0, 30))
        printerr(`FAIL: ${f}`);
    printerr(`menuModel.js differs from the Swift model in ${failures.length} place(s) (${counts})`);
    System.exit(1);
}
print(`PASS: menuModel.js matches the Swift model: ${counts}, and bounds its texts`);
