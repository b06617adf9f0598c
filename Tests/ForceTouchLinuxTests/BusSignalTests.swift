import ForceTouchEngine
import ForceTouchProtocol
import Testing
@testable import ForceTouchLinux

/// The daemon's signal emitters against the bus's table (`BusSignal`): each message the daemon
/// sends becomes the signal its row names, with values of the row's types in the row's order,
/// and every row is sent by some message. A value added, dropped or moved in `BusService` and
/// not in the table (or the other way round) fails here, not on a desktop.
@Suite struct BusSignalTests {
    static let device = BusNames.devicesPath + "/0"

    /// One of every message the daemon turns into a signal, with the signal it must become.
    static let sent: [(expected: BusSignal, made: (BusSignal, [BusArgument]))] = [
        (.gesture, (.gesture, BusService.arguments(
            gesture: GestureEvent(gesture: .deepPress, phase: .began, fingers: 1, time: Timestamp(seconds: 1),
                                  x: 0.5, y: 0.5, force: 3, stage: .peek),
            device: device))),
        (.capabilityChanged, (.capabilityChanged, BusService.arguments(
            capability: CapabilityMessage(node: "/dev/input/event5", name: "pad", capability: "available", reason: "",
                                          maximumPossibleForce: 6.6, emulated: false, overall: "available"),
            device: device))),
        (.quickActionPerformed, (.quickActionPerformed, BusService.arguments(
            performed: "compose", title: "New message", result: .success("done")))),
        (.menuShown, BusService.signal(overlay: .shown(MenuShownMessage(
            id: 1, items: [.init(type: "compose", title: "New", subtitle: "", icon: "document-edit", iconFile: "",
                                 kind: "static")],
            x: 0.25, y: 0.75, placement: .touch, output: "HDMI-A-1",
            target: .init(kind: "app-icon", appId: "firefox-esr.desktop", name: "Firefox ESR", icon: "firefox-esr"))))),
        (.pressProgress, BusService.signal(overlay: .progress(PressProgressMessage(
            phase: "changed", stage: "peek", transitionProgress: 1, commitProgress: 0.5, x: 0.1, y: 0.2,
            placement: .pointer, output: "")))),
        (.menuDismissed, BusService.signal(overlay: .dismissed(MenuDismissedMessage(id: 1, reason: "chosen")))),
        (.intentStarted, BusService.signal(intentWindow: .started(IntentStartedMessage(
            id: 2, intent: "greet", title: "Greet", app: "", x: 0.5, y: 0.5, placement: .touch, output: "",
            located: true)))),
        (.intentConfirm, BusService.signal(intentWindow: .ask(IntentAskMessage(
            event: "intent-confirm", id: 2, intent: "greet", step: [0], title: "Greet", prompt: "Greet Ann?",
            parameter: "who", choices: [], type: "", timeout: 30)))),
        (.intentChoose, BusService.signal(intentWindow: .ask(IntentAskMessage(
            event: "intent-choose", id: 2, intent: "greet", step: [0], title: "Greet", prompt: "Who?",
            parameter: "who", choices: ["Ann", "Bob"], type: "", timeout: 30)))),
        (.intentNeedsValue, BusService.signal(intentWindow: .ask(IntentAskMessage(
            event: "intent-needs-value", id: 2, intent: "greet", step: [0], title: "Greet", prompt: "Who?",
            parameter: "who", choices: [], type: "string", timeout: 30)))),
        (.intentResponse, BusService.signal(intentWindow: .window(IntentWindowMessage(
            id: 2, intent: "greet", title: "Greet", code: "success", message: "", text: "hello", image: "", app: "",
            final: true)))),
        (.activateWindow, (.activateWindow, BusService.arguments(activateWindow: 4194307))),
        (.assistiveButton, (.assistiveButton, BusService.arguments(
            assistiveButton: AssistiveButtonMessage(x: 0.9, y: 0.5, size: 0.1, output: "", state: "idle")))),
        (.configurationReloaded, (.configurationReloaded, BusService.arguments(
            reloaded: "/home/ann/.config/forcetouch/forcetouch.toml", loaded: true, message: "reloaded"))),
        (.pressForce, (.pressForce, BusService.arguments(
            pressForce: PressForceMessage(phase: "changed", stage: "peek", force: 2.5, peek: 2.2, pop: 5.5,
                                          maximumPossibleForce: 6.67),
            device: device))),
        (.calibrationProgress, (.calibrationProgress, BusService.arguments(
            calibrationOf: device, state: "step", step: "average", instruction: "Press as you usually do",
            presses: 1, pressesPerStep: 3, raw: 80, maximum: 255, message: ""))),
    ]

    @Test func everyMessageHasItsSignalsSignature() {
        for (expected, (signal, arguments)) in Self.sent {
            #expect(signal == expected)
            #expect(arguments.map(\.type) == signal.arguments.map(\.type),
                    "\(signal.name): the emitter sends \(arguments.map(\.type.rawValue).joined()), the table says \(signal.signature)")
        }
    }

    @Test func everySignalOfTheTableIsSent() {
        #expect(Set(Self.sent.map(\.made.0)) == Set(BusSignal.allCases))
    }
}
