import Foundation
import LunarBridge
import LunarBundle
import LunarRuntime
import LunarTestSupport
import Testing

/// The built-in bridge API: every module a bundle can require is described.
@Suite struct BridgeAPITests {
    @Test func describesEveryModuleABundleCanRequire() {
        let names = BridgeAPI.definitions().modules.map(\.name)
        #expect(names == [
            "lunar", "lunar.decode", "lunar.encode", "lunar.intercept", "lunar.json", "lunar.log", "lunar.navigator",
            "lunar.net", "lunar.router", "lunar.signal", "lunar.storage", "lunar.timer", "lunar.ui",
        ])
        // No Lua-written module is left undescribed.
        for module in BridgeAPI.definitions().modules {
            #expect(!module.functions.isEmpty, "\(module.name) has no functions")
        }
    }

    @Test func hostModulesAreAddedAndChangeTheVersion() throws {
        let host = LuaModule("native.clock") { m in m.function("now") { () -> Double in 0 } }
        let definitions = BridgeAPI.definitions(hostModules: [host])
        let stub = try #require(definitions.files.first { $0.path == "native/clock.lua" }?.contents)
        #expect(stub.contains("---@return number\nfunction native_clock.now() end"))
        #expect(BridgeAPI.version(hostModules: [host]) == definitions.apiVersion)
        #expect(BridgeAPI.version(hostModules: [host]) != BridgeAPI.version)
        #expect(BridgeAPI.definitions().apiVersion == BridgeAPI.version)
    }

    @Test func checkFindsProblemsWithoutRunningScripts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try #"{"name": "t", "version": "1", "entry": "/home", "routes": {"/home": "screens.home"}}"#
            .write(to: dir.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        // Running this would raise; compiling it must not.
        try "error('ran')\nreturn {}\n".write(to: dir.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
        let check = BundleCheck(directory: dir, bridgeAPI: BridgeAPI.version)
        #expect(check.passed, "\(check.problems)")
        #expect(check.scripts == ["screens/home.lua"])
        #expect(check.summary == "t: 1 script, 1 route: no problems")
    }

    /// A script is bytes to Lua, as `require` loads it: a Latin-1 byte is no problem.
    @Test func checkPassesAScriptWithALatin1Byte() throws {
        let dir = try BundleDirectory(files: ["manifest.json": BundleDirectory.manifest()])
        defer { dir.remove() }
        try dir.write("screens/home.lua", bytes: Data("-- caf".utf8) + Data([0xE9]) + Data("\nreturn {}\n".utf8))
        let check = BundleCheck(directory: dir.root, bridgeAPI: BridgeAPI.version)
        #expect(check.passed, "\(check.problems)")
    }
}
