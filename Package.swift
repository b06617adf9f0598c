// swift-tools-version:6.0
import PackageDescription

// Every Swift target sees only the members of the modules it imports itself: without it,
// TOMLKit's `import Foundation` makes Foundation's String methods win over the standard
// library's, and one `contains("/")` links all of Foundation and ICU into the programs.
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "forcetouch",
    platforms: [.macOS(.v13)],
    products: [
        // One executable under four names (Sources/forcetouch): the Swift runtime and
        // FoundationEssentials, most of each program's size, are in the package once.
        .executable(name: "forcetest", targets: ["forcetouch"]),
        .executable(name: "forcetouchd", targets: ["forcetouch"]),
        .executable(name: "forcectl", targets: ["forcetouch"]),
        .executable(name: "forcetouch-overlay", targets: ["forcetouch"]),
        .library(name: "ForceTouchCore", targets: ["ForceTouchCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The real-time engine: events, devices, frames, force, gestures, claims and what
        // auto-calibration learns. What every event goes through, so it depends on nothing,
        // not even Foundation; its imports are checked file by file.
        .target(
            name: "ForceTouchEngine",
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The pure core around the engine: configuration, bindings, intents, quick actions,
        // recordings, the device database's format. No I/O beyond parsing and printing text
        // it is handed.
        .target(
            name: "ForceTouchCore",
            dependencies: [
                "ForceTouchEngine", "ForceTouchProtocol", "CLibyaml",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strictImports
        ),
        // libinput's YAML recordings, through the C library itself: Yams would bring all of
        // Foundation, and ICU's 37 MB with it, into every program.
        .systemLibrary(name: "CLibyaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
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
                "ForceTouchCore", "ForceTouchEngine", "ForceTouchProtocol", "CLibevdev", "CLibudev", "CGio",
                "CLinuxSupport",
                "CSystemd", "CBusSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictImports
        ),
        // The control socket's requests, replies and JSON encoding, shared by forcetouchd and
        // forcectl. Plain value types over Foundation.
        .target(name: "ForceTouchProtocol", swiftSettings: strictImports),
        // What the three programs share on their command lines: failures, --version.
        .target(
            name: "ForceTouchCommandLine",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The multi-call executable: runs the program its name says.
        .executableTarget(
            name: "forcetouch",
            dependencies: [
                "ForceTouchCommandLine", "ForcetouchdProgram", "ForcetestProgram", "ForcectlProgram",
                "ForcetouchOverlayProgram",
            ],
            swiftSettings: strictImports
        ),
        .target(
            name: "ForcetouchdProgram",
            dependencies: [
                "ForceTouchCommandLine", "ForceTouchCore", "ForceTouchLinux", "ForceTouchProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/forcetouchd",
            swiftSettings: strictImports
        ),
        .target(
            name: "ForcectlProgram",
            dependencies: [
                // Not ForceTouchLinux: forcectl's code needs neither libevdev nor libudev.
                "ForceTouchCommandLine", "ForceTouchProtocol", "CLinuxSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/forcectl",
            swiftSettings: strictImports
        ),
        // The overlay's logic: where the menu goes and how it grows, its press / slide /
        // dismiss machine, where the intent window and the AssistiveTouch button go. Plain
        // values with no toolkit and no clock, tested as the engine's recognizers are; the GTK
        // half draws what it says.
        // sway's tree and the facts of what is under the finger are JSON: ForceTouchProtocol's.
        .target(name: "OverlayModel", dependencies: ["ForceTouchProtocol"], swiftSettings: strictImports),
        // The one header both halves of the overlay are compiled against: the shared object's
        // entry point and the menu model's C functions.
        .target(name: "COverlayABI"),
        // The quick-action menu at the finger, a client of forcetouchd's bus (SPEC §11): its
        // command line and the bridge to its logic (OverlayModel) here; its window, drawing and
        // bus client are C over GTK 3 and gtk-layer-shell (Sources/COverlay), a shared object
        // the Makefile builds and this opens when run, so that the one executable, the daemon,
        // never maps a toolkit.
        .target(
            name: "ForcetouchOverlayProgram",
            dependencies: [
                "ForceTouchCommandLine", "ForceTouchProtocol", "OverlayModel", "COverlayABI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/forcetouch-overlay",
            swiftSettings: strictImports
        ),
        .target(
            name: "ForcetestProgram",
            dependencies: [
                "ForceTouchCommandLine", "ForceTouchCore", "ForceTouchEngine", "ForceTouchLinux", "ForceTouchProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/forcetest",
            swiftSettings: strictImports
        ),
        // The parsers as fuzz targets (`make fuzz`, Fuzz/README.md). Built as it is, it runs
        // the targets over given files (regressions, seeds); with -DFORCETOUCH_LIBFUZZER and
        // -sanitize=fuzzer,address, libFuzzer drives them.
        .executableTarget(
            name: "forcetouch-fuzz",
            dependencies: ["ForceTouchCore", "ForceTouchProtocol", "CFuzzDriver"],
            path: "Fuzz/forcetouch-fuzz",
            swiftSettings: strictImports
        ),
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        // Counts heap allocations by interposing malloc in the executable that links it: the
        // benchmark, and the test executable (the allocation guard).
        .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),
        .executableTarget(
            name: "forcetouch-bench",
            dependencies: ["ForceTouchCore", "ForceTouchEngine", "ForceTouchTestDevices", "CMallocCounter"],
            path: "Benchmarks/forcetouch-bench",
            swiftSettings: strictImports
        ),
        .testTarget(
            name: "ForceTouchLinuxTests",
            dependencies: ["ForceTouchLinux", "ForceTouchCore", "ForceTouchEngine", "ForceTouchProtocol",
                           "ForceTouchTestSupport", "ForceTouchTestDevices"]
        ),
        .testTarget(name: "ForceTouchProtocolTests", dependencies: ["ForceTouchProtocol"]),
        .testTarget(name: "OverlayModelTests", dependencies: ["OverlayModel", "ForceTouchProtocol"]),
        // Runs the built executables as a user would, through their command lines
        // (`swift build --build-tests` builds them beside the tests).
        .testTarget(name: "ProgramTests", dependencies: ["ForceTouchTestSupport"]),
        // What the test targets share: scratch directories.
        .target(name: "ForceTouchTestSupport", path: "Tests/ForceTouchTestSupport"),
        // Event streams written by hand (`EventScript`) and the catalog of test devices
        // (`TestDevice`): for the tests and the benchmark, not shipped in the library.
        .target(
            name: "ForceTouchTestDevices",
            dependencies: ["ForceTouchCore", "ForceTouchEngine"],
            path: "Tests/ForceTouchTestDevices",
            swiftSettings: strictImports
        ),
        .testTarget(
            name: "ForceTouchCoreTests",
            // CMallocCounter: the allocation guard (AllocationTests) counts malloc calls.
            dependencies: ["ForceTouchCore", "ForceTouchEngine", "ForceTouchProtocol", "ForceTouchTestDevices",
                           "CMallocCounter"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
