// swift-tools-version: 6.1
//
// Lunar: an embedded Lua 5.4 scripting runtime with a Swift native core.
//
// Layering (each arrow is "depends on"):
//   LunarBase                                          -- no dependencies: the shared small utilities (ExecutorBound, MessageError,
//                                                         equalInConstantTime, randomToken, LogText); below every module that uses them
//   LunarSignals, LunarRouter, LunarStorage           -- plain Swift, no Lua
//   LunarLayout                                        -- flexbox (Yoga's semantics), plain Swift, no Lua
//   LunarUI -> LunarLayout                             -- elements, styles, reconciler, mounted tree; no Lua
//   LunarJSON -> CJSONLimits                           -- the JSON value shared by network and storage, and the one Swift JSON writer (CJSONLimits: the depth Lua's json shares)
//   LunarNetwork -> LunarSignals, LunarJSON; LunarStorage -> LunarJSON
//   LunarHeadless -> LunarUI, LunarLayout              -- the shipped test renderer
//   LunarTerminal -> LunarUI, LunarLayout, LunarBase + ncurses, utf8proc -- the terminal renderer (not for iOS)
//   LunarIntercept                                     -- plain Swift: lifecycle interceptors and their registrations, no Lua
//   LunarBridge -> LunarBase, CLunar -> CLua, CJSONLimits -- owns the lua_State (re-exports ExecutorBound: its executor's jobs carry it)
//   LunarLuaLSStubs -> LunarBridge                     -- LuaLS stubs from the bridge's descriptions (which hold the API version); no C API
//   LunarBundle -> LunarBridge, LunarRouter, LunarNetwork, LunarUI -- a bundle on disk: manifest, checks (the element keys ElementSpec declares), watching
//   LunarSignalsLua -> LunarBridge, LunarSignals       -- `lunar.signal`, the signals' Lua face (no screens: a host may link it alone)
//   LunarNetworkLua -> LunarBridge, LunarNetwork       -- `lunar.net` (`net.signal` needs `lunar.signal` on the state), `lunar.decode`, `lunar.encode`
//   LunarStorageLua -> LunarBridge, LunarStorage       -- `lunar.storage` and where a script's store lives
//   LunarRuntime -> LunarBundle, LunarBridge, the three Lua faces above + every service (and LunarLayout) -- the other services' Lua modules, installs them all; no renderer
//   LunarHeadlessHost -> LunarRuntime, LunarHeadless   -- a runtime on the headless renderer: the command language, its driver, the stdin loop
//     (above the runtime, as NIOPosix never imports NIOEmbedded: the composition root does not link the test double)
//   LunarServing -> NIOCore, NIOPosix, HummingbirdCore, HTTPTypes -- what the servers share: start until listening, connection limits, plain-text answers; ChannelServer for raw TCP
//   LunarMockAPI -> LunarBase, LunarBundle, LunarBridge, LunarJSON, LunarNetwork, LunarServing + Hummingbird -- a bundle's mock-api/ (a second Lua host) and its own loopback server (MockAPIServer)
//   LunarDevServer -> LunarBundle, LunarMockAPI, LunarArchive, LunarStorage, LunarServing + Hummingbird, Crypto -- dev server, change feed, the mock API under /api
//   LunarArchive -> LunarBundle, LunarStorage + CZlib, Crypto -- signed .lunar archives (its own zip reader and writer), SHA-256 hex
//   LunarSpecs -> LunarRuntime, LunarHeadless, LunarMockAPI, LunarLuaLSStubs -- the spec runner and its reports (`lunar test`)
//   LunarWeb -> LunarUI, LunarServing, LunarJSON + Hummingbird, HummingbirdWebSocket -- the browser renderer: page, server, wire protocol; no Lua
//   LunarUpdates -> LunarArchive, LunarNetwork, LunarStorage -- over-the-air updates, the device side (check, download, stage, fall back)
//   LunarUpdateServer -> LunarUpdates, LunarServing + Hummingbird, SQLiteNIO, PostgresNIO -- `lunar updates serve`
//   LunarDebug -> LunarRuntime, LunarBridge, LunarJSON, LunarServing, LunarBase + NIOCore -- the Debug Adapter Protocol server (`--debug PORT`) on a ChannelServer
//   LunarDevtools -> LunarRuntime, LunarWeb, LunarNetworkLua, LunarStorageLua -- the inspector behind /devtools and `--devtools`
//   LunarCommands -> LunarRuntime, LunarHeadlessHost, LunarSpecs, LunarMockAPI, LunarDevServer, LunarArchive, LunarUpdates, LunarUpdateServer, LunarTerminal, LunarWeb, LunarDebug, LunarDevtools -- what each command does
//   lunar (LunarCLI) -> LunarCommands + the types its options name (LunarRuntime, LunarBundle, LunarBridge, LunarUI, LunarWeb, LunarArchive, LunarSpecs) -- arguments only
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
        .library(name: "LunarBase", targets: ["LunarBase"]),
        .library(name: "LunarBridge", targets: ["LunarBridge"]),
        .library(name: "LunarLuaLSStubs", targets: ["LunarLuaLSStubs"]),
        .library(name: "LunarSignals", targets: ["LunarSignals"]),
        .library(name: "LunarSignalsLua", targets: ["LunarSignalsLua"]),
        .library(name: "LunarNetworkLua", targets: ["LunarNetworkLua"]),
        .library(name: "LunarStorageLua", targets: ["LunarStorageLua"]),
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
        .library(name: "LunarHeadlessHost", targets: ["LunarHeadlessHost"]),
        .library(name: "LunarSpecs", targets: ["LunarSpecs"]),
        .library(name: "LunarMockAPI", targets: ["LunarMockAPI"]),
        .library(name: "LunarDevServer", targets: ["LunarDevServer"]),
        .library(name: "LunarArchive", targets: ["LunarArchive"]),
        .library(name: "LunarUpdates", targets: ["LunarUpdates"]),
        .library(name: "LunarUpdateServer", targets: ["LunarUpdateServer"]),
        .library(name: "LunarDebug", targets: ["LunarDebug"]),
        .library(name: "LunarCommands", targets: ["LunarCommands"]),
        .library(name: "LunarWeb", targets: ["LunarWeb"]),
        .executable(name: "lunar", targets: ["LunarCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The dev server only (no default traits: no swift-configuration).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // The web renderer's one WebSocket per browser tab (LunarWeb).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Packaged bundles (LunarArchive): Ed25519 signatures; the dev server's file hashes.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The update server's stores (LunarUpdateServer only; a host app links neither). SQLite by
        // default: sqlite-nio rather than GRDB because it runs on the same SwiftNIO thread pool
        // and event loops as Hummingbird and postgres-nio, with one async query shape for both
        // stores. PostgreSQL (postgres-nio, which brings swift-nio-ssl: the heaviest build here) is
        // how several servers share one database.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The small utilities every module shares, one way each: the executor-bound box, the
        // message-only error, constant-time comparison, random tokens, one-line log text. No dependencies.
        .target(name: "LunarBase", swiftSettings: strict),
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
        // The JSON limits Lua's `json` (CLunar) and LunarJSON share: one C header.
        .target(name: "CJSONLimits"),
        .target(name: "CLunar", dependencies: ["CLua", "CJSONLimits"]),

        .target(
            name: "LunarBridge",
            dependencies: ["LunarBase", "CLunar", .product(name: "Logging", package: "swift-log")],
            // Lua the bridge carries (LuaSource): the sandbox prelude.
            resources: [.embedInCode("Lua/sandbox.lua")],
            swiftSettings: strict
        ),
        // The LuaLS stub generator (`lunar types`): writes the bridge's descriptions as stubs, never the C API.
        .target(name: "LunarLuaLSStubs", dependencies: ["LunarBridge"], swiftSettings: strict),
        .target(name: "LunarSignals", swiftSettings: strict),
        .target(name: "LunarRouter", swiftSettings: strict),
        .target(name: "LunarJSON", dependencies: ["CJSONLimits"], swiftSettings: strict),
        .target(name: "LunarStorage", dependencies: ["LunarJSON"], swiftSettings: strict),
        .target(name: "LunarNetwork", dependencies: ["LunarBase", "LunarSignals", "LunarJSON"], swiftSettings: strict),
        // `lunar.signal` over LunarSignals; its Lua helpers (LuaSource) ship with it.
        .target(
            name: "LunarSignalsLua", dependencies: ["LunarBridge", "LunarSignals"],
            resources: [.embedInCode("Lua/signal.lua")], swiftSettings: strict
        ),
        // `lunar.net` (its public part in Lua), `lunar.decode` and `lunar.encode` (wholly Lua).
        .target(
            name: "LunarNetworkLua", dependencies: ["LunarBridge", "LunarNetwork"],
            resources: [.embedInCode("Lua/net.lua"), .embedInCode("Lua/decode.lua"), .embedInCode("Lua/encode.lua")],
            swiftSettings: strict
        ),
        .target(name: "LunarStorageLua", dependencies: ["LunarBridge", "LunarStorage"], swiftSettings: strict),
        .target(name: "LunarUI", dependencies: ["LunarLayout"], swiftSettings: strict),
        // Flexbox layout with Yoga's semantics and defaults; knows nothing of Lua or of any renderer.
        .target(name: "LunarLayout", swiftSettings: strict),
        .target(name: "LunarHeadless", dependencies: ["LunarUI", "LunarLayout"], swiftSettings: strict),
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
        // zlib from the system (Debian: zlib1g-dev; macOS and iOS: the SDK's): raw deflate and
        // CRC-32 for LunarArchive's zip reader and writer. The module map links the library.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "LunarTerminal", dependencies: ["LunarBase", "LunarUI", "LunarLayout", "CNcurses", "CTerminal", "CUtf8proc"], swiftSettings: strict),
        // Examples/Embedding: a Swift program hosting the runtime with its own module and renderer.
        .executableTarget(
            name: "EmbeddingExample",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarLuaLSStubs", "LunarHeadless", "LunarHeadlessHost", "LunarUI"],
            path: "Examples/Embedding/Sources",
            swiftSettings: strict
        ),
        // A fixed two-screen app on the terminal renderer; a fixture of the tmux tests.
        .executableTarget(name: "TerminalDemo", dependencies: ["LunarTerminal", "LunarUI"], swiftSettings: strict),
        // A bundle on disk: manifest, layout, module files, checks, watching. The dev server and
        // packaging use it without linking the runtime.
        .target(
            name: "LunarBundle",
            dependencies: ["LunarBridge", "LunarRouter", "LunarNetwork", "LunarUI"],
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
                "LunarBundle", "LunarBridge", "LunarSignals", "LunarSignalsLua", "LunarRouter", "LunarNetwork", "LunarNetworkLua",
                "LunarStorage", "LunarStorageLua", "LunarUI", "LunarIntercept", "LunarLayout",
                .product(name: "Logging", package: "swift-log"),
            ],
            // The modules and helpers written in Lua (LuaSource).
            resources: [
                .embedInCode("Lua/intercept.lua"), .embedInCode("Lua/reload.lua"), .embedInCode("Lua/runtime.lua"),
                .embedInCode("Lua/ui.lua"), .embedInCode("Lua/component.lua"),
            ],
            swiftSettings: strict
        ),
        // A runtime on the headless renderer: the headless command language, the runtime's driver
        // for it (snapshots, commands) and the standard-input loop of headless `lunar run`/`dev`.
        .target(
            name: "LunarHeadlessHost",
            dependencies: ["LunarBase", "LunarRuntime", "LunarHeadless", "LunarBundle", "LunarBridge", "LunarUI"],
            swiftSettings: strict
        ),
        // The spec runner (`lunar test`): spec files in fresh runtimes against the mock API,
        // the `lunar.test` library, and TAP/JUnit/text reports.
        .target(
            name: "LunarSpecs",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarLuaLSStubs", "LunarMockAPI", "LunarHeadless", "LunarUI", "LunarStorage"],
            resources: [.embedInCode("Lua/prelude.lua"), .embedInCode("Lua/test.lua")],
            swiftSettings: strict
        ),
        // A bundle's mock API (`mock-api/`: JSON files and Lua handlers in sandboxed engines of their
        // own) and a loopback server for it alone (MockAPIServer, which MockAPIScope runs around a spec run);
        // the dev server mounts the same handler under /api.
        .target(
            name: "LunarMockAPI",
            dependencies: [
                "LunarBase", "LunarBundle", "LunarBridge", "LunarJSON", "LunarNetwork", "LunarServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "LunarDevServer",
            dependencies: [
                "LunarBase", "LunarBundle", "LunarMockAPI", "LunarJSON", "LunarServing",
                // File hashes (SHA-256 hex) and durable cache writes (AtomicFile).
                "LunarArchive", "LunarStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // SHA-256 of served files.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // What Lunar's servers share: the URL a bound channel listens at, starting in the background
        // until the socket listens (dev server, web renderer, update server, MockAPIServer), connection
        // limits, a server's own plain-text answer (Response.plainText), and ChannelServer, a TCP server for a
        // protocol of its own (DebugServer, the tests' LoopbackServer).
        .target(
            name: "LunarServing",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The browser as a renderer: a Hummingbird server that serves a small page script and
        // streams each tab's mutations over one WebSocket; knows nothing of Lua (sessions come
        // from a factory the caller gives it).
        .target(
            name: "LunarWeb",
            dependencies: [
                "LunarBase", "LunarUI", "LunarServing", "LunarJSON",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/lunar.js"), .embedInCode("Page/lunar.css"),
                .embedInCode("Page/devtools.html"), .embedInCode("Page/devtools.js"), .embedInCode("Page/devtools.css"),
            ],
            swiftSettings: strict
        ),
        // Signed .lunar archives: packing, defensive reading (a bounded zip reader of its own),
        // verification. Kept out of LunarRuntime so hosts that only run directories do not
        // link zlib and crypto.
        .target(
            name: "LunarArchive",
            dependencies: [
                "LunarBase", "LunarBundle", "LunarBridge", "LunarStorage", "CZlib",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // libzstd from the system (Debian: libzstd-dev; Homebrew: zstd): update patches
        // (`zstd --patch-from` semantics). An iOS app supplies libzstd itself.
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        // Over-the-air updates, the device side: check, download (resumable), verify, stage,
        // choose what to launch and fall back, report. Runs on iOS too (URLSession through LunarNetwork).
        .target(
            name: "LunarUpdates",
            dependencies: [
                "LunarBase", "LunarArchive", "LunarBundle", "LunarNetwork", "LunarStorage", "CZstd",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The update server (`lunar updates serve`): releases by channel, archives by SHA-256,
        // rollouts, reports; SQLite or PostgreSQL.
        .target(
            name: "LunarUpdateServer",
            dependencies: [
                "LunarBase", "LunarUpdates", "LunarArchive", "LunarStorage", "LunarServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The debugger: a Debug Adapter Protocol server on loopback for a running runtime
        // (breakpoints that survive hot reload, steps, variables, evaluation).
        .target(
            name: "LunarDebug",
            dependencies: [
                "LunarBase", "LunarRuntime", "LunarBridge", "LunarJSON", "LunarServing",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The inspector (`/devtools` beside a web app, `--devtools` for a terminal or headless
        // one): elements, network, console and state of a runtime, over LunarWeb's WebSocket;
        // hooks installed only while an inspector is open.
        .target(
            name: "LunarDevtools",
            dependencies: [
                "LunarBase", "LunarRuntime", "LunarBridge", "LunarUI", "LunarLayout", "LunarWeb", "LunarRouter", "LunarIntercept",
                "LunarNetwork", "LunarNetworkLua", "LunarStorageLua", "LunarJSON",
                .product(name: "Logging", package: "swift-log"),
            ],
            // The State panel's view-model reader (LuaSource).
            resources: [.embedInCode("Lua/viewmodel_watch.lua")],
            swiftSettings: strict
        ),
        // What the `lunar` command does around a runtime: the terminal UI session (reload
        // status, log file), the headless session over standard input, `lunar dev`'s watch and
        // serve loop, following a dev server, opening a BUNDLE argument (directory or archive),
        // `native.host`, clean-up on signals, and what serve, test, exec, storage, types and new
        // do. Not for iOS (it uses LunarTerminal).
        .target(
            name: "LunarCommands",
            dependencies: [
                "LunarRuntime", "LunarBundle", "LunarBridge", "LunarLuaLSStubs", "LunarDevServer", "LunarMockAPI", "LunarTerminal", "LunarArchive", "LunarSpecs", "LunarUI", "LunarWeb",
                "LunarUpdates", "LunarUpdateServer", "LunarDebug", "LunarDevtools", "LunarStorage", "LunarStorageLua", "LunarHeadlessHost", "LunarBase",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LunarCLI",
            dependencies: [
                "LunarRuntime", "LunarBundle", "LunarBridge", "LunarCommands", "LunarArchive", "LunarSpecs", "LunarUI", "LunarWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // Shared test fixtures: a loopback HTTP server, temporary bundles, logs, a recording renderer delegate.
        .target(
            name: "LunarTestSupport",
            dependencies: ["LunarUI", "LunarBridge", "LunarServing", .product(name: "NIOCore", package: "swift-nio")],
            path: "Tests/LunarTestSupport", swiftSettings: strict
        ),
        .testTarget(name: "LunarBaseTests", dependencies: ["LunarBase"], swiftSettings: strict),
        .testTarget(name: "LunarBridgeTests", dependencies: ["LunarBridge", "CLunar", "LunarJSON", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarLuaLSStubsTests", dependencies: ["LunarLuaLSStubs", "LunarBridge"], swiftSettings: strict),
        .testTarget(name: "LunarSignalsTests", dependencies: ["LunarSignals"], swiftSettings: strict),
        // `lunar.signal` on engines and plain states, without the runtime (LunarTestSupport: the shared log).
        .testTarget(name: "LunarSignalsLuaTests", dependencies: ["LunarSignalsLua", "LunarBridge", "LunarTestSupport"], swiftSettings: strict),
        // `lunar.net` from Lua against a real HTTP server on 127.0.0.1; `lunar.decode`; without the runtime.
        .testTarget(
            name: "LunarNetworkLuaTests",
            dependencies: ["LunarNetworkLua", "LunarSignalsLua", "LunarBridge", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "LunarStorageLuaTests", dependencies: ["LunarStorageLua", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarJSONTests", dependencies: ["LunarJSON"], swiftSettings: strict),
        .testTarget(name: "LunarStorageTests", dependencies: ["LunarStorage", "LunarJSON", "LunarTestSupport"], swiftSettings: strict),
        // The headless renderer driven by hand-built trees, without the runtime.
        .testTarget(name: "LunarHeadlessTests", dependencies: ["LunarHeadless", "LunarUI", "LunarTestSupport"], swiftSettings: strict),
        // The bundle's checks (BridgeAPI.version from the runtime is what a manifest is checked against).
        .testTarget(name: "LunarBundleTests", dependencies: ["LunarBundle", "LunarRuntime", "LunarTestSupport"], swiftSettings: strict),
        // The spec runner on a bundle of its own and its three report formats.
        .testTarget(name: "LunarSpecsTests", dependencies: ["LunarSpecs", "LunarBundle", "LunarTestSupport"], swiftSettings: strict),
        // What the commands do below the binary: BUNDLE arguments, `lunar new`'s bundle.
        .testTarget(name: "LunarCommandsTests", dependencies: ["LunarCommands", "LunarBundle", "LunarBase", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarLayoutTests", dependencies: ["LunarLayout", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarRouterTests", dependencies: ["LunarRouter", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LunarNetworkTests",
            dependencies: ["LunarNetwork", "LunarSignals", "LunarJSON", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "LunarUITests", dependencies: ["LunarUI", "LunarLayout", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarCLITests", dependencies: ["LunarCLI", "EmbeddingExample", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(name: "LunarDevServerTests", dependencies: ["LunarDevServer", "LunarMockAPI", "LunarBase", "LunarBundle", "LunarBridge", "LunarRuntime", "LunarNetworkLua", "LunarCLI", "LunarJSON", "LunarTestSupport"], swiftSettings: strict),
        // The debugger: its DAP server driven by a small client, in process and through `lunar dev --debug`.
        .testTarget(
            name: "LunarDebugTests",
            dependencies: ["LunarDebug", "LunarBase", "LunarBridge", "LunarCLI", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LunarInterceptTests",
            dependencies: ["LunarIntercept", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarUI", "LunarTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LunarWebTests",
            dependencies: [
                "LunarWeb", "LunarJSON", "LunarUI", "LunarLayout", "LunarCommands", "LunarRuntime", "LunarBundle", "LunarDevServer", "LunarTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LunarDevtoolsTests",
            dependencies: [
                "LunarDevtools", "LunarBase", "LunarWeb", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarMockAPI", "LunarTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "LunarTerminalTests", dependencies: ["LunarTerminal", "LunarUI", "LunarTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LunarArchiveTests",
            dependencies: [
                "LunarArchive", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LunarRuntimeTests",
            dependencies: ["LunarBase", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarLuaLSStubs", "LunarRouter", "LunarHeadless", "LunarUI", "LunarMockAPI", "LunarTestSupport"],
            swiftSettings: strict
        ),
        // The mock API: answers by file and by Lua handler, its framing rules, its own server.
        .testTarget(
            name: "LunarMockAPITests",
            dependencies: [
                "LunarMockAPI", "LunarDevServer", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarJSON",
                "LunarTestSupport",
            ],
            swiftSettings: strict
        ),
        // The headless command language and the standard-input loop, on a runtime.
        .testTarget(
            name: "LunarHeadlessHostTests",
            dependencies: ["LunarBase", "LunarHeadlessHost", "LunarRuntime", "LunarBundle", "LunarTestSupport"],
            swiftSettings: strict
        ),
        // Over-the-air updates: the real server on loopback (SQLite, PostgreSQL), the `lunar` binary, faults.
        .testTarget(
            name: "LunarUpdatesTests",
            dependencies: [
                "LunarUpdates", "LunarUpdateServer", "LunarArchive", "LunarCLI", "LunarRuntime", "LunarBundle",
                "LunarTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The fault catalogue: script errors, runaway scripts, sandbox escapes, network chaos and policy,
        // hostile dev servers, leaks.
        .testTarget(
            name: "LunarReliabilityTests",
            dependencies: ["LunarRuntime", "LunarNetworkLua", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarDevServer", "LunarSpecs", "LunarBase", "LunarTestSupport"],
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
        ("UI", ["LunarUI", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarHeadless", "LunarTestSupport"]),
        ("Terminal", ["LunarTerminal", "LunarUI", "LunarHeadless"]),
        ("JSON", ["LunarBridge", "CLunar"]),
        ("SignalsLua", ["LunarRuntime", "LunarBridge"]),
        ("Intercept", ["LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarIntercept", "CLunar", "CBaselines"]),
        ("Reload", ["LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarHeadless", "LunarUI"]),
        ("Patterns", ["LunarBridge", "CLunar", "CBaselines"]),
        ("Layout", ["LunarLayout", "LunarUI"]),
        ("Debug", ["LunarBridge"]),
        ("Web", ["LunarWeb", "LunarUI"]),
        ("Devtools", ["LunarDevtools", "LunarRuntime", "LunarHeadlessHost", "LunarBundle", "LunarBridge", "LunarWeb"]),
    ]
    // Over-the-air update figures (patch size, 10,000 devices, checks against nginx): a plain
    // executable on raw sockets, run by Scripts/bench after the suites. It lives outside
    // Benchmarks/<Suite>/ because package-benchmark runs every executable whose folder's parent
    // is named Benchmarks as a suite.
    // Start-up and memory figures (StartupBench), as whole processes and a fresh runtime; the
    // same place and for the same reason. Both start children through StandaloneSupport.
    package.targets += [
        .target(name: "StandaloneSupport", path: "Benchmarks/Standalone/StandaloneSupport",
                swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "UpdatesBench",
            dependencies: ["LunarUpdates", "LunarUpdateServer", "LunarArchive", "LunarRuntime", "StandaloneSupport"],
            path: "Benchmarks/Standalone/UpdatesBench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "StartupBench",
            dependencies: ["LunarRuntime", "LunarBundle", "LunarBridge", "LunarHeadless", "StandaloneSupport"],
            path: "Benchmarks/Standalone/StartupBench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
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
        ("FuzzArchive", ["LunarArchive"]),
        ("FuzzHeaders", ["LunarNetwork"]),
        ("FuzzDAP", ["LunarDebug", "LunarBridge"]),
        ("FuzzPageMessage", ["LunarWeb", "LunarUI"]),
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
