import Foundation
import LunarBridge

/// The breakpoints a client set, by chunk: where each was asked for and where it is now.
/// Executor-confined (only debugger jobs and reload observers touch it).
final class BreakpointBook: @unchecked Sendable {
    struct Entry {
        let id: Int
        var requested: LuaBreakpoint
        /// The line with code it sits on; nil when none was found (not verified).
        var line: Int?
    }

    private(set) var entries: [String: [Entry]] = [:]
    private var nextID = 1

    /// Sets the breakpoints of `chunk` from the client's list, placed on `codeLines` (nil: the
    /// file does not compile, so each stays where asked, unverified). Returns the entries.
    func set(_ list: [LuaBreakpoint], chunk: String, codeLines: Set<Int>?, debugger: LuaDebugger) -> [Entry] {
        let placed = list.map { breakpoint -> Entry in
            defer { nextID += 1 }
            return Entry(id: nextID, requested: breakpoint, line: Self.place(breakpoint.line, on: codeLines))
        }
        entries[chunk] = placed.isEmpty ? nil : placed
        apply(chunk, debugger: debugger)
        return placed
    }

    /// After a reload: places every breakpoint again on its file's new code (a file that does not
    /// compile keeps them as they are). Returns those that moved.
    func replace(codeLines: (String) -> Set<Int>?, debugger: LuaDebugger) -> [Entry] {
        var moved: [Entry] = []
        for (chunk, list) in entries {
            // A file that does not compile now did not reload: its old code, and its breakpoints, stay.
            guard let lines = codeLines(chunk) else { continue }
            var changed = false
            let updated = list.map { entry -> Entry in
                var entry = entry
                let line = Self.place(entry.requested.line, on: lines)
                if line != entry.line {
                    entry.line = line
                    moved.append(entry)
                    changed = true
                }
                return entry
            }
            entries[chunk] = updated
            if changed { apply(chunk, debugger: debugger) }
        }
        return moved
    }

    func removeAll() { entries = [:] }

    private func apply(_ chunk: String, debugger: LuaDebugger) {
        let list = (entries[chunk] ?? []).compactMap { entry -> LuaBreakpoint? in
            guard let line = entry.line else { return nil }
            var breakpoint = entry.requested
            breakpoint.line = line
            return breakpoint
        }
        debugger.setBreakpoints(list, inChunk: chunk)
    }

    /// The line itself when it holds code, else the nearest line with code after it, else before it.
    /// nil code lines (a file that does not compile): the line as asked, unverified.
    static func place(_ line: Int, on codeLines: Set<Int>?) -> Int? {
        guard let codeLines else { return nil }
        if codeLines.contains(line) { return line }
        if let after = codeLines.filter({ $0 > line }).min() { return after }
        return codeLines.filter { $0 < line }.max()
    }
}
