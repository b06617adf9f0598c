import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The device database format (docs/device-database.md): what a section says, and what a
/// user who gets it wrong is told.
@Suite struct DeviceDatabaseParseTests {
    @Test func aSectionWithEveryKey() throws {
        let text = """
            # A comment, then a blank line.

            [Big pad]
            MatchBus=i8042
            MatchVendor=0x0002
            MatchProduct = 0x000E
            MatchName=*Elantech*
            MatchDeviceClass=touchpad
            AttrPressureKind=contact-size
            AttrPressureRange=4:200
            AttrAverageTouch=15.5
            AttrPeek=0.4
            AttrPop=0.8
            """
        let parsed = DeviceDatabase.parse(text, file: "pads.quirks")
        #expect(parsed.errors == [])
        let e = try #require(parsed.entries.first)
        #expect(parsed.entries.count == 1)
        #expect(e.name == "Big pad" && e.file == "pads.quirks" && e.line == 3)
        #expect(e.bus == 0x11 && e.vendor == 0x0002 && e.product == 0x000e)
        #expect(e.deviceName?.pattern == "*Elantech*")
        #expect(e.deviceClass == .touchpad)
        #expect(e.attributes == DeviceQuirks(pressureKind: .contactSize, pressureRange: 4...200, averageTouch: 15.5,
                                             peekFraction: 0.4, popFraction: 0.8))
    }

    @Test(arguments: [("usb", 0x03), ("bluetooth", 0x05), ("i8042", 0x11), ("ps2", 0x11), ("serio", 0x11),
                      ("i2c", 0x18), ("spi", 0x1c), ("virtual", 0x06), ("USB", 0x03), ("0x1d", 0x1d)])
    func busNamesAndNumbers(_ name: String, _ value: Int) {
        let parsed = DeviceDatabase.parse("[x]\nMatchBus=\(name)\nAttrPressureKind=binary\n", file: "f")
        #expect(parsed.errors == [])
        #expect(parsed.entries.first?.bus == UInt16(value))
    }

    @Test func eachMistakeIsReportedWithFileAndLineAndItsSectionDropped() {
        let text = """
            [Good before]
            MatchVendor=0x056a
            AttrPressureKind=force

            [Unknown key]
            MatchVendor=0x056a
            AttrPresureKind=force

            [Vendor in decimal]
            MatchVendor=1386
            AttrPressureKind=force

            [Bad kind]
            MatchBus=usb
            AttrPressureKind=hard

            [No match]
            AttrPressureKind=binary

            [No attribute]
            MatchBus=usb

            [Peek above pop]
            MatchBus=usb
            AttrPeek=0.8
            AttrPop=0.5

            [Peek out of range]
            MatchBus=usb
            AttrPeek=1.5

            [Bad range]
            MatchBus=usb
            AttrPressureRange=200:4

            [Bad glob]
            MatchName=[abc
            AttrPressureKind=force

            [Bad class]
            MatchDeviceClass=keyboard
            AttrPressureKind=force

            [Good after]
            MatchName=*Pen*
            AttrPeek=0.5
            """
        let parsed = DeviceDatabase.parse(text, file: "/etc/forcetouch/quirks/50-mine.quirks")
        #expect(parsed.entries.map(\.name) == ["Good before", "Good after"])
        let described = parsed.errors.map(\.description)
        #expect(described.count == 10, "\(described)")
        let expected: [(Int, String)] = [
            (7, "unknown key AttrPresureKind"), (10, "MatchVendor: \"1386\" must be hex with 0x"),
            (15, "AttrPressureKind: \"hard\" is not force, contact-size, binary, unusable"),
            (17, "[No match] has no Match key"), (20, "[No attribute] has no Attr key"),
            (23, "AttrPeek (0.8) must be below AttrPop (0.5)"),
            (30, "AttrPeek: \"1.5\" is not a fraction"), (34, "AttrPressureRange: 200:4: MIN must be below MAX"),
            (37, "MatchName: \"[abc\" has an unclosed ["), (41, "MatchDeviceClass: \"keyboard\" is not touchpad"),
        ]
        for (line, words) in expected {
            #expect(described.contains { $0.hasPrefix("/etc/forcetouch/quirks/50-mine.quirks:\(line): ") && $0.contains(words) },
                    "line \(line): \(words) not in \(described)")
        }
    }

    @Test func linesOutsideSectionsAndUnreadableLines() {
        let parsed = DeviceDatabase.parse("MatchBus=usb\n[]\nAttrPeek=0.5\n[ok]\nMatchBus=usb\njunk\nAttrPeek=0.5\n", file: "f")
        #expect(parsed.entries == [])
        #expect(parsed.errors.map(\.description) == [
            "f:1: MatchBus is outside a section: start one with [Name]",
            "f:2: a section needs a name: [Name]",
            "f:6: \"junk\" is neither [Section], Key=Value nor a # comment",
        ])
    }

    @Test func aKeyGivenTwiceIsAnError() {
        let parsed = DeviceDatabase.parse("[x]\nMatchBus=usb\nMatchBus=i2c\nAttrPeek=0.5\n", file: "f")
        #expect(parsed.entries == [])
        #expect(parsed.errors.map(\.description) == ["f:3: MatchBus is given twice in [x]"])
    }

    @Test func aLaterEntryOverridesAnEarlierOneAttributeByAttribute() throws {
        let shipped = DeviceDatabase.parse("[Vendor]\nMatchVendor=0x0002\nAttrPressureKind=contact-size\nAttrAverageTouch=30\n",
                                           file: "10-touchpads.quirks")
        let mine = DeviceDatabase.parse("[Mine]\nMatchVendor=0x0002\nMatchProduct=0x0008\nAttrAverageTouch=40\n",
                                        file: "mine.quirks")
        let db = DeviceDatabase(entries: shipped.entries + mine.entries)
        let alps = try EvemuReader.read(TestFiles.text(TestFiles.realRecording("alps-glidepoint.double-tap.evemu"))).device
        let q = db.quirks(for: alps, deviceClass: .touchpad)
        #expect(q.entries == ["Vendor", "Mine"])
        #expect(q.pressureKind == .contactSize)
        #expect(q.averageTouch == 40 && q.averageTouchEntry == "Mine")
        let cypress = try EvemuReader.read(TestFiles.text(TestFiles.realRecording("cypress-trackpad.two_finger_press.evemu"))).device
        #expect(db.quirks(for: cypress, deviceClass: .touchpad).averageTouch == 30)
    }

    /// `AttrSizeHint=WxH`: the size in millimetres of a device whose axes report no
    /// resolution. It wins over forcetouch's own estimate, and a device that reports its
    /// resolution is measured by it all the same.
    @Test func aSizeHintGivesADeviceWithoutResolutionItsMillimetres() throws {
        let parsed = DeviceDatabase.parse("""
            [Big USB pad]
            MatchName=forcetouch test*
            AttrSizeHint=276x200

            [Bad size]
            MatchBus=usb
            AttrSizeHint=138mm
            """, file: "f.quirks")
        #expect(parsed.entries.map(\.name) == ["Big USB pad"])
        #expect(parsed.errors.map(\.description) == ["f.quirks:7: AttrSizeHint: \"138mm\" is not WIDTHxHEIGHT in millimetres (as 69x50)"])
        let db = DeviceDatabase(entries: parsed.entries)
        var pad = EventScript.touchpadWithoutResolution()
        pad.id.bustype = 0x03  // USB: no PS/2 estimate of its own
        #expect(DeviceGeometry(device: pad).scale == .diagonal)
        let q = db.quirks(for: pad, deviceClass: .touchpad)
        #expect(q.size == DeviceSize(width: 276, height: 200) && q.sizeEntry == "Big USB pad")
        let g = DeviceGeometry(device: pad, quirks: q)
        #expect(g.scale == .database(width: 276, height: 200))
        #expect(abs(g.distance(dx: 25, dy: 0) - 10) < 1e-9)  // 690 units over 276 mm: 2.5 a millimetre
        // The database's size wins over the PS/2 estimate too; resolution wins over both.
        #expect(DeviceGeometry(device: EventScript.touchpadWithoutResolution(), quirks: q).scale.name == "database")
        #expect(DeviceGeometry(device: EventScript.touchscreen(), quirks: q).scale == .resolution)
        // The engine measures taps by it: 8 units of wandering, 3.2 mm at 2.5 units/mm, is no tap.
        var s = EventScript(device: pad)
        s.touch(0, x: 300, y: 250)
        s.move(0.05, x: 308, y: 250); s.syn(0.05)
        s.lift(0.1)
        var settings = DeviceSettings()
        settings.quirks = q
        #expect(RecordingPlayback.run(s.recording, deviceSettings: settings).isEmpty)
        #expect(names(RecordingPlayback.run(s.recording)) == ["tap ended"])  // by 1/150 of the diagonal: 1.4 mm
    }
}
