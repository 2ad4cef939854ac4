import Logging

/// `lunar.log`: `debug`, `info`, `warn`, `error`, through swift-log.
///
/// Each takes a message and an optional table of fields, which become the
/// log record's metadata: `log.info("login", { user = "ann" })`.
enum LuaLogModule {
    static let module = LuaModule("lunar.log", summary: "Log records through the host's logging: a message and optional fields.") { m in
        // Made per call, not once: the host may bootstrap logging after this module exists
        // (the `lunar` command reads --log-level after building its bridge API version).
        var logger: Logger { Logger(label: "lunar.script") }
        m.function("debug(message, fields)", summary: "Logs at debug level; fields become the record's metadata.") { (message: String, fields: [String: LuaValue]?) in
            logger.debug("\(message)", metadata: metadata(fields))
        }
        m.function("info(message, fields)", summary: "Logs at info level; fields become the record's metadata.") { (message: String, fields: [String: LuaValue]?) in
            logger.info("\(message)", metadata: metadata(fields))
        }
        m.function("warn(message, fields)", summary: "Logs at warning level; fields become the record's metadata.") { (message: String, fields: [String: LuaValue]?) in
            logger.warning("\(message)", metadata: metadata(fields))
        }
        m.function("error(message, fields)", summary: "Logs at error level; fields become the record's metadata.") { (message: String, fields: [String: LuaValue]?) in
            logger.error("\(message)", metadata: metadata(fields))
        }
    }

    static func metadata(_ fields: [String: LuaValue]?) -> Logger.Metadata? {
        guard let fields, !fields.isEmpty else { return nil }
        var result: Logger.Metadata = [:]
        for (k, v) in fields { result[k] = .string(v.description) }
        return result
    }
}
