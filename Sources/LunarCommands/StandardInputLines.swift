import Foundation

/// Standard input as an asynchronous sequence of lines (without newlines).
///
/// A dedicated thread does the blocking reads, so waiting for the next line
/// never holds a thread of the Swift concurrency pool while feeds and servers
/// need it.
public enum StandardInputLines {
    /// The lines; the stream ends at end of input.
    public static func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let reader = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        reader.name = "lunar.stdin"
        reader.start()
        return stream
    }
}
