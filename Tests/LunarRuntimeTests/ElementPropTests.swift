import Foundation
import LunarBridge
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// An element given a key it does not take is an error at the caller's `file:line`, with a
/// did-you-mean (issue 30): the keys are ElementSpec's, the list `lunar check` reads too.
@Suite struct ElementPropTests {
    static func started() async throws -> (TestBundle, LunarRuntime) {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function() return ui.Text "home" end }
            """])
        return (bundle, try await bundle.start())
    }

    /// The error `code` raises, or nil.
    static func error(_ runtime: LunarRuntime, _ code: String) async -> String? {
        do {
            _ = try await runtime.lua("local ui = require('lunar.ui'); local signal = require('lunar.signal')\n" + code)
            return nil
        } catch let error as LuaScriptError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func anUnknownPropIsAnErrorAtTheCallersLineWithADidYouMean() async throws {
        let (bundle, runtime) = try await Self.started()
        defer { bundle.remove() }
        #expect(await Self.error(runtime, "ui.TextField { placeholdr = 'Name' }")
            == "test:2: ui.TextField has no prop 'placeholdr' (did you mean 'placeholder'?)")
        // No close name: the keys it takes, its own first.
        #expect(await Self.error(runtime, "ui.TextField { selectionColor = 'red' }")
            == "test:2: " + ElementSpec.unknownKeyMessage(kind: .textField, key: "selectionColor"))
        #expect(ElementSpec.unknownKeyMessage(kind: .textField, key: "selectionColor").hasPrefix(
            "ui.TextField has no prop 'selectionColor' (ui.TextField takes autoCapitalize, autoCorrect, autoFocus, bind, disabled, keyboardType, maxLength, multiline, numberOfLines, placeholder, returnKeyType, secure, value, and what every element takes: id, key, style,"))
        // A constructor's own field is refused on another kind (it was dropped without a word).
        #expect(await Self.error(runtime, "ui.Text { 'hi', bind = signal.value('x') }")?.hasPrefix("test:2: ui.Text has no prop 'bind'") == true)
        #expect(await Self.error(runtime, "ui.Column { items = {} }")?.hasPrefix("test:2: ui.Column has no prop 'items' (ui.Column takes only what every element takes") == true)
        // Props the runtime sets itself are not a script's to give.
        #expect(await Self.error(runtime, "ui.Image { alt = 'x', loadState = 'loaded' }")?.hasPrefix("test:2: ui.Image has no prop 'loadState'") == true)
        // A signal as the value changes nothing.
        #expect(await Self.error(runtime, "ui.Switch { vaule = signal.value(true) }") == "test:2: ui.Switch has no prop 'vaule' (did you mean 'value'?)")
    }

    @Test func everyKeyElementSpecDeclaresIsTakenByItsConstructor() async throws {
        let (bundle, runtime) = try await Self.started()
        defer { bundle.remove() }
        // A value each key takes.
        let values: [String: String] = [
            "items": "{}", "row": "function() return ui.Text 'r' end", "bind": "signal.value(false)",
            "command": "signal.command { run = function() return signal.of(1) end }", "onValueChange": "function() end",
            "style": "{ padding = 1 }", "accessibilityState": "{ selected = true }", "estimatedItemSize": "40",
            "drawDistance": "10", "initialNumToRender": "5", "onEndReachedThreshold": "0.5", "maxLength": "4",
            "secure": "true", "disabled": "false", "horizontal": "true", "animating": "true", "size": "'large'",
            "resizeMode": "'cover'", "multiline": "true", "numberOfLines": "3", "keyboardType": "'number'",
            "autoFocus": "true", "autoCapitalize": "'words'", "autoCorrect": "false", "returnKeyType": "'done'",
        ]
        for kind in ElementKind.allCases {
            for (key, role) in ElementSpec.keys(kind).sorted(by: { $0.key < $1.key }) {
                let value = values[key] ?? (role == .event ? "function() end" : "'x'")
                // A prop reaches the element's props, a handler its events (the Lua side maps each
                // event ElementSpec names); a field is the constructor's.
                let code = """
                    local node = ui.\(kind) { \(key) = \(value) }
                    local role = "\(role.rawValue)"
                    if role == "prop" and node.props["\(key)"] == nil then error("\(key) is not a prop of the node") end
                    if role == "event" and next(node.events) == nil then error("\(key) is not an event of the node") end
                    """
                // Another check of the constructor's may refuse the value alone (a List's items
                // without a row): not the key.
                let error = await Self.error(runtime, code)
                #expect(error == nil || (kind == .list && key == "items" && !error!.contains("has no prop")), "\(code): \(error ?? "")")
            }
        }
    }

    @Test func aScreenWithAnUnknownPropShowsTheErrorAtItsLine() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function()
              return ui.Column {
                ui.Button { title = "Go", onPres = function() end },
              }
            end }
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("ui.Button has no prop 'onPres' (did you mean 'onPress'?)"), "\(snapshot)")
        #expect(snapshot.contains("screens/home.lua:4"), "\(snapshot)")
    }
}

extension ElementPropTests {
    /// The LuaLS stubs (`---@class lunar.ui.TextFieldSpec` in ui.lua) say what ElementSpec takes:
    /// every key but the handlers, which every element takes (the stubs list each kind's own).
    @Test func theStubsOfEachSpecListTheKeysTheConstructorTakes() throws {
        let module = try #require(BridgeAPI.described().modules.first { $0.name == "lunar.ui" })
        let classes = Dictionary(module.classes.map { ($0.name, $0) }) { a, _ in a }
        func fields(_ name: String) -> Set<String> {
            guard let described = classes[name] else { return [] }
            return Set(described.properties.map(\.name)).union(described.supertypes.flatMap { fields($0) })
        }
        for kind in ElementKind.allCases {
            let stub = classes["lunar.ui.\(kind)Spec"] != nil ? "lunar.ui.\(kind)Spec" : "lunar.ui.Spec"
            let stubbed = fields(stub).subtracting(ElementSpec.events).filter { !$0.hasPrefix("[") }
            let declared = Set(ElementSpec.keys(kind).filter { $0.value != .event }.keys)
            #expect(stubbed == declared, "\(stub) for ui.\(kind)")
        }
    }
}
