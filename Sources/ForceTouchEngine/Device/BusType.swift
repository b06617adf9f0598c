/// The kernel's bus types (`BUS_*` in linux/input.h) by the names a device database file
/// uses for `MatchBus`.
public enum BusType {
    /// Names first, aliases after, each with its number.
    public static let names: [(name: String, value: UInt16)] = [
        ("pci", 0x01), ("usb", 0x03), ("hil", 0x04), ("bluetooth", 0x05), ("virtual", 0x06),
        ("i8042", 0x11), ("ps2", 0x11), ("serio", 0x11), ("adb", 0x17), ("i2c", 0x18), ("host", 0x19),
        ("spi", 0x1C), ("rmi", 0x1D),
    ]

    /// BUS_I8042: PS/2, where laptops' built-in touchpads of the PS/2 era sit.
    public static let i8042: UInt16 = 0x11

    /// A name (case-insensitive) or a number (`0x11`, `17`); nil when it is neither.
    public static func parse(_ text: String) -> UInt16? {
        let lower = text.lowercased()
        if let hit = names.first(where: { $0.name == lower }) { return hit.value }
        return parseNumber(text)
    }

    /// The name reports use (`i8042`), or the number in hex.
    public static func name(_ value: UInt16) -> String {
        names.first { $0.value == value }?.name ?? "0x" + hex4(value)
    }

    /// `0x056a` (hex with the prefix) or a decimal number, within 16 bits.
    public static func parseNumber(_ text: String) -> UInt16? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let digits = text.dropFirst(2)
            return digits.isEmpty ? nil : UInt16(digits, radix: 16)
        }
        return UInt16(text)
    }
}
