import COverlayABI
import ForceTouchCommandLine
import Glibc

/// The overlay's GTK part, `forcetouch-overlay-gtk.so` (Sources/COverlay, built by the
/// Makefile), opened when the executable runs as forcetouch-overlay.
///
/// The four programs are one executable, so whatever it linked, the daemon would map too:
/// opened at run time, GTK is mapped by the overlay alone, and the package carries the Swift
/// runtime once rather than a second time for the overlay.
struct OverlayToolkit {
    /// `ft_overlay_main`, typed by COverlayABI.h, which the shared object is compiled against
    /// too: runs until SIGTERM, returns the exit status.
    typealias Main = ft_overlay_main_fn

    static let fileName = "forcetouch-overlay-gtk.so"

    let run: Main

    /// Where it is looked for: beside the executable (a build directory), then in
    /// `../lib/forcetouch` from it (`make install`, the .deb), the executable's links resolved.
    static func candidates() -> [String] {
        guard let executable = executablePath(), let slash = executable.lastIndex(of: "/") else { return [] }
        let directory = executable[..<slash]
        return [directory + "/" + fileName, directory + "/../lib/forcetouch/" + fileName]
    }

    static func load() throws -> OverlayToolkit {
        let places = candidates()
        guard let path = places.first(where: { access($0, R_OK) == 0 }) else {
            throw CommandFailure("its GTK part \(fileName) is in none of \(places.joined(separator: ", ")); "
                + "build it with `make overlay-gtk` (or reinstall forcetouch)")
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw CommandFailure("\(path): \(String(cString: dlerror()))")
        }
        guard let symbol = dlsym(handle, FT_OVERLAY_MAIN) else {
            throw CommandFailure("\(path): no \(FT_OVERLAY_MAIN): \(String(cString: dlerror()))")
        }
        return OverlayToolkit(run: unsafeBitCast(symbol, to: Main.self))
    }

    /// This program's own file, symbolic links resolved (/proc/self/exe): the overlay's one
    /// need of the Linux layer, written here so that it links none of it.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
