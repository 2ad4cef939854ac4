/// `text` broken into lines of at most `width` columns: at line breaks, then between
/// words, and inside a word only when the word alone is too wide. Always at least one line.
func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [""] }
    var lines: [String] = []
    for paragraph in text.replacingTabs().split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            var wordWidth = displayWidth(of: word)
            let gap = line.isEmpty ? 0 : 1
            if lineWidth + gap + wordWidth <= width {
                if gap == 1 { line.append(" ") }
                line += word
                lineWidth += gap + wordWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                var head = prefix(of: word, fittingIn: width)
                if head.isEmpty { head = String(word.prefix(1)) }  // a wide character in one column
                guard head.count < word.count else { break }  // the last piece starts the line
                lines.append(head)
                word = word.dropFirst(head.count)
                wordWidth = displayWidth(of: word)
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
    }
    return lines
}

extension String {
    /// The string with each tab as one space: a cell grid has no tab stops.
    fileprivate func replacingTabs() -> String {
        contains("\t") ? String(map { $0 == "\t" ? " " : $0 }) : self
    }
}
