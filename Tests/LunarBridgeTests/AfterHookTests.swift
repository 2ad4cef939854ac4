import Testing
import CLunar
@testable import LunarBridge

/// `LuaState.setAfterHooks`: the C trampoline's after hooks, at the bridge level.
@Suite(.serialized) struct AfterHookTests {
    final class Box: @unchecked Sendable {
        var value: LuaFunction?
        var failures: [String] = []
    }

    let state: LuaState
    let key = LuaFunctionKey(module: "native.hooked", function: "call")
    let kept = Box()

    init() throws {
        state = try LuaState()
        let key = key, kept = kept
        state.register(LuaModule("native.hooked") { m in
            // Calls `fn` back (Lua runs while this function's call is open).
            m.rawFunction("call(fn: function): integer") { frame in
                lua_settop(frame.stack.L, 1)
                try frame.stack.protectedCall(arguments: 0, results: 0)
                frame.push(7)
                return .results(1)
            }
            // Drops the hooks of `call`, then loads a chunk: `load` used to release dropped
            // references at once, and the chunk's new reference took the freed slot.
            m.rawFunction("swapAndLoad()") { frame in
                frame.state.setAfterHooks([], onFailure: { _ in }, for: key)
                kept.value = try frame.state.load("marks[#marks + 1] = 'chunk ran as a hook'", name: "=chunk")
                return .results(0)
            }
        })
        _ = try state.run("marks = {}", name: "=setup")
    }

    private func hooks(_ source: String) throws -> [LuaFunction] {
        // A table comes back as a reference (a callable table stands for a function).
        try state.callReturningAll(state.load(source, name: "=hooks"), [], keepingReferences: true).compactMap {
            switch $0 {
            case .function(let f): f
            case .reference(let r): LuaFunction(reference: r)
            default: nil
            }
        }
    }

    private func marks() throws -> String {
        try state.run("return table.concat(marks, '|')", name: "=marks").first?.stringValue ?? ""
    }

    @Test func hooksDroppedDuringTheCallStillRunForItAndTheirSlotIsNotReused() throws {
        let hook = try hooks("return function(ok, r) marks[#marks + 1] = 'hook ' .. tostring(ok) .. ' ' .. r end")
        state.setAfterHooks(hook, onFailure: { _ in }, for: key)
        let r = try state.run("""
            local h = require("native.hooked")
            local first = h.call(function() h.swapAndLoad() end)
            local second = h.call(function() end)
            return first, second
            """, name: "=test")
        #expect(r == [7, 7])
        // The first call keeps the hook it started with; the second has none.
        #expect(try marks() == "hook true 7")
    }

    @Test func aLoneCallableTableIsCalledThroughItsMetatable() throws {
        let hook = try hooks("""
            return setmetatable({ 'not a hook' }, { __call = function(self, ok, r) marks[#marks + 1] = 'called ' .. r end })
            """)
        state.setAfterHooks(hook, onFailure: { kept.failures.append($0.message) }, for: key)
        let r = try state.run("return require('native.hooked').call(function() end)", name: "=test")
        #expect(r == [7])
        #expect(try marks() == "called 7")
        #expect(kept.failures.isEmpty)
    }
}
