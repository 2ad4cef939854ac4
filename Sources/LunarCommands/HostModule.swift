import Foundation
import LunarBridge

/// `native.host`: a module the `lunar` command registers, as any Swift host
/// registers its own (`native.<name>`): facts about the program running the bundle.
public enum HostModule {
    public static func module(renderer: String) -> LuaModule {
        LuaModule("native.host", summary: "Facts about the program running the bundle.") { m in
            m.function("info", summary: "The platform, the renderer and the host's name.") { () -> [String: String] in
                #if os(Linux)
                let platform = "Linux"
                #else
                let platform = "macOS"
                #endif
                return ["platform": platform, "renderer": renderer, "host": "lunar"]
            }
            m.function("environment(name)", summary: "A LUNAR_* environment variable, or nil.") { (name: String) -> String? in
                // Only LUNAR_* variables: the sandbox keeps the rest of the environment private.
                guard name.hasPrefix("LUNAR_") else { return nil }
                return ProcessInfo.processInfo.environment[name]
            }
        }
    }
}
