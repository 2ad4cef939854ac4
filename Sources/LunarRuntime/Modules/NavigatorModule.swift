import LunarBridge

/// `lunar.navigator`: `push(target, params)`, `present(target, params)`,
/// `pop()`, `dismiss()`, `stack()`. A target is a route URL (`/items/3`,
/// matched against the manifest routes) or a screen module name
/// (`profile` → a manifest route `/profile`, then `screens.profile`, then `profile`).
enum NavigatorModule {
    static func module(host: ScreenHostReference) -> LuaModule {
        LuaModule("lunar.navigator", summary: "Screen navigation: push, present, pop, dismiss, back.") { m in
            m.function("push(target, params: table?)", summary: "Pushes a screen, named by a route URL or its module; params reach its load.") { (target: String, params: LuaValue?) throws in
                try host.required.open(target: target, params: params ?? .nil, modal: false)
            }
            m.function("present(target, params: table?)", summary: "Presents a screen modally.") { (target: String, params: LuaValue?) throws in
                try host.required.open(target: target, params: params ?? .nil, modal: true)
            }
            // During a transition (a lifecycle method, an interceptor, render()) these wait for it
            // and return true; see NavigationQueue.
            m.function("pop", summary: "Pops the top screen; false if there is none to pop.") { () throws -> Bool in try host.required.perform(.pop) }
            m.function("dismiss", summary: "Dismisses the modal screen; false if none is shown.") { () throws -> Bool in try host.required.perform(.dismiss) }
            m.function("back", summary: "Dismisses a modal or pops a screen; false if neither is possible.") { () throws -> Bool in try host.required.perform(.back) }
            m.function("stack(): {screen: string, title: string?, modal: boolean}[]", summary: "The screens shown, bottom first.") { () throws -> [LuaValue] in
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
