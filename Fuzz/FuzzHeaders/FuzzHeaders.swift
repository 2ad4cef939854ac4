import Foundation
import LunarNetwork

// Fuzzes the header rules (`HeaderRules`) every request passes before it is sent.
//
// The input's first byte is the name's length; the next that many bytes are the name and the
// rest is the value (both read as UTF-8, invalid bytes repaired). Invariants, checked against an
// independent byte-level reading of RFC 9110:
// - a name is accepted exactly when it is non-empty and every byte is a token character;
// - a value is accepted exactly when it has no CR, LF or NUL byte;
// - `problem(name:value:)` is the name's problem, else the value's;
// - an accepted pair written as a header line `name: value\r\n` is one line, and splitting it at
//   the first `:` gives back the name (so it cannot smuggle a header or a request);
// - a refusal is one line of text that names the header (messages end up in logs and in Lua).

private let tokenBytes = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHeaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let first = bytes.first else { return 0 }
    let rest = bytes.dropFirst()
    let split = rest.startIndex + min(Int(first), rest.count)
    let name = String(decoding: rest[..<split], as: UTF8.self)
    let value = String(decoding: rest[split...], as: UTF8.self)

    let nameProblem = HeaderRules.problem(name: name)
    let nameIsToken = !name.utf8.isEmpty && name.utf8.allSatisfy { tokenBytes.contains($0) }
    precondition((nameProblem == nil) == nameIsToken, "name \(name.debugDescription): rules say \(nameProblem ?? "ok"), RFC 9110 says \(nameIsToken)")

    let valueProblem = HeaderRules.problem(value: value, name: name)
    let valueIsClean = !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    precondition((valueProblem == nil) == valueIsClean, "value \(value.debugDescription): rules say \(valueProblem ?? "ok"), expected \(valueIsClean)")

    let pairProblem = HeaderRules.problem(name: name, value: value)
    precondition(pairProblem == (nameProblem ?? valueProblem), "the pair's problem is not the name's, else the value's")

    if let problem = pairProblem {
        precondition(!problem.utf8.contains { $0 == 0x0D || $0 == 0x0A }, "a refusal spans lines: \(problem.debugDescription)")
        precondition(problem.contains(name.debugDescription) || name.isEmpty, "a refusal does not name the header: \(problem)")
    } else {
        let line = Array("\(name): \(value)\r\n".utf8)
        precondition(line.firstIndex(of: 0x0D) == line.count - 2 && line.firstIndex(of: 0x0A) == line.count - 1,
                     "an accepted header is more than one line")
        let colon = line.firstIndex(of: UInt8(ascii: ":"))!
        precondition(Array(line[..<colon]) == Array(name.utf8), "an accepted name does not come back from its line")
    }
    return 0
}
