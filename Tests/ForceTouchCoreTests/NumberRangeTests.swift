import ForceTouchCore
import ForceTouchEngine
import Testing

/// The ranges every configured number is checked against (issue 40, item 1), and the clock's
/// own guard for a number that reaches it from elsewhere.
@Suite struct NumberRangeTests {
    @Test func aRangeSaysWhichBoundAValueIsPast() {
        #expect(NumberRange.gestureTime.problem(0.5) == nil)
        #expect(NumberRange.gestureTime.problem(60) == nil)
        #expect(NumberRange.gestureTime.problem(0) == "must be greater than 0, not 0")
        #expect(NumberRange.gestureTime.problem(1e300) == "must be at most 60 seconds, not 1e+300")
        #expect(NumberRange.dwellTime.problem(0) == nil)
        #expect(NumberRange.dwellTime.problem(-1) == "must be 0 or more seconds, not -1")
        #expect(NumberRange.distance.problem(.infinity) == "must be a finite number")
        #expect(NumberRange.distance.problem(.nan) == "must be a finite number")
    }

    @Test func everyTimeRangeFitsTheMicrosecondClock() {
        for range in [NumberRange.gestureTime, .dwellTime, .actionTimeout] {
            let d = Timestamp.Duration(seconds: range.upperBound)
            #expect(d.seconds == range.upperBound)
            // A deadline that far from any CLOCK_MONOTONIC reading is still a time.
            #expect((Timestamp(microseconds: Int64(1) << 50) + d).microseconds > 0)
        }
    }

    @Test func aDurationFromAnyDoubleSaturatesInsteadOfTrapping() {
        #expect(Timestamp.Duration(seconds: 1e300).microseconds == Int64(1) << 62)
        #expect(Timestamp.Duration(seconds: -1e300).microseconds == -(Int64(1) << 62))
        #expect(Timestamp.Duration(seconds: .nan).microseconds == 0)
        #expect(Timestamp.Duration(seconds: 9.3e12).microseconds == Int64(1) << 62)
        #expect(Timestamp.Duration(seconds: 1.5).microseconds == 1_500_000)
    }

    @Test(arguments: [
        ("[gestures]\nlong-press-time = 61", "gestures.long-press-time", "must be at most 60 seconds, not 61"),
        ("[gestures]\ndeep-press-pen-time = 1e300", "gestures.deep-press-pen-time", "must be at most 60 seconds"),
        ("[general]\naction-timeout = 86401", "general.action-timeout", "must be at most 86400 seconds, not 86401"),
        ("[general]\nmax-children = 100000", "general.max-children", "must be from 1 to 256, not 100000"),
        ("[quick-actions]\nmax-items = 1000000", "quick-actions.max-items", "must be from 1 to 64, not 1000000"),
        ("[[binding]]\ngesture = \"deep-press\"\nmin-force = 1e300\nnotify = \"x\"", "binding[1].min-force",
         "must be at most 1000, not 1e+300"),
        ("[[intent]]\nname = \"i\"\ntimeout = 1e300\nhandler = [\"true\"]", "intent[1].timeout",
         "must be at most 86400 seconds"),
    ])
    func aConfiguredNumberPastItsRangeIsAnErrorAtItsKey(text: String, key: String, message: String) {
        let load = Configuration.parse(text, file: "test.toml", lookups: .fake())
        #expect(load.errors.contains { $0.description.contains("\(key): \(message)") }, "\(load.errors)")
    }

    @Test func aDatabaseNumberPastItsRangeDropsItsSection() {
        let parsed = DeviceDatabase.parse("""
            [Huge]
            MatchVendor=0x0002
            AttrSizeHint=20000x50
            [Fine]
            MatchVendor=0x0002
            AttrSizeHint=69x50
            AttrAverageTouch=3e9
            """, file: "t.quirks")
        #expect(parsed.errors.map(\.description) == [
            "t.quirks:3: AttrSizeHint: its width must be at most 10000 mm, not 20000",
            "t.quirks:7: AttrAverageTouch: must be at most 2147483647, not 3000000000",
        ])
        #expect(parsed.entries.isEmpty)
    }
}
