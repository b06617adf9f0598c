import CLinuxSupport

/// The force-feedback effect types a tick can be made of, by linux/input.h's names: a pressure
/// pad's own click (FF_HAPTIC, Linux 6.18), a vibration motor's rumble, or a periodic wave.
public enum ForceFeedbackEffect: String, Hashable, Sendable, CaseIterable {
    case haptic = "FF_HAPTIC"
    case rumble = "FF_RUMBLE"
    case periodic = "FF_PERIODIC"

    /// The effect type's number, its bit in the device's FF bitmap.
    var code: Int {
        switch self {
        case .haptic: Int(FT_FF_HAPTIC)
        case .rumble: Int(FT_FF_RUMBLE)
        case .periodic: Int(FT_FF_PERIODIC)
        }
    }

    /// The effects a device offers, from its sysfs `capabilities/ff`: the kernel's bitmap as
    /// hexadecimal words of 64 bits, most significant first, separated by spaces.
    public static func offered(bySysfsBitmap text: String) -> Set<ForceFeedbackEffect> {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed().map { UInt64($0, radix: 16) }
        return Set(allCases.filter { effect in
            let (word, bit) = effect.code.quotientAndRemainder(dividingBy: 64)
            guard word < words.count, let bits = words[word] else { return false }
            return bits & (1 << UInt64(bit)) != 0
        })
    }
}
