/* The parts of the extension that draw or answer: each is a class constructed with
 * `{ daemon, log, outputs, service }`, with a method `on` + MEMBER for each Daemon1 signal it
 * handles (`onMenuShown(params)`), and optionally `onDaemonGone()`; and `destroy()`. */

var PARTS = [];
