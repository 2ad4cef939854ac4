import LunarBridge
import LunarSignals
import LunarSignalsLua
import LunarUI

/// `lunar.ui`: element constructors (written in Lua, so building a tree costs
/// no bridge calls) plus `hud`, `toast` and `alert`, which reach the renderer.
///
/// An element is a plain table `{ kind=, id=, key=, props={}, events={}, children={} }`.
/// Constructors take a label string or a spec table:
///
/// ```lua
/// ui.Column { ui.Text "Hello", ui.Button { title = "Go", onPress = go } }
/// ui.TextField { placeholder = "Account", bind = vm.account, maxLength = 25 }
/// ui.List { items = vm.items, key = "id", row = function(item) return ui.Text(item.name) end }
/// ```
enum UIModule {
    static func native(host: ScreenHostReference) -> LuaModule {
        LuaModule("lunar.ui.native") { m in
            m.function("showHUD(text)") { (text: String?) in host.host?.showHUD(text) }
            m.function("hideHUD") { () in host.host?.hideHUD() }
            m.function("toast(text)") { (text: String) in host.host?.toast(text) }
            // A component called setState: its pass runs after the current job (coalesced).
            m.function("componentChanged") { () in host.host?.scheduleComponents() }
            // ui.appearance: a read-only view of what the renderer reported (read once, as ui.lua loads).
            m.rawFunction("appearance(): Property<string>") { frame in
                let property = host.host?.device.appearance ?? Property(.string(Appearance.light.rawValue))
                frame.push(LuaProperty(readOnly: property.signal, current: { property.value }, context: .of(frame.state)))
                return .results(1)
            }
            // ui.window, the same way.
            m.rawFunction("window(): Property<table>") { frame in
                let property = host.host?.device.window ?? Property(.nil)
                frame.push(LuaProperty(readOnly: property.signal, current: { property.value }, context: .of(frame.state)))
                return .results(1)
            }
            // nil when the scroll is on its way to the renderer, else what is wrong (ui.lua raises it).
            m.function("scrollTo(id, x, y, animated, toEnd)") { (id: String, x: Double?, y: Double?, animated: Bool, toEnd: Bool) -> String? in
                guard let host = host.host else { return "no screen is shown" }
                return host.scrollTo(elementID: id, x: x, y: y, animated: animated, toEnd: toEnd)
            }
            // ui.focus(id) / ui.blur(): nil when the renderer was asked, else what is wrong (ui.lua raises it).
            m.function("focus(id)") { (id: String?) -> String? in
                guard let host = host.host else { return "no screen is shown" }
                return host.focus(elementID: id)
            }
            // ElementSpec's rules for a TextField's text-input props, for ui.TextField's checks:
            // { multiline = "boolean", numberOfLines = "positiveCount", keyboardType = { number = true, ... }, ... }.
            m.function("textInputRules(): table") { () -> LuaValue in
                var rules: [LuaKey: LuaValue] = [:]
                for (prop, rule) in ElementSpec.textInputRules {
                    switch rule {
                    case .boolean: rules[.string(prop.rawValue)] = .string("boolean")
                    case .positiveCount: rules[.string(prop.rawValue)] = .string("positiveCount")
                    case .oneOf(let names):
                        rules[.string(prop.rawValue)] = .table(LuaTable(fields: Dictionary(uniqueKeysWithValues: names.map { (LuaKey.string($0), LuaValue.boolean(true)) })))
                    }
                }
                return .table(LuaTable(fields: rules))
            }
            // What ui.TextField raises (at the script's line) for a text-input prop's bad value.
            m.function("badValue(prop, got): string") { (prop: String, got: String) -> String in
                ElementSpec.badValueMessage(prop: PropName(rawValue: prop), got: got)
            }
            // The one number rule (LuaNumberRange) for ui.lua's checks: nil when `value` is in the
            // range `kind` names, else what is wrong (ui.lua raises it at the script's line).
            m.function("numberProblem(kind, value, what)") { (kind: String, value: LuaValue, what: String) -> String? in
                let ranges: [String: LuaNumberRange] = [
                    "length": .length, "size": .size, "positiveSize": .positiveSize, "count": .count,
                    "positiveCount": .positiveCount, "seconds": .seconds,
                ]
                guard let range = ranges[kind] else { return "unknown number kind '\(kind)'" }
                do throws(LuaTypeMismatch) { _ = try range.check(value, what) } catch { return error.problem }
                return nil
            }
            // ElementSpec's keys for ui.lua's element(), read once at load: { TextField = { bind = "field",
            // placeholder = "prop", onSubmit = "event", ... }, ... }, so a known key costs two table reads.
            m.function("elementKeys(): table") { () -> LuaValue in
                var kinds: [LuaKey: LuaValue] = [:]
                for kind in ElementKind.allCases {
                    var keys: [LuaKey: LuaValue] = [:]
                    for (key, role) in ElementSpec.keys(kind) { keys[.string(key)] = .string(role.rawValue) }
                    kinds[.string(kind.rawValue)] = .table(LuaTable(fields: keys))
                }
                return .table(LuaTable(fields: kinds))
            }
            // What ui.lua raises (at the script's line) for a key the element does not take.
            m.function("unknownKey(kind, key): string") { (kind: String, key: String) -> String in
                guard let known = ElementKind(rawValue: kind) else { return "ui.\(kind) has no prop '\(key)'" }
                return ElementSpec.unknownKeyMessage(kind: known, key: key)
            }
            m.rawFunction("styles(styles: table, checked: table): table") { frame in
                try checkStyles(frame)
                return .results(1)
            }
            // The module whose top level is running, and which run of it (ui.component's identity).
            m.rawFunction("loadingModule(): string?, integer?") { frame in
                guard let registrations = frame.stack.state[extension: ModuleRegistrations.self],
                      let module = registrations.loading.last, let run = registrations.runs.last else { return .results(0) }
                frame.push(module)
                frame.push(run)
                return .results(2)
            }
            m.rawFunction("alert(spec: table)") { frame in
                let spec = try frame.argument(1, as: LuaTableReference.self)
                try host.host?.alert(spec)
                return .results(0)
            }
        }
    }

    static let source = LuaSource("lunar.ui", embedded: PackageResources.ui_lua)
    /// Components (`ui.component`): declared, expanded and re-rendered in Lua (docs/lua/components.md).
    static let componentSource = LuaSource("lunar.ui.component", embedded: PackageResources.component_lua)

    /// `ui.styles(styles)`: checks every named style of argument 1 (React Native's
    /// `StyleSheet.create`), marks each in argument 2 (`lunar.ui`'s weak set of checked styles)
    /// and leaves argument 1 on top, the same table. An error names the line that called
    /// `ui.styles` (two levels up: `ui.styles` is the Lua function calling this).
    private static func checkStyles(_ frame: LuaCallFrame) throws {
        let stack = frame.stack
        func fail(_ problem: String) -> LuaError {
            let message = "bad argument #1 to 'ui.styles' (\(problem))"
            return .value(.string(stack.callerLocation(level: 2).map { "\($0): \(message)" } ?? message))
        }
        guard let styles = stack.table(at: 1) else {
            throw fail("a table of named styles expected, got \(stack.typeName(at: 1))")
        }
        guard let checked = stack.table(at: 2) else { throw fail("lunar.ui's set of checked styles is missing") }
        var names: [String] = []
        try styles.forEachPair { key, _ in
            guard stack.type(at: key) == .string, let name = try? String.read(from: stack, at: key) else {
                throw fail("styles are named: ui.styles { card = { ... } }, got a \(stack.typeName(at: key)) key")
            }
            names.append(name)
        }
        let reader = StyleTable(stack: stack)
        for name in names.sorted() {
            try styles.withField(name) { value in
                guard stack.type(at: value) == .table else {
                    throw fail("styles.\(name) must be a table of style keys, got a \(stack.typeName(at: value))")
                }
                do throws(StyleError) {
                    _ = try reader.style(at: value, path: "styles.\(name)")
                } catch {
                    throw fail(error.message)
                }
                checked.set(keyAt: value, true)
            }
        }
        stack.setTop(1)
    }
}

/// A weak link from bridged closures to the screen host (which owns the state).
package final class ScreenHostReference: @unchecked Sendable {
    package weak var host: ScreenHost?
    package init() {}
}
