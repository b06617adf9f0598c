import ArgumentParser
import ForceTouchCommandLine
import ForceTouchProtocol
import Glibc

/// `forcectl doctor`: what stands in the way, in plain words, each with its fix.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check what forcetouch needs and say what to fix: run this when something does not work.",
        discussion: """
            Checks, each on a line (ok, warning or problem) with its fix under it: the daemon \
            running; each touch device, its force capability and whether it may be read (the \
            udev rule); whether touches can be claimed (/dev/uinput); who draws the menu at \
            the finger (forcetouch-overlay, the GNOME Shell extension — installed? enabled? — \
            or nobody) and on which session; whether accessibility is on (links and app icons \
            under the finger are found through it); how a haptic tick is played; how many \
            bindings the configuration has. Exits 1 when something the configuration needs is \
            missing (the daemon not running is one), else 0.
            """)
    @Option(help: "The control socket (default: $XDG_RUNTIME_DIR/forcetouch/control.sock).")
    var socket: String?
    @Flag(help: "Print the checks as one JSON object: {\"checks\": [{\"outcome\", \"subject\", \"text\", \"fix\"}…]}.")
    var json = false

    func run() throws {
        let report = DoctorReport(DoctorProbe.facts(socket: socket ?? ControlSocket.defaultPath()))
        if json {
            print(ProtocolJSON.line(report))
        } else {
            for line in report.lines { print(line) }
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
