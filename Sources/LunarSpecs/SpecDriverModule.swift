import LunarBridge
import LunarRuntime
import LunarHeadless
import LunarUI

/// `lunar.test.native`: what the spec driver `app` does to the running app,
/// synchronously on the executor. Errors are plain messages; the Lua side
/// (``SpecLibrary``) re-raises them at the spec line that called `app.*`.
/// `app.wait()` is not here: it yields to the Swift runner (``LunarRuntime/runSpecFile(_:filter:)``).
enum SpecDriverModule {
    static func module(host: ScreenHostReference, snapshots: SpecSnapshots) -> LuaModule {
        LuaModule("lunar.test.native") { m in
            // nil when `text` matches snapshot `name` (or was stored now), else the failure with a diff.
            m.function("snapshot(name, text)", summary: "Compares text with the stored snapshot name; nil when it matches or was stored now.") { (name: String, text: String) throws -> String? in
                do {
                    return try snapshots.check(name, text)
                } catch let error as SnapshotFileError {
                    throw LuaError.message(error.message)
                }
            }
            m.function("open(url)") { (url: String) throws in
                let host = try host.required
                host.flushRender()
                guard host.open(url) else { throw LuaError.message("app.open(\"\(url)\"): no route matches") }
                host.flushRender()
                HeadlessRenderer.underlying(host.renderer)?.reportLayouts()
                host.flushRender()
            }
            m.function("type(field, text)") { (field: String, text: String) throws in
                try input(host) { try $0.type(text, into: field) }
            }
            m.function("clear(field)") { (field: String) throws in
                try input(host) { try $0.clear(field) }
            }
            m.function("submit(field)") { (field: String) throws in
                try input(host) { try $0.submit(field) }
            }
            m.function("tap(label)") { (label: String) throws in
                try input(host) { try $0.tap(label) }
            }
            m.function("longPress(label)") { (label: String) throws in
                try input(host) { try $0.longPress(label) }
            }
            m.function("pressIn(label)") { (label: String) throws in
                try input(host) { try $0.pressIn(label) }
            }
            m.function("pressOut(label)") { (label: String) throws in
                try input(host) { try $0.pressOut(label) }
            }
            m.function("toggle(target)") { (target: String) throws in
                try input(host) { try $0.toggle(target) }
            }
            m.function("scroll(target, offset)") { (target: String, offset: Double?) throws in
                try input(host) { try $0.scroll(target, to: offset) }
            }
            m.function("setAppearance(appearance)") { (name: String) throws in
                guard let appearance = Appearance(rawValue: name) else {
                    throw LuaError.message("app.setAppearance: '\(name)' is not \"light\" or \"dark\"")
                }
                try input(host) { $0.setAppearance(appearance) }
            }
            m.function("back") { () throws in
                try input(host) { try $0.back() }
            }
            m.function("home") { () throws -> Int in
                let host = try host.required
                var closed = 0
                while host.stackDescription.count > 1, host.back() { closed += 1 }
                host.flushRender()
                return closed
            }
            m.function("screen") { () throws -> String in
                let (host, renderer) = try headless(host)
                host.flushRender()
                return renderer.snapshot()
            }
            m.function("frames") { () throws -> String in
                let (host, renderer) = try headless(host)
                host.flushRender()
                return renderer.snapshot(showingFrames: true)
            }
            m.function("title") { () throws -> String? in
                let (host, renderer) = try headless(host)
                host.flushRender()
                return renderer.visibleTitle
            }
            m.function("find(target)") { (target: String) throws -> LuaValue in
                let (host, renderer) = try headless(host)
                host.flushRender()
                guard let element = renderer.element(target) else { return .nil }
                var table = LuaTable()
                for entry in element.props { table[.string(entry.name.rawValue)] = luaValue(entry.value) }
                table["kind"] = .string(element.kind.rawValue)
                if element.isFocused { table["focused"] = .boolean(true) }
                return .table(table)
            }
        }
    }

    /// Runs one input operation between two renders, as headless `lunar run` does.
    private static func input(_ reference: ScreenHostReference, _ body: (HeadlessRenderer) throws -> Void) throws {
        let (host, renderer) = try headless(reference)
        host.flushRender()
        defer {
            host.flushRender()
            renderer.reportLayouts()
            host.flushRender()
        }
        do {
            try body(renderer)
        } catch let error as HeadlessInputError {
            throw LuaError.message(error.message)
        }
    }

    private static func headless(_ reference: ScreenHostReference) throws -> (ScreenHost, HeadlessRenderer) {
        let host = try reference.required
        guard let renderer = HeadlessRenderer.underlying(host.renderer) else { throw LuaError.message("the app runs without a headless renderer") }
        return (host, renderer)
    }

    private static func luaValue(_ value: PropValue) -> LuaValue {
        switch value {
        case .bool(let b): .boolean(b)
        case .int(let i): .integer(i)
        case .double(let d): .number(d)
        case .string(let s): .string(s)
        case .style(let style): .table(StyleTable.table(of: style))
        }
    }
}
