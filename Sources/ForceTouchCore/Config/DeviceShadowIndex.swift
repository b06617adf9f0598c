import ForceTouchEngine

/// The `[[device]]` blocks read so far, filed so that the first one covering a new block
/// (`DeviceMatch.covers`: it matches every device the new one does, so the new one never
/// applies) is found without comparing the new block with every earlier one. Comparing
/// each with all took 47 s for the 19,784 blocks a 1 MiB file holds (issue 40, item 5);
/// this looks up a few keys per block, and the wildcard patterns whose literal start the
/// new block's name begins with.
struct DeviceShadowIndex {
    /// The criteria a covering block may name: each either absent or the same as the new
    /// block's.
    private struct Key: Hashable {
        var deviceClass: DeviceClass?
        var id: VendorProduct?
        /// Nil for no `match-name` or one matching every name.
        var name: Glob.Shape?
    }

    /// The first block of each set of criteria: it is the only one of them that can be
    /// the first to cover anything.
    private var first: [Key: DeviceRule] = [:]
    /// The first block of each wildcard pattern (and class and id), by the pattern's
    /// literal start: the ones that may cover a literal name.
    private var wildcards: [String: [DeviceRule]] = [:]

    /// The earliest block added that covers `rule`, if any; then `rule` is added.
    mutating func firstCovering(_ rule: DeviceRule) -> DeviceRule? {
        let m = rule.match
        var found: DeviceRule?
        func consider(_ candidate: DeviceRule?) {
            guard let candidate, candidate.match.covers(m) else { return }
            if found == nil || candidate.index < found!.index { found = candidate }
        }
        let name = m.name.flatMap { $0.matchesEverything ? nil : $0 }
        for deviceClass in Set([nil, m.deviceClass]) {
            for id in Set([nil, m.id]) {
                consider(first[Key(deviceClass: deviceClass, id: id, name: nil)])
                if let name { consider(first[Key(deviceClass: deviceClass, id: id, name: name.shape)]) }
            }
        }
        // A wildcard pattern covers a literal name it matches; every name it matches starts
        // with its literal start, so only those filed under a prefix of the name can.
        if let name, name.isLiteral {
            let literal = name.literalPrefix
            var prefix = ""
            for c in [nil] + literal.map(Optional.some) {
                if let c { prefix.append(c) }
                for candidate in wildcards[prefix] ?? [] { consider(candidate) }
            }
        }
        add(rule)
        return found
    }

    private mutating func add(_ rule: DeviceRule) {
        let m = rule.match
        let name = m.name.flatMap { $0.matchesEverything ? nil : $0 }
        let key = Key(deviceClass: m.deviceClass, id: m.id, name: name?.shape)
        guard first[key] == nil else { return }
        first[key] = rule
        if let name, !name.isLiteral { wildcards[name.literalPrefix, default: []].append(rule) }
    }
}
