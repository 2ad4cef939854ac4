import Foundation
import LunarStorageLua
import LunarTestSupport
import Testing

/// `lunar.storage` from Lua: JSON values under string keys, kept on disk across states.
@Suite struct StorageScriptTests {
    @Test func setGetRemoveKeys() async throws {
        let h = try await ScriptHarness.storage()
        let out = try await h.run("""
            local storage = require("lunar.storage")
            print(storage.get("token"), #storage.keys())
            storage.set("token", "t-42")
            storage.set("loggedIn", true)
            storage.set("session", { user = { name = "ada", level = 3 }, tabs = { "home", "list" }, ratio = 0.5 })
            local s = storage.get("session")
            print(storage.get("token"), storage.get("loggedIn"), s.user.name, s.user.level, math.type(s.user.level), s.tabs[2], s.ratio)
            print(table.concat(storage.keys(), ","))
            storage.set("token", nil)
            storage.remove("loggedIn")
            storage.remove("never there")
            print(table.concat(storage.keys(), ","), storage.get("token"))
            """)
        #expect(out == "nil\t0\nt-42\ttrue\tada\t3\tinteger\tlist\t0.5\nloggedIn,session,token\nsession\tnil\n")
        #expect(h.errors.isEmpty)
    }

    @Test func valuesWithNoJSONFormAreRefusedAndChangeNothing() async throws {
        let h = try await ScriptHarness.storage()
        let out = try await h.run("""
            local storage = require("lunar.storage")
            storage.set("kept", 1)
            local cyclic = {}
            cyclic.self = cyclic
            local function try(value) print(select(2, pcall(storage.set, "kept", value))) end
            try(print)
            try({ price = 0/0 })
            try({ items = { { price = 1/0 } } })
            try({ 1, 2, x = 3 })
            try({ [true] = 1 })
            try(cyclic)
            print(storage.get("kept"))
            print(select(2, pcall(function() storage.set("k", { f = print }) end)))
            """)
        #expect(out == """
            storage unstorable: cannot store 'kept': cannot encode a function value at $
            storage unstorable: cannot store 'kept': cannot encode NaN at $.price
            storage unstorable: cannot store 'kept': cannot encode infinity at $.items[1].price
            storage unstorable: cannot store 'kept': cannot encode a table with both string and integer keys at $
            storage unstorable: cannot store 'kept': cannot encode a table with a boolean key at $
            storage unstorable: cannot store 'kept': cannot encode a table that contains itself at $.self
            1
            test.lua:13: storage unstorable: cannot store 'k': cannot encode a function value at $.f

            """)
    }

    @Test func survivesARestart() async throws {
        let folder = temporaryFolder()
        let first = try await ScriptHarness.storage(folder: folder)
        try await first.run("""
            local storage = require("lunar.storage")
            storage.set("loggedIn", true)
            storage.set("profile", { nick = "ada", ids = { 1, 2 } })
            """)
        let second = try await ScriptHarness.storage(folder: folder)
        let out = try await second.run("""
            local storage = require("lunar.storage")
            local p = storage.get("profile")
            print(storage.get("loggedIn"), p.nick, p.ids[2], table.concat(storage.keys(), ","))
            """)
        #expect(out == "true\tada\t2\tloggedIn,profile\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("storage.json").path))
    }

    @Test func aCorruptStoreIsAClearError() async throws {
        let folder = temporaryFolder()
        try Data("not json".utf8).write(to: folder.appendingPathComponent("storage.json"))
        let h = try await ScriptHarness.storage(folder: folder)
        let out = try await h.run(#"print(select(2, pcall(require("lunar.storage").get, "k")))"#)
        #expect(out.hasPrefix("storage corrupt: "))
        #expect(out.contains("storage.json is not a store"))
    }
}

/// Where `lunar exec` keeps a script's store when the host gives no directory.
@Suite struct StorageLocationTests {
    @Test func environmentWins() {
        let url = ScriptStorageLocation.directory(forScriptDirectory: URL(fileURLWithPath: "/work/app"),
                                                  environment: ["LUNAR_STORAGE_DIR": "/tmp/lunar-store"])
        #expect(url.path == "/tmp/lunar-store")
    }

    @Test func defaultIsNamedAfterTheScriptDirectoryAndStable() {
        let app = ScriptStorageLocation.directory(forScriptDirectory: URL(fileURLWithPath: "/work/app"), environment: [:])
        let again = ScriptStorageLocation.directory(forScriptDirectory: URL(fileURLWithPath: "/work/./app/"), environment: [:])
        let other = ScriptStorageLocation.directory(forScriptDirectory: URL(fileURLWithPath: "/elsewhere/app"), environment: [:])
        #expect(app == again)
        #expect(app != other)
        #expect(app.lastPathComponent.hasPrefix("app-"))
        #expect(app.lastPathComponent.count == "app-".count + 16)
        #expect(app.deletingLastPathComponent().path.hasSuffix("Lunar/Storage"))
    }
}
