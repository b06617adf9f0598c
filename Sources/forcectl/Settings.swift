import ArgumentParser
import ForceTouchCommandLine
import ForceTouchProtocol

/// `forcectl get`, `set`, `reset`, `move`, `undo`: the settings window's requests from a terminal.
/// The daemon edits its configuration file in place (comments kept), checks it, writes it
/// and reloads; a file with errors is refused with its `file:line`, never overwritten.
struct GetSetting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "The settings of the configuration file, as the daemon reads them: all, or one by its name.")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "A setting: sensitivity, haptic-touch, haptic-touch-time, haptics, under-finger, quick-actions, bindings.")
    var key: String?

    func run() throws {
        let reply = try connection.request(.settings(.get))
        guard !connection.json, let state = reply.settings else { return }
        try printSettings(state, only: key)
    }
}

struct SetSetting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change one setting in the configuration file, in place, and reload: forcectl set sensitivity firm.",
        discussion: """
            KEY is sensitivity, haptic-touch, haptic-touch-time, haptics, under-finger, a key of a block by \
            its position (quick-action.2.title, binding.1.gesture), a block (quick-action.2) with an inline \
            table of the keys to change in it, or quick-action.new / binding.new with an inline table of the \
            new block's keys. A block's action key (exec, launch…) or icon key replaces the one it had. \
            VALUE is a TOML value (0.5, true, ["link"], "x") or plain text, taken as a string.
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The setting.") var key: String
    @Argument(help: "Its new value.") var value: String

    func run() throws {
        try change(.set(key: key, value: value), connection)
    }
}

struct ResetSetting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Remove one setting from the configuration file, back to its default (quick-action.2: the block).")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The setting.") var key: String

    func run() throws {
        try change(.reset(key: key), connection)
    }
}

struct MoveSetting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a quick action or a binding to another place, comments and all: forcectl move quick-action.3 1.")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The block: quick-action.N or binding.N.") var key: String
    @Argument(help: "Its new place, from 1.") var position: UInt32

    func run() throws {
        try change(.move(key: key, position: position), connection)
    }
}

struct UndoSetting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Put the configuration file back as it was before the last set or reset, if nothing changed it since.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try change(.undo, connection)
    }
}

private func change(_ action: ControlRequest.SettingsAction, _ connection: ConnectionOptions) throws {
    let reply = try connection.request(.settings(action))
    guard !connection.json else { return }
    if let message = reply.message { print(message) }
}

/// `name = value` lines, as the file would say them; blocks by their position.
private func printSettings(_ s: SettingsState, only key: String?) throws {
    func list(_ values: [String]) -> String { "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
    let time = switch s.hapticTouchTime {
    case .string(let name): "\"\(name)\""
    case let other: describe(other)
    }
    var rows: [(String, [String])] = [
        ("sensitivity", ["\"\(s.sensitivity)\""]), ("haptic-touch", ["\"\(s.hapticTouch)\""]),
        ("haptic-touch-time", [time]), ("haptics", ["\"\(s.haptics)\""]), ("under-finger", [list(s.underFinger)]),
    ]
    rows.append(("quick-actions", s.quickActions.enumerated().map { "quick-action.\($0.offset + 1) = \($0.element.json)" }))
    rows.append(("bindings", s.bindings))
    if let key {
        guard let row = rows.first(where: { $0.0 == key }) else {
            throw CommandFailure("unknown setting \"\(key)\"; settings are \(rows.map(\.0).joined(separator: ", "))")
        }
        for line in row.1 { print(line) }
        return
    }
    print("file: \(s.file)")
    for (name, values) in rows {
        if name == "quick-actions" || name == "bindings" { for line in values { print(line) } } else { print("\(name) = \(values[0])") }
    }
}
