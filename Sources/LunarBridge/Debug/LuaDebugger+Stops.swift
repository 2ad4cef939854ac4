import Foundation

/// Breakpoints, their conditions, hit counts and logpoints, and which errors stop.
extension LuaDebugger {
    /// Replaces the breakpoints of the chunk `chunk` (`@screens/login.lua`).
    public func setBreakpoints(_ list: [LuaBreakpoint], inChunk chunk: String) {
        guard let state else { return }
        var byLine: [Int: LuaBreakpoint] = [:]
        for breakpoint in list { byLine[breakpoint.line] = breakpoint }
        breakpoints[chunk] = byLine.isEmpty ? nil : byLine
        for key in hits.keys where key.hasPrefix(chunk + ":") { hits[key] = nil }
        // Lua's lines are `int`s: a line beyond them can never be reached.
        state.setDebugLines(byLine.keys.compactMap { Int32(exactly: $0) }.filter { $0 > 0 }, inChunk: chunk)
    }

    /// Which errors stop: those no script catches (they reach the host), and with `all`, also
    /// those a script's `pcall` catches.
    public func setExceptionBreaks(uncaught: Bool, all: Bool) {
        state?.setDebugExceptionBreaks(uncaught: uncaught, all: all)
    }

    /// The lines of `source` that hold code (any function of the chunk), compiled and not run;
    /// nil when it does not compile.
    public func codeLines(of source: Data, chunk: String) -> Set<Int>? {
        guard let state, let bytes = try? state.compileToBytecode(source, name: chunk) else { return nil }
        return LuaChunkLines.lines(inDump: bytes)
    }

    /// Counts the hit, prints a logpoint, checks the conditions: whether to stop at `line` of
    /// the function running on `stack`.
    func breakpointStops(_ stack: LuaStack, line: Int) -> Bool {
        guard let chunk = stack.chunk(atLevel: 0), let breakpoint = breakpoints[chunk]?[line] else { return false }
        if let condition = breakpoint.condition, !condition.isEmpty {
            switch evaluateTruth(condition, on: stack, level: 0) {
            case .success(let truthy): if !truthy { return false }
            case .failure(let message):
                onEvent(.output("breakpoint condition at \(chunk.dropFirst()):\(line) failed: \(message)\n"))
            }
        }
        let key = "\(chunk):\(line)"
        let count = (hits[key] ?? 0) + 1
        hits[key] = count
        if let hitCondition = breakpoint.hitCondition, !hitCondition.isEmpty, !Self.hitConditionHolds(hitCondition, count: count) {
            return false
        }
        if let message = breakpoint.logMessage, !message.isEmpty {
            onEvent(.output(interpolate(message, on: stack) + "\n"))
            return false
        }
        return true
    }

    /// `5`, `>= 5`, `> 5`, `== 5`, `< 5`, `<= 5`, `% 5`; an unreadable one holds (the breakpoint stops).
    static func hitConditionHolds(_ text: String, count: Int) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for op in [">=", "<=", "==", ">", "<", "%", "="] where trimmed.hasPrefix(op) {
            guard let n = Int(trimmed.dropFirst(op.count).trimmingCharacters(in: .whitespaces)) else { return true }
            switch op {
            case ">=": return count >= n
            case "<=": return count <= n
            case ">": return count > n
            case "<": return count < n
            case "%": return n > 0 && count % n == 0
            default: return count == n
            }
        }
        guard let n = Int(trimmed) else { return true }
        return count == n
    }

    /// A logpoint's message with each `{expression}` replaced by its value in the frame at
    /// level 0 of `stack`.
    func interpolate(_ message: String, on stack: LuaStack) -> String {
        var out = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let expression = String(rest[rest.index(after: open)..<close])
            let base = stack.top
            switch call(expression, on: stack, level: 0, results: 1) {
            case .success:
                let value = describeValue(on: stack, at: -1)
                out += value.type == "string" ? stack.text(at: -1) : value.value
            case .failure(let error): out += "{\(error.message)}"
            }
            stack.setTop(base)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The text of the error value on top of `stack` (a raised error that stops): a string, a
    /// table's `message` string, or what type of value it is.
    static func errorText(on stack: LuaStack) -> String {
        switch stack.type(at: -1) {
        case .string: return stack.text(at: -1)
        case .table:
            if let message = stack.table(at: -1)?.withField("message", { stack.type(at: $0) == .string ? stack.text(at: $0) : nil }) {
                return message
            }
        default: break
        }
        return "(error object is a \(stack.typeName(at: -1)) value)"
    }
}
