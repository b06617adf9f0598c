import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// The built daemon against what issue 12 found could kill, freeze or bloat it: run on this
/// machine, with no input devices, its control socket in a scratch directory.
@Suite(.serialized) struct RobustnessProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    /// A daemon running in the background, its stderr collected.
    final class RunningDaemon: @unchecked Sendable {
        let process = Process()
        let scratch: ScratchDirectory
        let socket: String
        let config: URL
        private let errPipe = Pipe()
        private let lock = NSLock()
        private var collected = Data()

        /// - Parameter fileSizeLimit: RLIMIT_FSIZE in the shell's `ulimit -f` blocks, SIGXFSZ
        ///   ignored: a write past it fails as on a full disk.
        init(config text: String, shortcuts: String? = nil, environment: [String: String] = [:], asUser: [String],
             fileSizeLimit: Int? = nil) throws {
            scratch = try ScratchDirectory()
            // The daemon's user (nobody, when the tests run as root) makes its directories here.
            chmod(scratch.path, 0o777)
            config = try scratch.write("forcetouch.toml", text)
            chmod(config.path, 0o666)
            socket = scratch.path + "/run/forcetouch/control.sock"
            mkdir(scratch.path + "/run", 0o777)
            chmod(scratch.path + "/run", 0o777)
            mkdir(scratch.path + "/state", 0o777)
            chmod(scratch.path + "/state", 0o777)
            if let shortcuts {
                mkdir(scratch.path + "/state/forcetouch", 0o777)
                chmod(scratch.path + "/state/forcetouch", 0o777)
                let file = try scratch.write("state/forcetouch/shortcuts.json", shortcuts)
                chmod(file.path, 0o666)
            }
            process.executableURL = URL(fileURLWithPath: Program.forcetouchd.path)
            process.arguments = ["--config", config.path, "--socket", socket] + asUser
            if let fileSizeLimit {
                // exec: the process is the daemon's, with the limit and SIGXFSZ ignored.
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" \"$@\"",
                                     Program.forcetouchd.path] + (process.arguments ?? [])
            }
            var env = ProcessInfo.processInfo.environment
            env["XDG_STATE_HOME"] = scratch.path + "/state"
            env.merge(environment) { _, given in given }
            process.environment = env
            process.standardError = errPipe
            process.standardOutput = FileHandle.nullDevice
            errPipe.fileHandleForReading.readabilityHandler = { [weak self] h in
                let d = h.availableData
                guard let self else { return }
                self.lock.lock(); self.collected += d; self.lock.unlock()
            }
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while !log.contains("ready: ") && Date() < deadline && process.isRunning { usleep(20_000) }
            while access(socket, F_OK) != 0 && Date() < deadline && process.isRunning { usleep(20_000) }
        }

        var log: String {
            lock.lock(); defer { lock.unlock() }
            return String(decoding: collected, as: UTF8.self)
        }

        /// Stops reading the daemon's stderr: the reader is gone, as a closed journal stream or
        /// a `| head` would be.
        func closeLogReader() {
            errPipe.fileHandleForReading.readabilityHandler = nil
            try? errPipe.fileHandleForReading.close()
        }

        func forcectl(_ args: [String]) throws -> Program.Run {
            try Program.forcectl.run(args + ["--socket", socket], timeout: 20)
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            errPipe.fileHandleForReading.readabilityHandler = nil
            chmod(scratch.path + "/state/forcetouch/shortcuts.json", 0o600)
            scratch.remove()
        }
    }

    private static let goodConfig = """
        [control]
        allow-users = ["root"]

        [[binding]]
        gesture = "tap"
        exec = ["true"]

        """

    @Test func aFIFOAsConfigurationIsRefusedAtOnce() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fifo = scratch.path + "/forcetouch.toml"
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try Program.forcetouchd.run(["--check-config", "--config", fifo], timeout: 10)
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(fifo):0: cannot read: is a FIFO (named pipe), not a regular file"), "\(run)")
    }

    @Test func aReloadOfAFileThatCrashesTheParserIsRefusedAndTheDaemonStaysUp() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        #expect(daemon.process.isRunning, "\(daemon.log)")
        // `[(` aborted the TOML library's parser: now it is an error with its line, and the
        // running daemon refuses it and goes on.
        try Self.goodConfig.replacingOccurrences(of: "[[binding]]", with: "[(\n[[binding]]")
            .write(to: daemon.config, atomically: false, encoding: .utf8)
        let reload = try daemon.forcectl(["reload"])
        #expect(reload.status != 0, "\(reload)")
        #expect(reload.output.contains("reload refused"), "\(reload)")
        kill(daemon.process.processIdentifier, SIGHUP)
        usleep(500_000)
        let status = try daemon.forcectl(["status", "--json"])
        #expect(status.status == 0, "\(status)\n\(daemon.log)")
        #expect(status.stdout.contains(#""bindings":1"#), "\(status)")
        #expect(daemon.process.isRunning)
        // The scanner refuses it with its line before the TOML library sees it; a crash the
        // scanner missed would be caught by the child that checks the file first
        // (HostileFilesTests), which refuses the reload the same way.
        #expect(daemon.log.contains("\(daemon.config.path):4: invalid table header \"[(\""), "\(daemon.log)")
        #expect(daemon.log.contains("reload refused:"), "\(daemon.log)")
        print("figure: reload of `[(`: \(daemon.log.split(separator: "\n").filter { $0.contains("reload refused") }.first ?? "")")
        // A FIFO in its place is refused at once too, not waited on.
        unlink(daemon.config.path)
        mkfifo(daemon.config.path, 0o666)
        let start = Date()
        let fifo = try daemon.forcectl(["reload"])
        #expect(fifo.output.contains("is a FIFO"), "\(fifo)")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// VmHWM (peak resident memory) of a process, in MiB.
    private static func peakMiB(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kb / 1024
    }

    @Test func aReloadOfDeeplyDottedKeysCostsTheDaemonNeitherMemoryNorMinutes() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        let before = Self.peakMiB(daemon.process.processIdentifier) ?? -1
        // 30 KB of `a.a.a… = 1`: it froze a daemon 14 s and kept 243 MB (issue 12).
        try (Array(repeating: "a", count: 15_000).joined(separator: ".") + " = 1\n")
            .write(to: daemon.config, atomically: false, encoding: .utf8)
        let start = Date()
        let reload = try daemon.forcectl(["reload"])
        let seconds = Date().timeIntervalSince(start)
        let after = Self.peakMiB(daemon.process.processIdentifier) ?? -1
        print("figure: reload of 30 KB of dotted keys: \(String(format: "%.1f", seconds)) s, daemon peak RSS "
            + "\(before) → \(after) MiB: \(reload.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        #expect(reload.output.contains("reload refused"), "\(reload)")
        #expect(after - before < 100, "the daemon grew from \(before) to \(after) MiB")
        let status = try daemon.forcectl(["status", "--json"])
        #expect(status.stdout.contains(#""bindings":1"#), "\(status)")
    }

    @Test func idleAndFloodingClientsDoNotLockOutForcectl() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        // 64 idle connections, then a flood on another and a second client timing its status
        // every 200 ms, all of the same user as forcectl: the clients the guest's fairness
        // test uses too.
        let clients = Process()
        clients.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        clients.arguments = ["python3", Program.repositoryRoot.appendingPathComponent("Tests/Integration/flood-clients.py").path,
                             daemon.socket, "8"]
        let out = Pipe()
        clients.standardOutput = out
        try clients.run()
        defer { if clients.isRunning { clients.terminate() }; clients.waitUntilExit() }
        // Its first line ("before the flood…"): the idle ones are connected, the flood starts.
        _ = out.fileHandleForReading.availableData
        usleep(1_000_000)
        var times: [Double] = []
        for _ in 0..<5 {
            let start = Date()
            let status = try daemon.forcectl(["status", "--json"])
            times.append(Date().timeIntervalSince(start) * 1000)
            #expect(status.status == 0, "\(status)\n\(daemon.log)")
            #expect(status.stdout.contains(#""bindings":1"#), "\(status)")
        }
        // Wall time of a whole forcectl run (process start included), under the flood.
        clients.waitUntilExit()
        let flood = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        print("figure: forcectl status with 64 idle clients and a flood: "
            + times.map { String(format: "%.0f ms", $0) }.joined(separator: ", ") + "; "
            + flood.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "; "))
        let words = flood.split(whereSeparator: { $0 == " " || $0 == "\n" })
        // The last figure after `word`: the flood's lines come after the one before the flood.
        func number(after word: Substring) -> Double? {
            words.lastIndex(of: word).flatMap { $0 + 1 < words.count ? Double(words[$0 + 1]) : nil }
        }
        // The flood did flood: tens of thousands of requests answered while forcectl was too.
        #expect((number(after: "answered") ?? 0) > 10_000, "\(flood)")
        // The second client's status, from connecting to the whole reply, during the flood.
        #expect((number(after: "median") ?? .infinity) < 100, "\(flood)")
        #expect(daemon.process.isRunning)
    }

    @Test func aCorruptShortcutsFileIsKeptAsideAndTheNextAddStartsAfresh() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, shortcuts: "{\"version\": 1, \"items\": [ broken", asUser: asUser)
        defer { daemon.stop() }
        let dir = daemon.scratch.path + "/state/forcetouch"
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("shortcuts.json.bad-") }
        #expect(aside.count == 1, "\(daemon.log)")
        #expect(daemon.log.contains("kept as \(dir)/\(aside.first ?? "?")"), "\(daemon.log)")
        let add = try daemon.forcectl(["shortcuts", "add", "--type", "timer", "--title", "Stop timer"])
        #expect(add.status == 0, "\(add)")
        let kept = try String(contentsOfFile: "\(dir)/\(aside.first ?? "?")", encoding: .utf8)
        #expect(kept == "{\"version\": 1, \"items\": [ broken")
        let fresh = try String(contentsOfFile: "\(dir)/shortcuts.json", encoding: .utf8)
        #expect(fresh.contains("\"timer\""))
    }

    /// Issue 31 asks that SIGTERM end an idle daemon within 0.3 s every time (1.4-1.9 s was
    /// seen in four of seven stops). Not reproduced here nor in the guest; this keeps it so.
    /// A second daemon of the same user on the same socket used to unlink the first one's
    /// socket and take it over: forcectl lost the first, and each claimed the other's clones.
    @Test func aSecondDaemonOnTheSameSocketIsRefusedAndTheFirstKeepsAnswering() throws {
        let first = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { first.stop() }
        #expect(first.process.isRunning, "\(first.log)")
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = first.scratch.path + "/state"
        let second = try Program.forcetouchd.run(["--config", first.config.path, "--socket", first.socket] + asUser,
                                                 environment: env, timeout: 20)
        #expect(second.status != 0, "\(second)")
        #expect(second.stderr.contains("another forcetouchd (pid \(first.process.processIdentifier)) already answers on \(first.socket)"),
                "\(second)")
        #expect(first.process.isRunning)
        let status = try first.forcectl(["status"])
        #expect(status.status == 0, "the first daemon still has its socket: \(status)")
    }

    @Test func sigtermEndsAnIdleDaemonPromptlyEveryTime() throws {
        var times: [Double] = []
        for _ in 0..<7 {
            let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
            #expect(daemon.process.isRunning, "\(daemon.log)")
            usleep(300_000)
            let start = Date()
            kill(daemon.process.processIdentifier, SIGTERM)
            daemon.process.waitUntilExit()
            times.append(Date().timeIntervalSince(start))
            #expect(daemon.process.terminationStatus == 0, "\(daemon.log)")
            daemon.stop()
        }
        print("figure: SIGTERM to exit, 7 idle daemons: " + times.map { String(format: "%.3f s", $0) }.joined(separator: ", "))
        #expect(times.allSatisfy { $0 < 0.3 }, "\(times)")
    }

    /// Issue 31: a shortcuts.json that became unreadable while the daemon ran was silently
    /// replaced by the next `shortcuts add`; now it is kept aside, and the log says where,
    /// before the new file is written.
    @Test func aShortcutsFileThatBreaksWhileRunningIsKeptAsideBeforeTheNextAdd() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        let first = try daemon.forcectl(["shortcuts", "add", "--type", "timer", "--title", "Stop timer"])
        #expect(first.status == 0, "\(first)")
        let dir = daemon.scratch.path + "/state/forcetouch"
        let broken = "{\"version\": 1, \"items\": [ edited by hand"
        try broken.write(toFile: dir + "/shortcuts.json", atomically: false, encoding: .utf8)
        let add = try daemon.forcectl(["shortcuts", "add", "--type", "mail", "--title", "Mail"])
        #expect(add.status == 0, "\(add)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("shortcuts.json.bad-") }
        #expect(aside.count == 1, "\(daemon.log)")
        #expect(try String(contentsOfFile: "\(dir)/\(aside.first ?? "?")", encoding: .utf8) == broken)
        #expect(daemon.log.contains("kept as \(dir)/\(aside.first ?? "?")"), "\(daemon.log)")
        let fresh = try String(contentsOfFile: "\(dir)/shortcuts.json", encoding: .utf8)
        // What the daemon held goes on: the timer added before is not lost with the bad file.
        #expect(fresh.contains("\"mail\"") && fresh.contains("\"timer\""), "\(fresh)")
    }

    /// A dynamic item as `shortcuts add` takes it, its user info `keys` numbers: some 9 bytes a
    /// key in the request line, twice that in the indented file.
    private static func bigItem(_ type: String, keys: Int) -> String {
        "{\"type\":\"\(type)\",\"title\":\"\(type)\",\"userInfo\":{"
            + (0..<keys).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}}"
    }

    /// Issue 40, defect 6: 64 adds under the 64 KiB request line made a shortcuts.json of
    /// 8.8 MB, which the next start kept aside as over its 4 MiB limit, every item gone. The
    /// limit applies when writing: the add that would pass it is refused, the rest kept.
    @Test func anAddThatWouldPassTheFileLimitIsRefusedAndTheFileStaysReadable() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        let file = daemon.scratch.path + "/state/forcetouch/shortcuts.json"
        var added = 0
        var refusal: Program.Run?
        for i in 0..<64 {
            let add = try daemon.forcectl(["shortcuts", "add", Self.bigItem("big\(i)", keys: 6000)])
            if add.status != 0 { refusal = add; break }
            added += 1
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? -1
        print("figure: \(added) items of 6000 user-info keys written, shortcuts.json \(size) bytes")
        #expect(refusal?.output.contains("more than the limit of 4194304") == true, "\(String(describing: refusal))")
        #expect(refusal?.output.contains(file) == true, "\(String(describing: refusal))")
        #expect(added > 0 && size > 0 && size <= 4 << 20, "\(added) \(size)")
        /// The quick actions a daemon holds (status: their count, not a list of 4 MB
        /// to read).
        func count(_ daemon: RunningDaemon) throws -> Int {
            let status = try daemon.forcectl(["status", "--json"])
            let reply = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            return (reply?["status"] as? [String: Any])?["shortcuts"] as? Int ?? -1
        }
        #expect(try count(daemon) == added)
        // Listed whole, though its one reply line is larger than what a client may leave
        // unread (issue 48: `shortcuts list` was dropped).
        let list = try daemon.forcectl(["shortcuts", "list", "--json"])
        let listed = (try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["items"] as? [Any]
        print("figure: shortcuts list --json of \(added) items: \(list.stdout.utf8.count) bytes")
        #expect(list.status == 0 && listed?.count == added, "\(list.status) \(list.output.suffix(300))")
        // The next start reads it whole: nothing kept aside, every item there.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let next = try RunningDaemon(config: Self.goodConfig, shortcuts: text, asUser: asUser)
        defer { next.stop() }
        #expect(!next.log.contains("kept as"), "\(next.log)")
        #expect(try count(next) == added, "\(next.log)")
    }

    /// Issue 40, defect 7: with shortcuts.json a directory (or unreadable, and changed) for a
    /// while, the next add after it was removed wrote a file of that one item, the daemon's
    /// others lost. What the daemon holds is the truth while it runs; an add it cannot write is
    /// refused, and the next write holds everything. Defect 10: the log says so, not "starting
    /// without dynamic quick actions".
    @Test func theItemsHeldOutliveAFileThatWasUnwritableAWhile() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        let dir = daemon.scratch.path + "/state/forcetouch"
        let file = dir + "/shortcuts.json"
        for a in ["a1", "a2", "a3"] {
            let add = try daemon.forcectl(["shortcuts", "add", "--type", a, "--title", a])
            #expect(add.status == 0, "\(add)")
        }
        func types() throws -> [String] {
            let list = try daemon.forcectl(["shortcuts", "list", "--json"])
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let listed = ["a1", "a2", "a3", "a4", "a5", "a6", "a7"].filter { list.stdout.contains("\"type\":\"\($0)\"") }
            let written = ["a1", "a2", "a3", "a4", "a5", "a6", "a7"].filter { text.contains("\"\($0)\"") }
            #expect(listed == written, "list \(listed), file \(written)")
            return listed
        }
        // A directory in its place.
        #expect(unlink(file) == 0 && mkdir(file, 0o755) == 0)
        let a4 = try daemon.forcectl(["shortcuts", "add", "--type", "a4", "--title", "a4"])
        #expect(a4.status != 0 && a4.output.contains(file), "\(a4)")
        #expect(rmdir(file) == 0)
        let a5 = try daemon.forcectl(["shortcuts", "add", "--type", "a5", "--title", "a5"])
        #expect(a5.status == 0, "\(a5)")
        #expect(try types() == ["a1", "a2", "a3", "a5"], "\(daemon.log)")
        // Unreadable, and changed behind the daemon's back, then removed.
        try "{\"version\": 1, \"items\": []}\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o000) == 0)
        let a6 = try daemon.forcectl(["shortcuts", "add", "--type", "a6", "--title", "a6"])
        #expect(a6.status != 0, "\(a6)")
        #expect(unlink(file) == 0)
        let a7 = try daemon.forcectl(["shortcuts", "add", "--type", "a7", "--title", "a7"])
        #expect(a7.status == 0, "\(a7)")
        #expect(try types() == ["a1", "a2", "a3", "a5", "a7"], "\(daemon.log)")
        // What the log says is what happened: the items held are kept.
        #expect(!daemon.log.contains("starting without"), "\(daemon.log)")
        #expect(daemon.log.contains("keeping the 4 dynamic quick actions the daemon holds"), "\(daemon.log)")
    }

    /// Issue 40, defect 10: a write that fails for want of room named the temporary file
    /// (`.shortcuts.json.XXXXXX`), which nobody knows of, not shortcuts.json. A file-size
    /// limit fails the write as a full disk would; the add is refused and nothing is lost.
    @Test func aWriteThatFailsForWantOfRoomNamesShortcutsJSON() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser, fileSizeLimit: 64)
        defer { daemon.stop() }
        let file = daemon.scratch.path + "/state/forcetouch/shortcuts.json"
        let small = try daemon.forcectl(["shortcuts", "add", "--type", "timer", "--title", "Stop timer"])
        #expect(small.status == 0, "\(small)\n\(daemon.log)")
        let big = try daemon.forcectl(["shortcuts", "add", Self.bigItem("big", keys: 6000)])
        #expect(big.status != 0, "\(big)")
        #expect(big.output.contains("write \(file): File too large"), "\(big)")
        #expect(!big.output.contains(".shortcuts.json."), "\(big)")
        let list = try daemon.forcectl(["shortcuts", "list", "--json"])
        #expect(list.stdout.contains("\"timer\"") && !list.stdout.contains("\"big\""), "\(list)")
    }

    /// Issue 40, defect 9: the daemon died of SIGPIPE (exit 141) at its first log line once
    /// the reader of its stderr was gone.
    @Test func theDaemonOutlivesTheReaderOfItsLog() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        daemon.closeLogReader()
        // Each logs a line or more.
        _ = try daemon.forcectl(["reload"])
        _ = try daemon.forcectl(["shortcuts", "add", "--type", "timer", "--title", "Stop timer"])
        usleep(300_000)
        #expect(daemon.process.isRunning, "exit \(daemon.process.isRunning ? 0 : daemon.process.terminationStatus)")
        let status = try daemon.forcectl(["status", "--json"])
        #expect(status.status == 0, "\(status)")
        guard daemon.process.isRunning else { return }
        daemon.process.terminate()
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationReason == .exit && daemon.process.terminationStatus == 0,
                "\(daemon.process.terminationReason) \(daemon.process.terminationStatus)")
    }

    /// Issue 40, defect 9: 32 subscribers of one user (who never give way) kept every plain
    /// request out with `busy`. Subscribers have a cap of their own below the connections'.
    @Test func subscribersCannotKeepARequestOut() throws {
        let daemon = try RunningDaemon(config: Self.goodConfig, asUser: asUser)
        defer { daemon.stop() }
        let script = """
            import socket, sys
            held, answers = [], []
            for i in range(32):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(sys.argv[1])
                s.sendall(b'{"op":"subscribe"}\\n')
                answers.append(s.makefile().readline().strip())
                # As `forcectl events` would: a refused subscriber goes.
                if '"subscribed":true' in answers[-1]: held.append(s)
                else: s.close()
            print(sum('"subscribed":true' in a for a in answers), answers[-1], flush=True)
            sys.stdin.read()
            """
        let subscribers = Process()
        subscribers.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        subscribers.arguments = ["python3", "-c", script, daemon.socket]
        let out = Pipe(), input = Pipe()
        subscribers.standardOutput = out
        subscribers.standardInput = input
        try subscribers.run()
        defer { try? input.fileHandleForWriting.close(); subscribers.waitUntilExit() }
        var line = Data()
        while !line.contains(10), case let d = out.fileHandleForReading.availableData, !d.isEmpty { line += d }
        let said = String(decoding: line, as: UTF8.self)
        print("figure: 32 subscribe requests of one user: \(said)")
        #expect(said.hasPrefix("24 ") && said.contains("busy"), "\(said)")
        let status = try daemon.forcectl(["status", "--json"])
        #expect(status.status == 0 && status.stdout.contains(#""subscribers":24"#), "\(status)\n\(daemon.log)")
    }

    @Test func whatARecordingHasThatIsIgnoredOrClampedIsSaid() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        chmod(scratch.path, 0o755)
        let base = Program.repositoryRoot.appendingPathComponent("Tests/Integration/recordings")
        // The pressure touchscreen, with 128 slots: forcetouch follows 64.
        let desc = try String(contentsOf: base.appendingPathComponent("pressure-touchscreen.desc"), encoding: .utf8)
            .replacingOccurrences(of: "A: 2f 0 9 0 0 0", with: "A: 2f 0 127 0 0 0")
        let descFile = try scratch.write("wide.desc", desc)
        let events = try scratch.write("wide.events", """
            E: 0.000000 0003 002f 70
            E: 0.000000 0003 0039 5
            E: 0.000000 0003 0035 300
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 002f 0
            E: 0.010000 0003 0039 100
            E: 0.010000 0003 0035 300
            E: 0.010000 0003 0036 200
            E: 0.010000 0003 003a 40
            E: 0.010000 0000 0000 0
            E: 0.005000 0003 0039 -1
            E: 0.090000 0000 0000 0

            """)
        chmod(descFile.path, 0o644)
        chmod(events.path, 0o644)
        let replay = try Program.forcetest.run(["replay", "--desc", descFile.path, events.path])
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stderr.contains("\(events.path):11: warning: event time goes backwards, from 0.010000 to 0.005000"),
                "\(replay)")
        #expect(replay.stderr.contains("warning: touches in slot 70 are ignored: forcetest follows slots 0–63"), "\(replay)")
        #expect(replay.stdout.contains("tap"), "\(replay)")
        let daemon = try Program.forcetouchd.run(["--replay", events.path, "--desc", descFile.path] + asUser)
        #expect(daemon.status == 0, "\(daemon)")
        #expect(daemon.stderr.contains("\(events.path):11: warning: event time goes backwards"), "\(daemon)")
        #expect(daemon.stderr.components(separatedBy: "touches in slot 70 are ignored").count == 2, "\(daemon)")
    }
}
