import LunarBridge

extension DecodeModule {
    /// What `lunar.decode` shows scripts (written in Lua): lenient readers of decoded JSON.
    static var decodeDescription: LuaModuleDescription {
        LuaModuleDescription("lunar.decode", summary: "Lenient readers of decoded JSON: a missing or mistyped field gives the default.") { d in
            let source = ["t: table?", "key: string|integer"]
            d.function("string", source + ["default: string?"], returns: ["string"])
            d.function("number", source + ["default: number?"], returns: ["number"])
            d.function("integer", source + ["default: integer?"], returns: ["integer"])
            d.function("bool", source + ["default: boolean?"], returns: ["boolean"])
            d.function("table", source + ["default: table?"], returns: ["table"])
            d.function("array", source + ["fn: (fun(element: any, index: integer): any)?"], returns: ["any[]"])
            d.function("at", ["list: table?", "i: integer", "default: any"], returns: ["any"])
        }
    }

    /// What `lunar.encode` shows scripts (written in Lua).
    static var encodeDescription: LuaModuleDescription {
        LuaModuleDescription("lunar.encode", summary: "Builds request bodies, skipping blank values.") { d in
            d.function("put", ["t: table?", "key: any", "v: any"], returns: ["table"],
                       summary: "Sets t[key] = v unless v is nil, \"\" or an empty table; returns t.")
        }
    }
}
