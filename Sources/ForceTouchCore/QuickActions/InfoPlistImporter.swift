import FoundationEssentials

/// Reads the static quick actions of an iOS app's Info.plist — its
/// `UIApplicationShortcutItems` array, with the very keys an app uses — in XML or binary
/// form, through FoundationEssentials' PropertyListDecoder.
///
/// Keys an app may write that have no meaning here (`UIApplicationShortcutItemTitle`'s
/// localization variants, `UIApplicationShortcutItemTargetContentIdentifier`…) are
/// ignored, as they would be on an iOS version that does not know them.
public enum InfoPlistImporter {
    /// One item (or the whole file) refused.
    public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
        public var file: String
        /// 1-based position in UIApplicationShortcutItems; nil for the file as a whole.
        public var index: Int?
        /// The item's type when it had a usable one.
        public var type: String?
        /// The Info.plist key at fault, if one is.
        public var key: String?
        public var message: String

        /// `Info.plist: item 3 ("com.example.share"): UIApplicationShortcutItemIconType: unknown icon type …`
        public var description: String {
            var s = file + ": "
            if let index {
                s += "item \(index)"
                if let type { s += " (\"\(type)\")" }
                s += ": "
            }
            if let key { s += key + ": " }
            return s + message
        }
    }

    public static let arrayKey = "UIApplicationShortcutItems"

    /// Every valid item in file order, and an error for each item refused.
    /// - Parameter file: the name errors are reported against.
    public static func importItems(from data: Data, file: String) -> (items: [ShortcutItem], errors: [ImportError]) {
        func fileError(_ message: String) -> (items: [ShortcutItem], errors: [ImportError]) {
            ([], [ImportError(file: file, message: message)])
        }
        guard data.count <= BinaryPlistLimits.defaultSizeLimit else {
            return fileError("is \(data.count) bytes, more than the \(BinaryPlistLimits.defaultSizeLimit) an Info.plist may weigh")
        }
        // Before Foundation expands shared references: a few hundred bytes can make billions.
        if let problem = BinaryPlistLimits.problem(data) { return fileError("refused: \(problem)") }
        // An XML plist is text: a NUL or a stray byte would otherwise be read past or replaced
        // in a title. A binary one (`bplist`) and a UTF-16 one (byte-order mark) are not UTF-8.
        if !data.starts(with: Array("bplist".utf8)), !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]),
           let problem = TextCheck.problem(in: data)
        {
            return fileError("line \(problem.line), column \(problem.column): \(problem.message)")
        }
        let root: PlistValue
        do {
            root = try PropertyListDecoder().decode(PlistValue.self, from: data)
        } catch {
            return fileError("not a property list (XML or binary): \(reason(error))")
        }
        guard case .dictionary(let dict) = root else {
            return fileError("the top level is \(root.described), not a dictionary")
        }
        guard let value = dict[arrayKey] else {
            return fileError("has no \(arrayKey) array")
        }
        guard case .array(let array) = value else {
            return fileError("\(arrayKey) is \(value.described), not an array")
        }

        var items: [ShortcutItem] = []
        var errors: [ImportError] = []
        var seen: Set<String> = []
        for (i, element) in array.enumerated() {
            let index = i + 1
            guard case .dictionary(let entry) = element else {
                errors.append(ImportError(file: file, index: index, message: "is \(element.described), not a dictionary"))
                continue
            }
            let typeName: String? = if case .string(let s) = entry[ShortcutField.type.plistKey] { s } else { nil }
            let label = typeName.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
            var itemErrors: [ImportError] = []
            func problem(_ field: ShortcutField?, _ message: String) {
                itemErrors.append(ImportError(file: file, index: index, type: label, key: field?.plistKey, message: message))
            }
            func string(_ field: ShortcutField) -> String? {
                guard let v = entry[field.plistKey] else { return nil }
                guard case .string(let s) = v else {
                    problem(field, "must be a string, not \(v.described)")
                    return nil
                }
                return s
            }
            let type = string(.type), title = string(.title), subtitle = string(.subtitle)
            let iconType = string(.iconType), iconFile = string(.iconFile), iconSymbol = string(.iconSymbol)
            var userInfo: [String: ShortcutValue] = [:]
            if let v = entry[ShortcutField.userInfo.plistKey] {
                if case .dictionary(let info) = v {
                    for key in info.keys.sorted() {
                        if let value = shortcutValue(info[key]!) { userInfo[key] = value } else {
                            problem(.userInfo, "value \"\(key)\" is \(info[key]!.described); "
                                + "only strings, numbers and booleans are allowed")
                        }
                    }
                } else {
                    problem(.userInfo, "must be a dictionary, not \(v.described)")
                }
            }
            // A key present with the wrong type was reported above; a missing one is
            // reported by validation.
            let typeForValidation = entry[ShortcutField.type.plistKey] == nil || type != nil ? type : ""
            let titleForValidation = entry[ShortcutField.title.plistKey] == nil || title != nil ? title : ""
            switch ShortcutItem.validated(type: typeForValidation, title: titleForValidation, subtitle: subtitle,
                                          iconType: iconType, iconFile: iconFile, iconSymbol: iconSymbol,
                                          userInfo: userInfo) {
            case .success(let item) where itemErrors.isEmpty:
                if seen.contains(item.type) {
                    problem(.type, "another item already has this type; types must be unique")
                } else {
                    seen.insert(item.type)
                    items.append(item)
                }
            case .success:
                break
            case .failure(let p):
                for x in p.problems {
                    // Wrong-typed type/title were reported already; skip the echo.
                    if itemErrors.contains(where: { $0.key == x.field.plistKey }) { continue }
                    let message = x.field == .iconType
                        ? ShortcutItem.unknownIconMessage(iconType ?? "", iOSNames: true)
                        : x.message
                    problem(x.field, message)
                }
            }
            errors += itemErrors
        }
        return (items, errors)
    }

    /// A user-info value as a plist holds it; nil for dates, data, arrays and dictionaries.
    static func shortcutValue(_ v: PlistValue) -> ShortcutValue? {
        switch v {
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .integer(let i): return .number(Double(i))
        case .real(let d): return d.isFinite ? .number(d) : nil
        case .date, .data, .array, .dictionary: return nil
        }
    }

    /// The decoder's reason, without the Swift type names of its context.
    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            let underlying = context.underlyingError.map { "\($0)" }
            return underlying.map { context.debugDescription + " (" + $0 + ")" } ?? context.debugDescription
        default:
            return "\(error)"
        }
    }
}
