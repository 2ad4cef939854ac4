import Foundation

/// Appends lines to a file as they happen, so a test reading it sees each at once.
final class EventLog {
    private let handle: FileHandle

    /// Creates (or empties) the file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
    }

    /// Writes `line` and a line break.
    func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }
}
