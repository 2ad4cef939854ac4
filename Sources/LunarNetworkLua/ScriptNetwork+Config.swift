import Foundation
import LunarBridge
import LunarNetwork

extension ScriptNetwork {
    /// The fields `net.config{...}` accepts.
    static let configFields: Set<String> = ["baseURL", "cdnURL", "headers", "timeout", "maxBodySize", "filters", "reformer"]

    /// Applies `net.config{baseURL=, cdnURL=, headers=, timeout=, maxBodySize=, filters=, reformer=}`:
    /// each field given replaces the current setting (`false` clears `baseURL`/`cdnURL`); fields not
    /// given are left alone. Nothing changes when any field is wrong. Applies to requests sent afterwards.
    func configure(_ table: LuaTable) throws(LuaTypeMismatch) {
        for key in table.fields.keys {
            guard case .string(let name) = key, Self.configFields.contains(name) else {
                throw LuaTypeMismatch(problem: "unknown field '\(key)' (\(Self.configFields.sorted().joined(separator: ", ")))")
            }
        }
        var configuration = client.configuration
        var reformers = globalReformers
        if let base = try Self.baseURL(table["baseURL"], "baseURL") { configuration.baseURL = base }
        if let cdn = try Self.baseURL(table["cdnURL"], "cdnURL") { configuration.cdnURL = cdn }
        if case .table(let headers) = table["headers"] {
            var values: [String: String] = [:]
            for (key, value) in headers.fields {
                guard case .string(let name) = key else {
                    throw LuaTypeMismatch(problem: "field 'headers': names must be strings, got a \(key.typeName)")
                }
                do { values[name] = try Parameters.header(value, name: name) } catch {
                    throw LuaTypeMismatch(problem: "field 'headers': \(error.problem)")
                }
            }
            configuration.headers = values
        } else if !table["headers"].isNil {
            throw LuaTypeMismatch(problem: "field 'headers': table expected, got \(table["headers"].typeName)")
        }
        if let timeout = try ScriptRequest.seconds(table["timeout"], "timeout") { configuration.timeout = timeout }
        if let cap = try ScriptRequest.byteCount(table["maxBodySize"], "maxBodySize") { configuration.maximumBodySize = cap }
        switch table["filters"] {
        case .nil: break
        case .table(let list) where list.fields.isEmpty:
            configuration.urlFilters = try list.array.enumerated().map { (offset, entry) throws(LuaTypeMismatch) -> any URLFilter in
                switch entry {
                case .function(let function):
                    return LuaURLFilter(function: function, network: self)
                case .table(let arguments):
                    do throws(LuaTypeMismatch) { return CommonArgumentsFilter(try Parameters(lua: arguments)) } catch {
                        throw LuaTypeMismatch(problem: "field 'filters': element \(offset + 1): \(error.problem)")
                    }
                default:
                    throw LuaTypeMismatch(problem: "field 'filters': element \(offset + 1) is a \(entry.typeName), not a function or a table of arguments")
                }
            }
        default:
            throw LuaTypeMismatch(problem: "field 'filters': list expected, got \(table["filters"].typeName)")
        }
        switch table["reformer"] {
        case .nil: break
        case .boolean(false): reformers = []
        case .function(let function): reformers = [function]
        case .table(let list) where list.fields.isEmpty:
            reformers = try list.array.enumerated().map { (offset, entry) throws(LuaTypeMismatch) -> LuaFunction in
                guard case .function(let function) = entry else {
                    throw LuaTypeMismatch(problem: "field 'reformer': element \(offset + 1) is a \(entry.typeName), not a function")
                }
                return function
            }
        default:
            throw LuaTypeMismatch(problem: "field 'reformer': function, list of functions or false expected, got \(table["reformer"].typeName)")
        }
        client.configuration = configuration
        globalReformers = reformers
    }

    /// A base URL setting: nil when absent, `.some(nil)` for `false` (clear), else an absolute URL.
    private static func baseURL(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> URL?? {
        switch value {
        case .nil: return nil
        case .boolean(false): return .some(nil)
        case .string(let text):
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw LuaTypeMismatch(problem: "field '\(name)': '\(text)' is not an absolute URL")
            }
            return url
        default:
            throw LuaTypeMismatch(problem: "field '\(name)': URL string or false expected, got \(value.typeName)")
        }
    }
}
