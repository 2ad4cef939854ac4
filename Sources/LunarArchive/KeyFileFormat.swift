import Foundation

/// The text of a key file: a header line naming the kind, then the raw key
/// in base64, each ending with a newline.
enum KeyFileFormat {
    static func encode(_ raw: Data, header: String) -> String {
        header + "\n" + raw.base64EncodedString() + "\n"
    }

    static func decode(_ text: String, header: String, kind: String) throws(BundleArchiveError) -> Data {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard lines.first == header else {
            throw BundleArchiveError(.invalidKey, "not a Lunar \(kind) file (its first line must be '\(header)')")
        }
        guard lines.count == 2, let raw = Data(base64Encoded: lines[1]) else {
            throw BundleArchiveError(.invalidKey, "a Lunar \(kind) file has its key in base64 on the second line, and nothing else")
        }
        return raw
    }

    static func read(_ url: URL, kind: String) throws(BundleArchiveError) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            // Say which: a missing file, a directory and an unreadable file are three mistakes.
            var isDirectory: ObjCBool = false
            let problem = !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) ? "no such \(kind) file"
                : isDirectory.boolValue ? "a directory, not a \(kind) file" : "cannot read this \(kind) file (permissions?)"
            throw BundleArchiveError(.invalidKey, "\(url.path): \(problem)")
        }
        guard data.count < 4096, let text = String(data: data, encoding: .utf8) else {
            throw BundleArchiveError(.invalidKey, "\(url.path): not a Lunar \(kind) file")
        }
        return text
    }
}
