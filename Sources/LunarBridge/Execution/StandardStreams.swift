import Foundation

/// The process's standard output and standard error, written unbuffered: the one way
/// Lunar's code writes to them (Lua `print`, the CLI's output, diagnostics).
///
/// A write that fails is dropped: a reader that went away (`lunar test | head` closes the
/// pipe) or a full disk never crashes the writer. (Foundation's `FileHandle.write(_: Data)`
/// traps on such errors.)
public enum StandardStream: Sendable {
    case output
    case error

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        let handle: FileHandle = self == .output ? .standardOutput : .standardError
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
