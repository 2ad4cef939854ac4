import Foundation
import LunarBridge
import LunarLuaLSStubs
import LunarBundle
@testable import LunarRuntime
import LunarTestSupport
import Testing

/// The built-in bridge API: every module a bundle can require is described.
@Suite struct BridgeAPITests {
    @Test func describesEveryModuleABundleCanRequire() {
        let names = BridgeAPI.described().modules.map(\.name)
        #expect(names == [
            "lunar", "lunar.decode", "lunar.encode", "lunar.intercept", "lunar.json", "lunar.layout", "lunar.log", "lunar.navigator",
            "lunar.net", "lunar.router", "lunar.signal", "lunar.storage", "lunar.timer", "lunar.ui",
        ])
        // No Lua-written module is left undescribed.
        for module in BridgeAPI.described().modules {
            #expect(!module.functions.isEmpty, "\(module.name) has no functions")
        }
    }

    @Test func everyModuleFunctionAndClassIsDescribed() {
        let definitions = BridgeAPI.described()
        for module in definitions.modules {
            #expect(module.summary != nil, "module \(module.name) has no summary")
            for function in module.functions {
                let name = "\(module.name).\(function.signature.name)"
                #expect(function.signature.summary != nil, "\(name) has no summary")
                for index in function.signature.parameters.indices where !function.signature.parameters[index].hasSuffix("...") {
                    #expect(index < function.parameterNames.count, "parameter \(index + 1) of \(name) has no name")
                }
            }
        }
        for luaClass in definitions.classes {
            #expect(luaClass.summary != nil, "class \(luaClass.name) has no summary")
            for method in luaClass.methods + luaClass.functions {
                let name = "\(luaClass.name):\(method.signature.name)"
                #expect(method.signature.summary != nil, "\(name) has no summary")
                for index in method.signature.parameters.indices where !method.signature.parameters[index].hasSuffix("...") {
                    #expect(index < method.parameterNames.count, "parameter \(index + 1) of \(name) has no name")
                }
            }
        }
    }

    /// The modules written in Lua are described from their annotations: what the
    /// description lists is exactly what the module's table holds.
    @Test func luaWrittenModulesDescribeWhatTheyExport() throws {
        let executor = LuaExecutor(clock: .virtual)
        defer { executor.shutdown() }
        let state = try LuaState()
        ScriptModules.install(on: state, executor: executor)
        ScriptModules.installScreens(on: state, reference: ScreenHostReference())
        let written = state.moduleNames.filter { state.source(named: $0) != nil }
        #expect(written == ["lunar.decode", "lunar.encode", "lunar.net", "lunar.ui", "lunar.ui.component"])
        let described = Dictionary(uniqueKeysWithValues: BridgeAPI.described().modules.map { ($0.name, $0) })
        // A part of a Lua-written module (named under it) is not described: `ui.component` is.
        #expect(described["lunar.ui.component"] == nil)
        for name in written where name != "lunar.ui.component" {
            let exported = try state.run("""
                local functions, others = {}, {}
                for k, v in pairs(require("\(name)")) do
                  if type(k) == "string" and k:sub(1, 1) ~= "_" then
                    local list = type(v) == "function" and functions or others
                    list[#list + 1] = k
                  end
                end
                table.sort(functions)
                table.sort(others)
                return table.concat(functions, ","), table.concat(others, ",")
                """)
            let module = try #require(described[name])
            #expect(exported[0].stringValue == module.functions.map(\.signature.name).sorted().joined(separator: ","), "\(name)")
            #expect(exported[1].stringValue == module.fields.map(\.name).sorted().joined(separator: ","), "\(name)")
            // The description is the annotated source's.
            #expect(try LuaModuleDescription(annotated: #require(state.source(named: name))) == module)
        }
    }

    @Test func hostModulesAreAddedAndChangeTheVersion() throws {
        let host = LuaModule("native.clock", summary: "The host's clock.") { m in
            m.function("now", summary: "Seconds since 1970.") { () -> Double in 0 }
            m.function("format(seconds, pattern)") { (seconds: Double, pattern: String?) -> String in "\(seconds)\(pattern ?? "")" }
        }
        let definitions = LuaTypeDefinitions(BridgeAPI.described(hostModules: [host]))
        let stub = try #require(definitions.files.first { $0.path == "native/clock.lua" }?.contents)
        #expect(stub.contains("---`require(\"native.clock\")`: The host's clock.\n"))
        #expect(stub.contains("---Seconds since 1970.\n---@return number\nfunction native_clock.now() end"))
        #expect(stub.contains("---@param seconds number\n---@param pattern string?\n---@return string\nfunction native_clock.format(seconds, pattern) end"))
        #expect(BridgeAPI.version(hostModules: [host]) == definitions.apiVersion)
        #expect(BridgeAPI.version(hostModules: [host]) != BridgeAPI.version)
        #expect(BridgeAPI.described().version == BridgeAPI.version)
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
