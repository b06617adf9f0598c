import CLinuxSupport
import Glibc

/// Ticks through an input device's own force feedback (a pressure pad's FF_HAPTIC click, a
/// vibration motor's FF_RUMBLE): the effects are uploaded once, when the device is chosen
/// (EVIOCSFF), and each tick is one EV_FF event written, nothing allocated.
final class ForceFeedbackHaptics: HapticOutput {
    let devnode: String
    let effect: ForceFeedbackEffect
    private let fd: Int32
    /// The uploaded effects' ids: a light one for a peek, a firmer one for a pop and a Haptic
    /// Touch (whose menu opening is the pop of a screen without force).
    private let peekID: Int32
    private let popID: Int32

    /// Why the device cannot play ticks: said in the log's haptics line.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Strength in percent and length in ms of each tick: short, as a click is felt, not a buzz.
    static let peekEffect = (strength: UInt32(50), milliseconds: UInt32(15))
    static let popEffect = (strength: UInt32(100), milliseconds: UInt32(25))

    init(devnode: String, effect: ForceFeedbackEffect) throws(Failure) {
        let fd = open(devnode, O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw Failure(description: "cannot open \(devnode): \(String(cString: strerror(errno)))") }
        let peek = ft_ff_upload(fd, Int32(effect.code), Self.peekEffect.strength, Self.peekEffect.milliseconds)
        let pop = peek < 0 ? peek : ft_ff_upload(fd, Int32(effect.code), Self.popEffect.strength, Self.popEffect.milliseconds)
        guard peek >= 0, pop >= 0 else {
            if peek >= 0 { ft_ff_erase(fd, peek) }
            close(fd)
            throw Failure(description: "cannot upload \(effect.rawValue) to \(devnode): \(String(cString: strerror(-min(peek, pop))))")
        }
        self.devnode = devnode
        self.effect = effect
        self.fd = fd
        peekID = peek
        popID = pop
    }

    deinit {
        ft_ff_erase(fd, peekID)
        ft_ff_erase(fd, popID)
        close(fd)
    }

    func play(_ tick: HapticTick) {
        // A tick that cannot be written (the device just went) is not worth more than the
        // hot-plug that follows, which chooses again.
        _ = ft_ff_play(fd, tick == .peek ? peekID : popID)
    }
}
