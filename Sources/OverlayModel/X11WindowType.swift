/// The `window-type` fact (docs/SPEC.md §11, PressTarget) of an X11 window, from the name of the
/// first atom of its `_NET_WM_WINDOW_TYPE` (EWMH): the name without its `_NET_WM_WINDOW_TYPE_`
/// prefix, in lower case (`dock`, `desktop`, `normal`), as the daemon's rules for panels and
/// docks read it. A window that names no type is `normal`, as EWMH says a managed window without
/// the property is. The C half only reads the property and the atom's name (under-finger.c).
public enum X11WindowType {
    /// What every type EWMH defines starts with.
    public static let prefix = "_NET_WM_WINDOW_TYPE_"

    /// `atom`: the name of the window's first type, nil when it has none or it cannot be read.
    /// Another toolkit's own type (`_KDE_NET_WM_WINDOW_TYPE_OVERRIDE`) keeps its whole name, in
    /// lower case; only ASCII letters are lowered, as atom names are.
    public static func name(ofAtom atom: String?) -> String {
        guard let atom else { return "normal" }
        let bare = atom.hasPrefix(prefix) ? atom.dropFirst(prefix.count) : Substring(atom)
        guard !bare.isEmpty else { return "normal" }
        return String(String.UnicodeScalarView(bare.unicodeScalars.map { s in
            ("A"..."Z").contains(s) ? Unicode.Scalar(s.value + 32)! : s
        }))
    }
}
