import Foundation
import LunarBridge
import LunarDebug

// Fuzzes what the debugger reads from a client before anything reaches Lua: the DAP framing
// reader (`DAPFrameReader`) and the request decoder (`DAPRequest`, `DAPCommand`).
//
// The input's first byte sets the size of the pieces the rest arrives in (1...64 bytes, as a
// socket delivers them). Invariants:
// - never a trap; the stream read in pieces gives the same bodies, and the same refusal or
//   none, as read at once;
// - a stream that gave a body starts `Content-Length:` (any letter case): nothing else is DAP;
// - a framing refusal, and a request refusal, is one non-empty line;
// - a body framed again (`DAPFrameReader.frame`) reads back as itself;
// - a decoded request's numbers are inside the ranges its command declares (`DAPCommand.frames`,
//   `.lines`, `.references`, `.counts`), so no use of them can overflow or trap.

private func read(_ stream: ArraySlice<UInt8>, pieces: Int) -> (bodies: [Data], refusal: String?) {
    var reader = DAPFrameReader()
    var bodies: [Data] = []
    var offset = stream.startIndex
    while offset < stream.endIndex {
        let end = min(stream.endIndex, offset + pieces)
        reader.append(stream[offset..<end])
        offset = end
        do {
            while let body = try reader.next() { bodies.append(body) }
        } catch {
            return (bodies, error.description)
        }
    }
    return (bodies, nil)
}

private func oneLine(_ text: String) -> Bool {
    !text.isEmpty && !text.utf8.contains { $0 == 0x0A || $0 == 0x0D }
}

private func checkRanges(_ command: DAPCommand) {
    switch command {
    case .stackTrace(let start, let levels):
        precondition(DAPCommand.counts.contains(start) && DAPCommand.counts.contains(levels), "stackTrace \(start) \(levels)")
    case .scopes(let frame):
        precondition(DAPCommand.frames.contains(frame), "scopes \(frame)")
    case .variables(let reference, let start, let count, _):
        precondition(DAPCommand.references.contains(reference) && DAPCommand.counts.contains(start) && DAPCommand.counts.contains(count),
                     "variables \(reference) \(start) \(count)")
        // What the debugger computes from them does not overflow.
        _ = start + count
    case .evaluate(_, let frame):
        precondition(frame.map(DAPCommand.frames.contains) ?? true, "evaluate \(String(describing: frame))")
    case .setBreakpoints(_, let list):
        for breakpoint in list { precondition(DAPCommand.lines.contains(breakpoint.line), "line \(breakpoint.line)") }
    default:
        break
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDAP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let first = bytes.first else { return 0 }
    let stream = bytes[1...]
    let pieces = Int(first % 64) + 1

    let chunked = read(stream, pieces: pieces)
    let whole = read(stream, pieces: max(1, stream.count))
    precondition(chunked.bodies == whole.bodies, "pieces of \(pieces) gave other bodies than the stream at once")
    precondition((chunked.refusal == nil) == (whole.refusal == nil), "pieces of \(pieces): refusal \(chunked.refusal ?? "none") vs \(whole.refusal ?? "none")")
    if let refusal = chunked.refusal { precondition(oneLine(refusal), "a framing refusal is not one line: \(refusal.debugDescription)") }
    if !chunked.bodies.isEmpty {
        let name = Array("content-length:".utf8)
        let start = stream.prefix(name.count).map { (65...90).contains($0) ? $0 + 32 : $0 }
        precondition(start == name, "a stream that does not start Content-Length: gave a body")
    }

    for body in chunked.bodies {
        var again = DAPFrameReader()
        again.append(DAPFrameReader.frame(body))
        precondition((try? again.next()) == body, "a body framed again does not read back")
        do {
            let request = try DAPRequest(body: body)
            precondition(request.seq >= 0, "a negative seq")
            do {
                checkRanges(try request.decode())
            } catch {
                precondition(oneLine(error.message), "a request refusal is not one line: \(error.message.debugDescription)")
            }
        } catch {
            precondition(oneLine(error.message), "a message refusal is not one line: \(error.message.debugDescription)")
        }
    }
    return 0
}
