/// Any string key, to read objects whose keys are checked by hand.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    /// Set for a position in an array, which a message counts from 1.
    var intValue: Int?
    init(_ s: String) { stringValue = s }
    init(index: Int) { (stringValue, intValue) = (String(index), index) }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

func corrupted(_ c: KeyedDecodingContainer<AnyKey>, _ key: String?, _ message: String) -> DecodingError {
    DecodingError.dataCorrupted(.init(codingPath: c.codingPath + (key.map { [AnyKey($0)] } ?? []),
                                      debugDescription: message))
}
