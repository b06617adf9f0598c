/* buttonModel.js against Tests/GnomeShell/vectors/button.json (see ../model-vectors.js). */
const { ButtonPlacement } = imports.buttonModel;

function check(v, t) {
    t.equal(ButtonPlacement.smallest, v.smallest, 'smallest');
    for (const p of v.placements) {
        const b = new ButtonPlacement(p.x, p.y, p.size, p.state, { width: p.output[0], height: p.output[1] });
        t.equal({ visible: b.visible, dragging: b.dragging, square: [b.square.x, b.square.y, b.square.width, b.square.height] },
            { visible: p.visible, dragging: p.dragging, square: p.square }, `button ${JSON.stringify(p)}`);
    }
}
