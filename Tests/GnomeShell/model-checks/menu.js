/* menuModel.js against Tests/GnomeShell/vectors/menu.json, which
 * Tests/OverlayModelTests/MenuVectorsTests.swift writes from Sources/OverlayModel: the layouts,
 * the growths, and sequences of events on one MenuInteraction each, every step's answer
 * compared. `check(vectors, t)` reports each comparison to `t.equal(actual, expected, what)`,
 * where a missing or null field is none (Tests/GnomeShell/model-vectors.js runs it). */
const {
    MenuLayout, MenuGrowth, MenuInteraction, MenuEvent, PressStage, LinkPreviewLayout, LinkTarget, MenuContent,
    BusStrings, TextHighlight,
} = imports.menuModel;

const rect = r => [r.x, r.y, r.width, r.height];

/* A link's preview as the vectors write it. */
const linkFrame = l => ({
    bounds: rect(l.bounds), preview: rect(l.preview), page: l.page ? rect(l.page) : null,
    definition: l.definition ? rect(l.definition) : null, actions: rect(l.actions.card),
    rows: l.actions.rows.map(rect), scale: l.scale,
});

function checkContents(v, t) {
    v.contents.forEach((c, i) => {
        const content = new MenuContent(new BusStrings(c.target), c.items.map(pairs => new BusStrings(pairs)));
        const card = content.lookUp;
        const lookUp = card ? { word: card.word, source: card.source, senses: card.senses, bodyHeight: card.bodyHeight }
            : null;
        t.equal({ kind: content.kind, name: content.name, rows: content.rows, heading: content.heading, link: content.link,
            lookUp, popRow: content.popRow }, { kind: c.kind, name: c.name, rows: c.rows, heading: c.heading, link: c.link,
            lookUp: c.lookUp, popRow: c.popRow },
            `content ${i}: target ${JSON.stringify(c.target)}, ${c.items.length} item(s)`);
    });
}

function checkLinkLayouts(v, t) {
    v.linkLayouts.forEach((c, i) => {
        const l = new LinkPreviewLayout(c.items, c.page, { x: c.finger[0], y: c.finger[1] },
            { width: c.surface[0], height: c.surface[1] }, c.scale, c.placed, c.definition ?? 0);
        const partAt = c.partAt.map(p => {
            const part = l.part(p.x, p.y);
            return { x: p.x, y: p.y, row: part?.row ?? null, preview: part?.preview ? true : null };
        });
        t.equal({ link: linkFrame(l), partAt }, { link: c.link, partAt: c.partAt },
            `link layout ${i}: ${c.items} item(s)${c.page ? ' and the page' : ''}${
                c.definition ? `, a definition ${c.definition} high` : ''} at ${c.finger} on ${c.surface}, ` +
            `scale ${c.scale}${c.placed ? ', placed' : ''}`);
    });
}

function checkLayouts(v, t) {
    v.layouts.forEach((c, i) => {
        const l = new MenuLayout(c.items, { x: c.finger[0], y: c.finger[1] },
            { width: c.surface[0], height: c.surface[1] }, c.scale, c.placed, c.heading === true);
        const rowAt = c.rowAt.map(p => ({
            x: p.x, y: p.y, row: l.row(p.x, p.y), onHeading: l.isOnHeading(p.x, p.y) ? true : null,
        }));
        t.equal({ card: rect(l.card), headingRect: l.heading ? rect(l.heading) : null, rows: l.rows.map(rect),
            drawnScale: l.scale, rowAt },
        { card: c.card, headingRect: c.headingRect, rows: c.rows, drawnScale: c.drawnScale, rowAt: c.rowAt },
        `layout ${i}: ${c.items} item(s) at ${c.finger} on ${c.surface}, scale ${c.scale}${c.placed ? ', placed' : ''}${
            c.heading ? ', headed' : ''}`);
    });
}

function checkGrowths(v, t) {
    for (const c of v.growths) {
        const g = MenuGrowth.of(PressStage.fromBus(c.stage), c.transition, c.commit);
        t.equal({ scale: g.scale, dimming: g.dimming }, { scale: c.scale, dimming: c.dimming },
            `growth at stage "${c.stage}", ${c.transition}, ${c.commit}`);
    }
}

/* The event a step's input is, as the extension makes it from the bus or the user's input. */
function eventOf(input) {
    switch (input.kind) {
    case 'progress':
        return MenuEvent.progressFromBus(input.phase, input.stage, input.transition, input.commit, input.x, input.y,
            input.placement, input.preview !== false);
    case 'shown':
        return MenuEvent.shown(input.id, input.items, input.x, input.y, input.placement === 'pointer',
            input.heading === true, input.link ? new LinkTarget(input.link.openRow ?? null, input.link.page) : null);
    case 'dismissed':
        return MenuEvent.dismissed(input.id);
    case 'released':
        return MenuEvent.released(input.x, input.y);
    case 'escape':
        return MenuEvent.escape();
    case 'daemonGone':
        return MenuEvent.daemonGone();
    default:
        throw new Error(`unknown input ${input.kind}`);
    }
}

function checkSequences(v, t) {
    for (const s of v.sequences) {
        const menu = new MenuInteraction();
        s.steps.forEach((step, i) => {
            const input = step.input;
            const got = {};
            if (input.kind === 'frame') {
                const f = menu.frame({ width: input.surface[0], height: input.surface[1] },
                    input.pointer ? { x: input.pointer[0], y: input.pointer[1] } : null, input.placed);
                got.frame = {
                    visible: f.visible, menuID: f.menuID, scale: f.growth.scale, dimming: f.growth.dimming,
                    card: rect(f.layout.card), heading: f.layout.heading ? rect(f.layout.heading) : null,
                    rows: f.layout.rows.map(rect), layoutScale: f.layout.scale,
                    highlight: f.highlight, atPointer: f.atPointer, link: f.link ? linkFrame(f.link) : null,
                };
            } else {
                const e = menu.handle(eventOf(input));
                got.effects = { choose: e.choose, dismiss: e.dismiss, beganPress: e.beganPress, redraw: e.redraw };
            }
            got.state = menu.state.name;
            got.visible = menu.isVisible;
            got.menuID = menu.menuID;
            got.highlight = menu.highlight;
            got.transitions = menu.takeTransitions().map(tr => tr.description);
            const { input: _, ...expected } = step;
            t.equal(got, expected, `"${s.name}" step ${i} (${JSON.stringify(input)})`);
        });
    }
}

/* TextHighlight's characters asked for and its tint's place and look. */
function checkHighlights(v, t) {
    v.highlightRanges.forEach((c, i) => {
        const r = TextHighlight.characters(c.start, c.end, c.readFrom, c.sentLength);
        t.equal(r ? [r.from, r.to] : null, c.characters ?? null,
            `highlight range ${i}: ${JSON.stringify([c.start, c.end])} of ${c.sentLength} read from ${c.readFrom}`);
    });
    const box = a => ({ x: a[0], y: a[1], width: a[2], height: a[3] });
    v.highlights.forEach((c, i) => {
        const r = TextHighlight.rect(box(c.extents), { x: c.origin[0], y: c.origin[1] }, box(c.window));
        t.equal(r ? rect(r) : null, c.rect ?? null,
            `highlight ${i}: extents ${c.extents} from ${c.origin} on a window at ${c.window}`);
    });
    const H = TextHighlight;
    t.equal({ red: H.red, green: H.green, blue: H.blue, alpha: H.alpha, cornerRadius: H.cornerRadius },
        v.highlightTint, 'the highlight\'s tint');
}

function check(v, t) {
    checkHighlights(v, t);
    checkContents(v, t);
    checkLayouts(v, t);
    checkLinkLayouts(v, t);
    checkGrowths(v, t);
    checkSequences(v, t);
}
