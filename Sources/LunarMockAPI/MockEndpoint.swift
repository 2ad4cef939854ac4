import Foundation

/// The file under `mock-api/` that answers a method and path.
///
/// `GET /items/3` is answered, in this order, by the first file that exists:
/// `GET/items/3.lua`, `GET/items/3.json`, `GET/items/3/index.lua|json`, then
/// the same with `[name]` entries standing for one path component
/// (`GET/items/[id].json`, `GET/[kind]/3.lua`, ...; literal names win), then
/// all of it again under `ANY/` (and `GET/` for `HEAD`).
struct MockEndpoint: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case json, lua }

    var kind: Kind
    /// The file.
    var file: URL
    /// The file's path relative to the bundle root (`mock-api/GET/items.json`), for messages.
    var bundlePath: String
    /// Values of the `[name]` components, by name.
    var parameters: [String: String]

    /// The endpoint for `method` and the decoded path components, or nil.
    static func find(method: String, components: [String], in mockRoot: URL) -> MockEndpoint? {
        var methods = [method]
        if method == "HEAD" { methods.append("GET") }
        methods.append("ANY")
        for name in methods {
            let directory = mockRoot.appendingPathComponent(name)
            if let found = search(directory, components[...], [:], trail: "mock-api/\(name)") { return found }
        }
        return nil
    }

    private static func search(_ directory: URL, _ components: ArraySlice<String>, _ parameters: [String: String], trail: String) -> MockEndpoint? {
        guard isDirectory(directory) else { return nil }
        guard let head = components.first else {
            return file(named: "index", in: directory, parameters, trail: trail)
        }
        let rest = components.dropFirst()
        if rest.isEmpty, let found = file(named: head, in: directory, parameters, trail: trail) { return found }
        if let found = search(directory.appendingPathComponent(head), rest, parameters, trail: "\(trail)/\(head)") { return found }
        for entry in placeholders(in: directory) {
            var bound = parameters
            bound[entry.parameter] = head
            if rest.isEmpty, entry.isFile, let found = file(named: entry.stem, in: directory, bound, trail: trail) { return found }
            if !entry.isFile, let found = search(directory.appendingPathComponent(entry.name), rest, bound, trail: "\(trail)/\(entry.name)") {
                return found
            }
        }
        return nil
    }

    /// `name.lua` or `name.json` (never a `.response.json` sidecar) in `directory`.
    private static func file(named name: String, in directory: URL, _ parameters: [String: String], trail: String) -> MockEndpoint? {
        let lua = directory.appendingPathComponent(name + ".lua")
        if isFile(lua) { return MockEndpoint(kind: .lua, file: lua, bundlePath: "\(trail)/\(name).lua", parameters: parameters) }
        guard !name.hasSuffix(".response") else { return nil }
        let json = directory.appendingPathComponent(name + ".json")
        if isFile(json) { return MockEndpoint(kind: .json, file: json, bundlePath: "\(trail)/\(name).json", parameters: parameters) }
        return nil
    }

    private struct Placeholder {
        var name: String        // "[id]" or "[id].json"
        var stem: String        // "[id]"
        var parameter: String   // "id"
        var isFile: Bool
    }

    /// `[name]` directories and `[name].lua|json` files in `directory`, sorted by name.
    private static func placeholders(in directory: URL) -> [Placeholder] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [Placeholder] = []
        for name in names.sorted() where name.hasPrefix("[") {
            let url = directory.appendingPathComponent(name)
            var stem = name
            let isFile = !isDirectory(url)
            if isFile {
                if name.hasSuffix(".lua") { stem = String(name.dropLast(4)) }
                else if name.hasSuffix(".json"), !name.hasSuffix(".response.json") { stem = String(name.dropLast(5)) }
                else { continue }
            }
            guard stem.hasSuffix("]"), stem.count > 2 else { continue }
            let parameter = String(stem.dropFirst().dropLast())
            result.append(Placeholder(name: name, stem: stem, parameter: parameter, isFile: isFile))
        }
        return result
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    private static func isFile(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && !flag.boolValue
    }
}
