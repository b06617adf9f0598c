/// Who owns the daemon's name (`io.github.forcetouch.Daemon1`), as the overlay follows it from
/// the bus's answers (SPEC §11): the one sender whose signals and properties are believed. A
/// client can address a signal of its own to the overlay, which GLib before 2.80.1 delivers
/// (CVE-2024-34397), and a signal names its sender by its unique name only, so the owner is
/// tracked here, in the order the bus said it.
public struct DaemonOwner: Hashable, Sendable {
    /// The owner's unique name, nil while none owns the name.
    public private(set) var uniqueName: String?

    /// What a new word on the owner means.
    public struct Change: Hashable, Sendable {
        /// Another owner than the last (or none where there was one): its `UnderFinger` is to
        /// be asked, and until it answers a press is looked up.
        public var another: Bool
        /// Why what the last owner showed goes ("it left the bus", "another process took its
        /// name"); nil when it stays.
        public var gone: String?

        public init(another: Bool, gone: String?) {
            self.another = another
            self.gone = gone
        }
    }

    public init() {}

    /// Whether a signal or a reply from `sender` is the daemon's.
    public func believes(_ sender: String) -> Bool { uniqueName != nil && sender == uniqueName }

    /// The bus answered `GetNameOwner` with `owner` ("" for none).
    public mutating func answered(_ owner: String) -> Change {
        Change(another: take(owner), gone: nil)
    }

    /// The bus's `NameOwnerChanged` for the name, its new owner `owner` ("" for none): the last
    /// owner left the bus, or another process took its name, and what it showed has nobody
    /// behind it (a new owner never sent it). The owner the bus already told is no change.
    public mutating func changed(to owner: String) -> Change {
        var gone: String?
        if let last = uniqueName, owner != last { gone = owner.isEmpty ? "it left the bus" : "another process took its name" }
        return Change(another: take(owner), gone: gone)
    }

    private mutating func take(_ owner: String) -> Bool {
        let same = uniqueName != nil && owner == uniqueName
        uniqueName = owner.isEmpty ? nil : owner
        return !same
    }
}
