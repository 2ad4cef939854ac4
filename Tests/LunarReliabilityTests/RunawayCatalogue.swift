import Foundation
import LunarBridge
import LunarRuntime
import Testing

/// The fault catalogue, part 2: runaway scripts. Each bomb runs from a button handler of a fresh
/// app (memory cap ``FaultApp/memoryLimit``, budget ``FaultApp/budget`` instructions per host
/// call) and must be stopped with a clear error at its line, the app usable afterwards. An
/// infinite loop in each place a script runs is in ``ScriptFaultCatalogue``.
// Each bomb is stopped within a second; with the stock library, the C-work bombs ran for
// minutes to hours, which the time limit turns into a failure.
@Suite(.timeLimit(.minutes(1))) struct RunawayCatalogue {
    struct Bomb: Sendable, CustomTestStringConvertible {
        let name: String
        let code: String
        /// The start of the reported message after `file:line: `.
        let stoppedWith: String
        /// The instruction budget it runs with.
        var budget = FaultApp.budget
        var testDescription: String { name }
    }

    /// For the bombs that test the memory cap and the stack limit: the bytes they produce are
    /// charged to the budget (1 instruction per 16 bytes), and at ``FaultApp/budget`` that stops
    /// them (just as well) before the cap they test is reached.
    static let roomyBudget = 20_000_000

    static let bombs: [Bomb] = [
        Bomb(name: "memory bomb (a growing table)",
             code: #"local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 4096) .. i end"#, stoppedWith: "not enough memory", budget: roomyBudget),
        Bomb(name: "string.rep bomb", code: #"local s = string.rep("x", 2^30)"#, stoppedWith: "not enough memory"),
        Bomb(name: "string doubling bomb", code: #"local s = "x" while true do s = s .. s end"#, stoppedWith: "not enough memory", budget: roomyBudget),
        Bomb(name: "table.concat bomb",
             code: #"local t = {} for i = 1, 1e6 do t[i] = string.rep("x", 200) end local s = table.concat(t)"#,
             stoppedWith: "not enough memory", budget: roomyBudget),
        Bomb(name: "deep recursion", code: "local function f(n) return 1 + f(n + 1) end f(1)", stoppedWith: "stack overflow", budget: roomyBudget),
        Bomb(name: "deep recursion through a metamethod",
             code: "local t = setmetatable({}, { __index = function(t, k) return t[k .. 'x'] end }) local v = t.a",
             stoppedWith: "C stack overflow"),
        Bomb(name: "coroutine bomb (many coroutines)",
             code: "local list = {} while true do list[#list + 1] = coroutine.create(function() end) end",
             stoppedWith: "not enough memory", budget: roomyBudget),
        Bomb(name: "coroutine bomb (coroutines creating coroutines)",
             code: "local function nest() coroutine.wrap(nest)() end nest()", stoppedWith: "C stack overflow"),
        Bomb(name: "infinite loop inside a coroutine",
             code: "coroutine.wrap(function() while true do end end)()", stoppedWith: "instruction budget exceeded"),
        Bomb(name: "pcall loop swallowing the stop",
             code: "while true do pcall(function() while true do end end) end", stoppedWith: "instruction budget exceeded"),
        Bomb(name: "coroutine.resume loop swallowing the stop",
             code: "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
             stoppedWith: "instruction budget exceeded"),
        Bomb(name: "pcall loop swallowing memory errors",
             code: #"while true do pcall(string.rep, "x", 2^30) end"#, stoppedWith: "instruction budget exceeded"),
        Bomb(name: "xpcall with a looping message handler",
             code: #"while true do xpcall(error, function() while true do end end, "x") end"#,
             stoppedWith: "instruction budget exceeded"),
        Bomb(name: "looping __tostring", code: "local s = tostring(setmetatable({}, { __tostring = function() while true do end end }))",
             stoppedWith: "instruction budget exceeded"),
        Bomb(name: "looping table.sort comparator",
             code: "local t = {3, 1, 2} table.sort(t, function(a, b) while true do end end)", stoppedWith: "instruction budget exceeded"),
        Bomb(name: "load with an endless reader", code: #"local f = load(function() return "--xxxxxxxxxxxxxxxx" end)"#,
             stoppedWith: "instruction budget exceeded"),
        Bomb(name: "JSON nesting bomb", code: #"local v = require("lunar.json").decode(string.rep("[", 1e6))"#,
             stoppedWith: "invalid JSON"),
    ] + workInsideC + workInSwift

    /// Work inside C library functions, which the count hook never sees: each of these hung
    /// the host (a single call that runs for hours, or a cheap loop around a call that does
    /// milliseconds of C work). Lunar charges that work to the budget (docs/swift-host.md,
    /// "Limits"), so each is stopped like a Lua loop.
    static let workInsideC: [Bomb] = [
        ("table.move of 2^40 elements", #"table.move({}, 1, 2^40, 2)"#),
        ("string.rep of an empty string 2^50 times, in a loop", #"while true do local s = string.rep("", 2^50) end"#),
        ("a loop of 16 MB string.rep", #"for i = 1, 1e9 do local s = string.rep("x", 2^24) end"#),
        ("string.find with a 400 KB set", #"string.find(string.rep("b", 70000), "[" .. string.rep("a", 400000) .. "]")"#),
        ("plain string.find over 8 MB, in a loop", #"local s = string.rep("x", 2^23) for i = 1, 1e9 do s:find("y", 1, true) end"#),
        ("table.insert shifting 2^40 elements (a lying __len)",
         #"table.insert(setmetatable({}, { __len = function() return 2^40 end }), 1, "x")"#),
        ("table.remove shifting 2^40 elements", #"table.remove(setmetatable({}, { __len = function() return 2^40 end }), 1)"#),
        ("table.unpack of 900,000 values, in a loop", #"while true do table.unpack({}, 1, 900000) end"#),
        ("string.byte of 900,000 bytes, in a loop", #"local s = string.rep("x", 900000) while true do string.byte(s, 1, -1) end"#),
        ("utf8.codepoint of 900,000 bytes, in a loop",
         #"local s = string.rep("x", 900000) while true do utf8.codepoint(s, 1, -1) end"#),
        ("table.sort of 300,000 elements, in a loop",
         #"local t = { string.byte(string.rep("x", 300000), 1, -1) } while true do table.sort(t) end"#),
        ("table.concat of 300,000 elements, in a loop",
         #"local t = { string.byte(string.rep("x", 300000), 1, -1) } while true do local s = table.concat(t) end"#),
        ("utf8.len of 4 MB, in a loop", #"local s = string.rep("é", 2^21) while true do utf8.len(s) end"#),
        ("utf8.offset across 4 MB, in a loop", #"local s = string.rep("é", 2^21) while true do utf8.offset(s, 2^20) end"#),
        ("utf8.codes skipping 4 MB of continuation bytes, in a loop",
         #"local s = "a" .. string.rep("", 2^22) local step = utf8.codes(s) while true do step(s, 1) end"#),
        ("full collections of a large heap, in a loop",
         #"local t = { string.byte(string.rep("x", 600000), 1, -1) } while true do collectgarbage() end"#),
        ("tonumber of a 4 MB numeral, in a loop", #"local s = string.rep("1", 2^22) while true do tonumber(s) end"#),
        ("arithmetic on a 4 MB numeral string, in a loop", #"local s = string.rep("1", 2^22) while true do local x = s + 0 end"#),
        ("load of a 4 MB comment, in a loop", #"local s = "--" .. string.rep("x", 2^22) while true do load(s) end"#),
        ("load with a reader returning 4 MB pieces", #"local s = "--" .. string.rep("x", 2^22) local f = load(function() return s end)"#),
        ("string.pack of a 4 MB format of spaces, in a loop", #"local s = string.rep(" ", 2^22) while true do string.pack(s) end"#),
        ("string.unpack 'z' with no terminator in 8 MB, in a loop",
         #"local s = string.rep("x", 2^23) while true do pcall(string.unpack, "z", s) end"#),
    ].map { Bomb(name: $0.0, code: $0.1, stoppedWith: "instruction budget exceeded") }

    /// Work inside the runtime's Swift modules, which the count hook never sees either: a loop
    /// around `layout.compute` of a 20,000-node tree ran to a 90 s timeout with no report. Each
    /// bridged function charges its work by its size (``LuaState/charge(units:)``), and copying
    /// tables and long strings between Lua and Swift is charged by the bridge, so each is stopped
    /// at its line like a Lua loop.
    static let workInSwift: [Bomb] = [
        ("layout.compute of a 20,000-node tree, in a loop",
         #"local layout = require("lunar.layout") local kids = {} for i = 1, 20000 do kids[i] = { style = { height = 1 } } end local tree = { children = kids } while true do layout.compute(tree, { width = 100 }) end"#),
        ("router.url with a 20,000-item query, in a loop",
         #"local router = require("lunar.router") local q = {} for i = 1, 20000 do q["k" .. i] = "v" end while true do router.url("/a", nil, q) end"#),
        ("router.queryString of 20,000 items, in a loop",
         #"local router = require("lunar.router") local q = {} for i = 1, 20000 do q["k" .. i] = "v" end while true do router.queryString(q) end"#),
        ("router.parseQuery of a 20,000-item URL, in a loop",
         #"local router = require("lunar.router") local p = {} for i = 1, 20000 do p[i] = "k" .. i .. "=v" end local url = "/a?" .. table.concat(p, "&") while true do router.parseQuery(url) end"#),
        ("storage.set of a small value, in a loop (a write to disk each)",
         #"local storage = require("lunar.storage") local i = 0 while true do i = i + 1 storage.set("k", i) end"#),
    ].map { Bomb(name: $0.0, code: $0.1, stoppedWith: "instruction budget exceeded") }

    @Test(arguments: bombs)
    func bombIsStoppedAtItsLine(_ bomb: Bomb) async throws {
        let app = try await FaultApp(files: ["screens/victim.lua": FaultPlace.victim(onPress: bomb.code + " " + FaultPlace.marker)],
                                     lua: LuaStateOptions(memoryLimit: FaultApp.memoryLimit, instructionBudget: bomb.budget))
        try await app.run(.open("/navPush/victim"), .tap("Fire"))
        let line = FaultPlace.victim(onPress: bomb.code + " " + FaultPlace.marker).lineNumber(of: FaultPlace.marker)!
        // The message starts at the bomb's line (coroutine.wrap adds the line once more as it
        // passes the error on). Memory errors carry no position: Lua raises them without
        // calling the message handler, so they are reported as the bare message.
        let place = "screens/victim.lua:\(line):"
        let messages = app.reported.map(\.message)
        #expect(messages.contains { message in
            message.contains(bomb.stoppedWith) && (message.hasPrefix(place) || message == "not enough memory")
        }, "expected '\(place) ... \(bomb.stoppedWith)' among \(messages)")
        #expect(try await app.assertUsable())
    }

    /// A screen's element tree is read, reconciled, laid out and drawn in Swift: a handler that
    /// pushes and pops a screen of 2,000 elements (built once, so each render is a few Lua
    /// instructions) did seconds of that work per thousand instructions. Each element read is
    /// charged, so the loop is stopped at its line.
    @Test func aLoopOfPushingABigScreenIsStopped() async throws {
        let big = """
            local ui = require("lunar.ui")
            local rows = {}
            for i = 1, 2000 do rows[i] = ui.Text("row " .. i) end
            local tree = ui.Column(rows)
            return { title = "Big", render = function() return tree end }
            """
        let code = #"local nav = require("lunar.navigator") while true do nav.push("/big") nav.pop() end"#
        let victim = FaultPlace.victim(onPress: code + " " + FaultPlace.marker)
        let app = try await FaultApp(files: ["screens/victim.lua": victim, "screens/big.lua": big], routes: ["/big": "screens.big"])
        try await app.run(.open("/navPush/victim"), .tap("Fire"))
        let place = "screens/victim.lua:\(victim.lineNumber(of: FaultPlace.marker)!):"
        let messages = app.reported.map(\.message)
        #expect(messages.contains { $0.hasPrefix(place) && $0.contains("instruction budget exceeded") },
                "expected '\(place) ... instruction budget exceeded' among \(messages)")
        #expect(try await app.assertUsable())
    }

    /// Pattern matching runs inside C, where instruction hooks do not fire: Lunar's own matcher
    /// charges its steps to the budget, so a backtracking pattern (minutes to hours with the
    /// stock library at these sizes) is stopped like a Lua loop.
    @Test(arguments: [
        #"string.find(string.rep("a", 30000), ".-.-.-.-.-.-b")"#,
        #"string.gsub(string.rep("a", 30000), ".-.-.-.-b", "")"#,
        #"string.match(string.rep("a", 100000), "(.-)%1b")"#,
        #"for _ in string.gmatch(string.rep("a", 30000), ".-.-.-b") do end"#,
    ])
    func backtrackingPatternIsStopped(_ code: String) async throws {
        let app = try await FaultApp(files: [:], lua: LuaStateOptions(memoryLimit: FaultApp.memoryLimit, instructionBudget: 200_000))
        do {
            _ = try await app.lua(code)
            Issue.record("a backtracking pattern ran to its end")
        } catch let error as LuaScriptError {
            #expect(error.message.contains("instruction budget exceeded"), "\(error.message)")
        }
        #expect(try await app.assertUsable())
    }

    /// Strings of 100 MB cross the bridge both ways under the runtime's default cap (256 MB);
    /// one past an app's cap is refused with Lua's memory error and the app goes on.
    @Test func hugeStringsCrossTheBridge() async throws {
        let sink = LuaModule("native.sink") { m in
            m.function("length") { (text: String) -> Int in text.utf8.count }
            m.function("make") { (count: Int) -> String in String(decoding: [UInt8](repeating: UInt8(ascii: "y"), count: count), as: UTF8.self) }
        }
        let roomy = try await FaultApp(files: [:], lua: RuntimeOptions().lua)
        await roomy.runtime.register(sink)
        let hundredMB = 100 << 20
        #expect(try await roomy.lua("return require('native.sink').length(string.rep('x', \(hundredMB)))") == [.integer(hundredMB)])
        #expect(try await roomy.lua("return #require('native.sink').make(\(hundredMB))") == [.integer(hundredMB)])
        #expect(try await roomy.assertUsable())

        let app = try await FaultApp(files: [:])
        await app.runtime.register(sink)
        do {
            _ = try await app.lua("local s = require('native.sink').make(\(hundredMB)) return #s")
            Issue.record("a 100 MB string went past the 64 MB cap")
        } catch let error as LuaScriptError {
            #expect(error.message.contains("not enough memory"), "\(error.message)")
        }
        #expect(try await app.assertUsable())
    }
}
