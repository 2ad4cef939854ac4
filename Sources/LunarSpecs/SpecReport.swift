import Foundation

/// How `lunar test` writes its results.
public enum SpecFormat: String, CaseIterable, Sendable {
    /// A describe/it tree with ✓, ✗ and ○ (pending), each test's duration, failure messages,
    /// then "N passed, M failed" (and ", K pending").
    case text
    /// TAP version 13: one `ok`/`not ok` line per test with a YAML block (its duration and
    /// failure messages), `# SKIP`/`# TODO` for pending tests, the plan at the end.
    case tap
    /// JUnit XML: one `testsuite` per spec file, one `testcase` per test.
    case junit
}

/// Renders spec results in one of the ``SpecFormat``s. Text and TAP are
/// written file by file as the runs finish; JUnit needs every result first.
public struct SpecReport {
    public let format: SpecFormat
    private var number = 0

    public init(format: SpecFormat) {
        self.format = format
    }

    /// What opens the report.
    public func header() -> String {
        format == .tap ? "TAP version 13\n" : ""
    }

    /// The part of the report for one spec file (JUnit: nothing; see ``footer(_:)``).
    public mutating func section(for file: SpecFileResult) -> String {
        switch format {
        case .text: return Self.text(file)
        case .tap: return tap(file)
        case .junit: return ""
        }
    }

    /// What closes the report, given every file's results.
    public func footer(_ files: [SpecFileResult]) -> String {
        let passed = files.reduce(0) { $0 + $1.passedCount }
        let failed = files.reduce(0) { $0 + $1.failedCount }
        let pending = files.reduce(0) { $0 + $1.pendingCount }
        let counts = "\(passed) passed, \(failed) failed" + (pending > 0 ? ", \(pending) pending" : "")
        switch format {
        case .text: return "\n\(counts)\n"
        case .tap: return "1..\(number)\n# \(counts)\n"
        case .junit: return Self.junit(files)
        }
    }

    // MARK: Text

    private static func text(_ file: SpecFileResult) -> String {
        var out = file.file + "\n"
        if let error = file.loadError {
            out += "  ✗ (loading the file)\n" + indented(error, by: 6)
            return out
        }
        if file.cases.isEmpty { out += "  (no tests)\n" }
        var shown: [String] = []
        for test in file.cases {
            let groups = Array(test.names.dropLast())
            var common = 0
            while common < min(groups.count, shown.count), groups[common] == shown[common] { common += 1 }
            for depth in common..<groups.count {
                out += String(repeating: "  ", count: depth + 1) + groups[depth] + "\n"
            }
            shown = groups
            let pad = String(repeating: "  ", count: groups.count + 1)
            let name = test.names.last ?? ""
            if test.isPending {
                let reason = test.pending ?? ""
                out += pad + "○ " + name + (test.isTodo ? " (todo)" : reason.isEmpty ? " (pending)" : " (pending: \(reason))") + "\n"
                continue
            }
            out += pad + (test.passed ? "✓ " : "✗ ") + name + " (\(milliseconds(test.duration)) ms)\n"
            for failure in test.failures { out += indented(failure, by: pad.count + 4) }
        }
        for note in file.notes { out += "  " + note + "\n" }
        return out
    }

    private static func indented(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 + "\n" }.joined()
    }

    // MARK: TAP

    private mutating func tap(_ file: SpecFileResult) -> String {
        var out = ""
        if let error = file.loadError {
            number += 1
            out += "not ok \(number) - \(Self.tapName(file.file + " (loading the file)"))\n" + Self.yaml([error])
        }
        for test in file.cases {
            number += 1
            let name = Self.tapName(file.file + ": " + test.names.joined(separator: " > "))
            if test.isTodo {
                // TAP: a TODO test is one not expected to pass yet; it counts as no failure.
                out += "not ok \(number) - \(name) # TODO not written yet\n"
                continue
            }
            if test.isPending {
                out += "ok \(number) - \(name) # SKIP \(Self.tapName(test.pending ?? ""))\n"
                continue
            }
            out += (test.passed ? "ok" : "not ok") + " \(number) - \(name)\n"
            out += Self.yaml(test.failures, duration: test.duration)
        }
        for note in file.notes { out += "# \(note)\n" }
        return out
    }

    /// A TAP description may not hold `#` (a directive) or a line break.
    private static func tapName(_ name: String) -> String {
        name.replacingOccurrences(of: "#", with: "\\#").replacingOccurrences(of: "\n", with: " ")
    }

    /// A YAML diagnostic block: `duration_ms` when the test ran, then the failure messages.
    private static func yaml(_ failures: [String], duration: Double? = nil) -> String {
        var out = "  ---\n"
        if let duration { out += "  duration_ms: \(String(format: "%.1f", duration * 1000))\n" }
        if !failures.isEmpty { out += "  message: |\n" }
        for failure in failures {
            for line in failure.split(separator: "\n", omittingEmptySubsequences: false) { out += "    \(line)\n" }
        }
        return out + "  ...\n"
    }

    // MARK: JUnit

    private static func junit(_ files: [SpecFileResult]) -> String {
        let tests = files.reduce(0) { $0 + $1.cases.count + ($1.loadError == nil ? 0 : 1) }
        let failures = files.reduce(0) { $0 + $1.cases.count(where: { !$0.failures.isEmpty }) }
        let skipped = files.reduce(0) { $0 + $1.pendingCount }
        let errors = files.count(where: { $0.loadError != nil })
        let time = files.reduce(0.0) { $0 + $1.cases.reduce(0.0) { $0 + $1.duration } }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"lunar test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(time))\">\n"
        for file in files {
            let fileTime = file.cases.reduce(0.0) { $0 + $1.duration }
            let fileTests = file.cases.count + (file.loadError == nil ? 0 : 1)
            out += "  <testsuite name=\"\(xml(file.file))\" tests=\"\(fileTests)\" "
                + "failures=\"\(file.cases.count(where: { !$0.failures.isEmpty }))\" errors=\"\(file.loadError == nil ? 0 : 1)\" "
                + "skipped=\"\(file.pendingCount)\" time=\"\(seconds(fileTime))\">\n"
            if let error = file.loadError {
                out += "    <testcase classname=\"\(xml(file.file))\" name=\"(loading the file)\" time=\"0\">\n"
                out += "      <error message=\"\(xml(firstLine(error)))\">\(xml(error, attribute: false))</error>\n    </testcase>\n"
            }
            for test in file.cases {
                out += "    <testcase classname=\"\(xml(file.file))\" name=\"\(xml(test.names.joined(separator: " > ")))\" time=\"\(seconds(test.duration))\""
                if test.passed {
                    out += "/>\n"
                } else if test.isPending {
                    out += ">\n      <skipped message=\"\(xml(test.isTodo ? "not written yet" : test.pending ?? ""))\"/>\n    </testcase>\n"
                } else {
                    let all = test.failures.joined(separator: "\n")
                    out += ">\n      <failure message=\"\(xml(firstLine(test.failures[0])))\">\(xml(all, attribute: false))</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.0f", value * 1000)
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// Escapes text for an XML attribute or element; drops characters XML 1.0 cannot hold.
    private static func xml(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
