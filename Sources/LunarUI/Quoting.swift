/// `text` in double quotes, with backslashes, quotes and control characters escaped,
/// so that a printed value always fits on one line.
package func quoted(_ text: String) -> String {
    "\"" + escaped(text, keeping: [], escapingQuotes: true) + "\""
}

/// `text` with its control characters escaped (`\n`, `\r`, `\t`, `\u{1b}`), for a value printed
/// bare (a screen title, an element id, a file name): it stays on its line and sends nothing
/// a terminal would obey. Backslashes and quotes are kept as they are.
package func escapingControls(_ text: String) -> String {
    escaped(text, keeping: [], escapingQuotes: false)
}

/// `text` for a terminal, line breaks and tabs kept: every other control character escaped, so a
/// message (a script error, a traceback) cannot move the cursor, recolour or retitle the terminal.
package func terminalSafe(_ text: String) -> String {
    escaped(text, keeping: ["\n", "\t"], escapingQuotes: false)
}

/// C0 controls, DEL, C1 controls (U+0080-U+009F: U+009B starts an escape sequence on some
/// terminals) and the Unicode line and paragraph separators.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
}

private func escaped(_ text: String, keeping kept: Set<Unicode.Scalar>, escapingQuotes: Bool) -> String {
    if !text.unicodeScalars.contains(where: { (isControl($0) && !kept.contains($0)) || (escapingQuotes && ($0 == "\"" || $0 == "\\")) }) {
        return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"" where escapingQuotes: result += "\\\""
        case "\\" where escapingQuotes: result += "\\\\"
        case _ where kept.contains(scalar): result.unicodeScalars.append(scalar)
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
