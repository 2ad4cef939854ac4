import Foundation
import LunarBridge
import LunarRuntime
import Testing

/// The fault catalogue: `lunar.storage` against a script that fills it. Storage lives outside
/// the memory cap (on disk, and in the store's memory), so its quota is what bounds it: a bundle
/// that stores 20 MB strings from a button reached 1.3 GB of memory and a 400 MB file before
/// (issue 23, item 3). Each case runs under a 64 MB cap and the runtime's default budget (so the
/// quota, not the budget, is what stops it).
@Suite struct StorageQuotaCatalogue {
    static let lua = LuaStateOptions(memoryLimit: FaultApp.memoryLimit, instructionBudget: 200_000_000)

    func storeSize(_ app: FaultApp) -> Int {
        let file = app.root.appendingPathComponent(".storage/storage.json")
        return ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
    }

    func fire(_ code: String) async throws -> (FaultApp, line: Int) {
        let screen = FaultPlace.victim(onPress: code + " " + FaultPlace.marker)
        let app = try await FaultApp(files: ["screens/victim.lua": screen], lua: Self.lua)
        try await app.run(.open("/navPush/victim"), .tap("Fire"))
        return (app, screen.lineNumber(of: FaultPlace.marker)!)
    }

    @Test func oversizedValuesAreRefusedAtTheCallersLine() async throws {
        let (app, line) = try await fire(
            #"local storage = require("lunar.storage") for i = 1, 10 do storage.set("k" .. i, string.rep("x", 20 * 2^20)) end"#)
        let message = try #require(app.reported.first?.message)
        #expect(message.hasPrefix("screens/victim.lua:\(line): storage quota: cannot store 'k1': the value is over 1048576 bytes as JSON"),
                "\(message)")
        #expect(storeSize(app) == 0, "nothing was written")
        #expect(try await app.lua("return #require('lunar.storage').keys()") == [.integer(0)])
        #expect(try await app.assertUsable())
    }

    @Test func aFullStoreRefusesMoreAndKeepsWhatItHas() async throws {
        let (app, line) = try await fire(
            #"local storage = require("lunar.storage") for i = 1, 100 do storage.set("k" .. i, string.rep("x", 1000000)) end"#)
        let message = try #require(app.reported.first?.message)
        #expect(message.hasPrefix("screens/victim.lua:\(line): storage quota: cannot store 'k6': the store would be"), "\(message)")
        #expect(storeSize(app) <= 5 << 20)
        #expect(try await app.lua("return #require('lunar.storage').keys()") == [.integer(5)])
        // Removing always works, and frees room for a new value.
        #expect(try await app.lua("""
            local storage = require("lunar.storage")
            storage.remove("k1")
            storage.set("k6", string.rep("y", 1000000))
            return #storage.keys(), #storage.get("k6")
            """) == [.integer(5), .integer(1_000_000)])
        #expect(try await app.assertUsable())
    }

    @Test func aDeepOrWideValueCountsByItsJSONSize() async throws {
        // Many small strings add up: the quota is on the JSON text, not on any one string.
        let app = try await FaultApp(files: [:], lua: Self.lua)
        do {
            _ = try await app.lua("""
                local t = {}
                for i = 1, 200000 do t[i] = "abcdefgh" end
                require("lunar.storage").set("list", t)
                """, name: "@probe.lua")
            Issue.record("a 2.2 MB list was stored")
        } catch let error as LuaScriptError {
            #expect(error.message.hasPrefix("probe.lua:3: storage quota: cannot store 'list'"), "\(error.message)")
        }
        #expect(storeSize(app) == 0)
    }
}
