import Foundation
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

    @Test func otherHeadersAreIgnoredAndTheLengthIsCaseInsensitive() throws {
        var reader = DAPFrameReader()
        reader.append(Data("content-length: 2\r\nContent-Type: application/json\r\n\r\n{}".utf8))
        #expect(try reader.next() == Data("{}".utf8))
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
        #expect(throws: DAPFramingError.self) { _ = try reader.next() }
    }
}
