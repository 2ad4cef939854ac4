import LunarBridge

extension NetworkModule {
    /// What `lunar.net` shows scripts (written in Lua over `lunar.net.native`).
    static var description: LuaModuleDescription {
        LuaModuleDescription("lunar.net", summary: "Requests, batches, chains, accessories and configuration.") { d in
            let handler = "handler: (fun(result: any, err: lunar.net.Failure?, info: table?))|{finished: fun(result: any, info: table?)?, failed: fun(err: lunar.net.Failure)?, progress: fun(received: integer, expected: integer?)?}?"
            d.function("request", ["spec: table"], returns: ["lunar.net.Request"], summary: "Describes a request (fields: docs/lua/net.md).")
            d.function("batch", ["requests: lunar.net.Request[]"], returns: ["lunar.net.Batch"], summary: "Requests sent together; one failure cancels the others.")
            d.function("chain", ["first: lunar.net.Request", "...: lunar.net.Request|fun(result: any): lunar.net.Request?"],
                       returns: ["lunar.net.Chain"], summary: "Requests sent one after another, each step seeing the previous result.")
            d.function("send", ["object: lunar.net.Request|lunar.net.Batch|lunar.net.Chain", handler], returns: ["lunar.net.Request|lunar.net.Batch|lunar.net.Chain"],
                       summary: "Sends; the handler runs later, on the executor, exactly once.")
            d.function("config", ["options: table"], summary: "Sets baseURL, cdnURL, headers, timeout, maxBodySize, filters, reformer.")
            d.function("accessory", ["hooks: table"], returns: ["{ remove: fun(): boolean }"], summary: "Adds hooks run around every request.")
            let cancellable = [
                LuaFunctionDescription("cancel", returns: ["boolean"], summary: "Cancels what is still running; false if nothing was."),
                LuaFunctionDescription("tie", ["lifetime: Lifetime"], returns: ["self"], summary: "Cancels when the lifetime ends."),
            ]
            for name in ["Request", "Batch", "Chain"] {
                d.luaClass(LuaClassDescription(name: "lunar.net." + name, methods: cancellable))
            }
            d.luaClass(LuaClassDescription(name: "lunar.net.Failure", summary: "Why a send failed.", properties: [
                LuaPropertySignature(name: "kind", type: "string", isWritable: false),
                LuaPropertySignature(name: "message", type: "string", isWritable: false),
                LuaPropertySignature(name: "status", type: "integer?", isWritable: false),
                LuaPropertySignature(name: "body", type: "any", isWritable: false),
                LuaPropertySignature(name: "index", type: "integer?", isWritable: false),
            ]))
        }
    }
}
