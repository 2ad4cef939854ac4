import Logging

/// `lunar.log`: `debug`, `info`, `warn`, `error`, through swift-log.
///
/// Each takes a message and an optional table of fields, which become the
/// log record's metadata: `log.info("login", { user = "ann" })`. The record's
/// `source` is the calling script's `file:line` (`screens/home.lua:8`), and its
/// `file` and `line` are that file and line, so a handler shows where in the
/// script the line came from, as the inspector's console does.
enum LuaLogModule {
    static let module = LuaModule("lunar.log", summary: "Log records through the host's logging: a message and optional fields.") { m in
        m.function("debug(message, fields)", summary: "Logs at debug level; fields become the record's metadata.") { (caller: LuaCaller, message: String, fields: [String: LuaValue]?) in
            log(.debug, "debug", caller, message, fields)
        }
        m.function("info(message, fields)", summary: "Logs at info level; fields become the record's metadata.") { (caller: LuaCaller, message: String, fields: [String: LuaValue]?) in
            log(.info, "info", caller, message, fields)
        }
        m.function("warn(message, fields)", summary: "Logs at warning level; fields become the record's metadata.") { (caller: LuaCaller, message: String, fields: [String: LuaValue]?) in
            log(.warning, "warn", caller, message, fields)
        }
        m.function("error(message, fields)", summary: "Logs at error level; fields become the record's metadata.") { (caller: LuaCaller, message: String, fields: [String: LuaValue]?) in
            log(.error, "error", caller, message, fields)
        }
    }

    static func log(_ level: Logger.Level, _ name: String, _ caller: LuaCaller, _ message: String, _ fields: [String: LuaValue]?) {
        // Made per call, not once: the host may bootstrap logging after this module exists
        // (the `lunar` command reads --log-level after building its bridge API version).
        let logger = Logger(label: "lunar.script")
        // The caller's place is looked up only for a record the handler takes.
        guard logger.logLevel <= level else { return }
        let location = caller.location
        logger.log(
            level: level, "\(message)", metadata: metadata(fields),
            source: location?.description ?? "lua", file: location?.file ?? "lua", function: "log.\(name)",
            line: UInt(location?.line ?? 0))
    }

    static func metadata(_ fields: [String: LuaValue]?) -> Logger.Metadata? {
        guard let fields, !fields.isEmpty else { return nil }
        var result: Logger.Metadata = [:]
        for (k, v) in fields { result[k] = .string(v.description) }
        return result
    }
}
