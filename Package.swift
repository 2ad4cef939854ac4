// swift-tools-version: 6.1
//
// Lunar: an embedded Lua 5.4 scripting runtime with a Swift native core.
//
// Layering (each arrow is "depends on"):
//   LunarSignals, LunarRouter, LunarStorage, LunarUI  -- plain Swift, no Lua
//   LunarLayout                                        -- flexbox (Yoga's semantics), plain Swift, no Lua
//   LunarJSON                                          -- the JSON value shared by network and storage
//   LunarNetwork -> LunarSignals, LunarJSON; LunarStorage -> LunarJSON
//   LunarHeadless -> LunarUI                           -- the shipped test renderer
//   LunarBridge -> CLunar -> CLua                      -- owns the lua_State
//   LunarBundle -> LunarBridge, LunarRouter, LunarNetwork -- a bundle on disk: manifest, checks, watching
//   LunarRuntime -> LunarBundle, LunarBridge + every service (and LunarLayout) -- adapts services into Lua modules
//   LunarDevServer -> LunarBundle, LunarNetwork + Hummingbird, Crypto -- dev server, change feed, mock API
//   LunarPackaging -> LunarBundle + ZIPFoundation, Crypto -- signed .lunar archives
//   LunarSpecs -> LunarRuntime, LunarDevServer          -- the spec runner and its reports (`lunar test`)
//   LunarDebug -> LunarRuntime, LunarBridge            -- the Debug Adapter Protocol server (`--debug PORT`)
//   LunarSession -> LunarRuntime, LunarSpecs, LunarDevServer, LunarPackaging, LunarTerminal, LunarDebug -- what each command does
//   lunar (LunarCLI) -> LunarSession, LunarRuntime, LunarPackaging, LunarSpecs -- arguments only
import Foundation
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "Lunar",
    // What the code needs: Synchronization's Mutex and Atomic (macOS 15, iOS 18); Hummingbird 2
    // (macOS 14, iOS 17) asks for less. Linux has no minimum here. docs/swift-host.md: "Apple platforms / iOS".
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "LunarBridge", targets: ["LunarBridge"]),
        .library(name: "LunarSignals", targets: ["LunarSignals"]),
        .library(name: "LunarRouter", targets: ["LunarRouter"]),
        .library(name: "LunarNetwork", targets: ["LunarNetwork"]),
        .library(name: "LunarStorage", targets: ["LunarStorage"]),
        .library(name: "LunarJSON", targets: ["LunarJSON"]),
        .library(name: "LunarUI", targets: ["LunarUI"]),
        .library(name: "LunarLayout", targets: ["LunarLayout"]),
        .library(name: "LunarHeadless", targets: ["LunarHeadless"]),
        .library(name: "LunarIntercept", targets: ["LunarIntercept"]),
        .library(name: "LunarTerminal", targets: ["LunarTerminal"]),
        .library(name: "LunarBundle", targets: ["LunarBundle"]),
        .library(name: "LunarRuntime", targets: ["LunarRuntime"]),
        .library(name: "LunarSpecs", targets: ["LunarSpecs"]),
        .library(name: "LunarDevServer", targets: ["LunarDevServer"]),
        .library(name: "LunarPackaging", targets: ["LunarPackaging"]),
        .library(name: "LunarDebug", targets: ["LunarDebug"]),
        .library(name: "LunarSession", targets: ["LunarSession"]),
        .executable(name: "lunar", targets: ["LunarCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The dev server only (no default traits: no swift-configuration).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Packaged bundles (LunarPackaging): zip archives and Ed25519 signatures; the dev server's file hashes.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // Lua 5.4, found with pkg-config (Debian: liblua5.4-dev; Homebrew: lua). Lunar includes
        // <lua.h>, <lauxlib.h>, <lualib.h> from the directory pkg-config names; an Apple app
        // supplies Lua as in docs/swift-host.md ("Supplying Lua").
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
            // Lua the bridge carries (LuaSource): the sandbox prelude.
            resources: [.embedInCode("Lua/sandbox.lua")],
            swiftSettings: strict
        ),
        .target(name: "LunarSignals", swiftSettings: strict),
        .target(name: "LunarRouter", swiftSettings: strict),
        .target(name: "LunarJSON", swiftSettings: strict),
        .target(name: "LunarStorage", dependencies: ["LunarJSON"], swiftSettings: strict),
        .target(name: "LunarNetwork", dependencies: ["LunarSignals", "LunarJSON"], swiftSettings: strict),
        .target(name: "LunarUI", swiftSettings: strict),
        // Flexbox layout with Yoga's semantics and defaults; knows nothing of Lua or of any renderer.
        .target(name: "LunarLayout", swiftSettings: strict),
        .target(name: "LunarHeadless", dependencies: ["LunarUI"], swiftSettings: strict),
        .target(name: "LunarIntercept", swiftSettings: strict),
        // ncurses from the system (Debian: libncurses-dev), the wide-character build.
        // No pkgConfig: ncursesw.pc's only cflags are -D flags SwiftPM rejects with a
        // warning; the shim sets the wide API on, and CTerminal links the library by its
        // platform's name (macOS's libncurses is the wide build). Not for iOS.
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // Signal handlers for the terminal renderer: a resize wake-up pipe, and
        // leaving curses mode when the process crashes.
        .target(
            name: "CTerminal",
            dependencies: ["CNcurses"],
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        // utf8proc from the system (Debian: libutf8proc-dev; Homebrew: utf8proc): the Unicode
        // width table behind the terminal's column widths. No pkgConfig for the same reason as
        // ncurses (libutf8proc.pc's only cflag is a -D flag); the module map links the library.
        .systemLibrary(name: "CUtf8proc", providers: [.apt(["libutf8proc-dev"]), .brew(["utf8proc"])]),
        .target(name: "LunarTerminal", dependencies: ["LunarUI", "CNcurses", "CTerminal", "CUtf8proc"], swiftSettings: strict),
        // Examples/Embedding: a Swift program hosting the runtime with its own module and renderer.
        .executableTarget(
            name: "EmbeddingExample",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarUI"],
            path: "Examples/Embedding/Sources",
            swiftSettings: strict
        ),
        // A fixed two-screen app on the terminal renderer; a fixture of the tmux tests.
        .executableTarget(name: "TerminalDemo", dependencies: ["LunarTerminal", "LunarUI"], swiftSettings: strict),
        // A bundle on disk: manifest, layout, module files, checks, watching. The dev server and
        // packaging use it without linking the runtime.
        .target(
            name: "LunarBundle",
            dependencies: ["LunarBridge", "LunarRouter", "LunarNetwork"],
            // The files `lunar new` writes (BundleTemplate), as real files luacheck and editors read.
            resources: [
                .embedInCode("Template/gitignore"), .embedInCode("Template/luacheckrc"),
                .embedInCode("Template/manifest.json"), .embedInCode("Template/mock-api/GET/hello.json"),
                .embedInCode("Template/screens/home.lua"), .embedInCode("Template/spec/home_spec.lua"),
                .embedInCode("Template/viewmodels/home_viewmodel.lua"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "LunarRuntime",
            dependencies: [
                "LunarBundle", "LunarBridge", "LunarSignals", "LunarRouter", "LunarNetwork",
                "LunarStorage", "LunarJSON", "LunarUI", "LunarHeadless", "LunarIntercept", "LunarLayout",
                .product(name: "Logging", package: "swift-log"),
            ],
            // The modules and helpers written in Lua (LuaSource).
            resources: [
                .embedInCode("Lua/decode.lua"), .embedInCode("Lua/encode.lua"), .embedInCode("Lua/intercept.lua"),
                .embedInCode("Lua/net.lua"), .embedInCode("Lua/reload.lua"), .embedInCode("Lua/runtime.lua"),
                .embedInCode("Lua/signal.lua"), .embedInCode("Lua/ui.lua"),
            ],
            swiftSettings: strict
        ),
        // The spec runner (`lunar test`): spec files in fresh runtimes against the mock API,
        // the `lunar.test` library, and TAP/JUnit/text reports.
        .target(
            name: "LunarSpecs",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarDevServer", "LunarHeadless", "LunarUI"],
            resources: [.embedInCode("Lua/prelude.lua"), .embedInCode("Lua/test.lua")],
            swiftSettings: strict
        ),
        .target(
            name: "LunarDevServer",
            dependencies: [
                "LunarBundle", "LunarBridge", "LunarJSON", "LunarNetwork",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // SHA-256 of served files (already built for LunarPackaging).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // Signed .lunar archives: packing, defensive reading, verification. Kept out of
        // LunarRuntime so hosts that only run directories do not link zip and crypto.
        .target(
            name: "LunarPackaging",
            dependencies: [
                "LunarBundle", "LunarBridge",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The debugger: a Debug Adapter Protocol server on loopback for a running runtime
        // (breakpoints that survive hot reload, steps, variables, evaluation).
        .target(
            name: "LunarDebug",
            dependencies: ["LunarRuntime", "LunarBridge", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // What the `lunar` command does around a runtime: the terminal UI session (reload
        // status, log file), the headless session over standard input, `lunar dev`'s watch and
        // serve loop, following a dev server, opening a BUNDLE argument (directory or archive),
        // `native.host`, clean-up on signals, and what serve, test, exec, storage, types and new
        // do. Not for iOS (it uses LunarTerminal).
        .target(
            name: "LunarSession",
            dependencies: [
                "LunarRuntime", "LunarBundle", "LunarBridge", "LunarDevServer", "LunarTerminal", "LunarPackaging", "LunarSpecs", "LunarUI",
                "LunarDebug",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LunarCLI",
            dependencies: [
                "LunarRuntime", "LunarBundle", "LunarBridge", "LunarSession", "LunarPackaging", "LunarSpecs", "LunarUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // Shared test fixtures: a loopback HTTP server, temporary bundles, logs, a recording renderer delegate.
        .target(name: "LunarTestSupport", dependencies: ["LunarUI"], path: "Tests/LunarTestSupport", swiftSettings: strict),
        .testTarget(name: "LunarBridgeTests", dependencies: ["LunarBridge", "CLunar", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarSignalsTests", dependencies: ["LunarSignals"], swiftSettings: strict),
        .testTarget(name: "LunarLayoutTests", dependencies: ["LunarLayout"], swiftSettings: strict),
        .testTarget(name: "LunarRouterTests", dependencies: ["LunarRouter", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LunarNetworkTests",
            dependencies: ["LunarNetwork", "LunarStorage", "LunarSignals", "LunarJSON", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "LunarUITests", dependencies: ["LunarUI", "LunarHeadless", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarCLITests", dependencies: ["LunarCLI", "EmbeddingExample", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarDevServerTests", dependencies: ["LunarDevServer", "LunarBundle", "LunarBridge", "LunarRuntime", "LunarCLI", "LunarJSON", "LunarTestSupport"], swiftSettings: strict),
        // The debugger: its DAP server driven by a small client, in process and through `lunar dev --debug`.
        .testTarget(
            name: "LunarDebugTests",
            dependencies: ["LunarDebug", "LunarRuntime", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarCLI", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LunarInterceptTests",
            dependencies: ["LunarIntercept", "LunarRuntime", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarUI", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "LunarTerminalTests", dependencies: ["LunarTerminal", "LunarUI", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LunarPackagingTests",
            dependencies: [
                "LunarPackaging", "LunarRuntime", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LunarRuntimeTests",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarRouter", "LunarHeadless", "LunarUI", "LunarTestSupport"],
            swiftSettings: strict
        ),
        // The fault catalogue: script errors, runaway scripts, sandbox escapes, network chaos and policy,
        // hostile dev servers, leaks.
        .testTarget(
            name: "LunarReliabilityTests",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarDevServer", "LunarSpecs", "LunarTestSupport"],
            swiftSettings: strict
        ),
    ]
)

// Benchmarks (Scripts/bench sets LUNAR_BENCHMARKS=1): their dependencies stay
// out of the normal build, so `swift build` and `swift test` never fetch them.
if ProcessInfo.processInfo.environment["LUNAR_BENCHMARKS"] != nil {
    package.dependencies += [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
    ]
    package.targets += [
        .target(name: "CBaselines", dependencies: ["CLua"], path: "Benchmarks/CBaselines"),
        .target(name: "BenchSupport", dependencies: [.product(name: "Benchmark", package: "benchmark")],
                path: "Benchmarks/BenchSupport", swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
    let suites: [(name: String, dependencies: [Target.Dependency])] = [
        ("Bridge", ["LunarBridge", "CLunar", "CBaselines"]),
        ("BridgeExtras", ["LunarBridge"]),
        ("Signals", ["LunarSignals", .product(name: "OpenCombine", package: "OpenCombine")]),
        ("Router", ["LunarRouter", .product(name: "RoutingKit", package: "routing-kit")]),
        ("UI", ["LunarUI"]),
        ("Terminal", ["LunarTerminal", "LunarUI", "LunarHeadless"]),
        ("JSON", ["LunarBridge", "CLunar"]),
        ("SignalsLua", ["LunarRuntime", "LunarBridge"]),
        ("Intercept", ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarIntercept", "CLunar", "CBaselines"]),
        ("Reload", ["LunarRuntime", "LunarBundle", "LunarHeadless", "LunarUI"]),
        ("Patterns", ["LunarBridge", "CLunar", "CBaselines"]),
        ("Debug", ["LunarBridge"]),
    ]
    for suite in suites {
        package.targets.append(.executableTarget(
            name: suite.name,
            dependencies: suite.dependencies + ["BenchSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/\(suite.name)",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ))
    }
}

// Fuzz targets (Scripts/fuzz sets LUNAR_FUZZ=1 and builds with -sanitize=fuzzer,address
// into .build-fuzz): libFuzzer executables, kept out of the normal build. Each target's
// sources and seed corpus are in Fuzz/<Target>/; docs/fuzzing.md describes them.
if ProcessInfo.processInfo.environment["LUNAR_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzRouter", ["LunarRouter"]),
        ("FuzzJSON", ["LunarBridge", "LunarJSON", "CLunar"]),
        ("FuzzLuaValue", ["LunarBridge", "LunarJSON", "CLunar"]),
        ("FuzzManifest", ["LunarBundle", "LunarJSON"]),
        ("FuzzArchive", ["LunarPackaging"]),
        ("FuzzHeaders", ["LunarNetwork"]),
    ]
    // Declares libFuzzer's driver entry, which each target's main.swift calls.
    package.targets.append(.target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"))
    for target in fuzzTargets {
        package.targets.append(.executableTarget(
            name: target.name,
            dependencies: target.dependencies + ["CFuzzerDriver"],
            path: "Fuzz/\(target.name)",
            // Seed inputs and the libFuzzer dictionary live beside the sources.
            exclude: ["corpus", "fuzz.dict"].filter {
                FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/Fuzz/\(target.name)/\($0)")
            },
            swiftSettings: strict
        ))
    }
}
