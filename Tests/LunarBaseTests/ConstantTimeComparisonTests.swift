import LunarBase
import Testing

@Suite struct ConstantTimeComparisonTests {
    @Test func equalStringsAreEqual() {
        #expect(equalInConstantTime("", ""))
        #expect(equalInConstantTime("3f2a9c", "3f2a9c"))
        #expect(equalInConstantTime("é✓", "é✓"))
    }

    @Test func anyDifferenceIsUnequal() {
        #expect(!equalInConstantTime("3f2a9c", "3f2a9d"))
        #expect(!equalInConstantTime("xf2a9c", "3f2a9c"))
        #expect(!equalInConstantTime("3f2a9", "3f2a9c"))
        #expect(!equalInConstantTime("3f2a9c", "3f2a9"))
        #expect(!equalInConstantTime("", "a"))
        // Equal up to the shorter length, and bytes that cancel out: still unequal.
        #expect(!equalInConstantTime("ab", "abab"))
        #expect(!equalInConstantTime("\u{1}", "\u{0}\u{1}"))
    }

    @Test func stringsAreComparedAsTheirUTF8() {
        #expect(equalInConstantTime("e\u{301}", "e\u{301}"))
        // Canonically equivalent (Swift's == says equal) but other bytes: a token is its bytes.
        #expect(!equalInConstantTime("\u{e9}", "e\u{301}"))
    }
}
