import TOMLKit

/// A configuration's TOML as TOMLKit tables, with its arrays of blocks (`[[binding]]`,
/// `[[device]]`, `[[quick-action]]`) parsed a chunk at a time rather than as one tree.
///
/// toml++'s tree costs some 9 times the text it holds (about 840 bytes for a four-key
/// block), and a big configuration is almost all blocks: parsed whole, the tree alone was
/// beyond the 10× that SPEC §13 allows for reading a file. Here the tree of the rest of the
/// file (`root`) is built once, and the blocks are parsed in chunks of `chunkBytes` of text,
/// each chunk's tree cleared once its blocks are decoded.
///
/// TOML gives an `[[name]]` element every line up to the next header of another name, so
/// a run of such elements is a valid document of its own and means what it meant in the
/// file. The split is made only where that holds: `TOMLSourceMap.elements` leaves out a
/// name whose subtables are written away from its elements, and a document whose rest also
/// defines one of the names (`binding = […]`, `[binding]`) is not split. Whatever fails to
/// parse in pieces is parsed whole by the caller, for the error the whole file gives.
struct TOMLBlockDocument {
    /// The file without the split blocks, each block's lines left blank so lines keep their numbers.
    let root: TOMLTable
    /// By name, the split blocks: the source map's own list, shared rather than copied.
    private let elements: [String: [TOMLSourceMap.Element]]
    /// The split blocks in file order, in chunks, each a list of runs of one name's blocks.
    private let chunks: [[Run]]

    /// Consecutive blocks of one name: `elements[name][range]`.
    private struct Run {
        var name: String
        var range: Range<Int>
    }

    /// Which names were split; the others stay in `root`.
    var splitNames: Set<String> { Set(elements.keys) }

    /// About this much text is parsed at once: its tree is some 9 times this.
    static let chunkBytes = 64 * 1024

    /// The whole text as one tree, nothing split; the text has passed `TOMLScanner.check`.
    init(whole text: String, file: String) throws(ConfigError) {
        root = try TOMLScanner.parse(checked: text, file: file)
        elements = [:]
        chunks = []
    }

    /// `text` with the blocks of `names` split off, as the source map found them
    /// (`TOMLSourceMap.blockElements`); nil when the text must be parsed whole (the rest
    /// does not parse, or defines one of the names itself).
    init?(_ text: String, elements all: [String: [TOMLSourceMap.Element]], names: Set<String>) {
        let elements = all.filter { names.contains($0.key) }
        guard !elements.isEmpty else { return nil }

        var rest = ""
        var cursor = text.startIndex
        var chunks: [[Run]] = [[]]
        var chunkSize = 0
        // The names' lists merged by position in the file, without a merged copy.
        var next = elements.mapValues { _ in 0 }
        while let (name, i) = Self.earliest(elements, next) {
            next[name] = i + 1
            let block = elements[name]![i].text
            rest += text[cursor..<block.startIndex]
            rest += String(repeating: "\n", count: block.utf8.count(where: { $0 == UInt8(ascii: "\n") }))
            cursor = block.endIndex
            if chunkSize > 0, chunkSize + block.utf8.count > Self.chunkBytes {
                chunks.append([])
                chunkSize = 0
            }
            chunkSize += block.utf8.count
            if let last = chunks[chunks.count - 1].last, last.name == name, last.range.upperBound == i {
                chunks[chunks.count - 1][chunks[chunks.count - 1].count - 1].range = last.range.lowerBound..<(i + 1)
            } else {
                chunks[chunks.count - 1].append(Run(name: name, range: i..<(i + 1)))
            }
        }
        rest += text[cursor...]
        // The caller has checked the whole text (`TOMLScanner.check`); its pieces are parts of it.
        guard let root = try? TOMLScanner.parse(checked: rest, file: ""),
              !elements.keys.contains(where: { root[$0] != nil }) else {
            return nil
        }
        self.root = root
        self.elements = elements
        self.chunks = chunks
    }

    /// Of each name's next block (`next`), the one written first; nil when none is left.
    private static func earliest(_ elements: [String: [TOMLSourceMap.Element]], _ next: [String: Int])
        -> (name: String, index: Int)?
    {
        var best: (name: String, index: Int, start: String.Index)? = nil
        for (name, i) in next {
            guard let list = elements[name], i < list.count else { continue }
            let start = list[i].text.startIndex
            if best.map({ start < $0.start }) ?? true { best = (name, i, start) }
        }
        return best.map { ($0.name, $0.index) }
    }

    /// How many blocks of `name` were split off.
    func count(of name: String) -> Int { elements[name]?.count ?? 0 }

    /// Calls `body` with each split block in file order: its name, its 1-based position
    /// among that name's blocks, and its table, which is cleared after `body` returns.
    /// False when a chunk does not parse on its own; `body` has then seen the blocks before it.
    func forEachBlock(_ body: (_ name: String, _ index: Int, _ table: TOMLTable) -> Void) -> Bool {
        for chunk in chunks {
            var text = ""
            for run in chunk {
                for block in elements[run.name]![run.range] {
                    text += block.text
                    if block.text.utf8.last != UInt8(ascii: "\n") { text += "\n" }
                }
            }
            guard let tree = try? TOMLScanner.parse(checked: text, file: "") else { return false }
            // A chunk's blocks in file order: the names interleave as the file has them.
            var taken: [String: Int] = [:]
            for run in chunk {
                for i in run.range {
                    let k = taken[run.name, default: 0]
                    taken[run.name] = k + 1
                    guard let array = tree[run.name]?.array, k < array.count, let table = array[k].table else {
                        return false
                    }
                    body(run.name, i + 1, table)
                    table.clear()
                }
            }
            tree.clear()
        }
        return true
    }
}
