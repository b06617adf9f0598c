/* Where on the stage a press the daemon reports is. */
const { Meta } = imports.gi;
const Main = imports.ui.main;

/* Connectors of built-in panels, where a touchscreen with no `output` of its own is. */
const BUILT_IN_CONNECTORS = ['eDP', 'LVDS', 'DSI'];

/* The monitors as the shell lays them out, and the press's place on them. The daemon gives a
 * press as 0..1 across its device, a placement (`touch`: the position maps onto the output;
 * `pointer`: a touchpad or pen, so the menu goes at the pointer) and the `[[device]]` block's
 * `output`, a connector name here (`eDP-1`, `HDMI-1`: the names the log lists at start). An empty
 * or unknown output is the built-in panel if there is one, else the primary monitor: a
 * touchscreen is nearly always the laptop's own panel. */
var Outputs = class Outputs {
    constructor({ log }) {
        this._log = log;
        this._warned = new Set();
        this._changed = Main.layoutManager.connect('monitors-changed', () => this._list());
        this._list();
    }

    _monitorManager() {
        return global.backend?.get_monitor_manager?.() ?? Meta.MonitorManager.get?.() ?? null;
    }

    _indexOf(connector) {
        const manager = this._monitorManager();
        if (!manager || !connector)
            return -1;
        return manager.get_monitor_for_connector(connector);
    }

    _list() {
        for (const m of Main.layoutManager.monitors) {
            this._log.info(`output ${this._connectorOf(m.index) || '(unnamed)'} ` +
                `${m.width}x${m.height}+${m.x}+${m.y} scale ${m.geometry_scale}`);
        }
    }

    /* The connector name of monitor `index`, found by asking for the usual names. */
    _connectorOf(index) {
        const kinds = [...BUILT_IN_CONNECTORS, 'HDMI', 'DP', 'DVI', 'VGA', 'Virtual', 'Meta', 'None'];
        for (const kind of kinds) {
            for (let n = 0; n < 8; n++) {
                for (const name of [`${kind}-${n}`, `${kind}-${n}-1`]) {
                    if (this._indexOf(name) === index)
                        return name;
                }
            }
        }
        return '';
    }

    _builtInIndex() {
        for (const kind of BUILT_IN_CONNECTORS) {
            for (let n = 0; n < 4; n++) {
                const index = this._indexOf(`${kind}-${n}`);
                if (index >= 0)
                    return index;
            }
        }
        return -1;
    }

    /* The monitor a touchscreen's `output` names, else the built-in or the primary one. */
    monitorFor(output) {
        const monitors = Main.layoutManager.monitors;
        let index = this._indexOf(output);
        if (output && index < 0 && !this._warned.has(output)) {
            this._warned.add(output);
            this._log.info(`output ${output} is not connected: pressing on the built-in or primary monitor`);
        }
        if (index < 0)
            index = this._builtInIndex();
        if (index < 0 || index >= monitors.length)
            index = Main.layoutManager.primaryIndex;
        return monitors[index] ?? Main.layoutManager.primaryMonitor;
    }

    /* The press at `x`, `y` (0..1) with `placement` and `output` as the daemon sends them, as
     * `{ point: {x, y}, monitor: {x, y, width, height, scale, index} }` in stage pixels. */
    locate(x, y, placement, output) {
        let monitor, point;
        if (placement === 'pointer') {
            const [px, py] = global.get_pointer();
            // The pointer's monitor: Meta.Rectangle is gone from GNOME 45 (Mtk.Rectangle).
            monitor = Main.layoutManager.monitors[global.display.get_current_monitor()] ??
                Main.layoutManager.primaryMonitor;
            point = { x: px, y: py };
        } else {
            monitor = this.monitorFor(output);
            point = {
                x: monitor.x + Math.round(Math.min(Math.max(x, 0), 1) * monitor.width),
                y: monitor.y + Math.round(Math.min(Math.max(y, 0), 1) * monitor.height),
            };
        }
        return {
            point,
            monitor: {
                x: monitor.x, y: monitor.y, width: monitor.width, height: monitor.height,
                scale: monitor.geometry_scale, index: monitor.index,
            },
        };
    }

    destroy() {
        Main.layoutManager.disconnect(this._changed);
    }
};
