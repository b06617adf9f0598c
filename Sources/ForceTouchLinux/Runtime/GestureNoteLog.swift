import ForceTouchCore
import ForceTouchEngine
import Logging

/// One device's recognizer notes in the daemon's debug log (`--verbose`): each written as
/// a line of its own with the device's fields, within the device's `GestureNoteBudget`,
/// whose lines about the notes left out go to the same place.
final class GestureNoteLog {
    private let logger: Logger
    private let node: String
    private let name: String
    private var budget = GestureNoteBudget()
    /// The time of the last note, for the metadata of the line `finish` may write.
    private var last = Timestamp.zero

    init(logger: Logger, node: String, name: String) {
        self.logger = logger
        self.node = node
        self.name = name
    }

    func take(_ note: GestureNote) {
        last = note.time
        budget.take(note) { write($0, time: note.time) }
    }

    func finish() {
        budget.finish { write($0, time: last) }
    }

    private func write(_ text: String, time: Timestamp) {
        logger.debug("\(node): why: \(text)", metadata: ["device": "\(name)", "node": "\(node)", "time": "\(time.description)"])
    }
}
