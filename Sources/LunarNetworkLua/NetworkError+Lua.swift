import Foundation
import LunarBridge
import LunarNetwork

extension NetworkError {
    /// The error table scripts receive: `{kind=, message=, status=, body=, url=, index=}` (`status`,
    /// `body` and `url` when known; `body` is the raw response text; `index`, 1-based, for the
    /// member of a batch or chain that failed).
    var luaTable: LuaValue {
        var table = LuaTable()
        table["kind"] = .string(kind.rawValue)
        table["message"] = .string(message)
        if let status { table["status"] = .integer(status) }
        if let body { table["body"] = Response.luaText(body) }
        if let url { table["url"] = .string(url.absoluteString) }
        if let index { table["index"] = .integer(index + 1) }
        return .table(table)
    }
}

extension ReformContext {
    /// What scripts learn about a response besides its value:
    /// `{status=, url=, fromCache=, headers={name = value}}` (header names lowercased).
    var luaInfo: LuaValue {
        var headerTable = LuaTable()
        for (name, value) in headers { headerTable[name] = .string(value) }
        var table = LuaTable()
        table["status"] = .integer(status)
        table["url"] = .string(url.absoluteString)
        table["fromCache"] = .boolean(isFromCache)
        table["headers"] = .table(headerTable)
        return .table(table)
    }
}

extension Response {
    /// Body bytes as a Lua string (a UTF-8 string when they are text).
    static func luaText(_ body: Data) -> LuaValue {
        String(validating: body, as: UTF8.self).map(LuaValue.string) ?? .bytes([UInt8](body))
    }
}
