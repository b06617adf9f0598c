extension TextAtPoint {
    /// The sentence a find is in, as the title of what is made of it (Create Event's
    /// summary): the text read around a press holds the sentences before and after it (up to
    /// 240 characters each side), and a title is the one pressed. A line break ends a
    /// sentence, and so does `.`, `!`, `?` or `…` followed by a space or the text's end (an
    /// address's or a number's dots, followed by more of it, do not); the range keeps its
    /// closing mark and drops the whitespace at its ends.
    public func sentence(around range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound
        while lo > 0, !scalars[lo - 1].isLineBreak, !closesSentence(lo - 1) { lo -= 1 }
        var hi = range.upperBound
        while hi < count, !scalars[hi].isLineBreak {
            hi += 1
            if closesSentence(hi - 1) { break }
        }
        while lo < hi, scalars[lo].isSpace { lo += 1 }
        while hi > lo, scalars[hi - 1].isSpace { hi -= 1 }
        return lo..<hi
    }

    /// A full stop, `!`, `?` or `…` that ends a sentence: one followed by a space or nothing.
    private func closesSentence(_ i: Int) -> Bool {
        ".!?…".unicodeScalars.contains(scalars[i]) && (i + 1 == count || scalars[i + 1].isSpace)
    }
}

extension Unicode.Scalar {
    /// A line feed, carriage return, or Unicode's line and paragraph separators.
    var isLineBreak: Bool { self == "\n" || self == "\r" || self == "\u{2028}" || self == "\u{2029}" }
}
