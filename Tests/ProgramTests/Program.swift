import Foundation

/// One of the built executables (`forcetouchd`, `forcetest`, `forcectl`), run the way a user
/// runs it: as its own process, from the repository root, with the arguments given.
///
/// These tests exist because a library test can pass while the program the user starts takes
/// another path through the code; everything here goes through `main`.
struct Program {
    /// What one run printed and how it ended.
    struct Run: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Both streams, for messages that may go to either.
        var output: String { stdout + stderr }
        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    let name: String

    /// The repository root, found from this file's path so that it holds wherever the
    /// checkout lives.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // ProgramTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
    }

    /// The directory the test bundle was built into, which holds the executables of the same
    /// build (`swift build --build-tests` builds them all).
    static var binaryDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["FORCETOUCH_BIN"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        var url = Bundle.main.bundleURL
        // xctest and swift-testing runners live in the build directory itself on Linux.
        while !FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("forcetouchd").path) {
            let up = url.deletingLastPathComponent()
            if up.path == url.path { return repositoryRoot.appendingPathComponent(".build/debug") }
            url = up
        }
        return url
    }

    var path: String { Self.binaryDirectory.appendingPathComponent(name).path }

    /// Runs the program to its end (killed after `timeout` seconds, reported as status 124).
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
             directory: URL = Program.repositoryRoot, timeout: Double = 60) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so that a chatty program never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline { process.terminate(); timedOut = true; break }
            usleep(10_000)
        }
        process.waitUntilExit()
        group.wait()
        return Run(status: timedOut ? 124 : process.terminationStatus,
                   stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    static let forcetouchd = Program(name: "forcetouchd")
    static let forcetest = Program(name: "forcetest")
    static let forcectl = Program(name: "forcectl")
}
