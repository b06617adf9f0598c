/* The names and signatures of forcetouchd's bus (docs/SPEC.md §11) for the GNOME Shell extension: made
 * from the one table, Sources/ForceTouchProtocol (BusNames and BusSignal in BusSignal.swift, BusMethod in
 * ControlRequest.swift, the facts' keys in PressTargetFacts.swift, MenuShown's keys in MenuShownKeys.swift),
 * by Tests/ForceTouchProtocolTests/BusTableTests.swift, which fails while this copy differs. Do not edit:
 * change the table, then `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests` writes it. */

var DAEMON_NAME = 'io.github.forcetouch.Daemon1';
var DAEMON_PATH = '/io/github/forcetouch/Daemon1';
var DAEMON_IFACE = 'io.github.forcetouch.Daemon1';
var OVERLAY_NAME = 'io.github.forcetouch.Overlay1';
var OVERLAY_PATH = '/io/github/forcetouch/Overlay1';
/* The overlay's object's interface is named as the name it owns. */
var OVERLAY_IFACE = 'io.github.forcetouch.Overlay1';
/* PressTarget's error for a partial answer (ControlErrorKind.partialAnswer): the looker may ask again. */
var PARTIAL_ANSWER_ERROR = 'io.github.forcetouch.Error.PartialAnswer';
/* The daemon's property listing the kinds of under-finger in effect (`as`), and those of them found in
 * text (UnderFingerKinds.text): the text under a press is read only while the property lists one. */
var UNDER_FINGER_PROPERTY = 'UnderFinger';
var TEXT_KINDS = ['word', 'email', 'phone', 'date', 'url'];

/* Every Daemon1 signal, with its arguments' types. A message is taken when these types begin it: a
 * daemon newer than the extension may add arguments at the end. */
var SIGNALS = {
    'Gesture': 'ossuddddsdd',
    'CapabilityChanged': 'ossss',
    'QuickActionPerformed': 'ssss',
    'MenuShown': 'uaa{sv}ddssa{sv}',
    'PressProgress': 'ssddddssb',
    'MenuDismissed': 'us',
    'ActivateWindow': 'u',
    'IntentStarted': 'usssddssb',
    'IntentConfirm': 'ussssd',
    'IntentChoose': 'ussssasd',
    'IntentNeedsValue': 'usssssd',
    'IntentResponse': 'usssssssb',
    'AssistiveButton': 'dddss',
    'ConfigurationReloaded': 'sbs',
    'PressForce': 'ossdddd',
    'CalibrationProgress': 'osssuudds',
};

/* Every Daemon1 method: its arguments' types, then its reply's. */
var METHODS = {
    'Reload': ['', 's'],
    'GetQuickActions': ['', 'ss'],
    'SetQuickActions': ['s', 'u'],
    'AddQuickAction': ['s', 's'],
    'UpdateQuickAction': ['s', 's'],
    'RemoveQuickAction': ['s', ''],
    'ClearQuickActions': ['', 'u'],
    'PerformQuickAction': ['s', 'ss'],
    'RunIntent': ['ssb', 'ssss'],
    'ChooseQuickAction': ['s', 'ss'],
    'DismissMenu': ['u', ''],
    'ResetCalibration': ['s', 'as'],
    'ConfirmIntent': ['ub', ''],
    'AnswerIntent': ['us', ''],
    'OpenIntentApp': ['u', 'ss'],
    'PressTarget': ['a{sv}', ''],
    'GetSettings': ['', 's'],
    'SetSetting': ['ss', 's'],
    'ResetSetting': ['s', 's'],
    'UndoSetting': ['', 's'],
    'MoveSetting': ['su', 's'],
    'StartCalibration': ['su', ''],
    'CancelCalibration': ['s', ''],
};

/* PressTarget's facts: each key with the one type the daemon takes for it; a key not here is not sent. */
var FACTS = {
    'press-x': 'd',
    'press-y': 'd',
    'source': 's',
    'kind': 's',
    'app-id': 's',
    'role': 's',
    'name': 's',
    'description': 's',
    'address': 's',
    'window-app-id': 's',
    'window-pid': 'u',
    'window-title': 's',
    'window-type': 's',
    'why': 's',
    'text': 's',
    'text-offset': 'u',
    'windows': 'a(uss)',
    'accessible': 's',
};

/* MenuShown's keys: each item's and its target's (every value a string), by their Swift names. */
var ITEM_KEYS = {
    'type': 'type',
    'title': 'title',
    'subtitle': 'subtitle',
    'icon': 'icon',
    'iconFile': 'icon-file',
    'kind': 'kind',
};
var TARGET_KEYS = {
    'kind': 'kind',
    'appID': 'app-id',
    'name': 'name',
    'icon': 'icon',
    'address': 'address',
    'why': 'why',
    'definition': 'definition',
    'dictionary': 'dictionary',
    'textStart': 'text-start',
    'textEnd': 'text-end',
};
