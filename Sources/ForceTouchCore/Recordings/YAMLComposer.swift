import CLibyaml

/// Composes one YAML document from libyaml's event parser (Debian's libyaml, the C library
/// Yams wraps) into `YAMLNode`s, with errors as `file:line` problems.
///
/// Built on libyaml's events rather than its own document API, whose nodes cost several times
/// a `YAMLNode`: a recording's tree stays within a few times its text.
struct YAMLComposer {
    /// Deeper nesting is refused: composing recurses, and a hostile file could be thousands
    /// of `[` deep. A libinput recording is six levels deep.
    static let maximumDepth = 64

    /// What went wrong, where libyaml saw it.
    struct Problem: Error {
        var line: Int?
        var message: String
    }

    /// The document in `text`, or nil when it holds none (an empty file, or only comments).
    static func compose(_ text: String) throws(Problem) -> YAMLNode? {
        var text = text
        let result: Result<YAMLNode?, Problem> = text.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else {
                return .failure(Problem(line: nil, message: "expected YAML, found no memory to read it"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var composer = Events(parser: &parser, text: bytes)
            do throws(Problem) { return .success(try composer.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The parser's events, one at a time, freed as soon as they are read.
    private struct Events {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        let text: UnsafeBufferPointer<UInt8>
        /// Per depth, where a collection's items gather before they are copied into an array
        /// of exactly their number: an array grown by appending holds up to twice its items,
        /// and a recording is some 100,000 small sequences.
        private var items: [[YAMLNode]] = []
        private var pairs: [[YAMLPair]] = []

        init(parser: UnsafeMutablePointer<yaml_parser_t>, text: UnsafeBufferPointer<UInt8>) {
            self.parser = parser
            self.text = text
        }

        /// An event of the stream; its scalar text is copied out before the event is freed.
        enum Event {
            case streamStart, streamEnd, documentStart(line: Int32), documentEnd
            case scalar(String, plain: Bool, line: Int32)
            case sequenceStart(line: Int32), sequenceEnd
            case mappingStart(line: Int32), mappingEnd
            case alias(line: Int32)
        }

        mutating func next() throws(Problem) -> Event {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) != 0 else { throw problem() }
            defer { yaml_event_delete(&event) }
            let line = Int32(clamping: event.start_mark.line + 1)
            switch event.type {
            case YAML_STREAM_START_EVENT: return .streamStart
            case YAML_STREAM_END_EVENT: return .streamEnd
            case YAML_DOCUMENT_START_EVENT: return .documentStart(line: line)
            case YAML_DOCUMENT_END_EVENT: return .documentEnd
            case YAML_ALIAS_EVENT: return .alias(line: line)
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
                return .scalar(value, plain: s.style == YAML_PLAIN_SCALAR_STYLE, line: line)
            case YAML_SEQUENCE_START_EVENT: return .sequenceStart(line: line)
            case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
            case YAML_MAPPING_START_EVENT: return .mappingStart(line: line)
            case YAML_MAPPING_END_EVENT: return .mappingEnd
            default: throw Problem(line: Int(line), message: "expected valid YAML, found an event libyaml does not name")
            }
        }

        /// The first document, or nil for an empty stream.
        mutating func document() throws(Problem) -> YAMLNode? {
            guard case .streamStart = try next() else { throw Problem(line: 1, message: "expected a YAML stream") }
            switch try next() {
            case .documentStart: break
            default: return nil
            }
            let root = try node(try next(), depth: 0)
            guard case .documentEnd = try next() else { throw Problem(line: nil, message: "expected the end of the document") }
            if case .documentStart(let line) = try next() {
                throw Problem(line: Int(line), message: "expected a single document in the stream, found another")
            }
            return root
        }

        mutating func node(_ first: Event, depth: Int) throws(Problem) -> YAMLNode {
            switch first {
            case .scalar(let s, let plain, let line):
                return .scalar(s, plain: plain, line: line)
            case .alias(let line):
                throw Problem(line: Int(line), message: "expected plain YAML, found an alias (*name); recordings use none")
            case .sequenceStart(let line):
                guard depth < YAMLComposer.maximumDepth else { throw tooDeep(line) }
                while items.count <= depth { items.append([]) }
                items[depth].removeAll(keepingCapacity: true)
                while true {
                    let e = try next()
                    if case .sequenceEnd = e { break }
                    let item = try node(e, depth: depth + 1)
                    items[depth].append(item)
                }
                return .sequence(Self.exactCopy(items[depth]), line: line)
            case .mappingStart(let line):
                guard depth < YAMLComposer.maximumDepth else { throw tooDeep(line) }
                while pairs.count <= depth { pairs.append([]) }
                pairs[depth].removeAll(keepingCapacity: true)
                var keys: Set<String> = []
                while true {
                    let e = try next()
                    if case .mappingEnd = e { break }
                    let key = try node(e, depth: depth + 1)
                    if let name = key.string, !keys.insert(name).inserted {
                        throw Problem(line: Int(line), message: "expected each key once, found \(name) more than once")
                    }
                    let value = try node(try next(), depth: depth + 1)
                    pairs[depth].append(YAMLPair(key: key, value: value))
                }
                return .mapping(Self.exactCopy(pairs[depth]), line: line)
            case .streamStart, .streamEnd, .documentStart, .documentEnd, .sequenceEnd, .mappingEnd:
                throw Problem(line: nil, message: "expected a YAML node, found the end of a collection or document")
            }
        }

        /// `array` in storage of exactly its count (`Array(array)` would share the scratch's storage).
        static func exactCopy<T>(_ array: [T]) -> [T] {
            [T](unsafeUninitializedCapacity: array.count) { buffer, count in
                _ = buffer.initialize(from: array)
                count = array.count
            }
        }

        func tooDeep(_ line: Int32) -> Problem {
            Problem(line: Int(line), message: "expected YAML nested at most \(YAMLComposer.maximumDepth) deep, found deeper")
        }

        /// libyaml's error as the line it gives and its words: "expected valid YAML, found
        /// mapping values are not allowed in this context at column 9".
        func problem() -> Problem {
            let p = parser.pointee
            let what = p.problem.map { String(cString: $0) } ?? "an error"
            if p.error == YAML_READER_ERROR {
                // The reader reports a byte offset; count the line breaks before it.
                let offset = min(Int(p.problem_offset), text.count)
                let line = 1 + text.prefix(offset).lazy.filter { $0 == UInt8(ascii: "\n") }.count
                return Problem(line: line, message: "expected UTF-8 YAML, found \(what)")
            }
            if p.error == YAML_MEMORY_ERROR {
                return Problem(line: nil, message: "expected YAML, found no memory to read it")
            }
            let context = p.context.map { " (\(String(cString: $0)))" } ?? ""
            return Problem(line: Int(p.problem_mark.line) + 1,
                           message: "expected valid YAML, found \(what)\(context) at column \(p.problem_mark.column + 1)")
        }
    }
}
