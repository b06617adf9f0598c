import Foundation
import ForceTouchCore
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
        try children.spawn(["python3", "-c", script, path], environment: [:], timeout: .init(seconds: 20),
                           label: "client", captureOutput: true) { _, bytes in
            output = String(decoding: bytes, as: UTF8.self)
            loop.stop()
        }
        // SIGCHLD may go to another test thread: look for the exit on a short timer instead.
        loop.onTimer { children.reap() }
        loop.run { loop.arm(at: MonotonicClock.now() + Timestamp.Duration(seconds: 0.05)) }
        return (output, server)
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
        #expect(lines[1].contains(#""ok":false"#))
        #expect(lines[2].contains(#""ok":false"#))
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
        #expect(out.contains("request too long"))
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
