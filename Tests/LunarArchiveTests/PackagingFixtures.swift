import Foundation
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarArchive
import LunarRuntime
import LunarTestSupport

/// A small bundle on disk: a home screen that shows a module's greeting and
/// fails on demand with a known line, plus development files and junk.
struct SampleBundle {
    static let homeScreen = """
        local ui = require("lunar.ui")
        local greeting = require("lib.greeting")
        return {
          render = function()
            return ui.Column { ui.Text(greeting.text()), ui.Button { title = "Fail", onPress = function()
              error("boom from the screen")
            end } }
          end,
        }
        """
    static let greeting = """
        local M = {}
        function M.text() return "hello from " .. _VERSION end
        return M
        """

    let directory: BundleDirectory
    var root: URL { directory.root }

    init(manifestExtras: String = "", files extra: [String: String] = [:]) throws {
        var files = [
            "manifest.json": #"{"name": "sample", "version": "2.1.0", "entry": "/home", "routes": {"/home": "screens.home"}\#(manifestExtras)}"#,
            "screens/home.lua": Self.homeScreen,
            "lib/greeting.lua": Self.greeting,
            "spec/home_spec.lua": "describe('home', function() it('opens', function() app.open('/home') end) end)\n",
            "mock-api/GET/hello.json": "{\"hello\": 1}\n",
            ".DS_Store": "junk",
            ".git/HEAD": "ref: refs/heads/main\n",
            "screens/.home.lua.swp": "swap",
            "screens/home.lua~": "backup",
        ]
        files.merge(extra) { $1 }
        directory = try BundleDirectory(prefix: "lunar-sample", files: files)
    }

    func write(_ path: String, _ text: String) throws { try directory.write(path, text) }

    func remove() { directory.remove() }
}

/// One entry to write into a hand-made zip.
struct RawEntry {
    var path: String
    var bytes: Data
    var type: ZipEntryKind = .file
    var compression: ZipWriter.Entry.Method = .deflated

    init(_ path: String, _ bytes: Data, type: ZipEntryKind = .file, compression: ZipWriter.Entry.Method = .deflated) {
        self.path = path
        self.bytes = bytes
        self.type = type
        self.compression = compression
    }

    init(_ path: String, _ text: String, type: ZipEntryKind = .file) {
        self.init(path, Data(text.utf8), type: type)
    }
}

/// Zip archives made directly with the packer's `ZipWriter`, to hand the reader what
/// `lunar bundle` never writes.
enum RawZip {
    static func make(_ entries: [RawEntry]) throws -> Data {
        var zip = ZipWriter()
        for entry in entries {
            try zip.add(ZipWriter.Entry(path: entry.path, bytes: entry.bytes, kind: entry.type,
                                        method: entry.type == .file ? entry.compression : .stored))
        }
        return try zip.finish()
    }

    /// Every file of an archive `lunar bundle` wrote, in order.
    static func entries(of data: Data) throws -> [RawEntry] {
        let contents = try ArchiveReader().read(data)
        return contents.paths.map { RawEntry($0, contents.files[$0] ?? Data()) }
    }

    /// The archive at `url` rewritten by `change`.
    static func rewrite(_ url: URL, _ change: (inout [RawEntry]) throws -> Void) throws {
        var entries = try self.entries(of: Data(contentsOf: url))
        try change(&entries)
        try make(entries).write(to: url)
    }
}

extension Array where Element == RawEntry {
    /// Replaces the bytes of the entry at `path`.
    mutating func replace(_ path: String, with bytes: Data) {
        for index in indices where self[index].path == path { self[index].bytes = bytes }
    }

    /// The bytes of the entry at `path`.
    func bytes(_ path: String) -> Data? { first { $0.path == path }?.bytes }
}

extension BundleArchiveError.Reason {
    /// The reason of the refusal `body` throws, nil if it throws none.
    static func of(_ body: () throws -> Void) -> BundleArchiveError.Reason? {
        do { try body() } catch let error as BundleArchiveError { return error.reason } catch { return nil }
        return nil
    }
}

/// Starts `bundle` headless on the virtual clock: the runtime, its first
/// screen, and the script errors it reports.
func startHeadless(_ bundle: ScriptBundle, options: RuntimeOptions = RuntimeOptions(clock: .virtual)) async throws -> (LunarRuntime, String, SharedLog<String>) {
    let runtime = try LunarRuntime(bundle: bundle, options: options)
    let errors = SharedLog<String>()
    await runtime.onScriptError { errors.append($0.report) }
    let first = try await runtime.startHeadless()
    return (runtime, first, errors)
}

