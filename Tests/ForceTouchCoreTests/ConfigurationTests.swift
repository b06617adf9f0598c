import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

private func load(_ text: String) -> ConfigurationLoad { Configuration.parse(text, file: "test.toml", lookups: .fake()) }

/// The 1-based line holding `# <-`, which the validation cases put on the offending line.
private func markedLine(_ text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.contains("# <-") } ?? -1) + 1
}

/// One validation rule: a file breaking it, the key the error must name and a fragment
/// of its message. The expected line is the one marked `# <-`.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    var text: String
    var key: String
    var message: String
    var testDescription: String { "\(key): \(message)" }
    init(_ key: String, _ message: String, _ text: String) {
        self.key = key
        self.message = message
        self.text = text
    }
}

private let validBinding = """
    [[binding]]
    gesture = "tap"
    exec = ["true"]
    """

let invalidCases: [InvalidCase] = [
    // [general]
    .init("general.sensitivity", "unknown sensitivity \"hard\"", """
        [general]
        sensitivity = "hard"   # <-
        """),
    .init("general.max-children", "from 1 to 256", """
        [general]
        sensitivity = "firm"
        max-children = 0   # <-
        """),
    .init("general.max-children", "expected an integer, found a string", """
        [general]
        max-children = "8"   # <-
        """),
    .init("general.action-timeout", "greater than 0", """
        [general]
        action-timeout = 0   # <-
        """),
    .init("general.action-timeout", "finite", """
        [general]
        action-timeout = inf   # <-
        """),
    .init("general.haptics", "unknown haptics \"on\"; expected \"auto\" or \"off\"", """
        [general]
        haptics = "on"   # <-
        """),
    .init("general.haptics", "expected a string, found a boolean", """
        [general]
        haptics = false   # <-
        """),
    .init("general.timeout", "did you mean \"action-timeout\"", """
        [general]
        timeout = 3   # <-
        """),
    // [gestures]
    .init("gestures.tap-time", "greater than 0", """
        # a comment first
        [gestures]
        tap-time = -1   # <-
        """),
    .init("gestures.tap-slop", "greater than 0", """
        [gestures]
        tap-slop = 0   # <-
        """),
    .init("gestures.double-tap-time", "expected a number, found a string", """
        [gestures]
        double-tap-time = "0.3"   # <-
        """),
    .init("gestures.double-tap-distance", "greater than 0", """
        [gestures]
        double-tap-distance = -10   # <-
        """),
    .init("gestures.long-press-time", "greater than 0", """
        [gestures]

        long-press-time = 0.0   # <-
        """),
    .init("gestures.long-press-slop", "greater than 0", """
        [gestures]
        long-press-slop = 0   # <-
        """),
    .init("gestures.peek", "at most 1", """
        [gestures]
        peek = 0   # <-
        """),
    .init("gestures.pop", "at most 1", """
        [gestures]
        pop = 1.5   # <-
        """),
    .init("gestures.hysteresis", "between 0 and 1", """
        [gestures]
        hysteresis = 1.0   # <-
        """),
    .init("gestures.pop", "peek (0.8) must be below pop (0.5)", """
        [gestures]
        peek = 0.8
        pop = 0.5   # <-
        """),
    .init("gestures.peek", "peek (0.9) must be below pop (0.75)", """
        [gestures]
        peek = 0.9   # <-
        """),
    .init("gestures.long_press_time", "did you mean \"long-press-time\"", """
        [gestures]
        long_press_time = 0.6   # <-
        """),
    // The root
    .init("gesture", "did you mean \"gestures\"", """
        [general]
        [gesture]   # <-
        tap-time = 0.2
        """),
    .init("sensitivity", "belongs under [general]", """
        sensitivity = "firm"   # <-
        """),
    // [[device]]
    .init("device[2].match-name", "unclosed [", """
        [[device]]
        match-name = "A*"
        [[device]]
        match-name = "Wacom [Intuos"   # <-
        """),
    .init("device[1].match-id", "four hex digits", """
        [[device]]
        match-id = "56a:333"   # <-
        """),
    .init("device[1].match-class", "unknown device class \"mouse\"", """
        [[device]]
        match-class = "mouse"   # <-
        """),
    .init("device[1].rotation", "0, 90, 180 or 270", """
        [[device]]
        rotation = 45   # <-
        """),
    .init("device[1].calibration.average", "expected a number", """
        [[device]]
        calibration = { average = "412" }   # <-
        """),
    // Issue 9: a non-positive average was kept, then ignored (maximumPossibleForce stayed 6.67).
    .init("device[1].calibration.average", "must be greater than 0", """
        [[device]]
        calibration = { average = -3 }   # <-
        """),
    .init("device[1].calibration.average", "must be greater than 0 (the raw pressure of an average touch", """
        [[device]]
        match-class = "touchpad"
        calibration = { average = 0 }   # <-
        """),
    .init("device[1].calibration.average", "not 0", """
        [[device]]
        [device.calibration]
        average = 0.0   # <-
        """),
    .init("device[1].calibration", "needs \"average\"", """
        [[device]]
        match-class = "tablet"
        calibration = {}   # <-
        """),
    .init("device[1].calibration.avg", "unknown key", """
        [[device]]
        [device.calibration]
        average = 400
        avg = 3   # <-
        """),
    .init("device[1].sensitivity", "unknown sensitivity", """
        [[device]]
        sensitivity = "hard"   # <-
        """),
    .init("device[1].emulate-force", "expected true or false, found a string", """
        [[device]]
        emulate-force = "yes"   # <-
        """),
    .init("device[1].ignore", "expected true or false, found an integer", """
        [[device]]
        ignore = 1   # <-
        """),
    .init("device[2].gestures.long-press-time", "greater than 0", """
        [[device]]
        match-class = "tablet"
        [device.gestures]
        long-press-time = 0.6
        [[device]]
        match-class = "touchpad"
        [device.gestures]
        long-press-time = 0   # <-
        """),
    .init("device[1].gestures.tap-time", "greater than 0", """
        [[device]]
        match-class = "tablet"
        gestures.tap-time = 0   # <-
        """),
    .init("device[1].gestures.peek", "peek (0.9) must be below pop (0.75)", """
        [[device]]
        [device.gestures]
        peek = 0.9   # <-
        """),
    .init("device[1].colour", "unknown key", """
        [[device]]
        colour = "blue"   # <-
        """),
    .init("device[1].match_name", "did you mean \"match-name\"", """
        [[device]]
        match_name = "Wacom*"   # <-
        """),
    .init("device", "[[device]]", """
        [device]   # <-
        match-class = "tablet"
        """),
    // [[binding]]
    .init("binding[2]", "needs \"gesture\"", """
        \(validBinding)
        [[binding]]   # <-
        exec = ["true"]
        """),
    .init("binding[1].gesture", "unknown gesture \"press\"", """
        [[binding]]
        gesture = "press"   # <-
        exec = ["true"]
        """),
    .init("binding[1].phase", "unknown phase \"start\"", """
        [[binding]]
        gesture = "long-press"
        phase = "start"   # <-
        exec = ["true"]
        """),
    .init("binding[1].phase", "a tap is reported only as \"ended\"", """
        [[binding]]
        gesture = "tap"
        phase = "began"   # <-
        exec = ["true"]
        """),
    .init("binding[1].phase", "a long-press is reported only as", """
        [[binding]]
        gesture = "long-press"
        phase = "changed"   # <-
        exec = ["true"]
        """),
    .init("binding[1].stage", "only a deep-press has stages", """
        [[binding]]
        gesture = "double-tap"
        stage = "pop"   # <-
        exec = ["true"]
        """),
    .init("binding[1].stage", "unknown stage \"commit\"", """
        [[binding]]
        gesture = "deep-press"
        stage = "commit"   # <-
        exec = ["true"]
        """),
    .init("binding[1].phase", "the pop stage is reported in phase \"changed\"", """
        [[binding]]
        gesture = "deep-press"
        stage = "pop"
        phase = "began"   # <-
        exec = ["true"]
        """),
    .init("binding[1].fingers", "from 1 to 10", """
        [[binding]]
        gesture = "tap"
        fingers = 0   # <-
        exec = ["true"]
        """),
    .init("binding[1].fingers", "from 1 to 10", """
        [[binding]]
        gesture = "tap"
        fingers = 11   # <-
        exec = ["true"]
        """),
    .init("binding[1].fingers", "expected an integer, found a number", """
        [[binding]]
        gesture = "tap"
        fingers = 1.5   # <-
        exec = ["true"]
        """),
    .init("binding[1].device", "unclosed [", """
        [[binding]]
        gesture = "tap"
        device = "Wacom[*"   # <-
        exec = ["true"]
        """),
    // Issue 9: shaped like vendor:product, this was taken as a name glob matching nothing.
    .init("binding[1].device", "\"056A:ZZZZ\" looks like a vendor:product id but is not one", """
        [[binding]]
        gesture = "tap"
        device = "056A:ZZZZ"   # <-
        exec = ["true"]
        """),
    .init("binding[1].device", "four hex digits each", """
        [[binding]]
        gesture = "tap"
        device = "56a:333"   # <-
        exec = ["true"]
        """),
    .init("assistive-touch.device", "looks like a vendor:product id", """
        [assistive-touch]
        device = "O56A:0333"   # <-
        single-tap = { notify = "x" }
        """),
    .init("binding[1].device", "must not be empty", """
        [[binding]]
        gesture = "tap"
        device = ""   # <-
        exec = ["true"]
        """),
    .init("binding[1].region", "found 3 values", """
        [[binding]]
        gesture = "tap"
        region = [0, 0, 1]   # <-
        exec = ["true"]
        """),
    .init("binding[1].region", "width and height must be greater than 0", """
        [[binding]]
        gesture = "tap"
        region = [0.2, 0.2, 0, 0.5]   # <-
        exec = ["true"]
        """),
    .init("binding[1].region", "past the edge", """
        [[binding]]
        gesture = "tap"
        region = [0.6, 0.0, 0.5, 1.0]   # <-
        exec = ["true"]
        """),
    .init("binding[1].region", "within 0..1", """
        [[binding]]
        gesture = "tap"
        region = [-0.1, 0.0, 0.5, 1.0]   # <-
        exec = ["true"]
        """),
    .init("binding[1].region", "expected a number, found a string", """
        [[binding]]
        gesture = "tap"
        region = [0, 0, "1", 1]   # <-
        exec = ["true"]
        """),
    .init("binding[1].min-force", "must be 0 or more", """
        [[binding]]
        gesture = "deep-press"
        min-force = -1   # <-
        exec = ["true"]
        """),
    .init("binding[1].timeout", "greater than 0", """
        [[binding]]
        gesture = "tap"
        exec = ["true"]
        timeout = 0   # <-
        """),
    .init("binding[1].exec", "argv array", """
        [[binding]]
        gesture = "tap"
        exec = "notify-send hi"   # <-
        """),
    .init("binding[1].exec", "needs a program", """
        [[binding]]
        gesture = "tap"
        exec = []   # <-
        """),
    .init("binding[1].exec", "element 2 must be a string", """
        [[binding]]
        gesture = "tap"
        exec = ["echo", 1]   # <-
        """),
    .init("binding[1]", "needs an action", """
        [[binding]]   # <-
        gesture = "tap"
        """),
    .init("binding[1]", "has 2 actions", """
        [[binding]]   # <-
        gesture = "tap"
        exec = ["true"]
        keys = "ctrl+c"
        """),
    .init("binding[1].keys", "unknown key name \"ctrl\"", """
        [[binding]]
        gesture = "tap"
        keys = "ctrl+c"   # <-
        """),
    // Issue 9: accepted, these typed nothing (the virtual keyboard has no pointer buttons).
    .init("binding[1].keys", "BTN_RIGHT is a button, not a key: the virtual keyboard cannot press pointer buttons; for a click at the finger use click", """
        [[binding]]
        gesture = "tap"
        keys = "BTN_RIGHT"   # <-
        """),
    .init("binding[1].keys", "element 2: BTN_LEFT is a button", """
        [[binding]]
        gesture = "tap"
        keys = ["KEY_A", "btn_left"]   # <-
        """),
    // Issue 9: an unknown array of tables was reported at line 1.
    .init("bindings", "unknown key; did you mean \"binding\"?", """
        # a comment

        [[bindings]]   # <-
        gesture = "tap"
        exec = ["true"]
        """),
    .init("binding[1].finger", "did you mean \"fingers\"", """
        [[binding]]
        gesture = "tap"
        finger = 2   # <-
        exec = ["true"]
        """),
    .init("binding[1].run", "unknown key", """
        [[binding]]
        gesture = "tap"
        exec = ["true"]
        run = ["true"]   # <-
        """),
    .init("binding", "[[binding]]", """
        [binding]   # <-
        gesture = "tap"
        """),
    .init("binding[2]", "expected a table, found an integer", """
        binding = [{ gesture = "tap", exec = ["true"] }, 3]   # <-
        """),
]

@Suite struct ConfigurationDefaultsTests {
    @Test func defaultsAreSPECValues() {
        let c = Configuration()
        #expect(c.general.maxChildren == 8)
        #expect(c.general.actionTimeout == 10)
        #expect(c.general.haptics == .auto)
        let g = c.gestures
        #expect(g.sensitivity == .medium)
        #expect(g.tapMaximumDuration.seconds == 0.35)
        #expect(g.tapSlop == 2)
        #expect(g.doubleTapInterval.seconds == 0.3)
        #expect(g.doubleTapDistance == 10)
        #expect(g.longPressDuration.seconds == 0.5)
        #expect(g.longPressSlop == 2)
        #expect(g.peekFraction == 0.3)
        #expect(g.popFraction == 0.75)
        #expect(g.hysteresis == 0.8)
        #expect(g.deepPressDwell.seconds == 0.2)
        #expect(g.deepPressSlop == 2)
        #expect(g.rotation == .none)
        #expect(c.devices.isEmpty && c.bindings.isEmpty)
    }

    @Test func emptyFileIsTheDefaults() {
        let l = load("# nothing but a comment\n")
        #expect(l.errors.isEmpty)
        #expect(l.isValid)
        #expect(l.configuration == Configuration())
    }

    @Test func hapticsOffParses() {
        let l = load("[general]\nhaptics = \"off\"\n")
        #expect(l.errors.isEmpty, "\(l.errors)")
        #expect(l.configuration.general.haptics == .off)
    }

    @Test func briefExampleParses() throws {
        let l = load("""
            [general]
            sensitivity = "light"
            max-children = 4
            action-timeout = 2.5

            [gestures]
            tap-time = 0.25
            tap-slop = 3
            double-tap-time = 0.4
            double-tap-distance = 12.0
            long-press-time = 0.7
            long-press-slop = 2.5
            peek = 0.2
            pop = 0.6
            hysteresis = 0.9

            [[device]]
            match-name = "Wacom*"
            match-id = "056A:0333"
            match-class = "tablet"
            rotation = 90
            calibration = { average = 412.0 }
            sensitivity = "firm"
            emulate-force = false
            ignore = false
            [device.gestures]
            long-press-time = 0.6

            [[binding]]
            gesture = "deep-press"
            stage = "pop"
            fingers = 1
            device = "Wacom*"
            region = [0.0, 0.0, 0.5, 1.0]
            min-force = 3.0
            exec = ["notify-send", "deep press"]
            timeout = 5.0
            """)
        #expect(l.errors.isEmpty, "\(l.errors)")
        let c = l.configuration
        #expect(c.general.maxChildren == 4)
        #expect(c.general.actionTimeout == 2.5)
        #expect(c.gestures.sensitivity == .light)
        #expect(c.gestures.tapMaximumDuration.seconds == 0.25)
        #expect(c.gestures.tapSlop == 3)
        #expect(c.gestures.doubleTapInterval.seconds == 0.4)
        #expect(c.gestures.doubleTapDistance == 12)
        #expect(c.gestures.longPressDuration.seconds == 0.7)
        #expect(c.gestures.longPressSlop == 2.5)
        #expect(c.gestures.peekFraction == 0.2)
        #expect(c.gestures.popFraction == 0.6)
        #expect(c.gestures.hysteresis == 0.9)

        let d = try #require(c.devices.first)
        #expect(d.match.name?.pattern == "Wacom*")
        #expect(d.match.id == VendorProduct(vendor: 0x056a, product: 0x0333))
        #expect(d.match.deviceClass == .tablet)
        #expect(d.rotation == .quarter)
        #expect(d.calibrationAverage == 412)
        #expect(d.sensitivity == .firm)
        #expect(d.emulateForce == false && d.ignore == false)
        #expect(d.gestures.longPressDuration?.seconds == 0.6)
        #expect(d.gestures.tapSlop == nil)
        #expect(d.index == 1 && d.line == 17)

        let b = try #require(c.bindings.first)
        #expect(b.gesture == .deepPress && b.phase == .changed && b.stage == .pop)
        #expect(b.fingers == 1)
        #expect(b.device == .name(try Glob("Wacom*")))
        #expect(b.region == Region(x: 0, y: 0, width: 0.5, height: 1))
        #expect(b.minimumForce == 3)
        #expect(b.action == .exec(ExecAction(argv: ["notify-send", "deep press"])))
        #expect(b.timeout == 5)
        #expect(b.index == 1 && b.line == 29)
    }

    @Test func defaultPhases() {
        let l = load("""
            [[binding]]
            gesture = "tap"
            exec = ["a"]
            [[binding]]
            gesture = "double-tap"
            exec = ["b"]
            [[binding]]
            gesture = "long-press"
            exec = ["c"]
            [[binding]]
            gesture = "deep-press"
            exec = ["d"]
            [[binding]]
            gesture = "deep-press"
            phase = "changed"
            exec = ["e"]
            [[binding]]
            gesture = "deep-press"
            phase = "ended"
            exec = ["f"]
            """)
        #expect(l.errors.isEmpty)
        let b = l.configuration.bindings
        #expect(b.map(\.phase) == [.ended, .ended, .began, .began, .changed, .ended])
        #expect(b.map(\.stage) == [nil, nil, nil, .peek, .pop, nil])
    }
}

@Suite struct ConfigurationValidationTests {
    @Test(arguments: invalidCases)
    func eachRuleReportsItsOwnError(_ c: InvalidCase) throws {
        let l = load(c.text)
        #expect(l.errors.count == 1, "\(l.errors)")
        let e = try #require(l.errors.first)
        #expect(e.key == c.key)
        #expect(e.line == markedLine(c.text))
        #expect(e.message.contains(c.message), "\(e.message)")
        #expect(e.file == "test.toml")
        #expect(e.description == "test.toml:\(e.line): \(c.key): \(e.message)")
    }

    @Test func multipleErrorsAreReportedTogetherInLineOrder() {
        let l = load("""
            [general]
            max-children = -1

            [[binding]]
            gesture = "tap"
            fingers = 12
            exec = ["true"]

            [gestures]
            tap-time = 0
            """)
        #expect(l.errors.map(\.description) == [
            "test.toml:2: general.max-children: must be from 1 to 256, not -1",
            "test.toml:6: binding[1].fingers: must be from 1 to 10, not 12",
            "test.toml:10: gestures.tap-time: must be greater than 0, not 0",
        ])
        #expect(!l.isValid)
    }

    @Test func oneBlockWithSeveralErrorsReportsThemAll() {
        let l = load("""
            [[binding]]
            gesture = "tap"
            phase = "began"
            fingers = 0
            region = [0, 0, 2, 1]
            exec = []
            """)
        #expect(l.errors.map(\.key) == ["binding[1].phase", "binding[1].fingers", "binding[1].region", "binding[1].exec"])
        #expect(l.errors.map(\.line) == [3, 4, 5, 6])
        #expect(l.configuration.bindings.isEmpty)
    }

    @Test func aBadBindingIsDroppedAndTheRestLoad() {
        let l = load("""
            [[binding]]
            gesture = "tap"
            exec = ["one"]

            [[binding]]
            gesture = "tap"
            fingers = 0
            exec = ["two"]

            [[binding]]
            gesture = "long-press"
            exec = ["three"]
            """)
        #expect(l.errors.count == 1)
        #expect(l.errors.first?.key == "binding[2].fingers")
        let b = l.configuration.bindings
        #expect(b.map(\.action) == [.exec(ExecAction(argv: ["one"])), .exec(ExecAction(argv: ["three"]))])
        #expect(b.map(\.index) == [1, 3])
        #expect(b.map(\.line) == [1, 10])
    }

    @Test func aBadDeviceBlockIsDroppedSoTheNextMatchApplies() {
        let l = load("""
            [[device]]
            match-class = "tablet"
            rotation = 45

            [[device]]
            match-class = "tablet"
            rotation = 180
            """)
        #expect(l.errors.map(\.key) == ["device[1].rotation"])
        #expect(l.configuration.devices.map(\.index) == [2])
        let s = l.configuration.settings(for: DeviceDescription(name: "pen"), deviceClass: .tablet)
        #expect(s.gestures.rotation == .half)
        #expect(s.rule == 2)
    }

    @Test func badGlobalKeysKeepTheirDefaultsOnly() {
        let l = load("""
            [general]
            sensitivity = "firm"
            max-children = 0
            [gestures]
            tap-time = 0.2
            long-press-time = -1
            """)
        #expect(l.errors.count == 2)
        let c = l.configuration
        #expect(c.gestures.sensitivity == .firm)
        #expect(c.general.maxChildren == 8)
        #expect(c.gestures.tapMaximumDuration.seconds == 0.2)
        #expect(c.gestures.longPressDuration.seconds == 0.5)
    }

    @Test func crossedPeekAndPopBothFallBack() {
        let l = load("""
            [gestures]
            peek = 0.8
            pop = 0.5
            hysteresis = 0.7
            """)
        #expect(l.errors.count == 1)
        #expect(l.configuration.gestures.peekFraction == 0.3)
        #expect(l.configuration.gestures.popFraction == 0.75)
        #expect(l.configuration.gestures.hysteresis == 0.7)
    }

    @Test func deviceThresholdsAreCheckedAgainstTheGlobalOnes() {
        // Fine alone, but the device's peek passes the global pop.
        let l = load("""
            [gestures]
            pop = 0.5
            [[device]]
            gestures.peek = 0.6
            """)
        #expect(l.errors.map(\.key) == ["device[1].gestures.peek"])
        #expect(l.errors.first?.line == 4)
        #expect(l.configuration.devices.isEmpty)
    }

    @Test func syntaxErrorGivesItsLineAndTheDefaults() throws {
        let l = load("""
            [general]
            sensitivity = "firm"
            max-children = = 3
            [[binding]]
            gesture = "tap"
            exec = ["true"]
            """)
        let e = try #require(l.errors.first)
        #expect(l.errors.count == 1)
        #expect(e.line == 3)
        #expect(e.key.isEmpty)
        #expect(e.description.hasPrefix("test.toml:3: "))
        #expect(!e.description.hasPrefix("test.toml:3: :"))
        #expect(l.configuration == Configuration())
    }

    @Test func unterminatedTableIsASyntaxError() {
        let l = load("\n\n[general\n")
        #expect(l.errors.map(\.line) == [3])
    }

    @Test func integersCountAsNumbers() {
        let l = load("""
            [general]
            action-timeout = 3
            [[binding]]
            gesture = "tap"
            region = [0, 0, 1, 1]
            exec = ["x"]
            """)
        #expect(l.errors.isEmpty)
        #expect(l.configuration.general.actionTimeout == 3)
        #expect(l.configuration.bindings.first?.region == Region(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func regionsMayAddUpToOneWithRounding() {
        let l = load("""
            [[binding]]
            gesture = "tap"
            region = [0.6666666666, 0, 0.3333333334, 1]
            exec = ["x"]
            """)
        #expect(l.errors.isEmpty, "\(l.errors)")
    }
}

@Suite struct TOMLSourceMapTests {
    let map = TOMLSourceMap("""
        # header comment
        [general]
        sensitivity = "firm"

        [[binding]]
        gesture = "tap"
        exec = [
          "a = b",
          "c",
        ]
        [[binding]]
        gesture = "long-press"
        note = \"\"\"
        fingers = 3
        \"\"\"
        fingers = 2
        [[device]]
        match-class = "tablet"
        gestures.tap-time = 0.3
        [device.gestures]
        long-press-time = 0.6
        [[device]]
        "match-name" = "x"
        """)

    @Test func findsHeadersAndKeys() {
        let root = ConfigPath.root
        #expect(map.line(of: root / "general") == 2)
        #expect(map.line(of: root / "general" / "sensitivity") == 3)
        #expect(map.line(of: root.appending("binding").appending(index: 1)) == 5)
        #expect(map.line(of: root.appending("binding").appending(index: 1) / "exec") == 7)
        #expect(map.line(of: root.appending("binding").appending(index: 2)) == 11)
        #expect(map.line(of: root.appending("device").appending(index: 2) / "match-name") == 23)
    }

    @Test func skipsMultilineStrings() {
        #expect(map.line(of: ConfigPath.root.appending("binding").appending(index: 2) / "fingers") == 16)
    }

    @Test func dottedKeysAndSubtablesBelongToTheirBlock() {
        let device1 = ConfigPath.root.appending("device").appending(index: 1)
        #expect(map.line(of: device1 / "gestures" / "tap-time") == 19)
        #expect(map.line(of: device1 / "gestures" / "long-press-time") == 21)
    }

    @Test func missingKeysFallBackToTheirBlock() {
        let binding2 = ConfigPath.root.appending("binding").appending(index: 2)
        #expect(map.line(of: binding2 / "region") == 11)
        #expect(map.line(of: ConfigPath.root / "nothing") == 1)
    }

    /// A `[binding.x]` written away from its `[[binding]]` (TOML gives it to the last one)
    /// keeps the name in the tree; elements read on demand give the lines the tree did.
    @Test func subtablesAwayFromTheirElementAndElementsReadOnDemandAgree() {
        let text = """
            [[binding]]
            gesture = "tap"
            [[device]]
            match-class = "tablet"
            [device.gestures]
            tap-time = 1
            [general]
            sensitivity = "firm"
            [binding.region]
            x = 5
            [[device]]
            match-name = "x"
            """
        let map = TOMLSourceMap(text)
        let binding1 = ConfigPath.root.appending("binding").appending(index: 1)
        let device = ConfigPath.root.appending("device")
        #expect(map.line(of: binding1 / "gesture") == 2)
        #expect(map.line(of: binding1 / "region" / "x") == 10)
        #expect(map.line(of: device.appending(index: 1) / "gestures" / "tap-time") == 6)
        #expect(map.line(of: device.appending(index: 2) / "match-name") == 12)
        #expect(map.line(of: device.appending(index: 2) / "missing") == 11)
        #expect(map.line(of: device.appending(index: 3)) == 3)
        #expect(map.line(of: ConfigPath.root / "general" / "sensitivity") == 8)
    }

    @Test func pathsPrintAsDottedKeys() {
        let p = ConfigPath.root.appending("device").appending(index: 1) / "gestures" / "long-press-time"
        #expect(p.description == "device[1].gestures.long-press-time")
    }
}

@Suite struct DeviceSettingsTests {
    let wacom = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(vendor: 0x056a, product: 0x0333))
    let other = DeviceDescription(name: "ELAN Touchscreen", id: InputID(vendor: 0x04f3, product: 0x2494))

    @Test func perDeviceOverridesOnTopOfGlobalDefaults() throws {
        let l = load("""
            [general]
            sensitivity = "light"
            [gestures]
            tap-time = 0.2
            long-press-time = 0.4
            [[device]]
            match-name = "Wacom*"
            rotation = 270
            sensitivity = "firm"
            calibration = { average = 412.5 }
            emulate-force = true
            [device.gestures]
            long-press-time = 0.6
            """)
        #expect(l.errors.isEmpty)
        let s = l.configuration.settings(for: wacom, deviceClass: .tablet)
        #expect(s.gestures.longPressDuration.seconds == 0.6)
        #expect(s.gestures.tapMaximumDuration.seconds == 0.2)
        #expect(s.gestures.sensitivity == .firm)
        #expect(s.gestures.rotation == .threeQuarters)
        #expect(s.calibrationAverage == 412.5)
        #expect(s.emulateForce)
        #expect(!s.ignore)
        #expect(s.rule == 1)

        let t = l.configuration.settings(for: other, deviceClass: .touchscreen)
        #expect(t.gestures.longPressDuration.seconds == 0.4)
        #expect(t.gestures.sensitivity == .light)
        #expect(t.gestures.rotation == .none)
        #expect(t.calibrationAverage == nil)
        #expect(!t.emulateForce)
        #expect(t.rule == nil)
    }

    @Test func firstMatchingBlockWinsWhole() {
        let l = load("""
            [[device]]
            match-id = "056a:0333"
            rotation = 90
            [[device]]
            match-class = "tablet"
            rotation = 180
            ignore = true
            [[device]]
            ignore = true
            """)
        // Most specific first, catch-all last: no block is shadowed, so no warning either.
        #expect(l.diagnostics.isEmpty)
        let c = l.configuration
        let w = c.settings(for: wacom, deviceClass: .tablet)
        #expect(w.rule == 1)
        #expect(w.gestures.rotation == .quarter)
        #expect(!w.ignore)  // block 2 would say ignore, but only block 1 applies
        let otherTablet = c.settings(for: other, deviceClass: .tablet)
        #expect(otherTablet.rule == 2 && otherTablet.ignore && otherTablet.gestures.rotation == .half)
        // The last block matches anything: a catch-all.
        #expect(c.settings(for: other, deviceClass: .touchscreen).rule == 3)
    }

    @Test func allCriteriaOfABlockMustHold() {
        let l = load("""
            [[device]]
            match-name = "Wacom*"
            match-class = "touchpad"
            ignore = true
            """)
        #expect(l.configuration.settings(for: wacom, deviceClass: .tablet).rule == nil)
        #expect(l.configuration.settings(for: wacom, deviceClass: .touchpad).rule == 1)
    }

    @Test func waitsForDoubleTapOnlyWhenADoubleTapIsBoundForTheDevice() {
        let none = load("""
            [[binding]]
            gesture = "tap"
            exec = ["x"]
            """).configuration
        #expect(!none.settings(for: wacom, deviceClass: .tablet).gestures.waitsForDoubleTap)

        let any = load("""
            [[binding]]
            gesture = "double-tap"
            exec = ["x"]
            """).configuration
        #expect(any.settings(for: wacom, deviceClass: .tablet).gestures.waitsForDoubleTap)
        #expect(any.settings(for: other, deviceClass: .touchscreen).gestures.waitsForDoubleTap)

        let touchpadOnly = load("""
            [[binding]]
            gesture = "double-tap"
            device = "touchpad"
            exec = ["x"]
            """).configuration
        #expect(touchpadOnly.settings(for: wacom, deviceClass: .touchpad).gestures.waitsForDoubleTap)
        #expect(!touchpadOnly.settings(for: wacom, deviceClass: .tablet).gestures.waitsForDoubleTap)
    }
}

@Suite struct GlobTests {
    @Test(arguments: [
        ("Wacom*", "Wacom Intuos Pro M Pen", true),
        ("Wacom*", "wacom intuos", false),
        ("*Pen", "Wacom Intuos Pro M Pen", true),
        ("*Pen", "Wacom Intuos Pro M Finger", false),
        ("*Touch*", "ELAN Touchscreen", true),
        ("ELAN ????", "ELAN 2494", true),
        ("ELAN ????", "ELAN 249", false),
        ("[A-E]LAN*", "ELAN x", true),
        ("[!A-E]LAN*", "ELAN x", false),
        ("[^A-E]LAN*", "FLAN x", true),
        ("a\\*b", "a*b", true),
        ("a\\*b", "axb", false),
        ("[]]x", "]x", true),
        ("**a*b**", "xxaybz", true),
        ("a*b", "ab", true),
        ("a*b", "acbd", false),
        ("", "", true),
    ])
    func matches(_ pattern: String, _ name: String, _ expected: Bool) throws {
        #expect(try Glob(pattern).matches(name) == expected)
    }

    /// A pattern without wildcards is kept as its one name: it matches, covers and is
    /// covered as the tokens did.
    @Test func literalPatternsMatchTheirNameOnly() throws {
        let literal = try Glob("ELAN\\*x"), plain = try Glob("ELAN Touchscreen")
        #expect(literal.isLiteral && plain.isLiteral)
        #expect(literal.matches("ELAN*x") && !literal.matches("ELANx"))
        #expect(try Glob("ELAN*").covers(plain))
        #expect(!plain.covers(literal))
        #expect(plain.covers(try Glob("ELAN Touchscreen")))
        #expect(plain == (try Glob("ELAN Touchscreen")))
        #expect(!(try Glob("ELAN?")).isLiteral)
    }

    @Test func malformedPatternsAreRefused() {
        #expect(throws: Glob.SyntaxError.self) { try Glob("Wacom[") }
        #expect(throws: Glob.SyntaxError.self) { try Glob("trailing\\") }
        #expect(throws: Glob.SyntaxError.self) { try Glob("[z-a]") }
    }

    @Test func vendorProductIsStrict() {
        #expect(VendorProduct("056a:0333") == VendorProduct(vendor: 0x56a, product: 0x333))
        #expect(VendorProduct("056A:0333")?.description == "056a:0333")
        #expect(VendorProduct("56a:333") == nil)
        #expect(VendorProduct("056a-0333") == nil)
        #expect(VendorProduct("056a:0333:1") == nil)
        #expect(VendorProduct("zzzz:0333") == nil)
    }
}

@Suite struct ConfigFilesTests {
    static var configFiles: [URL] {
        let dir = TestFiles.packageRoot.appendingPathComponent("config")
        let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "toml" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    @Test func theDefaultFileAndTheExamplesExist() {
        let names = Set(Self.configFiles.map(\.lastPathComponent))
        #expect(names.contains("forcetouch.toml"))
        #expect(names.count >= 4)
    }

    @Test(arguments: configFiles)
    func everyShippedFileParsesCleanly(_ url: URL) throws {
        // Files it refers to (an example's import-plist) are read from beside it.
        let l = Configuration.parse(try TestFiles.text(url), file: url.path, lookups: .diskFiles)
        // Warnings too: a shipped file shows what a clean one looks like.
        #expect(l.diagnostics.isEmpty, "\(l.diagnostics.map(\.description))")
    }

    @Test func theDefaultFileChangesNoSettingAndBindsTheMenu() throws {
        let url = TestFiles.packageRoot.appendingPathComponent("config/forcetouch.toml")
        let l = Configuration.parse(try TestFiles.text(url), file: "forcetouch.toml", lookups: .fake())
        // Its active lines are one binding (issue 51): every setting is the default.
        var expected = Configuration()
        expected.bindings = l.configuration.bindings
        #expect(l.configuration == expected)
        let binding = try #require(l.configuration.bindings.first)
        #expect(l.configuration.bindings.count == 1)
        #expect(binding.gesture == .deepPress && binding.stage == .peek && binding.action == .quickActions)
        #expect(binding.claim == nil && binding.device == nil && binding.fingers == nil)
    }

    /// The default file is the reference: every key the parser knows must be documented in it.
    @Test func theDefaultFileDocumentsEveryKey() throws {
        let text = try TestFiles.text(TestFiles.packageRoot.appendingPathComponent("config/forcetouch.toml"))
        let keys = ConfigurationParser.generalKeys + ConfigurationParser.gestureKeys
            + ConfigurationParser.deviceKeys + ConfigurationParser.bindingKeys
            + ConfigurationParser.quickActionKeys + ConfigurationParser.quickActionSettingsKeys
            + ConfigurationParser.assistiveTouchKeys + ConfigurationParser.controlKeys
        for key in keys {
            let documented = text.contains("# \(key) =") || text.contains("# [device.\(key)]")
            #expect(documented, "\(key) is not documented")
        }
    }
}

/// `deep-press-time` and `deep-press-slop`: the deliberate-press rule, globally and per device.
@Suite struct DeliberatePressConfigurationTests {
    @Test func setGloballyAndPerDevice() throws {
        let l = Configuration.parse("""
            [gestures]
            deep-press-time = 0.3
            deep-press-slop = 1.5

            [[device]]
            match-name = "Wacom*"
            [device.gestures]
            deep-press-time = 0
            """, file: "t.toml", lookups: .fake())
        #expect(l.errors.isEmpty, "\(l.errors)")
        let c = l.configuration
        #expect(c.gestures.deepPressDwell.seconds == 0.3)
        #expect(c.gestures.deepPressSlop == 1.5)
        let pen = c.settings(for: EventScript.pen(name: "Wacom Pen"), deviceClass: .tablet)
        #expect(pen.gestures.deepPressDwell.seconds == 0)
        #expect(pen.gestures.deepPressSlop == 1.5)
    }

    /// `deep-press-pen-time`: how long a pen's tip must have been down before its press can
    /// be deliberate; per device too, and 0 leaves the dwell alone to decide.
    @Test func thePenTimeIsSetGloballyAndPerDevice() throws {
        let l = Configuration.parse("""
            [gestures]
            deep-press-pen-time = 0.4

            [[device]]
            match-name = "Slow*"
            [device.gestures]
            deep-press-pen-time = 0
            """, file: "t.toml", lookups: .fake())
        #expect(l.errors.isEmpty, "\(l.errors)")
        #expect(l.configuration.gestures.penHold.seconds == 0.4)
        #expect(GestureSettings().penHold.seconds == 0.3)
        let slow = l.configuration.settings(for: EventScript.pen(name: "Slow Pen"), deviceClass: .tablet)
        #expect(slow.gestures.penHold.seconds == 0)
        // With 0 a pen press landing past peek fires after the dwell alone.
        var s = EventScript(device: EventScript.pen(name: "Slow Pen"))
        s.touch(0, x: 10000, y: 6000, pressure: 1000)
        s.lift(0.5)
        #expect(RecordingPlayback.run(s.recording, deviceSettings: slow).first?.time == Timestamp(seconds: 0.2))
        let bad = Configuration.parse("[gestures]\ndeep-press-pen-time = -1\n", file: "t.toml", lookups: .fake())
        #expect(bad.errors.map(\.description).contains { $0.contains(":2: gestures.deep-press-pen-time: must be 0 or more") },
                "\(bad.errors)")
    }

    @Test func aNegativeTimeIsRefusedWithItsLine() {
        let l = Configuration.parse("[gestures]\ndeep-press-time = -0.1\ndeep-press-slop = 0\n", file: "t.toml", lookups: .fake())
        #expect(l.errors.map(\.description).contains { $0.contains(":2: gestures.deep-press-time: must be 0 or more seconds") },
                "\(l.errors)")
        #expect(l.errors.map(\.description).contains { $0.contains(":3: gestures.deep-press-slop") }, "\(l.errors)")
    }
}
