/* intentModel.js against Tests/GnomeShell/vectors/intent.json (see ../model-vectors.js). */
const {
    IntentWindowInteraction, IntentWindowFrame, IntentWindowPlacement, IntentResponseLook, IntentWindowState,
} = imports.intentModel;

function frameVector(f) {
    return {
        width: f.width,
        height: f.height,
        buttons: f.buttons.map(b => ({
            name: b.name, label: b.label, primary: b.primary, rect: [b.rect.x, b.rect.y, b.rect.width, b.rect.height],
        })),
    };
}

function stateOf(v) {
    if (v.name === 'hidden')
        return IntentWindowState.hidden();
    if (v.question)
        return IntentWindowState.asking(v.question);
    return IntentWindowState.showingResponse(v.code, v.final);
}

function stateVector(s) {
    return {
        name: s.name,
        question: s.kind === 'asking' ? s.question : null,
        code: s.kind === 'showingResponse' ? s.code : null,
        final: s.kind === 'showingResponse' ? s.final : null,
    };
}

function effectsVector(e) {
    const dismiss = e.dismiss === null ? null : e.dismiss === 'cancel' ? 'cancel' : `arm ${e.dismiss.arm}`;
    return { ...e, dismiss };
}

function check(v, t) {
    t.equal([IntentWindowInteraction.dismissMilliseconds, IntentWindowFrame.width, IntentWindowFrame.maxButtons],
        [v.dismissMilliseconds, v.width, v.maxButtons], 'figures');
    for (const p of v.placements) {
        const got = new IntentWindowPlacement({ width: p.size[0], height: p.size[1] },
            { width: p.output[0], height: p.output[1] }, p.located, { x: p.finger[0], y: p.finger[1] }, p.placement,
            p.pointer ? { x: p.pointer[0], y: p.pointer[1] } : null);
        t.equal([got.x, got.y], [p.x, p.y], `placement ${JSON.stringify(p)}`);
    }
    for (const l of v.looks) {
        const { code, ...expected } = l;
        t.equal({ ...new IntentResponseLook(code) }, expected, `look ${code}`);
    }
    for (const f of v.frames) {
        const got = new IntentWindowFrame(stateOf(f.state), f.header, f.message, f.middle);
        t.equal(frameVector(got), f.frame, `frame ${f.state.name} ${f.header}/${f.message}/${f.middle}`);
    }
    for (const s of v.scenarios) {
        const w = new IntentWindowInteraction();
        s.steps.forEach((step, i) => {
            const e = w.handle(step.event);
            if (e.show)
                w.layout(...step.layout);
            t.equal({
                effects: effectsVector(e), state: stateVector(w.state), kind: w.kind, code: w.code, run: w.run,
                drawn: frameVector(w.drawn), transitions: w.takeTransitions(),
            }, {
                effects: step.effects, state: step.state, kind: step.kind, code: step.code, run: step.run,
                drawn: step.drawn, transitions: step.transitions,
            }, `scenario "${s.name}" step ${i} (${step.event.type})`);
        });
    }
}
