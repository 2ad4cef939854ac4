import Foundation
import LunarBridge
import LunarBundle
import LunarRuntime
import LunarTestSupport
import Testing

/// A Swift host checks its bundles against the API its scripts see: its own modules' functions
/// (and `on`, for a module with events) are judged as the built-in ones are.
@Suite struct BundleCheckHostModuleTests {
    @Test func aHostModulesFunctionsAreJudgedWhenTheHostDescribesThem() throws {
        let host = LuaModule("native.greeter", summary: "Greets.") { m in
            m.function("hello(name)", summary: "A greeting.") { (name: String) -> String in "hi \(name)" }
            m.event("greeted")
        }
        let bundle = try BundleDirectory(files: ["manifest.json": BundleDirectory.manifest(), "screens/home.lua": """
            local ui = require("lunar.ui")
            local greeter = require("native.greeter")
            greeter.on("greeted", function() end)
            return { render = function() return ui.Text(greeter.hello("x") .. greeter.helo("y")) end }
            """])
        defer { bundle.remove() }
        let described = BundleCheck(
            directory: bundle.root, bridgeAPI: BridgeAPI.version(hostModules: [host]),
            api: BundleCheck.APIShape(BridgeAPI.described(hostModules: [host])))
        #expect(described.problems == ["screens/home.lua:4: greeter.helo: native.greeter has no function 'helo' (did you mean 'hello'?)"])
        // Without the host's description, `lunar check` cannot know its modules: they are not judged.
        let builtIn = BundleCheck(directory: bundle.root, bridgeAPI: BridgeAPI.version, api: BundleCheck.APIShape(BridgeAPI.described()))
        #expect(builtIn.problems == [])
    }
}
