import Foundation
import LunarTestSupport
import Testing

/// `lunar storage path|reset` through the built binary, against the store `lunar exec` keeps.
@Suite struct StorageCommandTests {
    @Test func pathAndResetFindTheStoreARunKeeps() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("app"), data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let script = app.appendingPathComponent("count.lua")
        try """
            local storage = require("lunar.storage")
            local runs = (storage.get("runs") or 0) + 1
            storage.set("runs", runs)
            print(runs)
            """.write(to: script, atomically: true, encoding: .utf8)
        // Linux's Application Support is $XDG_DATA_HOME; no $LUNAR_STORAGE_DIR.
        let environment = ["XDG_DATA_HOME": data.path, "LUNAR_STORAGE_DIR": ""]
        #expect(try LunarProcess.run(["exec", script.path], environment: environment).out == "1\n")
        #expect(try LunarProcess.run(["exec", script.path], environment: environment).out == "2\n")

        let path = try LunarProcess.run(["storage", "path", app.path], environment: environment)
        #expect(path.status == 0, "\(path.err)")
        let store = path.out.trimmingCharacters(in: .newlines)
        #expect(store.hasPrefix(data.path + "/Lunar/Storage/app-"))
        #expect(FileManager.default.fileExists(atPath: store + "/storage.json"))

        let reset = try LunarProcess.run(["storage", "reset", app.path], environment: environment)
        #expect(reset.status == 0, "\(reset.err)")
        #expect(reset.out == "lunar: deleted \(store)/storage.json\n")
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(try LunarProcess.run(["exec", script.path], environment: environment).out == "1\n")

        #expect(try LunarProcess.run(["storage", "reset", app.path], environment: environment).out
            == "lunar: deleted \(store)/storage.json\n")
        let again = try LunarProcess.run(["storage", "reset", app.path], environment: environment)
        #expect(again.status == 0)
        #expect(again.out == "lunar: no store at \(store)/storage.json\n")
    }

    @Test func theEnvironmentsStorageDirectoryWinsAndItsOtherFilesStay() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shared = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try "{}".write(to: shared.appendingPathComponent("storage.json"), atomically: true, encoding: .utf8)
        try "keep".write(to: shared.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let environment = ["LUNAR_STORAGE_DIR": shared.path]
        #expect(try LunarProcess.run(["storage", "path", dir.path], environment: environment).out == shared.path + "\n")
        #expect(try LunarProcess.run(["storage", "reset", dir.path], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: shared.appendingPathComponent("storage.json").path))
        #expect(FileManager.default.fileExists(atPath: shared.appendingPathComponent("notes.txt").path))
    }

    @Test func aMissingBundleIsAnError() throws {
        let result = try LunarProcess.run(["storage", "path", "/nonexistent/lunar-app"])
        #expect(result.status == 1)
        #expect(result.err == "lunar: /nonexistent/lunar-app: no such bundle\n")
    }
}
