/* The names and signatures of forcetouchd's bus (docs/SPEC.md §11), as dbus/io.github.forcetouch.Daemon1.xml
 * has them: a test compares the two, so that a change of the bus table fails until this follows. */

var DAEMON_NAME = 'io.github.forcetouch.Daemon1';
var DAEMON_PATH = '/io/github/forcetouch/Daemon1';
var DAEMON_IFACE = 'io.github.forcetouch.Daemon1';
var OVERLAY_NAME = 'io.github.forcetouch.Overlay1';
var OVERLAY_PATH = '/io/github/forcetouch/Overlay1';
var OVERLAY_IFACE = 'io.github.forcetouch.Overlay1';

/* The Daemon1 signals the extension draws from, with their arguments' types. A message is taken
 * when these types begin it: a daemon newer than the extension may add arguments at the end. */
var SIGNALS = {
    MenuShown: 'uaa{sv}ddssa{sv}',
    PressProgress: 'ssddddssb',
    MenuDismissed: 'us',
    IntentStarted: 'usssddssb',
    IntentConfirm: 'ussssd',
    IntentChoose: 'ussssasd',
    IntentNeedsValue: 'usssssd',
    IntentResponse: 'usssssssb',
    AssistiveButton: 'dddss',
};

/* The Daemon1 methods the extension calls: arguments in, reply out. */
var METHODS = {
    ChooseQuickAction: ['s', 'ss'],
    DismissMenu: ['u', ''],
    ConfirmIntent: ['ub', ''],
    AnswerIntent: ['us', ''],
    OpenIntentApp: ['u', 'ss'],
    PressTarget: ['a{sv}', ''],
};

/* PressTarget's facts: each key with the one type the daemon takes for it (FT_FACT_* in the bus
 * table's C header, PressTargetFacts.Key in Swift); a key not here is not sent. */
var FACTS = {
    'press-x': 'd', 'press-y': 'd', source: 's', kind: 's', 'app-id': 's', role: 's', name: 's',
    description: 's', address: 's', 'window-app-id': 's', 'window-pid': 'u', 'window-title': 's',
    'window-type': 's', why: 's',
};
