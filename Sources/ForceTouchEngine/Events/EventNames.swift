/// Kernel names for event types, codes and properties, both ways: `ABS_MT_PRESSURE` ⇄ 0x3a.
///
/// Used to write readable recordings, to print diagnostics and to parse key names in the
/// configuration (`KEY_LEFTMETA+KEY_A`). The tables are generated from the kernel header.
public enum EventNames {
    /// `EV_ABS` for 3; nil for a type the kernel does not name.
    public static func typeName(_ type: UInt16) -> String? { lookup(evTable, type) }

    /// `ABS_X` for (EV_ABS, 0); nil for an unnamed code.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        guard let table = codeTable(for: type) else { return nil }
        return lookup(table, code)
    }

    /// `INPUT_PROP_DIRECT` for 1.
    public static func propertyName(_ property: UInt16) -> String? { lookup(propTable, property) }

    /// The (type, code) a name like `KEY_A`, `BTN_TOUCH` or `ABS_MT_SLOT` stands for.
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        let byType: [(UInt16, [(UInt16, String)])] = [
            (EV.KEY, keyTable), (EV.ABS, absTable), (EV.REL, relTable), (EV.SYN, synTable),
            (EV.MSC, mscTable), (EV.SW, swTable), (EV.LED, ledTable), (EV.SND, sndTable),
            (EV.REP, repTable),
        ]
        for (type, table) in byType {
            if let row = table.first(where: { $0.1 == name }) { return (type, row.0) }
        }
        return nil
    }

    /// The highest event type (EV_MAX).
    public static var maximumType: UInt16 { evMax }

    /// The highest device property (INPUT_PROP_MAX).
    public static var maximumProperty: UInt16 { inputPropMax }

    /// The highest code an event type may carry, or nil for an unknown type.
    public static func maximumCode(type: UInt16) -> UInt16? { maxCode[type] }

    static func codeTable(for type: UInt16) -> [(UInt16, String)]? {
        switch type {
        case EV.SYN: synTable
        case EV.KEY: keyTable
        case EV.REL: relTable
        case EV.ABS: absTable
        case EV.MSC: mscTable
        case EV.SW: swTable
        case EV.LED: ledTable
        case EV.SND: sndTable
        case EV.REP: repTable
        default: nil
        }
    }

    private static func lookup(_ table: [(UInt16, String)], _ value: UInt16) -> String? {
        var lo = 0, hi = table.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if table[mid].0 == value { return table[mid].1 }
            if table[mid].0 < value { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }
}
