import FoundationEssentials
import ForceTouchProtocol

/// Where a layer-shell panel is under sway, inferred (SPEC §11, "What is under the finger"):
/// sway's IPC places windows but not layer surfaces, and a layer surface's application gives its
/// extents from its own corner. A panel with an exclusive zone (waybar, a gtk-layer-shell bar)
/// leaves a strip of its output out of the usable area sway gives the output's workspace:
/// `get_outputs`' rect minus `get_workspaces`' rect. A surface as wide as a top or bottom strip
/// (as tall as a left or right one) and no deeper than it is taken to lie flush with the output's
/// edge there. A panel with no exclusive zone leaves no strip and is not placed; outer gaps and
/// margins make a strip deeper than its panel, which is still placed at the edge.
public struct SwayReservedStrips: Sendable {
    /// Which edge of its output a strip lies along.
    public enum Edge: String, Sendable { case top, bottom, left, right }

    /// A strip of an output that no window may cover.
    public struct Strip: Hashable, Sendable {
        public var edge: Edge
        public var rect: PixelRect
        /// The output's own rect: a side strip's panel may span the output's height.
        public var output: PixelRect

        public init(edge: Edge, rect: PixelRect, output: PixelRect) {
            (self.edge, self.rect, self.output) = (edge, rect, output)
        }
    }

    public var strips: [Strip]

    /// 32 bits, as sway's own: a reply beyond them is not understood, and sums of them cannot trap.
    private struct Rect: Decodable {
        var x, y, width, height: Int32
        var pixels: PixelRect { PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) }
    }
    private struct Output: Decodable {
        var name: String
        var active: Bool?
        var rect: Rect
    }
    private struct Workspace: Decodable {
        var output: String
        var visible: Bool?
        var rect: Rect
    }

    /// The strips from `get_outputs`' and `get_workspaces`' replies (JSON arrays).
    public init(outputs: Data, workspaces: Data) throws {
        let outs = try ProtocolJSON.decode([Output].self, from: outputs)
        let spaces = try ProtocolJSON.decode([Workspace].self, from: workspaces)
        // By name, the first of a name: a search of the outputs for each workspace was quadratic.
        var active: [String: Output] = [:]
        for out in outs where (out.active ?? true) && active[out.name] == nil { active[out.name] = out }
        var strips: [Strip] = []
        for space in spaces where space.visible ?? false {
            guard let out = active[space.output] else { continue }
            strips += Self.strips(of: out.rect.pixels, usable: space.rect.pixels)
        }
        self.strips = strips
    }

    public init(strips: [Strip]) { self.strips = strips }

    /// What `usable` leaves of `output` along each edge.
    static func strips(of o: PixelRect, usable u: PixelRect) -> [Strip] {
        var out: [Strip] = []
        let top = u.y - o.y, bottom = (o.y + o.height) - (u.y + u.height)
        let left = u.x - o.x, right = (o.x + o.width) - (u.x + u.width)
        if top > 0 { out.append(Strip(edge: .top, rect: PixelRect(x: o.x, y: o.y, width: o.width, height: top), output: o)) }
        if bottom > 0 {
            out.append(Strip(edge: .bottom, rect: PixelRect(x: o.x, y: u.y + u.height, width: o.width, height: bottom),
                             output: o))
        }
        if left > 0 { out.append(Strip(edge: .left, rect: PixelRect(x: o.x, y: u.y, width: left, height: u.height), output: o)) }
        if right > 0 {
            out.append(Strip(edge: .right, rect: PixelRect(x: u.x + u.width, y: u.y, width: right, height: u.height),
                             output: o))
        }
        return out
    }

    /// Where a surface of width × height lies if it is `strip`'s panel, or nil when it cannot be:
    /// along a top or bottom strip it is as wide as the output and no deeper than the strip, flush
    /// with the output's edge; along a side, as narrow, and as tall as the strip or the output.
    public static func place(width: Int, height: Int, in strip: Strip) -> PixelRect? {
        let s = strip.rect, o = strip.output
        switch strip.edge {
        case .top, .bottom:
            guard width == s.width, height > 0, height <= s.height else { return nil }
            let y = strip.edge == .top ? o.y : o.y + o.height - height
            return PixelRect(x: s.x, y: y, width: width, height: height)
        case .left, .right:
            guard width > 0, width <= s.width, height == s.height || height == o.height else { return nil }
            let x = strip.edge == .left ? o.x : o.x + o.width - width
            return PixelRect(x: x, y: height == s.height ? s.y : o.y, width: width, height: height)
        }
    }

    /// The first of the surfaces (their sizes, as their applications give them) that is the panel
    /// of a strip holding x, y and holds the point there: its index and its place in the layout.
    public func surface(at x: Int, _ y: Int, sizes: [(width: Int, height: Int)]) -> (index: Int, rect: PixelRect)? {
        for strip in strips where strip.rect.contains(x: Double(x), y: Double(y)) {
            for (i, size) in sizes.enumerated() {
                if let r = Self.place(width: size.width, height: size.height, in: strip),
                   r.contains(x: Double(x), y: Double(y)) {
                    return (i, r)
                }
            }
        }
        return nil
    }
}
