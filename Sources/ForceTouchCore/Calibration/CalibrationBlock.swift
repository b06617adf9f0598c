import ForceTouchEngine

/// Writes a calibration into the text of `forcetouch.toml` by editing lines, never by
/// re-serializing the TOML, so every other byte of the file — comments, blank lines, key
/// order, quoting — stays exactly as the user left it.
///
/// Where it goes:
/// - The first `[[device]]` block that matches the device (the one forcetouchd would use),
///   if that block names the device (`match-name` or `match-id`): its `calibration` line is
///   replaced (or added), and `peek`, `pop` (and `hysteresis`, when calibration changed it)
///   are replaced or added in its `[device.gestures]` table, created at the block's end if
///   missing. `emulate-force = true` is set for an emulated verdict.
/// - If the first matching block is a general one (by class only, or a catch-all), a new
///   block for this device goes just before it, since the first match wins.
/// - If no block matches, a new block is appended at the end of the file.
/// A replaced line keeps its indentation and its trailing comment.
public enum CalibrationBlock {
    /// The values written, as they appear in the file.
    public struct Values: Hashable, Sendable {
        public var average: Double
        public var peek: Double
        public var pop: Double
        /// Written only when set.
        public var hysteresis: Double?
        public var emulateForce: Bool

        public init(average: Double, peek: Double, pop: Double, hysteresis: Double? = nil, emulateForce: Bool = false) {
            self.average = average
            self.peek = peek
            self.pop = pop
            self.hysteresis = hysteresis
            self.emulateForce = emulateForce
        }

        public init(_ r: CalibrationResult) {
            self.init(average: (r.averageRaw * 100).rounded() / 100, peek: r.peekFraction, pop: r.popFraction,
                      hysteresis: r.hysteresisChanged ? r.hysteresis : nil, emulateForce: r.verdict == .emulated)
        }
    }

    /// The comment above a calibrated block: who calibrated, when (`date`, e.g. 2026-11-28), and
    /// the levels measured, so the file says where its numbers came from whichever program
    /// (`forcetest calibrate`, the daemon for forcetouch Settings) wrote it.
    public static func comment(_ r: CalibrationResult, by program: String, on date: String) -> String {
        func level(_ v: Double) -> String { TextFormat.number((v * 100).rounded() / 100) }
        return "Calibrated by \(program) on \(date): light \(level(r.light.level)), average \(level(r.average.level)), "
            + "firm \(level(r.firm.level)) raw \(r.axisName ?? ""), noise ±\(level(r.noise))."
    }

    /// A fresh `[[device]]` block for the device, with a comment saying where it came from.
    public static func render(_ v: Values, device: DeviceDescription, comment: String? = nil) -> String {
        var lines: [String] = []
        if let comment {
            for l in comment.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("# " + l) }
        }
        lines.append("[[device]]")
        lines.append("match-name = " + tomlString(globEscaped(device.name)))
        if device.id.vendor != 0 || device.id.product != 0 {
            lines.append("match-id = \"\(device.id.vendorProduct)\"")
        }
        lines.append(calibrationLine(v))
        if v.emulateForce { lines.append("emulate-force = true") }
        lines.append("[device.gestures]")
        lines += gestureLines(v)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The file's text with the calibration written in. Checks the result by parsing it:
    /// it must have no error the original did not have, and must give `device` exactly
    /// these values; otherwise this throws and the caller prints the block instead.
    /// - Parameter lookups: what the configuration may look up (its `import-plist`…), as
    ///   the daemon will: with none, a file that imports a plist would look broken.
    public static func apply(_ v: Values, to text: String, file: String, device: DeviceDescription,
                             deviceClass: DeviceClass, comment: String? = nil,
                             lookups: ConfigurationLookups) throws(CalibrationError) -> String {
        let before = Configuration.parse(text, file: file, lookups: lookups)
        if before.errors.contains(where: { $0.key.isEmpty }) {
            throw CalibrationError("\(file) does not parse as TOML (\(before.errors[0])); fix it first")
        }
        var doc = Document(text)
        let rule = before.configuration.devices.first { $0.match.matches(device, deviceClass: deviceClass) }
        if let rule, rule.match.name != nil || rule.match.id != nil {
            try doc.update(block: rule.index, with: v)
        } else if let rule {
            doc.insert(render(v, device: device, comment: comment) + "\n", beforeBlock: rule.index)
        } else {
            doc.append(render(v, device: device, comment: comment))
        }
        let out = doc.text
        let after = Configuration.parse(out, file: file, lookups: lookups)
        let old = Set(before.errors.map { "\($0.key): \($0.message)" })
        if let e = after.errors.first(where: { !old.contains("\($0.key): \($0.message)") }) {
            throw CalibrationError("writing the calibration would make \(file) invalid (\(e)); add the block by hand")
        }
        let s = after.configuration.settings(for: device, deviceClass: deviceClass)
        guard s.calibrationAverage == v.average, s.gestures.peekFraction == v.peek, s.gestures.popFraction == v.pop,
              s.gestures.hysteresis == (v.hysteresis ?? s.gestures.hysteresis), !v.emulateForce || s.emulateForce
        else {
            throw CalibrationError("the calibration could not be placed so that it applies to \"\(device.name)\" "
                + "(an earlier [[device]] block may take precedence); add the block by hand")
        }
        return out
    }

    // MARK: - Lines

    static func calibrationLine(_ v: Values) -> String { "calibration = { average = \(number(v.average)) }" }

    static func gestureLines(_ v: Values) -> [String] {
        var out = ["peek = \(number(v.peek))", "pop = \(number(v.pop))"]
        if let h = v.hysteresis { out.append("hysteresis = \(number(h))") }
        return out
    }

    /// A TOML float: always with a decimal point.
    static func number(_ d: Double) -> String {
        let s = TextFormat.number(d)
        return s.contains(".") ? s : s + ".0"
    }

    /// A glob matching exactly `name`: the pattern characters escaped with a backslash.
    public static func globEscaped(_ name: String) -> String {
        var out = ""
        for c in name {
            if "*?[]\\".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A TOML basic string: JSON's escapes are TOML's, control characters included.
    static func tomlString(_ s: String) -> String { TextFormat.quoted(s) }
}

// MARK: - The file as lines

extension CalibrationBlock {
    /// The configuration as lines, each with its `TOMLScanner.Kind`.
    struct Document {
        typealias Kind = TOMLScanner.Kind

        var lines: [String]
        var kinds: [Kind]
        /// `\r\n` when the file uses it.
        let newline: String
        let endsWithNewline: Bool

        init(_ text: String) {
            var parts = TOMLScanner.lines(text).map(String.init)
            endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
            if endsWithNewline || text.isEmpty { parts.removeLast() }
            lines = parts
            newline = parts.first?.hasSuffix("\r") == true ? "\r\n" : "\n"
            kinds = Document.classify(parts)
        }

        var text: String {
            guard !lines.isEmpty else { return "" }
            var s = lines.joined(separator: "\n")
            if endsWithNewline || forceTrailingNewline { s += "\n" }
            return s
        }

        private mutating func reclassify() { kinds = Document.classify(lines) }

        static func classify(_ lines: [String]) -> [Kind] { TOMLScanner.classify(lines.map { $0[...] }) }

        // MARK: Blocks

        /// Line index of the `index`-th (1-based) `[[device]]` header.
        func header(ofBlock index: Int) -> Int? {
            var n = 0
            for (i, k) in kinds.enumerated() where k == .header(["device"], array: true) {
                n += 1
                if n == index { return i }
            }
            return nil
        }

        /// The lines after `start` up to the next header not in `[device.…]`: the block's
        /// extent (exclusive end).
        func blockEnd(from start: Int) -> Int {
            var i = start + 1
            while i < lines.count {
                if case .header(let names, let array) = kinds[i], array || names.first != "device" || names.count < 2 {
                    return i
                }
                i += 1
            }
            return lines.count
        }

        /// The sub-table header `[device.NAME]` within start..<end, if any.
        func subTable(_ name: String, _ start: Int, _ end: Int) -> Int? {
            (start + 1..<end).first { kinds[$0] == .header(["device", name], array: false) }
        }

        /// End (exclusive) of the keys directly under the header at `start`: the next header.
        func sectionEnd(_ start: Int, _ end: Int) -> Int {
            (start + 1..<end).first { if case .header = kinds[$0] { true } else { false } } ?? end
        }

        /// Index of the key line `key` (dotted components) in start..<end.
        func keyLine(_ key: [String], _ start: Int, _ end: Int) -> Int? {
            (start..<end).first { kinds[$0] == .key(key) }
        }

        /// After the last key or header line in start..<end: where a new key belongs.
        func insertionPoint(_ start: Int, _ end: Int) -> Int {
            var last = start
            for i in start..<end {
                switch kinds[i] {
                case .key, .header: last = i
                case .other:
                    // A continuation of a multi-line value belongs to the key above it.
                    let t = lines[i].drop { $0 == " " || $0 == "\t" }
                    if !t.isEmpty && !t.hasPrefix("#") && !t.hasPrefix("\r") { last = i }
                }
            }
            return last + 1
        }

        /// Replaces line `i`'s value, keeping its indentation and trailing comment.
        mutating func replace(_ i: Int, with newText: String) {
            let old = lines[i]
            let cr = old.hasSuffix("\r") ? "\r" : ""
            let body = cr.isEmpty ? Substring(old) : old.dropLast()
            let indent = body.prefix { $0 == " " || $0 == "\t" }
            var comment = ""
            if let hash = commentStart(body) {
                // Keep the spacing before the comment as well.
                var j = hash
                while j > body.startIndex, body[body.index(before: j)] == " " || body[body.index(before: j)] == "\t" {
                    j = body.index(before: j)
                }
                comment = String(body[j...])
            }
            lines[i] = indent + newText + comment + cr
        }

        func commentStart(_ s: Substring) -> Substring.Index? { TOMLScanner.commentStart(s) }

        mutating func insert(lines new: [String], at i: Int) {
            let cr = newline == "\r\n" ? "\r" : ""
            lines.insert(contentsOf: new.map { $0 + cr }, at: i)
            reclassify()
        }

        /// Sets `key = value` in the section whose keys run start+1..<end (start: its header).
        mutating func set(_ key: [String], _ text: String, section start: Int, end: Int) {
            if let i = keyLine(key, start + 1, end) {
                replace(i, with: text)
            } else {
                insert(lines: [text], at: insertionPoint(start, end))
            }
        }

        mutating func update(block index: Int, with v: Values) throws(CalibrationError) {
            guard let h = header(ofBlock: index) else {
                throw CalibrationError("cannot find [[device]] block \(index) in the file; add the block by hand")
            }
            var end = blockEnd(from: h)
            var mainEnd = sectionEnd(h, end)
            // calibration: inline, dotted, or its own [device.calibration] table.
            if let i = keyLine(["calibration"], h + 1, mainEnd) {
                replace(i, with: calibrationLine(v))
            } else if let i = keyLine(["calibration", "average"], h + 1, mainEnd) {
                replace(i, with: "calibration.average = \(number(v.average))")
            } else if let t = subTable("calibration", h, end) {
                set(["average"], "average = \(number(v.average))", section: t, end: sectionEnd(t, end))
            } else {
                insert(lines: [calibrationLine(v)], at: insertionPoint(h, mainEnd))
            }
            if v.emulateForce {
                end = blockEnd(from: h)
                mainEnd = sectionEnd(h, end)
                set(["emulate-force"], "emulate-force = true", section: h, end: mainEnd)
            }
            end = blockEnd(from: h)
            mainEnd = sectionEnd(h, end)
            if keyLine(["gestures"], h + 1, mainEnd) != nil {
                throw CalibrationError("block \(index) writes its gestures as an inline table; "
                    + "set peek and pop in it by hand")
            }
            var pairs: [(String, String)] = [("peek", "peek = \(number(v.peek))"), ("pop", "pop = \(number(v.pop))")]
            if let hy = v.hysteresis { pairs.append(("hysteresis", "hysteresis = \(number(hy))")) }
            if let t = subTable("gestures", h, end) {
                for (key, line) in pairs {
                    let e = blockEnd(from: h)
                    set([key], line, section: t, end: sectionEnd(t, e))
                }
            } else if pairs.contains(where: { keyLine(["gestures", $0.0], h + 1, mainEnd) != nil }) {
                for (key, line) in pairs {
                    let e = sectionEnd(h, blockEnd(from: h))
                    set(["gestures", key], "gestures." + line, section: h, end: e)
                }
            } else {
                let at = insertionPoint(h, end)
                insert(lines: ["[device.gestures]"] + pairs.map(\.1), at: at)
            }
        }

        /// Inserts `block` before the `index`-th `[[device]]` header and the comment lines
        /// directly above it (they describe that block).
        mutating func insert(_ block: String, beforeBlock index: Int) {
            guard var at = header(ofBlock: index) else { append(block); return }
            while at > 0, kinds[at - 1] == .other,
                  lines[at - 1].drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") {
                at -= 1
            }
            var new = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if new.last == "" { new.removeLast() }
            insert(lines: new, at: at)
        }

        mutating func append(_ block: String) {
            var new = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if new.last == "" { new.removeLast() }
            if !lines.isEmpty {
                let last = lines[lines.count - 1].trimmedOf(" \t\r")
                if !last.isEmpty { new.insert("", at: 0) }
            }
            insert(lines: new, at: lines.count)
            // The file now ends with the block's last line: end it with a newline.
            forceTrailingNewline = true
        }

        var forceTrailingNewline = false
    }
}

private extension String {
    func trimmedOf(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
