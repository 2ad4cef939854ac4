/// "Did you mean": the known name closest to a misspelt one. The one algorithm behind every
/// unknown-name error a script can get: style keys (`unknown style key 'paddng' (did you mean
/// 'padding'?)`), element props (`ui.TextField has no prop 'palceholder'`) and `lunar check`'s
/// unknown bridge functions.
public enum NameSuggestion {
    /// The candidate closest to `name` (case-insensitive edit distance, at most two edits),
    /// the alphabetically first of equally close ones; nil when none is that close.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= 2, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// ` (did you mean 'padding'?)`, or "" when no candidate is close.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        nearest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance between two strings of characters.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
