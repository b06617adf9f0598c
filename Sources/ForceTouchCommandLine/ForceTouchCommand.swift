import ArgumentParser
import ForceTouchLinux
import Glibc

/// The root command of each forcetouch program: parses and runs like any ParsableCommand,
/// reporting a `CommandFailure` as `PROGRAM: MESSAGE` with exit status 1.
public protocol ForceTouchCommand: ParsableCommand {}

extension ForceTouchCommand {
    public static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            let program = configuration.commandName ?? "forcetouch"
            Terminal.writeError("\(program): \(failure.message)\n")
            Glibc.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
