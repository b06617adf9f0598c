/* The parts of the extension that draw or answer: each is a class constructed with
 * `{ daemon, log, outputs, service, textRead }`, with a method `on` + MEMBER for each Daemon1 signal it
 * handles (`onMenuShown(params)`), and optionally `onDaemonGone()`; and `destroy()`. */
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { IntentWindow } = Me.imports.intentWindow;
const { AssistiveButton } = Me.imports.assistiveButton;
const { UnderPoint } = Me.imports.underPoint;
const { MenuController } = Me.imports.menu;
const { WindowActivator } = Me.imports.windowList;

var PARTS = [AssistiveButton, IntentWindow, MenuController, UnderPoint, WindowActivator];
