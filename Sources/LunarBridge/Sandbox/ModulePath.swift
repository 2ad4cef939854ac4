import Foundation

/// How a module name maps to files under a root, both ways: the one rule that `require`, the
/// bundle check, the screen host and the hot reloader share. `screens.login` is
/// `screens/login.lua`, else `screens/login/init.lua`.
public enum ModulePath {
    /// The files `require(name)` tries, relative to the root, in order. Throws for a name with
    /// path syntax (`..` parts, `/`, `\`, a NUL, a leading `~`, an empty part): `require` takes
    /// dotted names inside the root only.
    public static func candidates(forModule name: String) throws(LuaError) -> [String] {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, !parts.contains(where: \.isEmpty),
              !name.contains("/"), !name.contains("\\"), !name.contains("\0"), !name.hasPrefix("~")
        else {
            throw LuaError.message("module name '\(name)' is refused: require takes dotted names inside the bundle (no paths)")
        }
        let relative = parts.joined(separator: "/")
        return [relative + ".lua", relative + "/init.lua"]
    }

    /// The first of ``candidates(forModule:)`` that is a file under `root`, or nil (also for a
    /// refused name).
    public static func file(forModule name: String, in root: URL) -> String? {
        (try? candidates(forModule: name))?.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(candidate).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    /// The module a file holds (`screens/login.lua` → `screens.login`, `ui/init.lua` → `ui`),
    /// or nil when `require` could not load it by name.
    public static func moduleName(forFile path: String) -> String? {
        guard path.hasSuffix(".lua") else { return nil }
        var stem = String(path.dropLast(4))
        if stem.hasSuffix("/init") { stem = String(stem.dropLast(5)) }
        let name = stem.replacingOccurrences(of: "/", with: ".")
        guard let candidates = try? candidates(forModule: name), candidates.contains(path) else { return nil }
        return name
    }
}
