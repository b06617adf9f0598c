import Foundation
import ForceTouchProtocol
import Testing

/// The bus's one table (`BusMethod`, `BusSignal`, `BusNames`, PressTarget's facts and MenuShown's
/// keys) against everything written from it outside Swift: the C header the overlay reads its
/// names and type strings from (Sources/COverlay/bus-protocol.h), the GNOME Shell extension's
/// (gnome-shell/…/busProtocol.js) and the introspection file's methods and signals
/// (dbus/io.github.forcetouch.Daemon1.xml, which dbus-on-host.sh holds the running daemon's
/// Introspect to, line for line). All three are golden files: a table row changed without them
/// fails here; `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests`
/// writes them from the table, and the diff is what the change does to the C and the XML.
/// And no name of the table is written as a literal anywhere else in Sources.
@Suite struct BusTableTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ForceTouchProtocolTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let headerPath = "Sources/COverlay/bus-protocol.h"
    static let introspectionPath = "dbus/io.github.forcetouch.Daemon1.xml"
    static var regenerate: Bool { ProcessInfo.processInfo.environment["FORCETOUCH_REGENERATE"] == "1" }

    // MARK: The C header

    /// `QuickActionPerformed` → `QUICK_ACTION_PERFORMED`.
    static func macroName(_ member: String) -> String {
        var out = ""
        for (i, c) in member.enumerated() {
            if c.isUppercase && i > 0 { out += "_" }
            out += c.uppercased()
        }
        return out
    }

    /// A signature as `g_variant_get` reads it into C variables: each top-level string or object
    /// path borrowed (`&s`, `&o`: no copy to free), everything else as it is (an array into a
    /// GVariantIter).
    static func getFormat(_ types: [BusType]) -> String {
        "(" + types.map { t in
            switch t {
            case .string, .objectPath: "&" + t.rawValue
            case .bool, .uint32, .strings, .double, .dictionaries, .dictionary: t.rawValue
            }
        }.joined() + ")"
    }

    /// A key of the bus, `icon-file` → `ICON_FILE`.
    static func constantName(_ key: String) -> String { key.uppercased().replacingOccurrences(of: "-", with: "_") }

    static func tuple(_ types: [BusType]) -> String { "(" + types.map(\.rawValue).joined() + ")" }

    static func described(_ parameters: [BusParameter]) -> String {
        parameters.map { "\($0.type.rawValue) \($0.name)" }.joined(separator: ", ")
    }

    static func define(_ name: String, _ value: String) -> String { "#define \(name) \"\(value)\"" }

    static func header() -> String {
        var lines = [
            "// The bus's names and type strings for forcetouch-overlay's C (docs/SPEC.md §9, §11): made from",
            "// the one table, Sources/ForceTouchProtocol (BusNames and BusSignal in BusSignal.swift,",
            "// BusMethod in ControlRequest.swift, the facts' keys in PressTargetFacts.swift), by",
            "// Tests/ForceTouchProtocolTests/BusTableTests.swift, which fails while this copy differs.",
            "// Do not edit: change the table, then",
            "// `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests` writes it.",
            "//",
            "// Per signal S: FT_SIGNAL_S (the member), FT_SIGNAL_S_TYPE (the arguments' tuple, for",
            "// g_variant_is_of_type) and FT_SIGNAL_S_GET (g_variant_get's format: strings borrowed).",
            "// Per method M: FT_METHOD_M, FT_METHOD_M_IN (g_variant_new's format), FT_METHOD_M_OUT (the",
            "// reply's tuple) and FT_METHOD_M_OUT_GET. Per key K of PressTarget's facts: FT_FACT_K and",
            "// FT_FACT_K_SIGNATURE (its value's type).",
            "#ifndef FORCETOUCH_BUS_PROTOCOL_H",
            "#define FORCETOUCH_BUS_PROTOCOL_H",
            "",
            define("FT_BUS_DAEMON_NAME", BusNames.service),
            define("FT_BUS_DAEMON_PATH", BusNames.rootPath),
            define("FT_BUS_DAEMON_INTERFACE", BusNames.daemonInterface),
            define("FT_BUS_DEVICE_INTERFACE", BusNames.deviceInterface),
            define("FT_BUS_OVERLAY_NAME", BusNames.overlay),
            define("FT_BUS_OVERLAY_PATH", BusNames.overlayPath),
            define("FT_BUS_PROPERTY_UNDER_FINGER", BusNames.underFingerProperty),
        ]
        for signal in BusSignal.allCases {
            let macro = "FT_SIGNAL_" + macroName(signal.name)
            let types = signal.arguments.map(\.type)
            lines += [
                "",
                "// \(signal.name)(\(described(signal.arguments)))",
                define(macro, signal.name),
                define(macro + "_TYPE", tuple(types)),
                define(macro + "_GET", getFormat(types)),
            ]
        }
        for method in BusMethod.allCases {
            let macro = "FT_METHOD_" + macroName(method.name)
            let results = method.results.map(\.type)
            lines += [
                "",
                "// \(method.name)(\(described(method.parameters))) → (\(described(method.results)))",
                define(macro, method.name),
                define(macro + "_IN", tuple(method.parameters.map(\.type))),
                define(macro + "_OUT", tuple(results)),
                define(macro + "_OUT_GET", getFormat(results)),
            ]
        }
        // The keys of PressTarget's facts (PressTargetFacts.Key), each with its one type.
        lines += ["", "// PressTarget's facts: FT_FACT_K (the key) and FT_FACT_K_SIGNATURE (its value's type)."]
        for key in PressTargetFacts.Key.allCases {
            let macro = "FT_FACT_" + constantName(key.rawValue)
            lines += [define(macro, key.rawValue), define(macro + "_SIGNATURE", key.signature)]
        }
        // The keys of MenuShown's items and target (MenuItemKey, MenuTargetKey).
        lines += ["", "// MenuShown's keys: each item's, FT_ITEM_K, and its target's, FT_TARGET_K (every value a string)."]
        lines += MenuItemKey.allCases.map { define("FT_ITEM_" + constantName($0.rawValue), $0.rawValue) }
        lines += MenuTargetKey.allCases.map { define("FT_TARGET_" + constantName($0.rawValue), $0.rawValue) }
        // X-macros over every row, for C that goes over them all (a stand-in daemon checking what
        // it sends, a client listing what it serves).
        lines += ["", "// Every signal, X(member, type), and every method, X(member, in, out), in the table's order."]
        lines.append("#define FT_BUS_SIGNALS(X) \\")
        lines += BusSignal.allCases.map { signal in
            let macro = "FT_SIGNAL_" + macroName(signal.name)
            return "    X(\(macro), \(macro)_TYPE)" + (signal == BusSignal.allCases.last ? "" : " \\")
        }
        lines.append("#define FT_BUS_METHODS(X) \\")
        lines += BusMethod.allCases.map { method in
            let macro = "FT_METHOD_" + macroName(method.name)
            return "    X(\(macro), \(macro)_IN, \(macro)_OUT)" + (method == BusMethod.allCases.last ? "" : " \\")
        }
        lines += ["", "#endif", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: The GNOME Shell extension's copy

    static let extensionPath = "gnome-shell/forcetouch@forcetouch.github.io/busProtocol.js"

    /// A JavaScript string literal: the table's names and keys hold no quote or backslash.
    static func quoted(_ text: String) -> String { "'" + text + "'" }

    /// busProtocol.js, in the legacy form the extension is written in (`var NAME = …`, which
    /// scripts/gnome-extension-esm.py exports for GNOME 45+).
    static func extensionModule() -> String {
        func object(_ name: String, _ entries: [(String, String)]) -> [String] {
            ["var \(name) = {"] + entries.map { "    \(quoted($0.0)): \($0.1)," } + ["};"]
        }
        var lines = [
            "/* The names and signatures of forcetouchd's bus (docs/SPEC.md §11) for the GNOME Shell extension: made",
            " * from the one table, Sources/ForceTouchProtocol (BusNames and BusSignal in BusSignal.swift, BusMethod in",
            " * ControlRequest.swift, the facts' keys in PressTargetFacts.swift, MenuShown's keys in MenuShownKeys.swift),",
            " * by Tests/ForceTouchProtocolTests/BusTableTests.swift, which fails while this copy differs. Do not edit:",
            " * change the table, then `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests` writes it. */",
            "",
            "var DAEMON_NAME = \(quoted(BusNames.service));",
            "var DAEMON_PATH = \(quoted(BusNames.rootPath));",
            "var DAEMON_IFACE = \(quoted(BusNames.daemonInterface));",
            "var OVERLAY_NAME = \(quoted(BusNames.overlay));",
            "var OVERLAY_PATH = \(quoted(BusNames.overlayPath));",
            "/* The overlay's object's interface is named as the name it owns. */",
            "var OVERLAY_IFACE = \(quoted(BusNames.overlay));",
            "/* PressTarget's error for a partial answer (ControlErrorKind.partialAnswer): the looker may ask again. */",
            "var PARTIAL_ANSWER_ERROR = \(quoted(BusNames.errorPrefix + ControlErrorKind.partialAnswer.dbusName));",
            "/* The daemon's property listing the kinds of under-finger in effect (`as`), and those of them found in",
            " * text (UnderFingerKinds.text): the text under a press is read only while the property lists one. */",
            "var UNDER_FINGER_PROPERTY = \(quoted(BusNames.underFingerProperty));",
            "var TEXT_KINDS = [\(UnderFingerKinds.text.map(quoted).joined(separator: ", "))];",
            "",
            "/* Every Daemon1 signal, with its arguments' types. A message is taken when these types begin it: a",
            " * daemon newer than the extension may add arguments at the end. */",
        ]
        lines += object("SIGNALS", BusSignal.allCases.map { ($0.name, quoted($0.signature)) })
        lines += ["", "/* Every Daemon1 method: its arguments' types, then its reply's. */"]
        lines += object("METHODS", BusMethod.allCases.map { ($0.name, "[\(quoted($0.signature)), \(quoted($0.resultSignature))]") })
        lines += ["", "/* PressTarget's facts: each key with the one type the daemon takes for it; a key not here is not sent. */"]
        lines += object("FACTS", PressTargetFacts.Key.allCases.map { ($0.rawValue, quoted($0.signature)) })
        lines += ["", "/* MenuShown's keys: each item's and its target's (every value a string), by their Swift names. */"]
        lines += object("ITEM_KEYS", MenuItemKey.allCases.map { ("\($0)", quoted($0.rawValue)) })
        lines += object("TARGET_KEYS", MenuTargetKey.allCases.map { ("\($0)", quoted($0.rawValue)) })
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theExtensionsCopyIsTheTables() throws {
        let made = Self.extensionModule()
        if Self.regenerate { try Self.write(Self.extensionPath, made) }
        let committed = try Self.read(Self.extensionPath)
        let same = committed == made
        #expect(same, """
            \(Self.extensionPath) is not what the bus's table makes (\(Self.firstDifference(committed, made))): \
            FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests rewrites it
            """)
    }

    // MARK: The introspection file

    /// Daemon1's methods then signals, as sd-bus's Introspect writes them (the vtable's order).
    static func introspection() -> String {
        var lines: [String] = []
        for method in BusMethod.allCases {
            lines.append("  <method name=\"\(method.name)\">")
            for p in method.parameters { lines.append("   <arg type=\"\(p.type.rawValue)\" name=\"\(p.name)\" direction=\"in\"/>") }
            for p in method.results { lines.append("   <arg type=\"\(p.type.rawValue)\" name=\"\(p.name)\" direction=\"out\"/>") }
            lines.append("   <annotation name=\"org.freedesktop.systemd1.Privileged\" value=\"true\"/>")
            lines.append("  </method>")
        }
        for signal in BusSignal.allCases {
            lines.append("  <signal name=\"\(signal.name)\">")
            for p in signal.arguments { lines.append("   <arg type=\"\(p.type.rawValue)\" name=\"\(p.name)\"/>") }
            lines.append("  </signal>")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The file split around Daemon1's methods and signals: from its first `<method` to the end
    /// of its last `</signal>` (the properties before, written by hand as bus_support.c's are).
    static func introspectionParts(_ text: String) -> (before: String, table: String, after: String)? {
        guard let interface = text.range(of: "<interface name=\"\(BusNames.daemonInterface)\">"),
              let end = text.range(of: " </interface>", range: interface.upperBound..<text.endIndex),
              let first = text.range(of: "  <method ", range: interface.upperBound..<end.lowerBound)
        else { return nil }
        return (String(text[..<first.lowerBound]), String(text[first.lowerBound..<end.lowerBound]),
                String(text[end.lowerBound...]))
    }

    /// Where `committed` first departs from what the table makes, for a failure that says it
    /// in one line rather than printing both files.
    static func firstDifference(_ committed: String, _ made: String) -> String {
        let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let b = made.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) where i >= a.count || i >= b.count || a[i] != b[i] {
            let has = i < a.count ? String(a[i]) : "(end)", wants = i < b.count ? String(b[i]) : "(end)"
            return "line \(i + 1) is `\(has)`, the table makes `\(wants)`"
        }
        return "none"
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func write(_ path: String, _ text: String) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    @Test func theHeaderIsTheTables() throws {
        let made = Self.header()
        if Self.regenerate { try Self.write(Self.headerPath, made) }
        let committed = try Self.read(Self.headerPath)
        let same = committed == made
        #expect(same, """
            \(Self.headerPath) is not what the bus's table makes (\(Self.firstDifference(committed, made))): \
            FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests rewrites it
            """)
    }

    @Test func theIntrospectionFileIsTheTables() throws {
        let text = try Self.read(Self.introspectionPath)
        let parts = try #require(Self.introspectionParts(text), "no methods in \(BusNames.daemonInterface)")
        if Self.regenerate && parts.table != Self.introspection() {
            try Self.write(Self.introspectionPath, parts.before + Self.introspection() + parts.after)
            return
        }
        let same = parts.table == Self.introspection()
        #expect(same, """
            \(Self.introspectionPath)'s methods and signals are not the bus's table's \
            (\(Self.firstDifference(parts.table, Self.introspection()))): \
            FORCETOUCH_REGENERATE=1 swift test --skip-build --filter BusTableTests rewrites them
            """)
    }

    // MARK: No second copy

    static func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walk where ["c", "h", "swift"].contains(url.pathExtension) {
            let path = String(url.path.dropFirst(root.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// Where the table is, and what is made from it: the only places its names are spelt.
    static let table: Set<String> = [
        "Sources/ForceTouchProtocol/BusSignal.swift", "Sources/ForceTouchProtocol/ControlRequest.swift", headerPath,
    ]

    @Test func noMemberIsWrittenOutsideTheTable() throws {
        let files = try Self.sources().filter { !Self.table.contains($0.path) }
        #expect(files.count > 20)
        let names = BusSignal.allCases.map(\.name) + BusMethod.allCases.map(\.name)
        let busNames = [BusNames.service, BusNames.rootPath, BusNames.daemonInterface, BusNames.deviceInterface,
                        BusNames.overlay, BusNames.overlayPath, BusNames.errorPrefix]
        for file in files {
            for name in names + busNames {
                let spelt = file.text.contains("\"\(name)\"")
                #expect(!spelt, "\(file.path) spells \"\(name)\": use the table's (bus-protocol.h in C)")
            }
        }
    }

    @Test func everySignalHasItsSignatureOnce() {
        #expect(Set(BusSignal.allCases.map(\.name)).count == BusSignal.allCases.count)
        #expect(Set(BusSignal.allCases.map(\.name)).isDisjoint(with: BusMethod.allCases.map(\.name)))
        #expect(BusSignal.menuShown.signature == "uaa{sv}ddssa{sv}")
        #expect(BusMethod.pressTarget.signature == "a{sv}" && BusMethod.pressTarget.resultSignature.isEmpty)
        #expect(Self.getFormat(BusSignal.intentChoose.arguments.map(\.type)) == "(u&s&s&s&sasd)")
    }
}
