import ArgumentParser
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
            writeError("\(program): \(failure.message)\n")
            Glibc.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}

/// Writes straight to stderr, after whatever `print` has buffered.
private func writeError(_ s: String) {
    fflush(nil)
    let bytes = Array(s.utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + done, bytes.count - done) }
        if n < 0 { if errno == EINTR { continue }; return }
        done += n
    }
}
