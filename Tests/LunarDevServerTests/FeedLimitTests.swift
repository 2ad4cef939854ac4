import Foundation
import LunarDevServer
import Testing

/// The change feed's parser refuses an event larger than its limit, so a server cannot grow the
/// client's memory with one endless line; keep-alive comments never add up.
@Suite struct FeedLimitTests {
    @Test func aFeedEventLargerThanTheLimitIsRefused() throws {
        var parser = ServerSentEventParser(limit: 64)
        #expect(try parser.consume(Array("data: small\n\n".utf8)) == [ServerSentEvent(data: "small")])
        #expect(throws: ReplyTooLarge(limit: 64, declared: nil)) { try parser.consume(Array(repeating: UInt8(ascii: "x"), count: 65)) }
        var keepAlive = ServerSentEventParser(limit: 64)
        for _ in 0..<100 { #expect(try keepAlive.consume(Array(": keep-alive\n\n".utf8)).isEmpty) }
    }
}
