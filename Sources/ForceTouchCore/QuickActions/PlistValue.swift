import FoundationEssentials

/// A property list's value as read, whatever its type: what an Info.plist holds before the
/// importer checks it, so that a wrong type can be named ("must be a string, not a number").
///
/// Read through `PropertyListDecoder` (FoundationEssentials, XML and binary alike) rather than
/// `PropertyListSerialization`, which needs all of Foundation.
enum PlistValue: Decodable, Equatable {
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var dict: [String: PlistValue] = [:]
            for key in keyed.allKeys { dict[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key) }
            self = .dictionary(dict)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var array: [PlistValue] = []
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(PlistValue.self)) }
            self = .array(array)
            return
        }
        let single = try decoder.singleValueContainer()
        // The order matters: a plist's <true/> is no number, but its <integer> may read as a
        // Double, and a <string> never reads as anything else.
        if let b = try? single.decode(Bool.self) { self = .bool(b) }
        else if let s = try? single.decode(String.self) { self = .string(s) }
        else if let i = try? single.decode(Int64.self) { self = .integer(i) }
        else if let d = try? single.decode(Double.self) { self = .real(d) }
        else if let d = try? single.decode(Date.self) { self = .date(d) }
        else { self = .data(try single.decode(Data.self)) }
    }

    /// "a string", "an array": how an error names what it found.
    var described: String {
        switch self {
        case .bool: "a boolean"
        case .integer, .real: "a number"
        case .string: "a string"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}
