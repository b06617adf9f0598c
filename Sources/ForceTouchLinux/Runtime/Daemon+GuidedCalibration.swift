import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Glibc
import Logging

// forcetouch Settings' guided calibration (`StartCalibration`): the steps `forcetest calibrate`
// takes, counted by `GuidedCalibration` on the device's own presses as the daemon reads them,
// said in `CalibrationProgress`, and the result written into the user's configuration as
// `forcetest calibrate` writes it (a `[[device]]` block, in place), then reloaded.
extension Daemon {
    /// Starts (or starts again) the calibration of the device whose node, name or
    /// vendor:product is `device`.
    func startCalibration(_ device: String, presses: UInt32) throws(CalibrationError) {
        guard (1...20).contains(presses) else {
            throw CalibrationError("presses must be from 1 to 20, not \(presses)")
        }
        guard let s = calibrationSession(device) else {
            throw CalibrationError("no device \"\(device)\" is followed now")
        }
        s.calibration = GuidedCalibration(device: s.description, pressesPerStep: Int(presses))
        s.calibrationCounted = false
        logger.notice("device \(s.node.devnode) \"\(s.name)\": guided calibration started, \(presses) presses a step")
        followCalibration(s)
    }

    func cancelCalibration(_ device: String) throws(CalibrationError) {
        guard let s = calibrationSession(device), s.calibration != nil else {
            throw CalibrationError("no calibration of \"\(device)\" runs")
        }
        s.calibration = nil
        sayCalibration(s, state: "cancelled", message: "Calibration cancelled: nothing was written.")
    }

    /// `s`'s device is gone (unplugged, or its replay over) before the calibration's end:
    /// the window is told, and nothing is written.
    func abandonCalibration(_ s: DeviceSession) {
        guard s.calibration != nil else { return }
        s.calibration = nil
        sayCalibration(s, state: "failed",
                       message: "\(s.name) disappeared before the calibration's end: nothing was written.")
    }

    private func calibrationSession(_ device: String) -> DeviceSession? {
        sessions.values.sorted(by: { $0.node.devnode < $1.node.devnode }).first {
            $0.node.devnode == device || $0.name == device || $0.description.id.vendorProduct == device
        }
    }

    /// After a read, or a replayed frame, of `s`'s device while it is being calibrated.
    func followCalibration(_ s: DeviceSession) {
        guard let c = s.calibration else { return }
        s.calibrationCounted = false
        guard c.isComplete else { return sayCalibration(s) }
        s.calibration = nil
        finishCalibration(c, s)
    }

    private func finishCalibration(_ c: GuidedCalibration, _ s: DeviceSession) {
        let result: CalibrationResult
        do {
            result = try c.result(hysteresis: configuration.gestures.hysteresis)
        } catch {
            return sayCalibration(s, state: "failed", message: "Calibration failed: \(error.message)")
        }
        guard result.isUsable else {
            return sayCalibration(s, state: "unusable",
                                  message: "Force is \(result.verdict.rawValue) on this device (\(result.reason)): nothing was written.")
        }
        // The file a settings change writes: the user's own (SPEC §9).
        let search = ConfigurationFile.searchPath()
        let source = options.configPath
        let path = source.flatMap { $0 == search.last && search.count > 1 ? nil : $0 } ?? search[0]
        let old = ConfigFileEditor.read(path) ?? source.flatMap(ConfigFileEditor.read) ?? ""
        let comment = CalibrationBlock.comment(result, by: "forcetouch Settings", on: Self.today())
        do {
            let new = try CalibrationBlock.apply(CalibrationBlock.Values(result), to: old, file: path,
                                                 device: s.description, deviceClass: s.deviceClass, comment: comment,
                                                 lookups: ConfigurationFile.systemLookups)
            try ConfigFileEditor.writeAtomically(new, to: path)
        } catch {
            return sayCalibration(s, state: "failed", message: "Calibration not written to \(path): \(error)")
        }
        if options.configPath != path { options.configPath = path }
        let what = "Calibrated: average touch \(TextFormat.number((result.averageRaw * 100).rounded() / 100)) raw, "
            + "peek at force \(TextFormat.number((result.peekForce * 100).rounded() / 100)), "
            + "pop at \(TextFormat.number((result.popForce * 100).rounded() / 100)); written to \(path)"
        logger.notice("device \(s.node.devnode) \"\(s.name)\": \(what); reloading")
        // Written is done: the reload's outcome is `ConfigurationReloaded`'s, as after any
        // settings change, and a replaying daemon may be gone before it.
        sayCalibration(s, state: "written", message: what + ".")
        reload()
    }

    private func sayCalibration(_ s: DeviceSession, state: String = "step", message: String = "") {
        let c = s.calibration
        let raw = c?.currentRaw.map(Double.init) ?? 0
        let maximum = (c?.segmenter.source?.info.maximum).map(Double.init) ?? 0
        bus?.calibrationProgress(node: s.node.devnode, state: state, step: c?.step?.rawValue ?? "",
                                 instruction: c?.step?.instruction ?? "", presses: c?.pressesInStep ?? 0,
                                 pressesPerStep: c?.pressesPerStep ?? 0, raw: raw, maximum: maximum, message: message)
        bus?.connection.flush()
    }

    /// Today as the comment above a calibrated block says it, e.g. 2026-11-28.
    static func today() -> String {
        var t = time(nil)
        var tm = tm()
        localtime_r(&t, &tm)
        var buf = [CChar](repeating: 0, count: 32)
        strftime(&buf, buf.count, "%Y-%m-%d", &tm)
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
