// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "forcetouch",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "forcetest", targets: ["forcetest"]),
        .executable(name: "forcetouchd", targets: ["forcetouchd"]),
        .executable(name: "forcectl", targets: ["forcectl"]),
        .executable(name: "forcetouch-overlay", targets: ["forcetouch-overlay"]),
        .library(name: "ForceTouchCore", targets: ["ForceTouchCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The pure core: events, devices, recordings, frames, force, gestures. No I/O beyond
        // parsing and printing text it is handed.
        .target(
            name: "ForceTouchCore",
            dependencies: [
                "ForceTouchProtocol",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CLibudev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // GIO reads .desktop files as the desktop does (XDG_DATA_DIRS, locales, Hidden, TryExec);
        // it is opened with dlopen at the first lookup, so the programs do not link it.
        .target(name: "CGio"),
        .target(name: "CLinuxSupport"),
        // libsystemd: sd-bus (the D-Bus interface) and sd-journal (journald-native logging).
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // The sd-bus vtables, which are C macros; the logic behind them is Swift's.
        .target(name: "CBusSupport", dependencies: ["CSystemd"]),
        // The Linux layer: the only code that touches libevdev, libudev, uinput and the kernel.
        .target(
            name: "ForceTouchLinux",
            dependencies: [
                "ForceTouchCore", "ForceTouchProtocol", "CLibevdev", "CLibudev", "CGio", "CLinuxSupport",
                "CSystemd", "CBusSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The control socket's requests, replies and JSON encoding, shared by forcetouchd and
        // forcectl. Plain value types over Foundation.
        .target(name: "ForceTouchProtocol"),
        // What the three programs share on their command lines: failures, --version.
        .target(
            name: "ForceTouchCommandLine",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "forcetouchd",
            dependencies: [
                "ForceTouchCommandLine", "ForceTouchCore", "ForceTouchLinux", "ForceTouchProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "forcectl",
            dependencies: [
                // Not ForceTouchLinux: forcectl links neither libevdev nor libudev.
                "ForceTouchCommandLine", "ForceTouchProtocol", "CLinuxSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The overlay's toolkit: GTK 3 and gtk-layer-shell (whose pkg-config pulls in GTK's).
        // Only forcetouch-overlay links it: the daemon stays free of any toolkit.
        .systemLibrary(name: "CGtkLayerShell", pkgConfig: "gtk-layer-shell-0",
                       providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]),
        // The overlay's window, drawing (cairo, Pango) and bus client (GDBus on GLib's loop), in C.
        // SwiftPM drops GTK's pkg-config libraries (over its -pthread), so they are named here.
        .target(
            name: "COverlay", dependencies: ["CGtkLayerShell"],
            linkerSettings: ["gtk-3", "gdk-3", "pangocairo-1.0", "pango-1.0", "cairo", "gdk_pixbuf-2.0", "gio-2.0",
                             "gobject-2.0", "glib-2.0", "m"].map { .linkedLibrary($0) }
        ),
        // The quick-action menu at the finger, a client of forcetouchd's bus (SPEC §11).
        .executableTarget(
            name: "forcetouch-overlay",
            dependencies: [
                "COverlay", "ForceTouchCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "forcetest",
            dependencies: [
                "ForceTouchCommandLine", "ForceTouchCore", "ForceTouchLinux", "ForceTouchProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The parsers as fuzz targets (`make fuzz`, Fuzz/README.md). Built as it is, it runs
        // the targets over given files (regressions, seeds); with -DFORCETOUCH_LIBFUZZER and
        // -sanitize=fuzzer,address, libFuzzer drives them.
        .executableTarget(
            name: "forcetouch-fuzz",
            dependencies: ["ForceTouchCore", "ForceTouchProtocol", "CFuzzDriver"],
            path: "Fuzz/forcetouch-fuzz"
        ),
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        // Counts heap allocations for the benchmark by interposing malloc in its executable.
        .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),
        .executableTarget(
            name: "forcetouch-bench",
            dependencies: ["ForceTouchCore", "CMallocCounter"],
            path: "Benchmarks/forcetouch-bench"
        ),
        .testTarget(
            name: "ForceTouchLinuxTests",
            dependencies: ["ForceTouchLinux", "ForceTouchCore", "ForceTouchProtocol", "ForceTouchTestSupport"]
        ),
        .testTarget(name: "ForceTouchProtocolTests", dependencies: ["ForceTouchProtocol"]),
        // Runs the built executables as a user would, through their command lines
        // (`swift build --build-tests` builds them beside the tests).
        .testTarget(name: "ProgramTests", dependencies: ["ForceTouchTestSupport"]),
        // What the test targets share: scratch directories.
        .target(name: "ForceTouchTestSupport", path: "Tests/ForceTouchTestSupport"),
        .testTarget(
            name: "ForceTouchCoreTests",
            dependencies: ["ForceTouchCore", "ForceTouchProtocol"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
