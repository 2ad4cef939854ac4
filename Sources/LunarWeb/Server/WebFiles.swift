import Foundation
import Synchronization

/// The local files one tab's page may load: the image files the runtime handed out for that
/// tab's `Image` nodes (their `imageFile` prop), each under an opaque random address.
///
/// The page never sees a path and cannot name one: the server answers
/// `/lunar/file/TAB/ID` only with a file this table holds for tab `TAB`, and forgets them all
/// when the tab closes.
public final class WebFiles: Sendable {
    /// The tab's number, which prefixes its addresses.
    public let tab: Int
    private let state = Mutex<(byID: [String: String], byPath: [String: String])>(([:], [:]))

    /// An empty table for tab `tab`.
    public init(tab: Int) { self.tab = tab }

    /// The address under which the page loads the local file at `path` (the same one each time).
    public func address(of path: String) -> String {
        let id = state.withLock { table in
            if let id = table.byPath[path] { return id }
            let id = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            table.byID[id] = path
            table.byPath[path] = id
            return id
        }
        return "/lunar/file/\(tab)/\(id)"
    }

    /// The path handed out as `id`, or nil when this tab was given no such file.
    public func path(of id: String) -> String? {
        state.withLock { $0.byID[id] }
    }
}

/// The open tabs' ``WebFiles``, by tab number, for the file route.
final class WebFileTables: Sendable {
    private let tables = Mutex<[Int: WebFiles]>([:])

    /// A table for tab `number`, held until ``close(_:)``.
    func open(_ number: Int) -> WebFiles {
        let files = WebFiles(tab: number)
        tables.withLock { $0[number] = files }
        return files
    }

    func close(_ number: Int) { _ = tables.withLock { $0.removeValue(forKey: number) } }

    /// The path of file `id` of tab `tab`, when that tab is open and was given it.
    func path(tab: Int, id: String) -> String? {
        tables.withLock { $0[tab] }?.path(of: id)
    }
}
