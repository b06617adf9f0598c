import ForceTouchCommandLine
import ForcectlProgram
import ForcetestProgram
import ForcetouchOverlayProgram
import ForcetouchdProgram
import Glibc

// forcetouchd, forcetest, forcectl and forcetouch-overlay are one executable, which runs the program it was
// started as (busybox's way): the Swift runtime and FoundationEssentials, most of a program's
// size, are then in the package once rather than three times. Each program keeps its own
// command line, --help, --version, manual page and completions.
let programs = [ForcetouchdProgram.program, ForcetestProgram.program, ForcectlProgram.program,
                ForcetouchOverlayProgram.program]
let invokedAs = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
if let program = programs.first(where: { $0.name == invokedAs }) {
    program.main()
} else {
    let names = programs.map(\.name)
    let message = "forcetouch: started as '\(invokedAs)'; run it as \(names.dropLast().joined(separator: ", ")) or \(names.last!)"
        + " (a link to this file by that name)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(64)
}
