import Foundation
import ForceTouchProtocol
import Testing

/// The bus's one table (`BusMethod`, `BusSignal`, `BusNames`) against everything written from
/// it outside Swift: the C header the overlay reads its names and type strings from
/// (Sources/COverlay/bus-protocol.h) and the introspection file's methods and signals
/// (dbus/io.github.forcetouch.Daemon1.xml, which dbus-on-host.sh holds the running daemon's
/// Introspect to, line for line). Both are golden files: a table row changed without them
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
            let macro = "FT_FACT_" + key.rawValue.uppercased().replacingOccurrences(of: "-", with: "_")
            lines += [define(macro, key.rawValue), define(macro + "_SIGNATURE", key.signature)]
        }
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
