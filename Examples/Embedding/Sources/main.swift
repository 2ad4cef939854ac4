// A Swift program embedding the Lunar runtime: its own bridge module and its
// own renderer hooked up through the renderer protocol.
//
//   swift run EmbeddingExample               runs the bundle
//   swift run EmbeddingExample types DIR     writes editor stubs for the host's modules into DIR
import Foundation
import LunarBridge
import LunarLuaLSStubs
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarUI

/// The host's module, declared once with Swift types (Lua: require("native.greeter")).
let greeter = LuaModule("native.greeter", summary: "Greetings from the host.") { m in
    m.function("hello(name)", summary: "A greeting for name.") { (name: String) -> String in "Hello, \(name)!" }
    m.function("slowHello(name)", summary: "A greeting, from an async Swift function.") { (name: String) async throws -> String in
        try await Task.sleep(nanoseconds: 10_000_000)  // stands in for real asynchronous work
        return "Hello, \(name.isEmpty ? "nobody" : name), from an async Swift function!"
    }
}

/// A renderer that logs navigation and every mutation batch, then lets the
/// headless renderer keep the screen (a UIKit renderer would create views
/// here instead). Calls it does not implement forward to the headless renderer.
final class LoggingRenderer: HeadlessRendering {
    let headlessRenderer = HeadlessRenderer()
    func push(_ screen: ScreenID, title: String?) {
        print("[renderer] push \(screen) \(title ?? "")")
        headlessRenderer.push(screen, title: title)
    }
    func apply(_ mutations: [Mutation], to screen: ScreenID) {
        print("[renderer] \(mutations.count) mutation(s) on \(screen)")
        headlessRenderer.apply(mutations, to: screen)
    }
}

// The `lunar` command cannot know this program's modules: the host writes their
// stubs itself (with the built-in ones), and the version its bundles name.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "types" {
    let directory = URL(fileURLWithPath: CommandLine.arguments[2])
    let definitions = LuaTypeDefinitions(BridgeAPI.described(hostModules: [greeter]))
    try definitions.write(to: directory.appendingPathComponent(".lunar/types"))
    try Data(LuaTypeDefinitions.luarc(definitionsPath: ".lunar/types").utf8).write(to: directory.appendingPathComponent(".luarc.json"))
    print("bridge API \(BridgeAPI.version(hostModules: [greeter]))")
    exit(0)
}

let bundleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bundle")
let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundleURL))
await runtime.register(greeter)
await runtime.onScriptError { error in print("script error: \(error.report)") }
try await runtime.start(renderer: LoggingRenderer())
print(await runtime.snapshot())
try await runtime.perform(.type(field: "Name", text: "Ada"))
try await runtime.perform(.tap("Greet"))
try await runtime.perform(.wait)
print(await runtime.snapshot())
