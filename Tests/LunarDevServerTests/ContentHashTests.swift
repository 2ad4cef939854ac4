import LunarDevServer
import Testing

/// The dev server names file versions by swift-crypto's SHA-256, printed as lower-case hex.
@Suite struct ContentHashTests {
    @Test func knownVectorsInLowerCaseHexWithLeadingZeros() {
        #expect(BundleFile.sha256(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // "...8f01cf...": a byte under 16 keeps its leading zero.
        #expect(BundleFile.sha256(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
