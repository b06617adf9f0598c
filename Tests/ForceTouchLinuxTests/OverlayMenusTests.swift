import ForceTouchEngine
import ForceTouchCore
import ForceTouchProtocol
import Testing
@testable import ForceTouchLinux

/// The menu as an overlay shows it (SPEC §11): what is sent, choosing, dismissing, the
/// progress's rate and the overlay leaving.
@Suite struct OverlayMenusTests {
    final class Sent {
        var messages: [OverlayMenus.Message] = []
        var shown: [MenuShownMessage] { messages.compactMap { if case .shown(let m) = $0 { m } else { nil } } }
        var dismissed: [MenuDismissedMessage] { messages.compactMap { if case .dismissed(let m) = $0 { m } else { nil } } }
        var progress: [PressProgressMessage] { messages.compactMap { if case .progress(let m) = $0 { m } else { nil } } }
    }

    let entries = [
        ShortcutStore.Entry(item: ShortcutItem(type: "compose", title: "New message", subtitle: "To Ann",
                                               icon: .system(.compose)), kind: .static),
        ShortcutStore.Entry(item: ShortcutItem(type: "open", title: "Open", icon: .file("/x.png")), kind: .dynamic),
    ]

    func overlay(_ sent: Sent) -> OverlayMenus {
        let o = OverlayMenus()
        o.listening = true
        o.send = { sent.messages.append($0) }
        o.locate = { name in name == "screen" ? (.touch, "HDMI-A-1") : (.pointer, "") }
        return o
    }

    func press(x: Double, y: Double) -> GestureEvent {
        GestureEvent(gesture: .deepPress, phase: .began, fingers: 1, time: Timestamp(seconds: 1), x: x, y: y,
                     force: 3, stage: .peek)
    }

    @Test func aShownMenuCarriesItsItemsPositionAndOutput() {
        let sent = Sent()
        let o = overlay(sent)
        o.show(entries, event: press(x: 0.25, y: 0.75), device: "screen", finish: { _ in }, chosen: { _, _ in })
        let m = try! #require(sent.shown.first)
        #expect(m.id == 1 && m.x.value == 0.25 && m.y.value == 0.75 && m.placement == .touch && m.output == "HDMI-A-1")
        #expect(m.items.map(\.title) == ["New message", "Open"])
        #expect(m.items[0].icon == "document-edit" && m.items[0].subtitle == "To Ann" && m.items[0].kind == "static")
        #expect(m.items[1].iconFile == "/x.png" && m.items[1].icon == "")
        #expect(ProtocolJSON.line(m).hasPrefix("{\"event\":\"menu-shown\""))
        #expect(o.shownID == 1)
    }

    @Test func choosingPerformsTheItemAndAnswersWithItsResult() {
        let sent = Sent()
        let o = overlay(sent)
        var finished: [ActionResult] = [], replied: [ActionResult] = [], performed: [String] = []
        o.show(entries, event: nil, device: "pad", finish: { finished.append($0) }) { entry, done in
            performed.append(entry.item.type)
            done(.success("ran"))
        }
        #expect(sent.shown.first?.placement == .pointer)
        #expect(!o.choose(type: "nothing") { _ in })
        #expect(o.choose(type: "open") { replied.append($0) })
        #expect(performed == ["open"])
        #expect(finished.map(\.outcome) == [.success] && replied.map(\.message) == ["ran"])
        #expect(sent.dismissed.map(\.reason) == ["chosen"])
        #expect(o.shownID == nil)
        // Chosen once: a second choice is no longer the menu's.
        #expect(!o.choose(type: "open") { _ in })
    }

    @Test func dismissingReplacingAndTheOverlayLeavingEndTheMenuCancelled() {
        let sent = Sent()
        let o = overlay(sent)
        var finished: [ActionResult] = []
        o.show(entries, event: nil, device: nil, finish: { finished.append($0) }, chosen: { _, _ in })
        #expect(!o.dismiss(id: 9, reason: "dismissed"))
        o.show(entries, event: nil, device: nil, finish: { finished.append($0) }, chosen: { _, _ in })
        #expect(o.dismiss(id: 2, reason: "dismissed"))
        o.show(entries, event: nil, device: nil, finish: { finished.append($0) }, chosen: { _, _ in })
        o.listening = false
        #expect(sent.dismissed.map(\.reason) == ["replaced", "dismissed", "overlay-gone"])
        #expect(sent.dismissed.map(\.id) == [1, 2, 3])
        #expect(finished.map(\.outcome) == [.cancelled, .cancelled, .cancelled])
    }

    @Test func aMenuUnansweredForItsTimeoutIsDismissed() {
        // An overlay that owns the name and never answers (issue 40): the menu goes after
        // `timeout`, as the menu program is ended, and the binding gets cancelled.
        let sent = Sent()
        let o = overlay(sent)
        var clock = Timestamp(seconds: 100)
        o.now = { clock }
        o.timeout = Timestamp.Duration(seconds: 2)
        var finished: [ActionResult] = []
        o.show(entries, event: nil, device: nil, finish: { finished.append($0) }, chosen: { _, _ in })
        #expect(o.nextDeadline == Timestamp(seconds: 102))
        var announced: [UInt32] = []
        o.expire(now: Timestamp(seconds: 101.9)) { announced.append($0) }
        #expect(o.shownID == 1 && announced.isEmpty && finished.isEmpty)
        clock = Timestamp(seconds: 102)
        o.expire(now: clock) { announced.append($0) }
        #expect(announced == [1] && o.shownID == nil && o.nextDeadline == nil)
        #expect(sent.dismissed.map(\.reason) == ["timeout"])
        #expect(finished.map(\.outcome) == [.cancelled] && finished.map(\.message) == ["menu timeout"])
    }

    @Test func progressIsSentAtMost60TimesASecondAndOnlyWhileAnOverlayListens() {
        let sent = Sent()
        let o = overlay(sent)
        func step(_ phase: String, _ ms: Int64) {
            o.progress(PressProgressMessage(phase: phase, stage: "", transitionProgress: 0.5, commitProgress: 0,
                                            x: 0.5, y: 0.5, placement: .touch, output: ""),
                       phase: phase, time: Timestamp(microseconds: ms * 1000))
        }
        step("began", 1000)
        for ms in stride(from: 1001 as Int64, through: 2000, by: 1) { step("changed", ms) }  // 1000 Hz
        step("ended", 2001)
        let changed = sent.progress.filter { $0.phase == "changed" }.count
        #expect(sent.progress.first?.phase == "began" && sent.progress.last?.phase == "ended")
        #expect(changed >= 55 && changed <= 61, "\(changed) in one second")
        o.listening = false
        let before = sent.progress.count
        step("began", 3000)
        #expect(sent.progress.count == before)
    }
}
