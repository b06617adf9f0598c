import ForceTouchEngine

/// A binding's `device` key: one string that is a class name (`touchscreen`, `tablet`,
/// `touchpad`), else a `vendor:product` id (`056a:0333`), else a glob on the device name.
///
/// One key rather than three so that a binding reads naturally; the forms cannot be
/// confused except for a device literally named like a class, which a glob such as
/// `[t]ouchpad` still reaches.
public enum DeviceSelector: Hashable, Sendable, CustomStringConvertible {
    case deviceClass(DeviceClass)
    case id(VendorProduct)
    case name(Glob)

    /// Why a selector was refused.
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
    }

    /// Classifies the text; throws for a malformed glob, and for text shaped like a
    /// vendor:product id that is not one (`056A:ZZZZ`, `56a:333`): taken as a name glob it
    /// would match nothing, silently.
    public init(_ text: String) throws(ParseError) {
        if let c = DeviceClass(rawValue: text), c != .other {
            self = .deviceClass(c)
        } else if let id = VendorProduct(text) {
            self = .id(id)
        } else if Self.looksLikeID(text) {
            throw ParseError(message: "\"\(text)\" looks like a vendor:product id but is not one: write four hex "
                + "digits each, like \"056a:0333\" (to match a device name, escape the colon: \\:)")
        } else {
            do {
                self = .name(try Glob(text))
            } catch {
                throw ParseError(message: "invalid pattern \"\(text)\": \(error.message)")
            }
        }
    }

    /// Two runs of letters and digits around one colon, four and four (a mistyped digit),
    /// or hex digits of the wrong length (a dropped leading zero). Real device names have
    /// spaces or other words around a colon, and an escaped colon (`\:`) is never this.
    static func looksLikeID(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let alphanumeric = parts.allSatisfy { $0.count == 4 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        let hex = parts.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(\.isHexDigit) }
        return alphanumeric || hex
    }

    public func matches(_ device: DeviceDescription, deviceClass c: DeviceClass) -> Bool {
        switch self {
        case .deviceClass(let wanted): wanted == c
        case .id(let id): id.matches(device.id)
        case .name(let glob): glob.matches(device.name)
        }
    }

    public var description: String {
        switch self {
        case .deviceClass(let c): c.rawValue
        case .id(let id): id.description
        case .name(let glob): glob.pattern
        }
    }
}

extension RawValue {
    /// A `device` key: a class, a vendor:product id or a name glob.
    func deviceSelector() throws(Problem) -> DeviceSelector {
        let s = try nonEmptyString()
        do { return try DeviceSelector(s) } catch { throw Problem(error.message) }
    }
}
