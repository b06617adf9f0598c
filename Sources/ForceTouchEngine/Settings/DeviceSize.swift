/// The size of a touch surface in millimetres: the device database's `AttrSizeHint=WxH`,
/// what distances on a device whose axes report no resolution are measured by.
public struct DeviceSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `69x50` (millimetres, as libinput's `AttrSizeHint` writes them); nil unless both are
    /// numbers above 0.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
              w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }
}
