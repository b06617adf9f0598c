import FoundationEssentials
import Glibc
#if FORCETOUCH_LIBFUZZER
import CFuzzDriver
#endif

#if FORCETOUCH_LIBFUZZER
/// libFuzzer's entry: the target comes from FUZZ_TARGET (libFuzzer owns the command line).
nonisolated(unsafe) let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let t = FuzzTarget(rawValue: name) else {
        fatalError("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    return t
}()

/// Also libFuzzer's usual entry point: whichever main the link ends up with (SwiftPM's
/// renamed one, or libFuzzer's own), the fuzzer finds the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#endif

/// Without libFuzzer (the ordinary build): `forcetouch-fuzz TARGET FILE|DIR…` runs the
/// target once over every file, for the regression inputs and the seed corpus, and prints
/// how many it ran. Built with libFuzzer, it hands its command line to libFuzzer's driver.
@main
struct FuzzMain {
    static func main() {
        #if FORCETOUCH_LIBFUZZER
        // libFuzzer's own command line (-max_total_time=…, corpus directories).
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = selected
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) })
        #endif
        let args = Array(CommandLine.arguments.dropFirst())
        guard let name = args.first, let target = FuzzTarget(rawValue: name) else {
            complain("usage: forcetouch-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE|DIR...\n")
            exit(64)
        }
        var count = 0
        for path in args.dropFirst() {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                complain("forcetouch-fuzz: \(path): No such file or directory\n")
                exit(1)
            }
            let files = isDirectory
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes { target.run($0) }
                count += 1
            }
        }
        print("\(name): \(count) input(s), no crash")
    }
}

/// One line on standard error, written whole.
private func complain(_ line: String) {
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
