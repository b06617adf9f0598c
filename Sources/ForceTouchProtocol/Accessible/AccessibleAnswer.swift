/// One answer of an application to "what is at this point" (AT-SPI's GetAccessibleAtPoint, asked
/// down to the deepest object, then its parents up to its window): the observation the lookup's
/// rules (`PointedObject`) decide from, so that they are tested over answers recorded from real
/// applications (`forcetouch-overlay --observe-at`; Tests/Documented/fixtures/under-finger).
public struct AccessibleAnswer: Codable, Hashable, Sendable {
    /// The application's toolkit, as AT-SPI's Application interface names it (`GTK`, `Gecko`…).
    public var toolkit: String
    /// The deepest object at the point first, then each parent up to the window (at most
    /// `maxPath` of them; the window last when reached).
    public var path: [AccessibleNode]

    /// The most objects gathered up from the deepest: a link is its content's parent or
    /// grandparent; a page's own ancestors (document, frames, panels) are about six more.
    public static let maxPath = 16

    public init(toolkit: String, path: [AccessibleNode]) {
        self.toolkit = toolkit
        self.path = path
    }
}
