import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The one path from events to dispatches, as the daemon drives it: golden sequences of what
/// a recording under a configuration calls for.
@Suite struct DevicePipelineTests {
    /// Plays `recording` through a pipeline in virtual time, as `forcetouchd --replay` does.
    static func dispatches(_ recording: Recording, _ configuration: Configuration) -> [String] {
        var p = DevicePipeline(device: recording.device, deviceClass: DeviceClass(classifying: recording.device),
                               configuration: configuration)
        var out: [String] = []
        func record(_ outputs: [PipelineOutput]) {
            for o in outputs {
                for d in o.dispatches { out.append("\(d.label) fingers=\(o.gesture.fingers)") }
            }
        }
        for e in recording.events { record(p.process(e)) }
        while let t = p.nextDeadline { record(p.advance(to: t)) }
        return out
    }

    /// `make demo`: the bundled recording under config/demo.toml calls for exactly the
    /// actions the README shows, in order.
    @Test func theDemoCallsForWhatTheReadmeShows() throws {
        let path = TestFiles.packageRoot.appendingPathComponent("config/demo.toml").path
        let load = Configuration.parse(try String(contentsOfFile: path, encoding: .utf8), file: path, lookups: .diskFiles)
        #expect(load.errors.isEmpty, "\(load.errors)")
        let demo = try EvemuReader.read(TestFiles.text(TestFiles.packageRoot.appendingPathComponent("demo/touchscreen-gestures.evemu")))
        #expect(Self.dispatches(demo, load.configuration) == [
            "binding[1] (line 5) tap ended fingers=1",
            "binding[2] (line 9) double-tap ended fingers=1",
            "binding[3] (line 13) long-press began fingers=1",
            "binding[4] (line 17) deep-press began fingers=1",
            "binding[5] (line 21) deep-press changed fingers=1",
            "binding[1] (line 5) tap ended fingers=2",
        ])
    }

    /// The daemon feeds what one read brought as a batch: whatever the reads' sizes, a
    /// recording calls for the same gestures and dispatches, in the same order, as fed one
    /// event at a time.
    @Test func feedingInBatchesCallsForWhatFeedingEventsDoes() throws {
        let path = TestFiles.packageRoot.appendingPathComponent("config/demo.toml").path
        let load = Configuration.parse(try String(contentsOfFile: path, encoding: .utf8), file: path, lookups: .diskFiles)
        let demo = try EvemuReader.read(TestFiles.text(TestFiles.packageRoot.appendingPathComponent("demo/touchscreen-gestures.evemu")))
        func play(batches: [[InputEvent]]) -> [String] {
            var p = DevicePipeline(device: demo.device, deviceClass: DeviceClass(classifying: demo.device),
                                   configuration: load.configuration)
            var out: [String] = []
            func record(_ outputs: [PipelineOutput]) {
                for o in outputs {
                    out.append("\(o.gesture.gesture) \(o.gesture.phase) \(o.gesture.time.microseconds) \(o.dispatches.map(\.label))")
                }
            }
            for batch in batches {
                var completed: [PipelineOutput] = []
                batch.withUnsafeBufferPointer { p.process($0, into: &completed) }
                record(completed)
            }
            while let t = p.nextDeadline { record(p.advance(to: t)) }
            return out
        }
        let one = play(batches: demo.events.map { [$0] })
        #expect(one.count >= 6)
        var frames: [[InputEvent]] = [[]]
        for e in demo.events {
            frames[frames.count - 1].append(e)
            if e.type == EV.SYN && e.code == SYN.REPORT { frames.append([]) }
        }
        #expect(play(batches: frames) == one)
        let sevens = stride(from: 0, to: demo.events.count, by: 7).map { Array(demo.events[$0..<min($0 + 7, demo.events.count)]) }
        #expect(play(batches: sevens) == one)
        #expect(play(batches: [demo.events]) == one)
    }

    /// A press's progress is previewed only where a deep press does something: a binding, or
    /// the AssistiveTouch `deep-press` slot, on this device.
    @Test(arguments: [
        ("[[binding]]\ngesture = \"tap\"\nnotify = \"t\"\n", false),
        ("[[binding]]\ngesture = \"deep-press\"\nnotify = \"d\"\n", true),
        ("[[binding]]\ngesture = \"deep-press\"\nnotify = \"d\"\ndevice = \"another*\"\n", false),
        ("[assistive-touch]\ndeep-press = { notify = \"d\" }\nbutton = false\n", true),
        ("[assistive-touch]\nsingle-tap = { notify = \"t\" }\nbutton = false\n", false),
    ])
    func aDeepPressIsPreviewedOnlyWhereOneIsBound(text: String, previewed: Bool) throws {
        let load = Configuration.parse(text, file: "t.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        let device = touchscreenScript().recording.device
        let p = DevicePipeline(device: device, deviceClass: DeviceClass(classifying: device),
                               configuration: load.configuration)
        #expect(p.bindsDeepPress == previewed)
    }

    /// A gesture with a binding and an AssistiveTouch slot calls for both, binding first;
    /// a device the slots do not listen to gets only the binding.
    @Test func bindingsThenTheAssistiveTouchSlot() throws {
        let load = Configuration.parse("""
            [[binding]]
            gesture = "tap"
            notify = "tapped"

            [assistive-touch]
            single-tap = { notify = "slot" }
            device = "forcetouch test touchscreen"
            button = false
            """, file: "t.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        var script = touchscreenScript()
        script.tap(0, x: 500, y: 300)
        #expect(Self.dispatches(script.recording, load.configuration) == [
            "binding[1] (line 1) tap ended fingers=1", "assistive-touch single-tap fingers=1",
        ])
        var other = EventScript(device: EventScript.touchscreen(name: "another touchscreen"))
        other.tap(0, x: 500, y: 300)
        #expect(Self.dispatches(other.recording, load.configuration) == ["binding[1] (line 1) tap ended fingers=1"])
    }
}
