import LunarBase
import Testing

@Suite struct MessageErrorTests {
    @Test func itPrintsItsMessageUnchanged() {
        let error = MessageError("the server stopped before it listened")
        #expect("\(error)" == "the server stopped before it listened")
        #expect(String(describing: error as any Error) == "the server stopped before it listened")
        #expect(error.message == error.description)
    }

    @Test func errorsWithTheSameMessageAreEqual() {
        #expect(MessageError("a") == MessageError("a"))
        #expect(MessageError("a") != MessageError("b"))
        #expect(Set([MessageError("a"), MessageError("a")]).count == 1)
    }

    @Test func aThrownOneIsCaughtByItsMessage() {
        #expect(throws: MessageError("refused")) { throw MessageError("refused") }
    }
}
