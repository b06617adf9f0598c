/// The `[quick-actions]` table as written: each key checked on its own, a refused one
/// keeping its default. What `import-plist` and `desktop` bring in from outside the file
/// is read afterwards, by the parser, which knows where the file is.
struct QuickActionSettingsTable: Decodable {
    static let keys = ["import-plist", "desktop", "menu", "max-items", "menu-timeout", "under-finger", "open-schemes"]
    var maximumMenuItems: Int?
    /// Seconds.
    var menuTimeout: Double?
    var menu: [String]?
    var importPlist: String?
    /// Desktop file ids, one written as a string or several as an array.
    var desktop: [String] = []
    /// `under-finger`: the kinds of target used, nil when not written.
    var underFinger: Set<PressTargetKind>?
    /// `open-schemes`: the links that open without asking, nil when not written.
    var openSchemes: LinkSchemes?

    init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        maximumMenuItems = try r("max-items") { v in
            let n = try v.integerValue()
            guard (1...64).contains(n) else { throw RawValue.Problem("must be from 1 to 64, not \(n)") }
            return n
        }
        menuTimeout = try r("menu-timeout") { try $0.number(in: .menuTimeout) }
        menu = try r("menu") { try $0.argv(example: "[\"rofi\", \"-dmenu\"]") }
        importPlist = try r("import-plist") { v in
            let s = try v.stringValue()
            guard !s.isEmpty else { throw RawValue.Problem("must not be empty") }
            return s
        }
        desktop = try r("desktop") { v in
            if case .string(let s) = v { return [s] }
            return try v.argv(example: "[\"firefox.desktop\"]")
        } ?? []
        underFinger = try r("under-finger") { v in
            guard case .array(let elements) = v else {
                throw RawValue.Problem("expected an array of kinds such as [\"app-icon\", \"link\"], found \(v.kind)")
            }
            var kinds: Set<PressTargetKind> = []
            for element in elements { kinds.insert(try element.name(PressTargetKind.configurable, what: "kind")) }
            return kinds
        }
        openSchemes = try r("open-schemes") { v in
            guard case .array(let elements) = v else {
                throw RawValue.Problem("expected an array of schemes such as [\"http\", \"https\"], found \(v.kind)")
            }
            let names = try elements.map { (e) throws(RawValue.Problem) in try e.stringValue() }
            do { return try LinkSchemes(names) } catch { throw RawValue.Problem(String(describing: error)) }
        }
    }
}
