import FoundationEssentials
import ForceTouchProtocol

extension ShortcutStore {
    /// The dynamic items as the file that keeps them across restarts:
    /// `{"items": […], "version": 1}`, keys sorted and indented, so the same items always
    /// give the same bytes and a person can read the file.
    public func encodeDynamic() -> Data {
        let file = DynamicFile(version: ShortcutJSON.fileVersion, items: dynamicItems)
        // Only a number JSON cannot hold fails to encode: then the file holds no items.
        var data = (try? ProtocolJSON.fileEncoder.encode(file))
            ?? Data(ProtocolJSON.line(DynamicFile(version: ShortcutJSON.fileVersion, items: [])).utf8)
        data.append(0x0a)
        return data
    }

    /// Restores the dynamic items from `encodeDynamic()`'s output. Throws, changing
    /// nothing, for a file that is not that: not JSON, a version this forcetouch does not
    /// know, or an invalid item (the message says which and why). Items whose type a static
    /// item has taken since are dropped and returned, for the log.
    @discardableResult
    public mutating func decodeDynamic(_ data: Data) throws(ShortcutError) -> [ShortcutItem] {
        let version: Int
        do {
            let header = try ProtocolJSON.decode(DynamicFileHeader.self, from: data)
            version = header.version
        } catch {
            if case DecodingError.keyNotFound = error {
                throw ShortcutError("dynamic quick actions: not a forcetouch file (no \"version\")")
            }
            throw ShortcutError("dynamic quick actions: " + DecodingErrorText.message(for: error))
        }
        guard version == ShortcutJSON.fileVersion else {
            throw ShortcutError("dynamic quick actions: version \(version) is not one this forcetouch reads "
                + "(it reads version \(ShortcutJSON.fileVersion))")
        }
        let file: DynamicFile
        do {
            file = try ShortcutJSON.decode(DynamicFile.self, data, policy: .any)
        } catch {
            throw ShortcutError("dynamic quick actions: " + error.message)
        }
        var seen: Set<String> = []
        for (i, item) in file.items.enumerated() where !seen.insert(item.type).inserted {
            throw ShortcutError("dynamic quick actions: items[\(i + 1)]: type \"\(item.type)\" appears twice")
        }
        guard file.items.count <= maximumDynamicItems else {
            throw ShortcutError("dynamic quick actions: \(file.items.count) items, more than the \(maximumDynamicItems) kept")
        }
        let staticTypes = Set(staticItems.map(\.type))
        dynamicItems = file.items.filter { !staticTypes.contains($0.type) }
        return file.items.filter { staticTypes.contains($0.type) }
    }
}

private struct DynamicFileHeader: Decodable {
    var version: Int
}

private struct DynamicFile: Codable {
    var version: Int
    var items: [ShortcutItem]
}
