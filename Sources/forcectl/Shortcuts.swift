import ArgumentParser
import ForceTouchCommandLine
import FoundationEssentials
import Glibc
import ForceTouchProtocol

/// `forcectl shortcuts`: the dynamic quick actions, UIApplication.shortcutItems-style.
struct Shortcuts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List and change quick actions (dynamic items persist across restarts).",
        subcommands: [List.self, Set.self, Add.self, Update.self, Remove.self, Clear.self])

    /// The fields of an item given on the command line.
    struct ItemOptions: ParsableArguments {
        @Option(help: "The title shown in the menu.") var title: String?
        @Option(help: "A second line under the title.") var subtitle: String?
        @Option(name: .customLong("icon-type"), help: "A system icon: compose, play, search, …") var iconType: String?
        @Option(name: .customLong("icon-file"), help: "An icon image file.") var iconFile: String?
        @Option(name: .customLong("icon-symbol"), help: "An icon by symbol name.") var iconSymbol: String?
        @Option(name: .customLong("user-info"), help: "key=value, repeatable; numbers and true/false are typed.")
        var userInfo: [String] = []

        func fields() throws -> [String: JSONValue] {
            var item: [String: JSONValue] = [:]
            if let title { item["title"] = .string(title) }
            if let subtitle { item["subtitle"] = .string(subtitle) }
            if let iconFile { item["icon"] = .object(["file": .string(iconFile)]) }
            else if let iconSymbol { item["icon"] = .object(["symbol": .string(iconSymbol)]) }
            else if let iconType { item["icon"] = .object(["type": .string(iconType)]) }
            if !userInfo.isEmpty {
                var info: [String: JSONValue] = [:]
                for pair in userInfo {
                    guard let eq = pair.firstIndex(of: "=") else { throw ValidationError("--user-info \(pair): expected key=value") }
                    let value = String(pair[pair.index(after: eq)...])
                    info[String(pair[..<eq])] = value == "true" ? true : value == "false" ? false
                        : Double(value).map { .number($0) } ?? .string(value)
                }
                item["userInfo"] = .object(info)
            }
            return item
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The menu as the user sees it: at most 4 items, static first.")
        @OptionGroup var connection: ConnectionOptions
        @Flag(help: "Every item, not only those in the menu.") var all = false

        func run() throws {
            let reply = try connection.request(.shortcuts(.list))
            guard !connection.json else { return }
            let items = (all ? reply.items : reply.menu) ?? []
            if items.isEmpty { print("no quick actions") }
            for (i, item) in items.enumerated() {
                var line = "\(i + 1). \(describe(item["title"]))  [\(describe(item["type"]))]  \(describe(item["kind"]))"
                if let subtitle = item["subtitle"]?.stringValue { line += "  — \(subtitle)" }
                print(line)
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace all dynamic items with a JSON array (from FILE, or - for stdin).")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "A JSON file holding an array of items.") var file: String

        func run() throws {
            let data = file == "-" ? try readToEnd(STDIN_FILENO, "stdin") : try Self.readRegularFile(file)
            guard let items = try? ProtocolJSON.decode([JSONValue].self, from: data) else {
                throw CommandFailure("\(file): expected a JSON array of items")
            }
            let reply = try connection.request(.shortcuts(.set(items: items)))
            if !connection.json { print("\(reply.count.map(String.init) ?? "-") dynamic item(s)") }
        }

        /// The file's bytes; a FIFO or a device is refused at once (opened without blocking,
        /// then fstat), and every failure says why.
        static func readRegularFile(_ path: String) throws -> Data {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard fd >= 0 else { throw CommandFailure("\(path): \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0 else { throw CommandFailure("\(path): \(String(cString: strerror(errno)))") }
            guard (st.st_mode & S_IFMT) == S_IFREG else { throw CommandFailure("\(path): not a regular file") }
            guard st.st_size <= 4 << 20 else { throw CommandFailure("\(path): larger than 4 MiB") }
            return try readToEnd(fd, path)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a dynamic item, from options or from a JSON object.",
            discussion: """
                forcectl shortcuts add --type timer --title "Stop timer" --icon-type alarm
                forcectl shortcuts add '{"type": "timer", "title": "Stop timer", "icon": {"type": "alarm"}}'
                Options given beside a JSON object override its fields.
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The item as a JSON object (the fields of `shortcuts set`), or - for stdin.")
        var item: String?
        @Option(help: "The item's type (what performing it is known by).") var type: String?
        @OptionGroup var options: ItemOptions

        func run() throws {
            var fields: [String: JSONValue] = [:]
            if let item {
                let data = item == "-" ? try readToEnd(STDIN_FILENO, "stdin") : Data(item.utf8)
                guard let object = try? ProtocolJSON.decode([String: JSONValue].self, from: data) else {
                    throw ValidationError("\(item == "-" ? "stdin" : "the item"): expected a JSON object such as "
                        + #"'{"type": "timer", "title": "Stop timer"}'"#)
                }
                fields = object
            }
            fields.merge(try options.fields()) { _, new in new }
            if let type { fields["type"] = .string(type) }
            guard let type = fields["type"]?.stringValue else { throw ValidationError("the item needs a type (--type)") }
            guard fields["title"] != nil else { throw ValidationError("the item needs a title (--title)") }
            let reply = try connection.request(.shortcuts(.add(item: fields)))
            if !connection.json { print("\(type): \(describe(reply.result))") }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change fields of the dynamic item of TYPE; the rest stays.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The item's type.") var type: String
        @OptionGroup var item: ItemOptions

        func run() throws {
            var fields = try item.fields()
            fields["type"] = .string(type)
            _ = try connection.request(.shortcuts(.update(item: fields)))
            if !connection.json { print("\(type): updated") }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the dynamic item of TYPE.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The item's type.") var type: String

        func run() throws {
            _ = try connection.request(.shortcuts(.remove(type: type)))
            if !connection.json { print("\(type): removed") }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every dynamic item.")
        @OptionGroup var connection: ConnectionOptions

        func run() throws {
            let reply = try connection.request(.shortcuts(.clear))
            if !connection.json { print("removed \(reply.count.map(String.init) ?? "-") dynamic item(s)") }
        }
    }
}

/// Every byte a descriptor gives until end of file; a read error is the command's failure.
func readToEnd(_ fd: Int32, _ what: String) throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n == 0 { return data }
        if n < 0 {
            if errno == EINTR { continue }
            throw CommandFailure("\(what): \(String(cString: strerror(errno)))")
        }
        data.append(contentsOf: buffer[..<n])
    }
}
