import Foundation
import LunarStorage

/// The snapshots of one spec file (`expect(app.screen()):toMatchSnapshot()`), stored beside it:
/// `spec/home_spec.lua` keeps them in `spec/__snapshots__/home_spec.snap`.
///
/// The file is Lua-shaped text, one entry per snapshot, sorted by name, so a diff of it reads
/// like a diff of the screens:
///
/// ```
/// -- Snapshots of spec/home_spec.lua, written by `lunar test` (`lunar test --update` rewrites them).
///
/// snapshot["home greets the name typed 1"] = [[
/// == Home ==
/// ...
/// ]]
/// ```
///
/// A name is the test's full name and the count of `toMatchSnapshot()` calls in it so far; the
/// text sits in a long bracket (`[==[ ... ]==]` when the text holds `]]`), unescaped.
/// A snapshot not stored yet is added and passes; one that differs fails with a line diff,
/// unless `update` is set, in which case it is replaced. Nothing is written until ``save(complete:)``.
/// Confined to the executor that runs the spec file (the Lua calls that reach it run there).
final class SpecSnapshots: @unchecked Sendable {
    /// The snapshot file, relative to the bundle root.
    let path: String
    private let specFile: String
    private let url: URL
    private let update: Bool
    /// What the file held when first read (nil until read).
    private var stored: [String: String]?
    private var entries: [String: String] = [:]
    private var seen: Set<String> = []
    private var written = 0
    private var updated = 0

    init(bundleRoot: URL, specFile: String, update: Bool) {
        let spec = specFile as NSString
        let name = (spec.lastPathComponent as NSString).deletingPathExtension + ".snap"
        let directory = spec.deletingLastPathComponent
        path = (directory.isEmpty ? "" : directory + "/") + "__snapshots__/" + name
        url = bundleRoot.appendingPathComponent(path)
        self.specFile = specFile
        self.update = update
    }

    /// Checks `text` against the snapshot `name`: nil when it matches (or was added or
    /// updated), else the failure message with the diff.
    func check(_ name: String, _ text: String) throws -> String? {
        let stored = try load()
        seen.insert(name)
        guard let old = stored[name] else {
            entries[name] = text
            written += 1
            return nil
        }
        if old == text { return nil }
        if update {
            entries[name] = text
            updated += 1
            return nil
        }
        return "snapshot \(Self.quoted(name)) does not match \(path) (- stored, + now; "
            + "`lunar test --update` rewrites it):\n" + LineDiff.render(old: old, new: text)
    }

    /// Writes the file when the run added or changed a snapshot, or (`update` and a run of
    /// every test, `complete`) when stored snapshots no test asked for are left to remove.
    /// Returns what it did, for the report.
    func save(complete: Bool) throws -> [String] {
        guard let stored else { return [] }
        var obsolete = 0
        if update && complete {
            for name in entries.keys where !seen.contains(name) {
                entries[name] = nil
                obsolete += 1
            }
        }
        guard written + updated + obsolete > 0 else { return [] }
        let text = entries.isEmpty ? nil : Self.render(entries, spec: specFile)
        do {
            if let text {
                try AtomicFile.write(Data(text.utf8), to: url, permissions: 0o666)
            } else if !stored.isEmpty {
                try FileManager.default.removeItem(at: url)
            }
        } catch {
            throw SnapshotFileError(message: "cannot write \(path): \(error.localizedDescription)")
        }
        var notes: [String] = []
        if written > 0 { notes.append("\(Self.count(written)) written to \(path)") }
        if updated > 0 { notes.append("\(Self.count(updated)) updated in \(path)") }
        if obsolete > 0 { notes.append("\(Self.count(obsolete)) no test asked for removed from \(path)") }
        return notes
    }

    private static func count(_ n: Int) -> String {
        n == 1 ? "1 snapshot" : "\(n) snapshots"
    }

    private func load() throws -> [String: String] {
        if let stored { return stored }
        var loaded: [String: String] = [:]
        if let data = FileManager.default.contents(atPath: url.path) {
            do {
                loaded = try Self.parse(String(decoding: data, as: UTF8.self))
            } catch let error as SnapshotFileError {
                throw SnapshotFileError(message: "\(path): \(error.message)")
            }
        }
        stored = loaded
        entries = loaded
        return loaded
    }

    // MARK: The file format

    static func render(_ entries: [String: String], spec: String) -> String {
        var out = "-- Snapshots of \(spec), written by `lunar test` (`lunar test --update` rewrites them).\n"
        for name in entries.keys.sorted() {
            let text = entries[name]!
            var level = ""
            while (text + "]").contains("]" + level + "]") { level += "=" }
            out += "\nsnapshot[\(quoted(name))] = [\(level)[\n\(text)]\(level)]\n"
        }
        return out
    }

    static func parse(_ file: String) throws -> [String: String] {
        var entries: [String: String] = [:]
        var rest = Substring(file)
        var line = 1
        while !rest.isEmpty {
            if rest.hasPrefix("\n") {
                rest.removeFirst()
                line += 1
            } else if rest.hasPrefix("--") {
                let end = rest.firstIndex(of: "\n") ?? rest.endIndex
                rest = rest[end...]
            } else if rest.hasPrefix("snapshot[\"") {
                rest.removeFirst("snapshot[".count)
                let name = try unquote(&rest, line: line)
                guard rest.hasPrefix("] = [") else { throw SnapshotFileError(message: "line \(line): expected '] = [' after the name") }
                rest.removeFirst("] = [".count)
                let level = String(rest.prefix { $0 == "=" })
                rest.removeFirst(level.count)
                guard rest.hasPrefix("[\n") else { throw SnapshotFileError(message: "line \(line): expected '[' and a line break") }
                rest.removeFirst(2)
                let close = "]" + level + "]"
                guard let end = rest.range(of: close) else {
                    throw SnapshotFileError(message: "line \(line): the snapshot \(quoted(name)) has no closing \(close)")
                }
                let text = String(rest[..<end.lowerBound])
                line += 1 + text.count(where: { $0 == "\n" })
                entries[name] = text
                rest = rest[end.upperBound...]
            } else {
                throw SnapshotFileError(message: "line \(line): expected snapshot[\"name\"] = [[ ... ]]")
            }
        }
        return entries
    }

    /// A name as a Lua string literal: `"`, `\` and control characters escaped.
    static func quoted(_ name: String) -> String {
        var out = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\%03d", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Reads what ``quoted(_:)`` writes, from the opening quote.
    private static func unquote(_ rest: inout Substring, line: Int) throws -> String {
        rest.removeFirst()
        var out = String.UnicodeScalarView()
        var scalars = rest.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"":
                rest = Substring(scalars)
                return String(out)
            case "\\":
                guard let next = scalars.popFirst() else { break }
                switch next {
                case "n": out.append("\n")
                case "\"", "\\": out.append(next)
                default:
                    var digits = String(next)
                    while digits.count < 3, let d = scalars.first, ("0"..."9").contains(d) { digits.unicodeScalars.append(scalars.removeFirst()) }
                    guard let value = UInt32(digits), let decoded = Unicode.Scalar(value) else {
                        throw SnapshotFileError(message: "line \(line): a bad escape in a snapshot name")
                    }
                    out.append(decoded)
                }
            case "\n":
                throw SnapshotFileError(message: "line \(line): a snapshot name ends at the line's end")
            default:
                out.append(scalar)
            }
        }
        throw SnapshotFileError(message: "line \(line): a snapshot name has no closing quote")
    }
}

struct SnapshotFileError: Error {
    let message: String
}

/// A line diff for snapshot failures: the lines only in the old text with `- `, only in the
/// new with `+ `, three unchanged lines of context around each change, `…` for the rest.
enum LineDiff {
    static func render(old: String, new: String) -> String {
        // Lines without their breaks; a final line break ends the last line, it adds none.
        func lines(_ text: String) -> [String] {
            var list = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if text.hasSuffix("\n") { list.removeLast() }
            return list
        }
        var a = lines(old)
        var b = lines(new)
        // The common head and tail are context; the middle gets a longest common subsequence
        // table (screens are short; past a million cells, the middle shows as removed and added).
        var head: [String] = [], tail: [String] = []
        while let x = a.first, let y = b.first, x == y { head.append(x); a.removeFirst(); b.removeFirst() }
        while let x = a.last, let y = b.last, x == y { tail.insert(x, at: 0); a.removeLast(); b.removeLast() }
        if a.count * b.count > 1_000_000 {
            return layout(head.map { (" ", $0) } + a.map { ("-", $0) } + b.map { ("+", $0) } + tail.map { (" ", $0) })
        }
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = head.map { (" ", $0) }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                lines.append(("-", a[i])); i += 1
            } else {
                lines.append(("+", b[j])); j += 1
            }
        }
        return layout(lines + tail.map { (" ", $0) })
    }

    private static func layout(_ lines: [(mark: Character, text: String)]) -> String {
        let context = 3
        let changed = lines.indices.filter { lines[$0].mark != " " }
        if changed.isEmpty { return lines.map { "  \($0.text)" }.joined(separator: "\n") + "\n(only the final line break differs)" }
        var out = ""
        var skipped = false
        for index in lines.indices {
            let near = changed.contains { abs($0 - index) <= context }
            if !near {
                if !skipped { out += "  …\n" }
                skipped = true
                continue
            }
            skipped = false
            out += "\(lines[index].mark) \(lines[index].text)\n"
        }
        return String(out.dropLast())
    }
}
