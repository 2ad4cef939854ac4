// swift-tools-version: 6.1
//
// Lunar: an embedded Lua 5.4 scripting runtime with a Swift native core.
//
// Layering (each arrow is "depends on"):
//   LunarSignals, LunarRouter, LunarStorage, LunarUI  -- plain Swift, no Lua
//   LunarJSON                                          -- the JSON value shared by network and storage
//   LunarNetwork -> LunarSignals, LunarJSON; LunarStorage -> LunarJSON
//   LunarHeadless -> LunarUI                           -- the shipped test renderer
//   LunarBridge -> CLunar -> CLua                      -- owns the lua_State
//   LunarRuntime -> LunarBridge + every service        -- adapts services into Lua modules
//   lunar (LunarCLI) -> LunarRuntime                   -- a thin command-line shell
import Foundation
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "Lunar",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LunarBridge", targets: ["LunarBridge"]),
        .library(name: "LunarSignals", targets: ["LunarSignals"]),
        .library(name: "LunarRouter", targets: ["LunarRouter"]),
        .library(name: "LunarNetwork", targets: ["LunarNetwork"]),
        .library(name: "LunarStorage", targets: ["LunarStorage"]),
        .library(name: "LunarJSON", targets: ["LunarJSON"]),
        .library(name: "LunarUI", targets: ["LunarUI"]),
        .library(name: "LunarHeadless", targets: ["LunarHeadless"]),
        .library(name: "LunarTerminal", targets: ["LunarTerminal"]),
        .library(name: "LunarRuntime", targets: ["LunarRuntime"]),
        .executable(name: "lunar", targets: ["LunarCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // What Swift cannot import from Lua (macros, variadics), the error
        // trampoline, the capped allocator and the instruction-budget hook.
        .target(name: "CLunar", dependencies: ["CLua"]),

        .target(
            name: "LunarBridge",
            dependencies: ["CLunar", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(name: "LunarSignals", swiftSettings: strict),
        .target(name: "LunarRouter", swiftSettings: strict),
        .target(name: "LunarJSON", swiftSettings: strict),
        .target(name: "LunarStorage", dependencies: ["LunarJSON"], swiftSettings: strict),
        .target(name: "LunarNetwork", dependencies: ["LunarSignals", "LunarJSON"], swiftSettings: strict),
        .target(name: "LunarUI", swiftSettings: strict),
        .target(name: "LunarHeadless", dependencies: ["LunarUI"], swiftSettings: strict),
        // ncurses from the system (Debian: libncurses-dev), the wide-character build.
        // No pkgConfig: ncursesw.pc's only cflags are -D flags SwiftPM rejects with a
        // warning; the module map links the library and the shim sets the wide API on.
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // Signal handlers for the terminal renderer: a resize wake-up pipe, and
        // leaving curses mode when the process crashes.
        .target(name: "CTerminal", dependencies: ["CNcurses"]),
        .target(name: "LunarTerminal", dependencies: ["LunarUI", "CNcurses", "CTerminal"], swiftSettings: strict),
        // A fixed two-screen app on the terminal renderer; a fixture of the tmux tests.
        .executableTarget(name: "TerminalDemo", dependencies: ["LunarTerminal", "LunarUI"], swiftSettings: strict),
        .target(
            name: "LunarRuntime",
            dependencies: [
                "LunarBridge", "LunarSignals", "LunarRouter", "LunarNetwork",
                "LunarStorage", "LunarUI", "LunarHeadless",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LunarCLI",
            dependencies: [
                "LunarRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        .testTarget(name: "LunarBridgeTests", dependencies: ["LunarBridge"], swiftSettings: strict),
        .testTarget(name: "LunarSignalsTests", dependencies: ["LunarSignals"], swiftSettings: strict),
        .testTarget(name: "LunarRouterTests", dependencies: ["LunarRouter"], swiftSettings: strict),
        .testTarget(
            name: "LunarNetworkTests",
            dependencies: ["LunarNetwork", "LunarStorage", "LunarSignals", "LunarJSON"],
            swiftSettings: strict
        ),
        .testTarget(name: "LunarUITests", dependencies: ["LunarUI", "LunarHeadless"], swiftSettings: strict),
        .testTarget(name: "LunarTerminalTests", dependencies: ["LunarTerminal", "LunarUI"], swiftSettings: strict),
        .testTarget(name: "LunarCLITests", dependencies: ["LunarCLI"], swiftSettings: strict),
        .testTarget(
            name: "LunarRuntimeTests",
            dependencies: ["LunarRuntime", "LunarBridge"],
            swiftSettings: strict
        ),
    ]
)

// Benchmarks (Scripts/bench sets LUNAR_BENCHMARKS=1): their dependencies stay
// out of the normal build, so `swift build` and `swift test` never fetch them.
if ProcessInfo.processInfo.environment["LUNAR_BENCHMARKS"] != nil {
    package.platforms = [.macOS(.v14)]
    package.dependencies += [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ]
    package.targets += [
        .target(name: "CBaselines", dependencies: ["CLua"], path: "Benchmarks/CBaselines"),
    ]
    let suites: [(name: String, dependencies: [Target.Dependency])] = [
        ("Bridge", ["LunarBridge", "CLunar", "CBaselines"]),
    ]
    for suite in suites {
        package.targets.append(.executableTarget(
            name: suite.name,
            dependencies: suite.dependencies + [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/\(suite.name)",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ))
    }
}
