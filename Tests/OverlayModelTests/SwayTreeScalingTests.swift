import FoundationEssentials
import ForceTouchProtocol
import Glibc
import OverlayModel
import Testing

/// sway's replies read at growing sizes, one window (one output, one workspace) after another:
/// each step is linear (issue 48: `windowPIDs` searched a list for each window, and 160 k windows
/// took 15.4 s). The times are printed as figures, not asserted; what is found is.
@Suite struct SwayTreeScalingTests {
    /// `windows` tiled views, each of its own process, the last at 5000,5000.
    static func tree(windows: Int) -> Data {
        let views = (0..<windows).map { i in
            SwayTreeTests.view("W\(i)", pid: 1000 + i, app: "app\(i)",
                               rect: i == windows - 1 ? (5000, 5000, 10, 10) : (i % 1000, 0, 10, 10), window: (0, 0, 10, 10))
        }
        return SwayTreeTests.tree(tiled: views)
    }

    static func seconds(_ body: () throws -> Void) rethrows -> String {
        var a = timespec(), b = timespec()
        clock_gettime(CLOCK_MONOTONIC, &a)
        try body()
        clock_gettime(CLOCK_MONOTONIC, &b)
        let ns: Int = (b.tv_sec - a.tv_sec) * 1_000_000_000 + (b.tv_nsec - a.tv_nsec)
        return "\(ns / 1_000_000) ms"
    }

    @Test(arguments: [10_000, 40_000, 160_000])
    func aTreeOfManyWindows(windows: Int) throws {
        let json = Self.tree(windows: windows)
        var tree: SwayTree?
        let parse = try Self.seconds { tree = try SwayTree(json: json) }
        var pids: [Int] = [], found: SwayTree.Window?
        let searched = Self.seconds {
            found = tree?.window(at: 5005, 5005)
            pids = tree?.windowPIDs ?? []
        }
        print("figure: sway's tree of \(windows) windows (\(json.count) bytes): parsed in \(parse), "
              + "the window at a point and every window's process in \(searched)")
        #expect(found?.pid == 1000 + windows - 1)
        #expect(pids.count == windows)
    }

    @Test(arguments: [10_000, 40_000])
    func manyOutputsAndWorkspaces(count: Int) throws {
        let outputs = (0..<count).map {
            "{\"name\": \"OUT-\($0)\", \"active\": true, \"rect\": {\"x\": \($0 * 1024), \"y\": 0, \"width\": 1024, \"height\": 768}}"
        }
        let spaces = (0..<count).map {
            "{\"output\": \"OUT-\($0)\", \"visible\": true, \"rect\": {\"x\": \($0 * 1024), \"y\": 0, \"width\": 1024, \"height\": 728}}"
        }
        var strips: SwayReservedStrips?
        let time = try Self.seconds {
            strips = try SwayReservedStrips(outputs: Data("[\(outputs.joined(separator: ","))]".utf8),
                                            workspaces: Data("[\(spaces.joined(separator: ","))]".utf8))
        }
        print("figure: sway's \(count) outputs and workspaces: their strips in \(time)")
        #expect(strips?.strips.count == count)
    }
}
