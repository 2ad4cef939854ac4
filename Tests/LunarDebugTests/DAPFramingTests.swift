import Foundation
import LunarBase
@testable import LunarDebug
import Testing

/// DAP's framing, fed in pieces as a socket delivers them.
@Suite struct DAPFramingTests {
    @Test func messagesSplitAnywhereAndJoinedComeOutWhole() throws {
        let one = DAPFrameReader.frame(Data(#"{"seq":1}"#.utf8))
        let two = DAPFrameReader.frame(Data(#"{"seq":2,"x":"é"}"#.utf8))
        let stream = [UInt8](one + two)
        for cut in 1..<stream.count {
            var reader = DAPFrameReader()
            var bodies: [String] = []
            reader.append(stream[..<cut])
            while let body = try reader.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            reader.append(stream[cut...])
            while let body = try reader.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            #expect(bodies == [#"{"seq":1}"#, #"{"seq":2,"x":"é"}"#], "cut at \(cut)")
        }
    }

    @Test func theLengthIsCaseInsensitiveAndMayHaveBlanks() throws {
        var reader = DAPFrameReader()
        reader.append(Data("content-LENGTH:2 \r\n\r\n{}Content-Length:\t3\r\n\r\n[1]".utf8))
        #expect(try reader.next() == Data("{}".utf8))
        #expect(try reader.next() == Data("[1]".utf8))
        #expect(try reader.next() == nil)
    }

    /// A browser's `fetch("http://127.0.0.1:PORT/:x", {method: "POST", mode: "no-cors", body})`:
    /// its lines hold colons and its body is framed by Content-Length, but it is not DAP.
    @Test func aBrowsersRequestIsRefusedAtItsFirstByte() {
        var reader = DAPFrameReader()
        reader.append(Data("P".utf8))
        #expect(throws: MessageError.self) { _ = try reader.next() }
    }

    @Test(arguments: [
        "Content-Length: 2\r\nContent-Type: application/json\r\n\r\n{}",
        "Content-Length: 2\r\nOrigin: http://evil.example\r\n\r\n{}",
        "Content-Length: 2\r\nHost: 127.0.0.1:4711\r\n\r\n{}",
        "Host: 127.0.0.1:4711\r\nContent-Length: 2\r\n\r\n{}",
        "Content-Length: 2\nX: y\n\n{}",
        "Content-Length: -2\r\n\r\n{}",
        "Content-Length: 2 2\r\n\r\n{}",
        "Content-Length:\r\n\r\n",
    ])
    func anyHeaderButOneContentLengthIsRefused(_ stream: String) {
        var reader = DAPFrameReader()
        reader.append(Data(stream.utf8))
        #expect(throws: MessageError.self) { _ = try reader.next() }
    }

    @Test(arguments: [
        "hello there\r\n\r\n",
        "Content-Length: lots\r\n\r\n{}",
        "Content-Type: json\r\n\r\n{}",
        "Content-Length: 99999999999\r\n\r\n",
        String(repeating: "x", count: 2000),
    ])
    func bytesThatAreNotDAPAreRefused(_ garbage: String) {
        var reader = DAPFrameReader()
        reader.append(Data(garbage.utf8))
        #expect(throws: MessageError.self) { _ = try reader.next() }
    }
}
