import Glibc
import Logging
import Testing
@testable import ForceTouchLinux
import ForceTouchProtocol

/// What forcetouchd's log handlers write: journal entries with syslog priorities and
/// structured fields, plain lines otherwise. (The entries reaching a real journald, and
/// `journalctl -p err` selecting exactly the errors, are checked in the guest:
/// Tests/Integration/systemd-user-in-guest.sh.)
@Suite struct LoggingTests {
    @Test func levelsHaveTheirSyslogPriorities() {
        #expect(JournalLogHandler.priority(.critical) == 2)
        #expect(JournalLogHandler.priority(.error) == 3)
        #expect(JournalLogHandler.priority(.warning) == 4)
        #expect(JournalLogHandler.priority(.notice) == 5)
        #expect(JournalLogHandler.priority(.info) == 6)
        #expect(JournalLogHandler.priority(.debug) == 7)
        #expect(JournalLogHandler.priority(.trace) == 7)
    }

    @Test func metadataBecomesForcetouchFields() {
        let fields = JournalLogHandler.fields(
            level: .error, message: "action tap: failure: exited with status 1", identifier: "forcetouchd",
            metadata: ["device": "/dev/input/event3", "binding": "tap", "result": "failure", "gesture": "tap",
                       "odd-key.x": "1"])
        #expect(fields == [
            "MESSAGE=action tap: failure: exited with status 1", "PRIORITY=3", "SYSLOG_IDENTIFIER=forcetouchd",
            "FORCETOUCH_BINDING=tap", "FORCETOUCH_DEVICE=/dev/input/event3", "FORCETOUCH_GESTURE=tap",
            "FORCETOUCH_ODD_KEY_X=1", "FORCETOUCH_RESULT=failure",
        ])
    }

    @Test func aMessageIsOneLineWhateverItHolds() {
        let forged = "Example\nerror: FORGED LOG LINE \u{1B}[31mred\u{0}"
        #expect(PlainLogHandler.line(level: .info, message: "name=" + forged)
            == "info: name=Example\\nerror: FORGED LOG LINE \\e[31mred\\x00\n")
        let fields = JournalLogHandler.fields(level: .info, message: forged, identifier: "forcetouchd",
                                              metadata: ["binding": .string("a\rb\u{85}")])
        #expect(fields.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }, "\(fields)")
        #expect(fields.contains("MESSAGE=Example\\nerror: FORGED LOG LINE \\e[31mred\\x00"))
        #expect(fields.contains("FORCETOUCH_BINDING=a\\rb\\u{0085}"))
    }

    @Test func plainLinesCarryNoTimestamp() {
        #expect(PlainLogHandler.line(level: .warning, message: "no udev daemon") == "warning: no udev daemon\n")
    }

    /// JOURNAL_STREAM counts only when it names stderr itself: a child whose stderr went
    /// elsewhere inherits the variable.
    @Test func theJournalIsUsedOnlyWhenJournalStreamNamesStderr() {
        var st = stat()
        #expect(fstat(STDERR_FILENO, &st) == 0)
        let mine = "\(st.st_dev):\(st.st_ino)"
        #expect(JournalStream.isStandardError(environment: ["JOURNAL_STREAM": mine]))
        #expect(LogDestination.detect(environment: ["JOURNAL_STREAM": mine]) == .journal)
        #expect(!JournalStream.isStandardError(environment: ["JOURNAL_STREAM": "\(st.st_dev):\(st.st_ino + 1)"]))
        #expect(!JournalStream.isStandardError(environment: ["JOURNAL_STREAM": "garbage"]))
        #expect(LogDestination.detect(environment: [:]) == .standardError)
    }

    @Test func errorKindsNameTheirDBusErrors() {
        #expect(ControlErrorKind.unknownType.dbusName == "UnknownType")
        #expect(ControlErrorKind.invalidRequest.dbusName == "InvalidRequest")
        #expect(ControlErrorKind.reloadRefused.dbusName == "ReloadRefused")
        #expect(ControlReply.failure("x", id: nil, kind: .unknownType).json == #"{"error":"x","kind":"unknown-type","ok":false}"#)
    }
}
