import Foundation

/// Unbuffered writes to the process's standard streams.
enum FileStandardOutput {
    static func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
}

enum FileStandardError {
    static func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
