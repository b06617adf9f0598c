/// Where a haptic tick is played: chosen once at start and again when devices come and go
/// (`HapticsChoice`). `play` is on the gesture's path: it must neither block nor allocate.
protocol HapticOutput: AnyObject {
    func play(_ tick: HapticTick)
}
