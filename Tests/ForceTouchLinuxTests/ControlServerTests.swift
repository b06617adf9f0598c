import Foundation
import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

/// The control socket against a real client process (python3) on this machine.
@Suite(.serialized) struct ControlServerTests {
    /// Runs the loop until the client program exits; returns what it printed.
    private func run(client script: String, server configure: (ControlServer) -> Void = { _ in })
        throws -> (output: String, server: ControlServer)
    {
        var ticks = 0
        return try run(client: script, ticks: &ticks, server: configure)
    }

    private final class Counter { var value = 0 }

    private func run(client script: String, ticks: inout Int, server configure: (ControlServer) -> Void = { _ in })
        throws -> (output: String, server: ControlServer)
    {
        let counter = Counter()
        defer { ticks = counter.value }
        // The server makes the socket's directory itself, inside a scratch directory of our own.
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/run/control.sock"
        let loop = try EventLoop(signals: [])
        let server = try ControlServer(path: path, access: .init(), loop: loop)
        server.onRequest = { line, _ in
            line.contains("\"status\"") ? #"{"ok":true,"status":{}}"# : #"{"ok":false,"error":"unknown"}"#
        }
        configure(server)
        let children = ChildSupervisor(maximumChildren: 1)
        children.loop = loop
        var output = ""
        try children.spawn(["python3", "-c", script, path], environment: [:], timeout: .init(seconds: 30),
                           label: "client", captureOutput: true) { _, bytes in
            output = String(decoding: bytes, as: UTF8.self)
            loop.stop()
        }
        // SIGCHLD may go to another test thread: look for the exit on a short timer instead.
        // The timer stands for a device too: `ticks` counts how often it got its turn.
        let period = Timestamp.Duration(seconds: 0.05)
        var nextTick = MonotonicClock.now() + period
        loop.onTimer {
            nextTick = MonotonicClock.now() + period
            counter.value += 1
            children.reap()
            server.expireIdle(now: MonotonicClock.now())
        }
        // Armed for a fixed time, as the daemon arms its deadlines: a busy loop does not push it on.
        loop.run { loop.arm(at: nextTick) }
        return (output, server)
    }

    /// A reply line as a client reads it: parsed, so that a test checks what it says, not
    /// the order its keys come in.
    private func reply(_ line: String?) -> ControlReply? {
        line.flatMap { try? ProtocolJSON.decode(ControlReply.self, from: Data($0.utf8)) }
    }

    @Test func answersRequestsAndRefusesGarbage() throws {
        let (out, _) = try run(client: """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile("rwb")
            for line in [b'{"op":"status"}', b'not json', b'\\xff\\xfe', b'{"op":"status","id":7}']:
                f.write(line + b"\\n"); f.flush(); print(f.readline().decode().strip())
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == #"{"ok":true,"status":{}}"#)
        #expect(reply(lines[1])?.ok == false, "\(out)")
        #expect(reply(lines[2])?.ok == false, "\(out)")
    }

    @Test func socketIsPrivateToItsUser() throws {
        let (out, server) = try run(client: """
            import os, stat, sys
            st = os.stat(sys.argv[1]); d = os.stat(os.path.dirname(sys.argv[1]))
            print(oct(stat.S_IMODE(st.st_mode)), oct(stat.S_IMODE(d.st_mode)))
            """)
        #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == "0o600 0o700")
        #expect(server.path.hasSuffix("control.sock"))
    }

    @Test func overlongRequestIsAnsweredAndDropped() throws {
        let (out, server) = try run(client: """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            try:
                s.sendall(b"x" * 200000)
            except OSError:
                pass
            data = b""
            while True:
                chunk = s.recv(4096)
                if not chunk: break
                data += chunk
            print(data.decode().strip())
            """) { $0.maximumRequest = 1024 }
        #expect(reply(out.trimmingCharacters(in: .whitespacesAndNewlines))?.error == "request too long (limit 1024 bytes)",
                "\(out)")
        #expect(server.clientCount == 0)
    }

    @Test func subscriberThatNeverReadsIsDroppedNotWaitedFor() throws {
        let (out, server) = try run(client: """
            import socket, sys, time
            s = socket.socket(socket.AF_UNIX); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(sys.argv[1]); s.sendall(b'{"op":"subscribe"}\\n')
            time.sleep(1.5)
            print("slept")
            """) { server in
            server.maximumBacklog = 64 * 1024
            let original = server.onRequest
            server.onRequest = { line, id in
                guard line.contains("subscribe") else { return original?(line, id) }
                server.subscribe(id)
                // Far more than the client will read, at once: the server must not block.
                let event = #"{"event":"gesture","padding":""# + String(repeating: "x", count: 1000) + #""}"#
                for _ in 0..<1000 { server.publish(event) }
                return nil
            }
        }
        #expect(out.contains("slept"))
        #expect(server.clientCount == 0)
        #expect(server.subscriberCount == 0)
    }

    /// The daemon holds publishing while it starts the actions a frame decided: no line is
    /// made until then, and subscribers get every line, in order, once released, in one
    /// write each (one wake-up of the subscriber, not one a line).
    @Test func linesPublishedWhileHeldAreMadeOnReleaseInOrder() throws {
        final class Made { var names: [String] = []; var beforeRelease: [String] = []; var writes = 0 }
        let made = Made()
        let (out, _) = try run(client: """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile("rwb")
            f.write(b'{"op":"subscribe"}\\n'); f.flush()
            for _ in range(3): print(f.readline().decode().strip())
            """) { server in
            server.onRequest = { line, id in
                server.subscribe(id)
                server.holdPublishing()
                for name in ["gesture", "dispatch", "result"] {
                    server.publish({ made.names.append(name); return #"{"event":"\#(name)"}"# }())
                }
                made.beforeRelease = made.names
                let before = server.writes
                server.releasePublishing()
                made.writes = server.writes - before
                return nil
            }
        }
        #expect(made.beforeRelease.isEmpty)
        #expect(made.names == ["gesture", "dispatch", "result"])
        #expect(made.writes == 1)
        #expect(out.split(separator: "\n") == [#"{"event":"gesture"}"#, #"{"event":"dispatch"}"#, #"{"event":"result"}"#])
    }

    // MARK: Fairness (issue 12)

    @Test func aFloodingClientDoesNotStallOtherClientsNorTheLoop() throws {
        var ticks = 0
        let started = Date()
        let (out, server) = try run(client: """
            import os, socket, sys, time
            path = sys.argv[1]
            pid = os.fork()
            if pid == 0:
                # The flood: requests and blank lines as fast as the socket takes them, replies read.
                s = socket.socket(socket.AF_UNIX); s.connect(path); s.setblocking(False)
                chunk = (b'{"op":"status"}\\n' + b'\\n' * 15) * 2048
                end = time.time() + 3
                while time.time() < end:
                    try: s.send(chunk)
                    except BlockingIOError: pass
                    try:
                        while s.recv(1 << 20): pass
                    except BlockingIOError: pass
                os._exit(0)
            time.sleep(0.5)
            times = []
            for i in range(15):
                t = time.time()
                c = socket.socket(socket.AF_UNIX); c.connect(path); f = c.makefile("rwb")
                f.write(b'{"op":"status","id":%d}\\n' % i); f.flush()
                reply = f.readline()
                times.append(time.time() - t)
                assert b'"ok":true' in reply, reply
                c.close(); time.sleep(0.1)
            os.waitpid(pid, 0)
            times.sort()
            print("median %.1f ms worst %.1f ms" % (times[len(times) // 2] * 1000, times[-1] * 1000))
            """, ticks: &ticks)
        let elapsed = Date().timeIntervalSince(started)
        let words = out.split(whereSeparator: \.isWhitespace)
        let median = words.count > 1 ? Double(words[1]) ?? .infinity : .infinity
        let worst = words.count > 4 ? Double(words[4]) ?? .infinity : .infinity
        print("figure: status under a flood: \(out.trimmingCharacters(in: .whitespacesAndNewlines)); "
            + "timer turns \(ticks) in \(String(format: "%.1f", elapsed)) s")
        // The median, not the worst: this machine's other work can delay any one answer. A
        // flood held everyone off for its whole length (3 s) before.
        #expect(median < 100, "\(out)")
        #expect(worst < 1000, "\(out)")
        // The timer (standing for a device) kept its turn: every 50 ms, give or take.
        #expect(Double(ticks) > elapsed / 0.05 * 0.5, "\(ticks) turns in \(elapsed) s")
        #expect(server.clientCount == 0)
    }

    @Test func sixtyFourIdleClientsLockNobodyOut() throws {
        let (out, _) = try run(client: """
            import socket, sys, time
            idle = []
            for i in range(64):
                s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); idle.append(s)
            time.sleep(1)
            c = socket.socket(socket.AF_UNIX); c.settimeout(5); c.connect(sys.argv[1]); f = c.makefile("rwb")
            f.write(b'{"op":"status"}\\n'); f.flush()
            print(f.readline().decode().strip())
            """) { $0.maximumClientsPerUser = 32 }
        #expect(out.contains(#""ok":true"#), "\(out)")
    }

    @Test func aClientOverTheCapIsToldBusyWhenNoneIsIdle() throws {
        let (out, server) = try run(client: """
            import socket, sys, time
            held = []
            for i in range(4):
                s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); held.append(s)
            time.sleep(0.3)
            c = socket.socket(socket.AF_UNIX); c.settimeout(5); c.connect(sys.argv[1])
            data = b""
            while True:
                chunk = c.recv(4096)
                if not chunk: break
                data += chunk
            print(data.decode().strip())
            """) { server in
            server.maximumClientsPerUser = 4
            server.evictionGrace = Timestamp.Duration(seconds: 3600)
        }
        #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"error":"busy","ok":false}"#, "\(out)")
        #expect(server.clientCount == 0)
    }

    @Test func anIdleConnectionIsClosedButASubscriberIsNot() throws {
        let (out, _) = try run(client: """
            import socket, sys, time
            idle = socket.socket(socket.AF_UNIX); idle.settimeout(5); idle.connect(sys.argv[1])
            sub = socket.socket(socket.AF_UNIX); sub.settimeout(5); sub.connect(sys.argv[1])
            sub.sendall(b'{"op":"subscribe"}\\n'); sub.recv(4096)
            time.sleep(1)
            data = b""
            while True:
                chunk = idle.recv(4096)
                if not chunk: break
                data += chunk
            print(data.decode().strip())
            sub.sendall(b'{"op":"status"}\\n')
            print(sub.recv(4096).decode().strip())
            """) { server in
            server.idleTimeout = Timestamp.Duration(seconds: 0.3)
            let original = server.onRequest
            server.onRequest = { line, id in
                guard line.contains("subscribe") else { return original?(line, id) }
                server.subscribe(id)
                return #"{"ok":true,"subscribed":true}"#
            }
        }
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines == [#"{"error":"idle timeout","ok":false}"#, #"{"ok":true,"status":{}}"#], "\(out)")
    }

    /// Issue 31: a client that sends `{"op":"st` and waits, and one that trickles a byte at a
    /// time, were never closed; now a request line must be complete within the idle timeout
    /// of its first byte. The figures printed are how long each stayed open.
    @Test func aHalfLineAndATricklingClientAreClosedWithinTheIdleTimeout() throws {
        let (out, _) = try run(client: """
            import socket, sys, time
            half = socket.socket(socket.AF_UNIX); half.settimeout(5); half.connect(sys.argv[1])
            drip = socket.socket(socket.AF_UNIX); drip.settimeout(5); drip.connect(sys.argv[1])
            start = time.monotonic()
            half.sendall(b'{"op":"st')
            # Not blocking: a socket with a timeout waits that long in recv, MSG_DONTWAIT or not.
            half.setblocking(False); drip.setblocking(False)
            closed = {}
            request = b'{"op":"status"}'
            i = 0
            while len(closed) < 2 and time.monotonic() - start < 4:
                for name, s in (("half", half), ("drip", drip)):
                    if name in closed: continue
                    try:
                        data = s.recv(4096, socket.MSG_DONTWAIT)
                        closed[name] = (data.decode().strip(), time.monotonic() - start)
                    except BlockingIOError: pass
                if "drip" not in closed:
                    try: drip.send(request[i % (len(request) - 1):][:1]); i += 1
                    except OSError: closed["drip"] = ("reset", time.monotonic() - start)
                time.sleep(0.1)
            for name in ("half", "drip"):
                reply, seconds = closed.get(name, ("still-open", 99))
                print(name, "%.1f" % seconds, reply)
            """) { server in
            server.idleTimeout = Timestamp.Duration(seconds: 1)
        }
        let lines = out.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
        print("figure: closed after (timeout 1 s): \(out.replacingOccurrences(of: "\n", with: "; "))")
        #expect(lines.map { $0.first ?? "" } == ["half", "drip"], "\(out)")
        for line in lines {
            #expect(line.last == #"{"error":"request line timeout","ok":false}"#, "\(out)")
            let seconds = Double(line.count == 3 ? line[1] : "") ?? 99
            #expect(seconds >= 0.9 && seconds < 1.6, "\(out)")
        }
    }

    /// A request with a byte that is not UTF-8 is refused with where it is, not read with
    /// U+FFFD in its place (issue 31, item 1).
    @Test func aRequestThatIsNotUTF8IsRefused() throws {
        let (out, _) = try run(client: """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(sys.argv[1]); f = s.makefile("rwb")
            for line in [b'{"op":"status","x":"caf\\xe9"}', b'{"op":"status"}']:
                f.write(line + b"\\n"); f.flush(); print(f.readline().decode().strip())
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(out)")
        #expect(reply(lines.first)?.ok == false, "\(out)")
        #expect(reply(lines.first)?.error?.contains("column 24: invalid UTF-8") == true, "\(out)")
        #expect(reply(lines.first)?.errorKind == .invalidRequest, "\(out)")
        #expect(lines.last == #"{"ok":true,"status":{}}"#, "\(out)")
    }

    /// At the cap, connections stalled mid-line give way to a newcomer, as idle ones do:
    /// 32 half lines once made `forcectl status` answer `busy` for as long as they stayed.
    @Test func halfLinesAtTheCapGiveWayToANewClient() throws {
        let (out, _) = try run(client: """
            import socket, sys, time
            held = []
            for _ in range(3):
                s = socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(sys.argv[1])
                s.sendall(b'{"op":"st'); held.append(s)
            time.sleep(0.3)
            me = socket.socket(socket.AF_UNIX); me.settimeout(5); me.connect(sys.argv[1])
            me.sendall(b'{"op":"status"}\\n')
            print(me.recv(4096).decode().strip())
            """) { server in
            server.maximumClientsPerUser = 3
            server.evictionGrace = Timestamp.Duration(seconds: 0.1)
        }
        #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"ok":true,"status":{}}"#, "\(out)")
    }
}

/// An intent's parameters as a raw socket client sends them: JSON values, a point as an array.
@Suite struct ControlParameterTests {
    @Test func aPointSentAsAJSONArrayOrObjectIsAPoint() throws {
        let request = try ControlRequest.decode(#"{"op":"intent","name":"mark","parameters":{"a":[0.25,0.75],"b":{"x":1,"y":2},"c":"text","d":3}}"#)
        guard case .intent(_, let parameters, _) = request.operation else {
            Issue.record("not an intent: \(request)")
            return
        }
        #expect(parameters["a"]!.parameterText == "0.25,0.75")
        #expect(parameters["b"]!.parameterText == "1,2")
        #expect(parameters["c"]!.parameterText == "text")
        #expect(parameters["d"]!.parameterText == "3")
        let definition = IntentDefinition(name: "mark", parameters: [IntentParameter(name: "at", type: .point)],
                                          body: .handler(["true"]))
        let parsed = try IntentArguments.parse(["at=" + parameters["a"]!.parameterText], for: definition)
        #expect(parsed["at"] == IntentValue.point(x: 0.25, y: 0.75).jsonValue)
    }
}

/// Replies write a path as events do: `/tmp`, not `\/tmp`.
@Suite struct ControlReplyEncodingTests {
    @Test func repliesDoNotEscapeSlashes() {
        #expect(ProtocolJSON.line(["config": "/tmp/forcetouch.toml"] as JSONValue) == #"{"config":"/tmp/forcetouch.toml"}"#)
        var reply = ControlReply.success(id: nil)
        reply.status = DaemonStatus(pid: 1, devices: 0, capability: "unknown", bindings: 0, children: 0,
                                    subscribers: 0, uptime: 0, shortcuts: 0, config: "/tmp/forcetouch.toml")
        #expect(reply.json.contains(#""config":"/tmp/forcetouch.toml""#))
    }
}
