import FoundationEssentials

/// Measures a binary property list (`bplist00`) before PropertyListSerialization reads it.
///
/// A binary plist stores each object once and refers to it by number, so a few hundred
/// bytes can name an array of arrays of the same array… that Foundation expands into
/// billions of objects (a 348-byte file made 6 GB). This reads the trailer and the offset
/// table, then counts the objects the expansion would make — every container's children,
/// shared ones once per reference — stopping at `limit`. Cycles and references out of range
/// are refused too, and so is a set, which Foundation cannot bridge. XML plists have no
/// shared references: their size bounds their expansion.
public enum BinaryPlistLimits {
    /// The most objects an Info.plist may expand to: a real one has a few hundred.
    public static let defaultObjectLimit = 100_000
    /// The most bytes an Info.plist may weigh.
    public static let defaultSizeLimit = 4 << 20

    /// Nil when `data` is not a binary plist or is within the limits; else why not.
    public static func problem(_ data: Data, objectLimit: Int = defaultObjectLimit) -> String? {
        let bytes = [UInt8](data)
        guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let t = bytes.count - 32
        func uint(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at + size <= bytes.count else { return nil }
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(bytes[at + i]) }
            return v > UInt64(Int.max) ? nil : Int(v)
        }
        let offsetSize = Int(bytes[t + 6]), refSize = Int(bytes[t + 7])
        guard let count = uint(t + 8, 8), let top = uint(t + 16, 8), let tableAt = uint(t + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            return "a damaged binary property list (its trailer)"
        }
        guard count <= objectLimit else {
            return "a binary property list of \(count) objects, more than the \(objectLimit) allowed"
        }
        guard top < count, tableAt <= t, count <= (t - tableAt) / offsetSize else {
            return "a damaged binary property list (its offset table)"
        }
        var offsets = [Int](repeating: 0, count: count)
        for i in 0..<count {
            guard let o = uint(tableAt + i * offsetSize, offsetSize), o >= 8, o < tableAt else {
                return "a damaged binary property list (object \(i) out of range)"
            }
            // Foundation crashes bridging a set (marker 0xC_) to Swift, and an Info.plist
            // never holds one: refuse it wherever it stands, reachable or not.
            guard bytes[o] >> 4 != 0xC else {
                return "a set (object \(i)), which an Info.plist cannot hold"
            }
            offsets[i] = o
        }
        // The children of object i: nil for a leaf, or a damaged container.
        func children(_ i: Int) -> [Int]?? {
            let at = offsets[i]
            let marker = bytes[at]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xD else { return .some(nil) }
            var n = Int(marker & 0x0F)
            var start = at + 1
            if n == 0x0F {
                // The count follows as an integer object: 0x1s, then 2^s bytes.
                guard start < bytes.count, bytes[start] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[start] & 0x0F)
                guard let v = uint(start + 1, size) else { return nil }
                n = v
                start += 1 + size
            }
            let refs = kind == 0xD ? 2 * n : n
            guard n <= count * 2, refs <= (bytes.count - start) / refSize else { return nil }
            var list: [Int] = []
            list.reserveCapacity(refs)
            for r in 0..<refs {
                guard let c = uint(start + r * refSize, refSize), c < count else { return nil }
                list.append(c)
            }
            return .some(list)
        }
        // Expanded size of each object, depth first without recursion; 0 = not yet, -1 = on the path.
        var expanded = [Int](repeating: 0, count: count)
        var stack: [(object: Int, kids: [Int], next: Int, total: Int)] = []
        func push(_ i: Int) -> String? {
            guard let kids = children(i) else { return "a damaged binary property list (object \(i))" }
            expanded[i] = -1
            stack.append((i, kids ?? [], 0, 1))
            return nil
        }
        if let p = push(top) { return p }
        while var frame = stack.popLast() {
            if frame.next < frame.kids.count {
                let k = frame.kids[frame.next]
                frame.next += 1
                switch expanded[k] {
                case -1: return "a binary property list that contains itself (object \(k))"
                case 0:
                    stack.append(frame)
                    if let p = push(k) { return p }
                    continue
                default:
                    frame.total += expanded[k]
                }
                if frame.total > objectLimit { return tooMany(objectLimit) }
                stack.append(frame)
            } else {
                expanded[frame.object] = frame.total
                if var parent = stack.popLast() {
                    parent.total += frame.total
                    if parent.total > objectLimit { return tooMany(objectLimit) }
                    stack.append(parent)
                }
            }
        }
        return nil
    }

    private static func tooMany(_ limit: Int) -> String {
        "a binary property list whose shared references expand to more than \(limit) objects"
    }
}
