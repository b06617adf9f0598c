/// The fixes `forcectl doctor` gives, one place for their words.
public enum DoctorFix {
    public static let startDaemon = "systemctl --user start forcetouchd (journalctl --user -u forcetouchd says why it stopped)"
    public static let extensionUUID = "forcetouch@forcetouch.github.io"
    public static let enableExtension = "gnome-extensions enable \(extensionUUID), then log out and in again"
    public static let installExtension = "install forcetouch's GNOME Shell extension (the .deb and `sudo make install` "
        + "put it in /usr/share/gnome-shell/extensions), then \(enableExtension)"
    public static let startOverlay = "systemctl --user enable --now forcetouch-overlay (sway and other wlroots "
        + "compositors: start forcetouch-overlay from the compositor's configuration, after forcetouchd)"
    public static let gnomeAccessibility = "gsettings set org.gnome.desktop.interface toolkit-accessibility true"
    public static let firefoxAccessibility = "Firefox: restart it once accessibility is on (it looks when it starts), "
        + "and keep accessibility.force_disabled at 0 in about:config"
    public static let accessibilityBus = "install at-spi2-core (its at-spi-bus-launcher provides org.a11y.Bus), "
        + "then log out and in again"
    public static let uinput = "sudo modprobe uinput; forcetouch's udev rule (70-forcetouch.rules) gives the "
        + "logged-in user /dev/uinput: sudo udevadm control --reload && sudo udevadm trigger"
    public static let resume = "forcectl resume"
    public static let sessionBus = "run forcectl doctor in a terminal of your graphical session, whose session bus "
        + "(DBUS_SESSION_BUS_ADDRESS) the overlay and the accessibility bus are on"
    public static let daemonDisplay = "import the session's display into the user manager: systemctl --user "
        + "import-environment DISPLAY WAYLAND_DISPLAY && systemctl --user restart forcetouchd"
    public static let haptics = "a tick needs feedbackd on the session bus (sudo apt install feedbackd) or a touch "
        + "device or vibration motor with force feedback; [general] haptics = \"off\" says you want none"
    public static let bindings = "bind a gesture in the configuration (the shipped /etc/forcetouch/forcetouch.toml "
        + "shows how); forcetouchd --check-config says what it binds"
    public static let installSettings = "install forcetouch's settings window (the .deb and `sudo make install` "
        + "put forcetouch-settings in bin); meanwhile forcectl set changes a setting from a terminal"
    /// What forcetouch Settings runs on, as Debian names the packages.
    public static func settingsNeeds(_ missing: [String]) -> String {
        "sudo apt install " + missing.joined(separator: " ")
    }
    public static let noDevice = "forcetest list shows every input device and why it is or is not one"

    /// What gives the user a touch device, as the installed rule (or its absence) has it.
    public static func permission(installedRule: String?) -> String {
        let apply = "sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input"
        let group = "or add yourself to the \"input\" group (sudo usermod -aG input $USER, then log in again)"
        guard let installedRule else {
            return "install forcetouch's udev rule 70-forcetouch.rules (sudo make install puts it in "
                + "/etc/udev/rules.d; a package in /usr/lib/udev/rules.d), then \(apply); \(group)"
        }
        return "the udev rule \(installedRule) is installed: apply it (\(apply)) and log in again "
            + "if you were not logged in at the seat; \(group)"
    }
}
