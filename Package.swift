// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "forcetouch",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "forcetest", targets: ["forcetest"]),
        .library(name: "ForceTouchCore", targets: ["ForceTouchCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The pure core: events, devices, recordings, frames, force, gestures. No I/O beyond
        // parsing and printing text it is handed.
        .target(
            name: "ForceTouchCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "forcetest",
            dependencies: [
                "ForceTouchCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Counts heap allocations for the benchmark by interposing malloc in its executable.
        .target(name: "CMallocCounter", path: "Benchmarks/CMallocCounter"),
        .executableTarget(
            name: "forcetouch-bench",
            dependencies: ["ForceTouchCore", "CMallocCounter"],
            path: "Benchmarks/forcetouch-bench"
        ),
        .testTarget(
            name: "ForceTouchCoreTests",
            dependencies: ["ForceTouchCore"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
