import ForceTouchProtocol

/// A wlroots taskbar's button (waybar's wlr/taskbar) in a layer-shell panel: it tells AT-SPI no
/// name, only the title of the window it stands for, as its tooltip (AT-SPI's description). The
/// press is then on that window's app (`SwayTree.appID(ofWindowTitled:)`), when one app's windows
/// have the title (docs/SPEC.md §11, "What is under the finger").
public enum TaskbarButton {
    /// The title of the window the object stands for: a push button with no name and a
    /// description; nil for anything else.
    public static func windowTitle(of object: AccessibleNode) -> String? {
        guard object.role.lowercased() == "push button", object.name.isEmpty, !object.description.isEmpty
        else { return nil }
        return object.description
    }
}
