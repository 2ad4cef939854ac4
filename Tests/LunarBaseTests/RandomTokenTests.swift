import LunarBase
import Testing

@Suite struct RandomTokenTests {
    @Test func aTokenIs32LowercaseHexDigits() {
        for _ in 0..<100 {
            let token = randomToken()
            #expect(token.utf8.count == 32)
            #expect(token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }, "\(token)")
        }
    }

    @Test func tokensDiffer() {
        let tokens = Set((0..<1000).map { _ in randomToken() })
        #expect(tokens.count == 1000)
    }

    @Test func everyDigitTurnsUp() {
        let digits = Set((0..<100).flatMap { _ in randomToken() })
        #expect(digits == Set("0123456789abcdef"))
    }
}
