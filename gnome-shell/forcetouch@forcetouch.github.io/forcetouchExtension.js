/* The extension enabled: its parts wired to the bus. */
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { DAEMON_NAME } = Me.imports.busProtocol;
const { DaemonClient } = Me.imports.daemonClient;
const { Log } = Me.imports.log;
const { OverlayService } = Me.imports.overlayService;
const { Outputs } = Me.imports.outputs;
const { PARTS } = Me.imports.parts;
const { TextRead } = Me.imports.textRead;

/* What enable() builds and disable() takes down: the log, the monitors, the Overlay1 name and
 * object, the parts (parts.js) and the text they share (textRead.js), and the daemon's client, which hands each believed signal to every
 * part with a method for it. Nothing is drawn until the daemon says so. */
var ForcetouchExtension = class ForcetouchExtension {
    enable() {
        this._log = new Log();
        this._outputs = new Outputs({ log: this._log });
        this._parts = [];
        this._daemon = new DaemonClient({
            log: this._log,
            onSignal: (member, params) => this._route(member, params),
            // The name left without an owner, or another process took it: what the daemon that
            // had it asked to show has no one to answer for it.
            onOwnerChanged: (owner, previous) => {
                if (!previous)
                    return;
                // The overlay's line (SPEC §11), for the same checks.
                this._log.info(`${DAEMON_NAME}: ${owner ? 'another process took its name' : 'it left the bus'}: ` +
                    'what it showed goes');
                this._each(part => part.onDaemonGone?.());
            },
        });
        this._service = new OverlayService({ daemon: this._daemon, log: this._log });
        // The text a press read, shared by what reads it (underPoint.js) and the menu that marks its find.
        const context = {
            daemon: this._daemon, log: this._log, outputs: this._outputs, service: this._service, textRead: new TextRead(),
        };
        for (const Part of PARTS)
            this._parts.push(new Part(context));
        this._service.start();
        this._log.info(`enabled (${this._parts.length} parts)`);
    }

    _each(fn) {
        for (const part of this._parts) {
            try {
                fn(part);
            } catch (e) {
                logError(e, 'forcetouch');
            }
        }
    }

    _route(member, params) {
        this._each(part => part[`on${member}`]?.(params));
    }

    disable() {
        this._daemon?.destroy();
        this._each(part => part.destroy());
        this._parts = [];
        this._service?.destroy();
        this._outputs?.destroy();
        this._daemon = this._service = this._outputs = null;
        this._log?.info('disabled');
    }
};
