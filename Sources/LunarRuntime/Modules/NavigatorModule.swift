import LunarBridge

/// `lunar.navigator`: `push(target, params)`, `present(target, params)`,
/// `pop()`, `dismiss()`, `stack()`. A target is a route URL (`/items/3`,
/// matched against the manifest routes) or a screen module name
/// (`profile` → a manifest route `/profile`, then `screens.profile`, then `profile`).
enum NavigatorModule {
    static func module(host: ScreenHostReference) -> LuaModule {
        LuaModule("lunar.navigator") { m in
            m.function("push") { (target: String, params: LuaValue?) throws in
                try host.required.open(target: target, params: params ?? .nil, modal: false)
            }
            m.function("present") { (target: String, params: LuaValue?) throws in
                try host.required.open(target: target, params: params ?? .nil, modal: true)
            }
            // During a transition (a lifecycle method, an interceptor, render()) these wait for it
            // and return true; see NavigationQueue.
            m.function("pop") { () throws -> Bool in try host.required.perform(.pop) }
            m.function("dismiss") { () throws -> Bool in try host.required.perform(.dismiss) }
            m.function("back") { () throws -> Bool in try host.required.perform(.back) }
            m.function("stack") { () throws -> [LuaValue] in
                try host.required.stackDescription.map { entry in
                    var t = LuaTable()
                    t["screen"] = .string(entry.module)
                    if let title = entry.title { t["title"] = .string(title) }
                    t["modal"] = .boolean(entry.modal)
                    return .table(t)
                }
            }
        }
    }
}

extension ScreenHostReference {
    /// The host, or the error a module function raises when no screens are running.
    package var required: ScreenHost {
        get throws {
            guard let host else { throw LuaError.message("no screens are running") }
            return host
        }
    }
}
