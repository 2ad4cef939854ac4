import LunarBridge

/// `lunar.decode` and `lunar.encode`: safe readers and a blank-skipping writer for the "de-modelled"
/// tables reformers work on (the original's `Decode...FromDic` helpers).
///
/// Written in Lua, so a reformer calling them pays no bridge crossing. The readers never raise:
/// a receiver that is not a table, a missing key or a value of the wrong type yields the default,
/// with the same lenient conversions as `LunarJSON`'s readers (a number read as a string is
/// rendered, a string that is wholly a number is read as one, a non-zero number is true). JSON
/// `null` (`json.null`) is missing to every reader and blank to `encode.put`.
public enum DecodeModule {
    /// Registers `lunar.decode` and `lunar.encode` on `state` (they use the bridge's `lunar.json`).
    public static func install(on state: LuaState) {
        state.registerSource(decodeSource)
        state.registerSource(encodeSource)
    }

    static let decodeSource = LuaSource("lunar.decode", embedded: PackageResources.decode_lua)

    static let encodeSource = LuaSource("lunar.encode", embedded: PackageResources.encode_lua)
}
