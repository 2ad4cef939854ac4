/// How many terminal columns a character takes: 2 for East Asian wide and emoji
/// characters, 0 for control characters, 1 otherwise. Combining marks belong to the
/// character they follow, so a `Character` never has width 0 because of them.
///
/// An approximation of `wcwidth` that does not depend on the process locale, so layout
/// stays pure; a terminal that disagrees on a rare character misaligns one line.
func displayWidth(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x1100 { return 1 }
    if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
        return 2  // emoji presentation selector
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    for range in wideRanges where range.contains(value) { return 2 }
    return 1
}

/// The columns `text` takes on a terminal.
func displayWidth(of text: some StringProtocol) -> Int {
    var width = 0
    for character in text { width += displayWidth(of: character) }
    return width
}

/// The longest prefix of `text` that fits in `width` columns.
func prefix(of text: some StringProtocol, fittingIn width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
        let next = displayWidth(of: character)
        if used + next > width { break }
        used += next
        result.append(character)
    }
    return result
}

/// The longest suffix of `text` that fits in `width` columns.
func suffix(of text: some StringProtocol, fittingIn width: Int) -> String {
    var characters: [Character] = []
    var used = 0
    for character in text.reversed() {
        let next = displayWidth(of: character)
        if used + next > width { break }
        used += next
        characters.append(character)
    }
    return String(characters.reversed())
}

/// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, coarsened).
private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK Extension A
    0x4E00...0x9FFF,  // CJK Unified Ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x1F300...0x1F64F,  // pictographs, emoticons
    0x1F900...0x1F9FF,  // supplemental symbols and pictographs
    0x20000...0x2FFFD,  // CJK Extensions B–F
    0x30000...0x3FFFD,  // CJK Extension G
]
