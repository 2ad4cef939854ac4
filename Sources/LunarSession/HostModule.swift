import Foundation
import LunarBridge

/// `native.host`: a module the `lunar` command registers, as any Swift host
/// registers its own (`native.<name>`): facts about the program running the bundle.
public enum HostModule {
    public static func module(renderer: String) -> LuaModule {
        LuaModule("native.host") { m in
            m.function("info") { () -> [String: String] in
                #if os(Linux)
                let platform = "Linux"
                #else
                let platform = "macOS"
                #endif
                return ["platform": platform, "renderer": renderer, "host": "lunar"]
            }
            m.function("environment") { (name: String) -> String? in
                // Only LUNAR_* variables: the sandbox keeps the rest of the environment private.
                guard name.hasPrefix("LUNAR_") else { return nil }
                return ProcessInfo.processInfo.environment[name]
            }
        }
    }
}
