import Foundation
import LunarJSON
import LunarStorage
import LunarTestSupport
import Testing

@Suite struct KeyValueStoreTests {
    private func storeFile() -> URL {
        temporaryFolder().appendingPathComponent("store/data.json")
    }

    @Test func valuesSurviveARestart() throws {
        let file = storeFile()
        let store = try KeyValueStore(fileURL: file)
        #expect(store.keys.isEmpty)
        try store.set(true, forKey: "loggedIn")
        try store.set(["token": "t-1", "expires": 3600, "scopes": ["read"]], forKey: "session")
        try store.set("temporary", forKey: "scratch")
        try store.removeValue(forKey: "scratch")

        let restarted = try KeyValueStore(fileURL: file)
        #expect(restarted.keys == ["loggedIn", "session"])
        #expect(restarted.value(forKey: "loggedIn") == true)
        #expect(restarted.value(forKey: "session") == ["token": "t-1", "expires": 3600, "scopes": ["read"]])
        #expect(restarted.value(forKey: "scratch") == nil)

        try restarted.removeAll()
        #expect(try KeyValueStore(fileURL: file).keys.isEmpty)
    }

    @Test func jsonTextIsKeptAsWrittenAcrossARestart() throws {
        let file = storeFile()
        let store = try KeyValueStore(fileURL: file)
        let text = #"{"big":9007199254740993,"float":2.0,"list":[],"none":null}"#
        try store.setJSONText(Array(text.utf8), forKey: "doc")
        try store.set(["n": 3], forKey: "swift")
        #expect { try store.setJSONText(Array("{nope".utf8), forKey: "bad") } throws: { ($0 as? StorageError)?.kind == .unstorable }

        let restarted = try KeyValueStore(fileURL: file)
        #expect(restarted.jsonText(forKey: "doc") == Array(text.utf8))
        #expect(restarted.jsonText(forKey: "swift") == Array(#"{"n":3}"#.utf8))
        #expect(restarted.value(forKey: "doc")?["float"] == 2)
        #expect(restarted.keys == ["doc", "swift"])
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self)
                    == #"{"values":{"doc":{"big":9007199254740993,"float":2.0,"list":[],"none":null},"swift":{"n":3}},"version":1}"#)
    }

    @Test func codableValuesRoundTrip() throws {
        struct Account: Codable, Equatable {
            var name: String
            var level: Int
        }
        let file = storeFile()
        try KeyValueStore(fileURL: file).encode(Account(name: "ada", level: 3), forKey: "account")
        let store = try KeyValueStore(fileURL: file)
        #expect(store.decode(Account.self, forKey: "account") == Account(name: "ada", level: 3))
        #expect(store.decode(Int.self, forKey: "account") == nil)
        #expect(store.decode(Account.self, forKey: "absent") == nil)
    }

    @Test func unstorableValueIsAClearErrorAndChangesNothing() throws {
        let file = storeFile()
        let store = try KeyValueStore(fileURL: file)
        try store.set(1, forKey: "kept")
        #expect {
            try store.set(["price": .number(.infinity)], forKey: "bad")
        } throws: { error in
            let error = try #require(error as? StorageError)
            return error.kind == .unstorable && error.key == "bad" && error.message.contains("inf is not a JSON number")
        }
        #expect(throws: StorageError.self) { try store.encode(Double.nan, forKey: "nan") }
        #expect(store.keys == ["kept"])
        #expect(try KeyValueStore(fileURL: file).keys == ["kept"])
    }

    @Test func writesLeaveNoTemporaryFilesBehind() throws {
        let file = storeFile()
        let store = try KeyValueStore(fileURL: file)
        for index in 0..<5 { try store.set(.number(Double(index)), forKey: "k\(index)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["data.json"])
    }

    @Test func aCorruptFileIsReportedNotSilentlyEmptied() throws {
        let file = storeFile()
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version":1,"values":{"a":"#.utf8).write(to: file)
        #expect { try KeyValueStore(fileURL: file) } throws: { ($0 as? StorageError)?.kind == .corrupt }
        try Data(#"{"something":"else"}"#.utf8).write(to: file)
        #expect { try KeyValueStore(fileURL: file) } throws: { ($0 as? StorageError)?.kind == .corrupt }
    }

    @Test func anUnwritableLocationIsAnIOError() throws {
        let blocker = temporaryFolder().appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let store = try KeyValueStore(fileURL: blocker.appendingPathComponent("store.json"))
        #expect { try store.set(1, forKey: "a") } throws: { ($0 as? StorageError)?.kind == .io }
        #expect(store.value(forKey: "a") == nil)
    }
}
