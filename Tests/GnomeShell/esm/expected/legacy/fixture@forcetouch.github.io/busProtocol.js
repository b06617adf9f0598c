/* exported DAEMON_NAME, SIGNALS */
export var DAEMON_NAME = 'io.github.forcetouch.Daemon1';
export var SIGNALS = {
    MenuDismissed: '(us)',
};
