import ArgumentParser
import ForceTouchCommandLine
import FoundationEssentials
import Glibc
import ForceTouchProtocol

/// `forcectl`: talks to a running forcetouchd over its control socket.
/// `forcectl` in the multi-call executable (Sources/forcetouch).
public let program = Program(name: "forcectl") { Forcectl.main() }

struct Forcectl: ForceTouchCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcectl",
        abstract: "Talk to a running forcetouchd: status, devices, quick actions, intents, events.",
        version: ForceTouchVersion.string,
        subcommands: [Status.self, Devices.self, Shortcuts.self, Perform.self, Intent.self, Events.self, Reload.self,
                      Pause.self, Resume.self, Calibration.self, Doctor.self, GetSetting.self, SetSetting.self,
                      ResetSetting.self, MoveSetting.self, UndoSetting.self])

}

/// Options every subcommand shares.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "The control socket (default: $XDG_RUNTIME_DIR/forcetouch/control.sock).")
    var socket: String?

    @Flag(help: "Print the daemon's JSON replies as they are.")
    var json = false

    func connect() throws -> ControlClient {
        do {
            return try ControlClient(path: socket ?? ControlSocket.defaultPath())
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Sends one request and returns its reply, failing with the daemon's error.
    func request(_ operation: ControlRequest.Operation) throws -> ControlReply {
        let client = try connect()
        return try Self.exchange(client, ControlRequest(operation), json: json)
    }

    /// Sends a request whose reply is a message, and prints the message (unless --json,
    /// which prints the reply itself).
    func say(_ operation: ControlRequest.Operation) throws {
        let reply = try request(operation)
        if !json { print(describe(reply.message)) }
    }

    static func exchange(_ client: ControlClient, _ request: ControlRequest, json: Bool) throws -> ControlReply {
        var sendError: ControlClient.Error?
        do {
            try client.send(try ProtocolJSON.string(request))
        } catch let error as ControlClient.Error {
            // A refusing daemon says why before it hangs up: read that rather than EPIPE.
            sendError = error
        }
        let line: String?
        do {
            line = try client.readLine()
        } catch {
            throw CommandFailure((sendError ?? error).description)
        }
        guard let line else { throw CommandFailure(sendError?.description ?? "the daemon closed the connection") }
        if json { print(line) }
        guard let reply = try? ProtocolJSON.decode(ControlReply.self, from: Data(line.utf8)) else {
            throw CommandFailure("unreadable reply: \(line)")
        }
        if !reply.ok {
            throw CommandFailure(reply.error ?? line)
        }
        return reply
    }
}

/// Formats a JSON value for people.
func describe(_ value: JSONValue?) -> String {
    switch value {
    case nil, .null?: return "-"
    case .string(let s)?: return s
    case .number(let d)?: return JSONNumber.text(d)
    case let other?: return other.json
    }
}

func describe(_ value: String?) -> String { value ?? "-" }

func describe(_ value: Double?) -> String { value.map(JSONNumber.text) ?? "-" }

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The daemon's state: devices, capability, configuration.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let reply = try connection.request(.status)
        guard !connection.json, let status = reply.status else { return }
        for line in status.lines { print(line) }
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Devices the daemon follows, with their force capability.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let reply = try connection.request(.devices)
        guard !connection.json else { return }
        let devices = reply.devices ?? []
        if devices.isEmpty { print("no devices: the daemon has found no touchscreen, tablet or touchpad") }
        for d in devices {
            var line = "\(d.node)  \"\(describe(d.name))\"  \(describe(d.deviceClass))  \(d.capability)"
            if let mpf = d.maximumPossibleForce { line += "  maximumPossibleForce \(describe(mpf))" }
            line += "  (\(d.reason))"
            if let c = d.calibration {
                line += "  calibration \(describe(c.summary)), average touch \(describe(c.average?.value)) raw"
            }
            print(line)
        }
    }
}

struct Perform: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Perform one quick action by its type, and wait for its result.")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The quick action's type.") var type: String

    func run() throws {
        let reply = try connection.request(.perform(type: type))
        if !connection.json { print("\(type): \(describe(reply.result))\(reply.message.map { " — \($0)" } ?? "")") }
        if reply.result == "failure" { throw ExitCode(1) }
    }
}

struct Intent: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run an intent by hand: forcectl intent NAME key=value…")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The intent's name.") var name: String
    @Argument(help: "Parameter values, key=value.") var parameters: [String] = []
    @Flag(name: [.customLong("yes"), .customShort("y")],
          help: "Confirm the parameters marked confirm = true, instead of asking the intent's confirm handler.")
    var yes = false
    @Flag(help: "Show the run in forcetouch-overlay's intent window, as a gesture's run is: its questions wait for the window.")
    var window = false

    func run() throws {
        var values: [String: JSONValue] = [:]
        for p in parameters {
            guard let eq = p.firstIndex(of: "=") else { throw CommandFailure("\(p): expected key=value") }
            values[String(p[..<eq])] = .string(String(p[p.index(after: eq)...]))
        }
        let client = try connection.connect()
        let reply = try ConnectionOptions.exchange(
            client, ControlRequest(.intent(name: name, parameters: values, confirmed: yes), window: window),
            json: connection.json)
        if !connection.json {
            let message = describe(reply.message)
            let code = describe(reply.code)
            print("\(name): \(code)\(message == code ? "" : " — \(message)")")
            if let output = reply.output, output != .null { print(describe(output)) }
        }
        if let code = reply.code, code.hasPrefix("failure") { throw ExitCode(1) }
    }
}

struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Follow the daemon's events: capability changes, gestures, menus, dispatches and results (JSON Lines).")
    @OptionGroup var connection: ConnectionOptions
    @Option(help: "Stop after this many events.") var count: Int?

    func run() throws {
        let client = try connection.connect()
        _ = try ConnectionOptions.exchange(client, ControlRequest(.subscribe), json: false)
        var seen = 0
        while count.map({ seen < $0 }) ?? true {
            let next: String?
            do { next = try client.readLine() } catch { throw CommandFailure(error.description) }
            guard let line = next else { return }
            print(line)
            fflush(nil)
            seen += 1
        }
    }
}

struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Re-read the configuration (like SIGHUP).")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.say(.reload)
    }
}

struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stop running what gestures are bound to, and give every claimed device back to the desktop.",
        discussion: "Gestures are still recognized and published (forcectl events). `forcectl resume` undoes it.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.say(.pause)
    }
}

struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run what gestures are bound to again, and claim the devices the configuration claims.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.say(.resume)
    }
}

struct Calibration: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What auto-calibration learned of a device.",
        subcommands: [Reset.self])

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Forget what auto-calibration learned of a device; it learns again from the next touches.",
            discussion: """
                DEVICE is a device node (/dev/input/event5), a device name as `forcectl devices` \
                shows it, or vendor:product (056a:0333). The device goes back to the device database's \
                calibration or the default until it has learned again; a `calibration` in the \
                configuration is not touched.
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The device: node, name or vendor:product.") var device: String

        func run() throws {
            let reply = try connection.request(.calibrationReset(device: device))
            guard !connection.json else { return }
            for name in reply.forgotten ?? [] { print("\(name): learned calibration forgotten") }
        }
    }
}
