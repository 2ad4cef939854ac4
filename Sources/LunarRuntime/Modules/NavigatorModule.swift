import Foundation
import Logging
import LunarBridge
import Synchronization

/// `lunar.navigator`: `push(target, params)`, `present(target, params)`,
/// `pop()`, `dismiss()`, `stack()`. A target is a route URL (`/items/3`,
/// matched against the manifest routes) or a screen module name
/// (`profile` → a manifest route `/profile`, then `screens.profile`, then `profile`).
enum NavigatorModule {
    static func module(host: ScreenHostReference) -> LuaModule {
        LuaModule("lunar.navigator", summary: "Screen navigation: push, present, pop, dismiss, back.") { m in
            // Raw, to name the caller's line in a warning about params that cannot travel in the address.
            m.rawFunction("push(target: string, params: table?)", summary: "Pushes a screen, named by a route URL or its module; params reach its load.") { frame in
                try open(frame, host: host, modal: false)
            }
            m.rawFunction("present(target: string, params: table?)", summary: "Presents a screen modally.") { frame in
                try open(frame, host: host, modal: true)
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

extension NavigatorModule {
    /// `push`/`present`: a route URL target carries the string, number and boolean params in its
    /// address as query items, so they survive a deep link, a browser refresh or a restart (the
    /// screen gets them as strings then, as route variables); a table param cannot, and is
    /// warned about at the caller's `file:line`, once per line.
    static func open(_ frame: LuaCallFrame, host: ScreenHostReference, modal: Bool) throws -> LuaReturn {
        let target = try frame.argument(1, as: String.self)
        let params = try frame.argument(2, as: LuaValue?.self) ?? .nil
        let screens = try host.required
        var address = target
        if case .table(let table) = params {
            let name = modal ? "nav.present" : "nav.push"
            let (carried, tables) = NavigationParams.split(table)
            if !tables.isEmpty {
                NavigationParams.warn(name: name, target: target, tables: tables, location: (Int32(1)...Int32(4)).lazy.compactMap { frame.stack.callerLocation(level: $0) }.first)
            }
            if target.hasPrefix("/"), let captured = screens.screenRoutes.screen(for: target)?.1 {
                address = NavigationParams.address(target, adding: carried.filter { captured[$0.key] == nil })
            }
        }
        try screens.open(target: address, params: params, modal: modal)
        return .results(0)
    }
}

/// Which navigation params travel in a screen's address, and the warning for the ones that cannot.
enum NavigationParams {
    /// The params a query item can hold (strings, numbers, booleans) as text, by name, and the
    /// names of those it cannot (tables, functions, ...), sorted.
    static func split(_ params: LuaTable) -> (carried: [(key: String, value: String)], tables: [String]) {
        var carried: [(key: String, value: String)] = []
        var others: [String] = []
        for (key, value) in params.fields {
            guard case .string(let name) = key else { continue }
            switch value {
            case .string(let text): carried.append((name, text))
            case .integer(let number): carried.append((name, String(number)))
            case .number(let number): carried.append((name, number.isFinite ? LuaValue.number(number).description : "\(number)"))
            case .boolean(let flag): carried.append((name, flag ? "true" : "false"))
            default: others.append(name)
            }
        }
        return (carried.sorted { $0.key < $1.key }, others.sorted())
    }

    /// `target` with `items` appended as query items (before a `#fragment`), percent-encoded.
    static func address(_ target: String, adding items: [(key: String, value: String)]) -> String {
        guard !items.isEmpty else { return target }
        var path = target
        var fragment = ""
        if let hash = target.firstIndex(of: "#") {
            path = String(target[..<hash])
            fragment = String(target[hash...])
        }
        let query = items.map { encoded($0.key) + "=" + encoded($0.value) }.joined(separator: "&")
        return path + (path.contains("?") ? "&" : "?") + query + fragment
    }

    private static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static let warned = Mutex<Set<String>>([])

    /// Logs, once per call site, that table params reach this push only.
    static func warn(name: String, target: String, tables: [String], location: LuaSourceLocation?) {
        let place = location?.description ?? "?"
        guard warned.withLock({ $0.insert(place + name).inserted }) else { return }
        let which = tables.map { "'\($0)'" }.joined(separator: ", ")
        // The place is the record's source (`[screens/home.lua:8]` on standard error), as a script's log.warn's is.
        let message = "\(name)(\"\(target)\"): param\(tables.count == 1 ? "" : "s") \(which) "
            + "\(tables.count == 1 ? "is a table" : "are tables"), which the screen's address cannot carry: "
            + "\(tables.count == 1 ? "it is" : "they are") lost on a deep link, a browser refresh or a restart "
            + "(pass strings, numbers or booleans, such as an id, and load the rest in the screen)"
        Logger(label: "lunar.navigator").warning(
            "\(message)", source: place, file: location?.file ?? "lua", function: name, line: UInt(location?.line ?? 0))
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
