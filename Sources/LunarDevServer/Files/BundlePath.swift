import Foundation
import LunarBundle

/// A path inside a bundle: relative, `/`-separated, with no `.`/`..` or empty
/// components, no hidden (dot) components and no NUL or backslash.
///
/// Both sides use it: the server before it opens a file, the remote host
/// before it writes one into its cache, so neither can be walked out of its
/// directory by a crafted name.
public struct BundlePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path, e.g. `screens/login.lua`.
    public let value: String

    /// Validates a path that is already percent-decoded.
    public init(_ text: String) throws(BundlePathError) {
        guard !text.isEmpty else { throw BundlePathError(path: text, problem: "the path is empty") }
        guard !text.hasPrefix("/") else { throw BundlePathError(path: text, problem: "the path is absolute") }
        guard !text.contains("\\"), !text.contains("\0") else {
            throw BundlePathError(path: text, problem: "the path contains a backslash or NUL")
        }
        for component in text.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { throw BundlePathError(path: text, problem: "the path has an empty component") }
            if component == "." || component == ".." {
                throw BundlePathError(path: text, problem: "the path contains '\(component)'")
            }
            if component.hasPrefix(".") { throw BundlePathError(path: text, problem: "hidden files are not served") }
        }
        value = text
    }

    /// Validates a percent-encoded URL path (what follows `/files/` in a request).
    public init(percentEncoded text: Substring) throws(BundlePathError) {
        // Decoded per component, so an encoded `%2F` cannot smuggle in a separator.
        var parts: [String] = []
        for component in text.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = String(component).removingPercentEncoding else {
                throw BundlePathError(path: String(text), problem: "the path is not valid percent-encoding")
            }
            if decoded.contains("/") { throw BundlePathError(path: String(text), problem: "a component contains an encoded '/'") }
            parts.append(decoded)
        }
        try self.init(parts.joined(separator: "/"))
    }

    /// The path percent-encoded for a URL, component by component.
    public var percentEncoded: String {
        value.split(separator: "/").map { component in
            component.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? String(component)
        }.joined(separator: "/")
    }

    /// The file this path names under `root`, or nil when it is not one of the
    /// bundle's files (``BundleContents``): an excluded name, a symbolic link on
    /// the way, or something other than a regular file.
    public func regularFile(in root: URL) -> URL? {
        let resolvedRoot = root.resolvingSymlinksInPath().standardizedFileURL
        let components = value.split(separator: "/").map(String.init)
        var url = resolvedRoot
        for (index, component) in components.enumerated() {
            guard !BundleContents.excludes(component) else { return nil }
            url = url.appendingPathComponent(component)
            let expected: BundleContents.Kind = index == components.count - 1 ? .file : .directory
            guard BundleContents.kind(of: url) == expected else { return nil }
        }
        return url
    }

    public var description: String { value }

    public static func < (a: BundlePath, b: BundlePath) -> Bool { a.value < b.value }

    private static let unreserved = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}

/// A bundle path that was refused, and why.
public struct BundlePathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong with it.
    public var problem: String

    public var description: String { "'\(path)': \(problem)" }
}
