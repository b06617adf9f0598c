/// Where a value sits in the configuration: `binding[2].fingers`,
/// `device[1].gestures.long-press-time`.
///
/// One value serves both as the key an error names and as what `TOMLSourceMap` looks up,
/// so an error's key and its line can never disagree about which value they mean.
public struct ConfigPath: Hashable, Sendable, CustomStringConvertible {
    /// A table key, or the position of an element in an array (of tables).
    public enum Component: Hashable, Sendable {
        case key(String)
        /// 1-based, the way a reader counts `[[binding]]` blocks down the file.
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = ConfigPath()

    public func appending(_ key: String) -> ConfigPath { ConfigPath(components + [.key(key)]) }

    public func appending(index: Int) -> ConfigPath { ConfigPath(components + [.index(index)]) }

    public static func / (path: ConfigPath, key: String) -> ConfigPath { path.appending(key) }

    public var description: String {
        var s = ""
        for c in components {
            switch c {
            case .key(let k):
                if !s.isEmpty { s += "." }
                s += k
            case .index(let i):
                s += "[\(i)]"
            }
        }
        return s
    }
}
