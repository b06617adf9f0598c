/// How forcetouch owns the touches its gestures take (SPEC §10): the `claim` key of a
/// `[[device]]` block.
///
/// A claimed device is grabbed (EVIOCGRAB) and re-emitted through a uinput clone, which is
/// what the compositor reads; what forcetouch claims never reaches the app beneath as an
/// ordinary touch, as a view beneath a UIKit recognizer gets `touchesCancelled`.
public enum ClaimStrategy: String, Hashable, Sendable, CaseIterable {
    /// `cancel` where every client of the session honours a cancelled touch, `hold` elsewhere;
    /// only when some binding on the device claims (`ClaimSession`).
    case auto
    /// Everything is forwarded at once; a claimed contact becomes a palm on the clone, which
    /// libinput reports as TOUCH_CANCEL. No latency.
    case cancel
    /// A touch that may still become a claimed gesture is held back until it is decided; a
    /// claimed one never reaches the clone.
    case hold
    /// Watch only: the device is not grabbed.
    case off
}

/// What a device's claiming comes to once `auto` is resolved: how the clone is fed.
public enum ClaimMode: String, Hashable, Sendable {
    case cancel
    case hold
    case off
}

/// The graphical session the daemon serves, as its environment describes it: what `auto`
/// decides from. The user unit gets these through `systemctl --user import-environment`.
public struct ClaimSession: Hashable, Sendable {
    /// `XDG_SESSION_TYPE`: `wayland`, `x11`, `tty`; nil when unset.
    public var sessionType: String?
    /// `XDG_CURRENT_DESKTOP`, colon-separated: `GNOME`, `KDE`, `sway`, `Hyprland`…
    public var currentDesktop: String?
    /// `WAYLAND_DISPLAY` is set.
    public var hasWaylandDisplay: Bool
    /// `DISPLAY` is set: X11 clients (Xwayland on a Wayland desktop) may be under the finger.
    public var hasX11Display: Bool

    public init(sessionType: String? = nil, currentDesktop: String? = nil, hasWaylandDisplay: Bool = false,
                hasX11Display: Bool = false) {
        self.sessionType = sessionType
        self.currentDesktop = currentDesktop
        self.hasWaylandDisplay = hasWaylandDisplay
        self.hasX11Display = hasX11Display
    }

    public init(environment: [String: String]) {
        self.init(sessionType: environment["XDG_SESSION_TYPE"].flatMap { $0.isEmpty ? nil : $0.lowercased() },
                  currentDesktop: environment["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 },
                  hasWaylandDisplay: !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
                  hasX11Display: !(environment["DISPLAY"] ?? "").isEmpty)
    }

    /// Compositors that turn libinput's TOUCH_CANCEL into `wl_touch.cancel` for their Wayland
    /// clients: mutter, KWin, Hyprland. sway does from 1.9 only (Debian 12 ships 1.7, which
    /// drops it), and its version is not in the environment, so sway is not among them.
    public static let cancellingDesktops: Set<String> = ["gnome", "kde", "hyprland"]

    /// Whether every client that can be under a finger in this session sees a cancelled touch
    /// as cancelled: a Wayland session whose compositor forwards the cancel, and no X11
    /// display. Xwayland and xf86-input-libinput turn the cancel into an ordinary touch end,
    /// which an X11 app takes as a click, and a Wayland desktop with `DISPLAY` set can put
    /// an Xwayland window under the finger at any time.
    public var honoursCancel: Bool {
        guard sessionType == "wayland" || (sessionType == nil && hasWaylandDisplay) else { return false }
        guard !hasX11Display else { return false }
        let desktops = (currentDesktop ?? "").lowercased().split(separator: ":").map(String.init)
        return desktops.contains { Self.cancellingDesktops.contains($0) }
    }

    /// `auto` on a device of `deviceClass`: `cancel` on touchpads (the compositor turns their
    /// touches into pointer motion and taps, which a palm stops, and no app sees the touch),
    /// `cancel` where the session honours it, `hold` everywhere else.
    public func automaticMode(for deviceClass: DeviceClass) -> ClaimMode {
        if deviceClass == .touchpad { return .cancel }
        return honoursCancel ? .cancel : .hold
    }
}

extension ClaimStrategy {
    /// The mode a device gets: `off` when nothing on it claims (`claims` false) or it has no
    /// multitouch slots, whose single contact cannot be cancelled alone; `hold` is `cancel`
    /// on a touchpad, whose touches no app sees.
    public func mode(claims: Bool, hasSlots: Bool, deviceClass: DeviceClass, session: ClaimSession) -> ClaimMode {
        guard claims, hasSlots else { return .off }
        switch self {
        case .off: return .off
        case .cancel: return .cancel
        case .hold: return deviceClass == .touchpad ? .cancel : .hold
        case .auto: return session.automaticMode(for: deviceClass)
        }
    }
}
