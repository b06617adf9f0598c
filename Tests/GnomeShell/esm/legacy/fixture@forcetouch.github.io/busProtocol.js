/* exported DAEMON_NAME, SIGNALS */
var DAEMON_NAME = 'io.github.forcetouch.Daemon1';
var SIGNALS = {
    MenuDismissed: '(us)',
};
