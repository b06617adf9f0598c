import CLibevdev
import ForceTouchCore
import ForceTouchEngine
import Glibc

/// A claimed device's stand-in (SPEC §10): the source is grabbed, and a uinput device with its
/// name, ids, properties, axes and phys re-emits what `TouchForwarder` lets through, so the
/// compositor reads it, with its settings and quirks, instead of the source.
///
/// Ends with the process in every case: the kernel ends the grab when the source's descriptor
/// closes and removes the clone with its uinput descriptor, so even SIGKILL gives the
/// touchscreen back.
final class TouchClone {
    let mode: ClaimMode
    private let device: UinputDevice
    private let source: EvdevDevice
    var forwarder: TouchForwarder
    /// Where the events go out in one write: the kernel's `input_event`s.
    private let buffer: UnsafeMutableBufferPointer<input_event>

    /// Why a device could not be claimed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Makes the clone, then grabs the source: never a moment where neither reaches the
    /// compositor. `slots` is the engine's (`FrameAssembler.contacts.count`).
    init(of source: EvdevDevice, mode: ClaimMode, slots: Int) throws(Failure) {
        do {
            device = try UinputDevice(source.description, phys: source.phys, asClone: true)
        } catch {
            throw Failure(description: "cannot make its clone: \(error)")
        }
        let rc = source.grab(true)
        guard rc == 0 else {
            let why = rc == EBUSY ? "another program has grabbed it" : String(cString: strerror(rc))
            throw Failure(description: "cannot grab \(source.path): \(why)")
        }
        self.source = source
        self.mode = mode
        forwarder = TouchForwarder(slots: slots, currentSlot: max(0, source.currentSlot))
        buffer = .allocate(capacity: 1024)
        forwarder.start { [source] slot, code in source.slotValue(slot, code) }
        flush()
    }

    deinit {
        _ = source.grab(false)
        buffer.deallocate()
    }

    var devnode: String? { device.devnode }

    /// Forwards one read's events (which the engine has taken in) and writes what goes out.
    func forward(_ events: UnsafeBufferPointer<InputEvent>, claims: ContactClaims) {
        forwarder.forward(events, claims: claims)
        flush()
    }

    /// Applies what the engine decided without a read (a deadline, a reload).
    func settle(_ claims: ContactClaims) {
        forwarder.settle(claims)
        flush()
    }

    /// Writes `forwarder.output`, as few writes as the buffer allows.
    private func flush() {
        let output = forwarder.output
        guard !output.isEmpty else { return }
        var start = 0
        while start < output.count {
            let n = min(buffer.count, output.count - start)
            for i in 0..<n {
                let e = output[start + i]
                buffer[i] = input_event(time: timeval(), type: e.type, code: e.code, value: e.value)
            }
            let size = n * MemoryLayout<input_event>.stride
            var written = 0
            while written < size {
                let rc = Glibc.write(device.fd, UnsafeRawPointer(buffer.baseAddress!) + written, size - written)
                if rc < 0 { if errno == EINTR { continue }; break }
                written += rc
            }
            start += n
        }
        forwarder.removeOutput()
    }
}
