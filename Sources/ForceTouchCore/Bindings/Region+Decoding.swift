import ForceTouchEngine

extension RawValue {
    /// A `region` key: `[x, y, width, height]`, within the surface.
    func region() throws(Problem) -> Region {
        let shape = "[x, y, width, height] in 0..1"
        guard case .array(let elements) = self else { throw Problem("expected \(shape), found \(kind)") }
        guard elements.count == 4 else { throw Problem("expected \(shape), found \(elements.count) values") }
        let n = try elements.map { (element) throws(Problem) in try element.numberValue() }
        let r = Region(x: n[0], y: n[1], width: n[2], height: n[3])
        // A little slack so that [0.3333, 0, 0.6667, 1]-style thirds still add up to 1.
        let slack = 1e-9
        guard r.x >= 0, r.y >= 0, r.x <= 1, r.y <= 1 else { throw Problem("x and y must be within 0..1") }
        guard r.width > 0, r.height > 0 else { throw Problem("width and height must be greater than 0") }
        guard r.x + r.width <= 1 + slack, r.y + r.height <= 1 + slack else {
            throw Problem("reaches past the edge: x + width and y + height must be at most 1")
        }
        return r
    }
}
