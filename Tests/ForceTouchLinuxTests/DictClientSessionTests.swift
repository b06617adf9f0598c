import Foundation
import ForceTouchCore
import ForceTouchEngine
@testable import ForceTouchLinux
import Glibc
import Testing

/// Look Up's DICT session (`DictClient`) against a server of the test's own on 127.0.0.1,
/// which reads what the client sends and answers with an exchange recorded from Debian's
/// dictd with dict-wn (ForceTouchCoreTests/Fixtures/dict), or stalls, or floods.
struct DictClientSessionTests {
    static func recorded(_ name: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ForceTouchCoreTests/Fixtures/dict/" + name)
        return Array(try Data(contentsOf: path))
    }

    /// A listening socket on 127.0.0.1 at a free port; one connection is served on a thread:
    /// the client's lines read until QUIT, then `reply` (written whole, or never when nil),
    /// then closed. `asked` gets what the client sent.
    final class OneShotServer: @unchecked Sendable {
        let fd: Int32
        let port: UInt16
        private var lock = pthread_mutex_t()
        private var sent: [UInt8] = []
        private var thread = pthread_t()

        init(reply: [UInt8]?, waitForQuit: Bool = true) throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Bool in
                    bind(fd, p, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, p, &length) == 0
                }
            }
            try #require(bound)
            port = UInt16(bigEndian: address.sin_port)
            pthread_mutex_init(&lock, nil)
            let body = Unmanaged.passRetained(Body { [self] in serve(reply: reply, waitForQuit: waitForQuit) }).toOpaque()
            pthread_create(&thread, nil, { Unmanaged<Body>.fromOpaque($0!).takeRetainedValue().run(); return nil }, body)
        }

        final class Body { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }

        private func serve(reply: [UInt8]?, waitForQuit: Bool) {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while waitForQuit {
                let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { break }
                pthread_mutex_lock(&lock); sent += buffer[..<n]; let all = sent; pthread_mutex_unlock(&lock)
                if String(decoding: all, as: UTF8.self).hasSuffix("QUIT\r\n") { break }
            }
            if let reply {
                _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(client)
            } else {
                // Stalls: holds the connection past the client's time.
                usleep(1_500_000)
                close(client)
            }
        }

        var asked: String {
            pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }
            return String(decoding: sent, as: UTF8.self)
        }

        func end() {
            pthread_join(thread, nil)
            close(fd)
        }
    }

    @Test func aRecordedExchangeGivesWordNetsDefinitionOfForce() throws {
        let server = try OneShotServer(reply: try Self.recorded("define-wn-force.reply"))
        let result = DictClient(port: server.port).define("force")
        server.end()
        #expect(server.asked == "CLIENT forcetouch\r\nDEFINE * \"force\"\r\nQUIT\r\n")
        guard case .success(let reply) = result, case .definitions(let definitions) = reply.outcome else {
            Issue.record("\(result)"); return
        }
        #expect(definitions.first?.database == "wn")
        #expect(definitions.first?.text.hasPrefix("force\n    n 1: a powerful effect or influence") == true)
    }

    @Test func aRecordedNoMatchIsNoMatch() throws {
        let server = try OneShotServer(reply: try Self.recorded("define-wn-no-match.reply"))
        let result = DictClient(port: server.port).define("qwxzzy")
        server.end()
        guard case .success(let reply) = result else { Issue.record("\(result)"); return }
        #expect(reply.outcome == .noMatch)
    }

    @Test func noServerSaysWhatToInstall() throws {
        // A port just freed: nothing listens there.
        let server = try OneShotServer(reply: [])
        let port = server.port
        let wake = DictClient(port: port).define("x")
        server.end()
        _ = wake
        let result = DictClient(port: port).define("force")
        #expect(result == .failure(.noServer(port: port)))
        #expect("\(DictClient.Failure.noServer(port: 2628))"
            == "no dictionary server on 127.0.0.1:2628 (Debian: install dictd and dict-wn)")
    }

    @Test func aServerThatDoesNotAnswerIsGivenUpAtTheTimeout() throws {
        let server = try OneShotServer(reply: nil)
        let start = MonotonicClock.now()
        let result = DictClient(port: server.port, timeoutMS: 200).define("force")
        let took = MonotonicClock.now().seconds - start.seconds
        server.end()
        #expect(result == .failure(.timedOut(ms: 200)))
        print("dict: a stalled server given up after \(Int(took * 1000)) ms (timeout 200 ms)")
    }

    @Test func aReplyCutShortOrNotDICTIsMalformedWithItsLine() throws {
        let full = try Self.recorded("define-wn-force.reply")
        let server = try OneShotServer(reply: Array(full.prefix(300)))
        let result = DictClient(port: server.port).define("force")
        server.end()
        guard case .failure(.malformed(let why)) = result else { Issue.record("\(result)"); return }
        #expect(why.reason.hasPrefix("the stream ended inside a definition's text"))
    }

    @Test func aFloodIsCutAtTheBound() throws {
        var flood = Array("220 x <y>\r\n250 ok\r\n150 1\r\n151 \"a\" wn \"WordNet\"\r\n".utf8)
        flood += [UInt8](repeating: UInt8(ascii: "a"), count: 80).map { $0 } + [13, 10]
        let line = Array(String(repeating: "b", count: 100).utf8) + [13, 10]
        while flood.count <= DictClient.maximumBytes { flood += line }
        let server = try OneShotServer(reply: flood)
        let result = DictClient(port: server.port, timeoutMS: 2000).define("a")
        server.end()
        #expect(result == .failure(.tooLong))
    }

    @Test func aWordThatWouldStartASecondCommandIsNotSent() {
        let result = DictClient(port: 1).define("force\r\nSHOW DB")
        #expect(result == .failure(.refusedWord(.controlCharacter(offset: 5))))
    }
}
