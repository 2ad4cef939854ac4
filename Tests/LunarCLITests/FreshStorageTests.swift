import Foundation
import LunarTestSupport
import Testing

/// `lunar run --fresh-storage`: an empty store for one run, the saved store untouched.
@Suite struct FreshStorageTests {
    @Test func aFreshStorageRunStartsEmptyAndLeavesTheSavedStoreAlone() throws {
        let bundle = try BundleDirectory(prefix: "lunar-fresh", files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": """
                local storage = require("lunar.storage")
                local ui = require("lunar.ui")
                local screen = { title = "Home" }
                function screen:load()
                  self.visits = (storage.get("visits") or 0) + 1
                  storage.set("visits", self.visits)
                end
                function screen:render() return ui.Text("Visits: " .. self.visits) end
                return screen
                """,
        ])
        defer { bundle.remove() }
        let saved = try makeTemporaryDirectory("lunar-fresh-saved"), temporary = try makeTemporaryDirectory("lunar-fresh-tmp")
        defer {
            try? FileManager.default.removeItem(at: saved)
            try? FileManager.default.removeItem(at: temporary)
        }
        let environment = ["LUNAR_STORAGE_DIR": saved.path, "TMPDIR": temporary.path]
        func visits(_ arguments: [String]) throws -> String {
            let r = try LunarProcess.run(["run", bundle.root.path, "--headless"] + arguments, stdin: "wait\n", environment: environment)
            #expect(r.status == 0, "\(r.err)")
            return r.out.split(separator: "\n").first { $0.contains("Visits: ") }.map { $0.trimmingCharacters(in: .whitespaces) } ?? r.out
        }
        #expect(try visits([]) == #"Text "Visits: 1""#)
        #expect(try visits(["--fresh-storage"]) == #"Text "Visits: 1""#)
        #expect(try visits(["--fresh-storage"]) == #"Text "Visits: 1""#)
        #expect(try visits([]) == #"Text "Visits: 2""#)
        // The temporary store is gone with its run.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("lunar-fresh-storage-") } == [])
    }

    @Test func freshStorageDoesNotCombineWithUpdates() throws {
        let r = try LunarProcess.run(["run", "Examples/Showcase", "--fresh-storage", "--updates", "http://127.0.0.1:1/",
                                      "--channel", "beta", "--trust", "key.pub"])
        #expect(r.status != 0)
        #expect(r.err.contains("--fresh-storage does not combine with --updates"), "\(r.err)")
    }
}
