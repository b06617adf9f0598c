/// One of the programs the multi-call executable holds: the name it answers to, as a link
/// to the executable (`/usr/bin/forcetest -> forcetouchd`), and what it runs.
public struct Program: Sendable {
    public let name: String
    public let main: @Sendable () -> Void

    public init(name: String, main: @escaping @Sendable () -> Void) {
        self.name = name
        self.main = main
    }
}
