import LunarRouter

// Fuzzes the router's URL reading and matching, and its pattern parser.
//
// The input is read as a URL (invalid UTF-8 repaired) and opened against a fixed
// table of routes covering literals, variables, optional groups and wildcards.
// Every handler declines, so every matching route is offered the URL. Invariants:
// - `canOpen` agrees with whether any handler was offered the URL;
// - each match round-trips: the URL its pattern builds from the match's values
//   (`RoutePattern.url(values:query:)`) is offered to the same route, with the
//   same parameters and wildcard components;
// - `QueryString.make` then `parse` gives back the parameters `parse` read;
// - the same bytes read as a pattern either throw a `RouterError` or parse, and
//   every expansion of the pattern accepts a URL built from it (literals with `#` aside).

/// The routes every input is opened against (patterns as a bundle would write them).
private let routePatterns = [
    "/users/:id",
    "/users/new",
    "/users/:id/posts/:post",
    "/search(/:query)(/:page)",
    "/files/*",
    "/a/:x/b/*",
    "/:section/about",
    "/docs(/:chapter)/*",
    "/",
]

/// One handler call: what the route was given.
private struct Offer {
    let pattern: String
    let parameters: [String: RouteValue]
    let wildcard: [String]?
}

/// A router whose handlers only record what they are offered; one per options
/// value, built once (libFuzzer runs inputs one at a time on one thread).
private final class RecordingRouter {
    let router: Router
    var offers: [Offer] = []

    init(options: RouterOptions) {
        router = Router(options: options)
        for pattern in routePatterns {
            do {
                try router.add(pattern) { [unowned self] match in
                    offers.append(Offer(pattern: match.pattern, parameters: match.parameters, wildcard: match.wildcardComponents))
                    return false
                }
            } catch {
                fatalError("fixed route \(pattern) refused: \(error)")
            }
        }
    }

    /// Opens `url` and returns every offer made, in the order made.
    func offers(for url: String) -> [Offer] {
        offers = []
        let accepted = router.open(url)
        precondition(!accepted, "a declining handler accepted \(url)")
        return offers
    }
}

nonisolated(unsafe) private let routers = (0..<4).map {
    RecordingRouter(options: RouterOptions(decodePlus: $0 & 1 != 0, hostAsPath: $0 & 2 != 0))
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRouter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    // The first byte picks the router options; the rest is the text.
    let recording = routers[Int(data[0] & 3)]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)

    checkMatching(text, in: recording)
    checkQueryString(text, decodePlus: recording.router.options.decodePlus)
    checkPattern(text)
    return 0
}

private func checkMatching(_ url: String, in recording: RecordingRouter) {
    let offers = recording.offers(for: url)
    precondition(recording.router.canOpen(url) == !offers.isEmpty, "canOpen disagrees with open for \(url.debugDescription)")
    for offer in offers {
        let rebuilt = rebuildURL(for: offer)
        let again = recording.offers(for: rebuilt)
        guard let same = again.first(where: { $0.pattern == offer.pattern }) else {
            fatalError("\(url.debugDescription) matched \(offer.pattern), but the URL built from its values, \(rebuilt.debugDescription), does not")
        }
        precondition(
            sameParameters(same.parameters, offer.parameters),
            "parameters of \(url.debugDescription) (\(offer.parameters)) differ after the round trip through \(rebuilt.debugDescription) (\(same.parameters))")
        precondition(
            same.wildcard == offer.wildcard,
            "wildcard of \(url.debugDescription) (\(offer.wildcard ?? [])) differs after the round trip through \(rebuilt.debugDescription)")
    }
}

/// The URL the matched (expanded) pattern builds from the match's own values:
/// variables in pattern order, then the wildcard components; the other
/// parameters go into the query.
private func rebuildURL(for offer: Offer) -> String {
    var values: [String] = []
    var query = offer.parameters
    for component in offer.pattern.split(separator: "/") where component.hasPrefix(":") {
        let name = String(component.dropFirst())
        guard let value = offer.parameters[name]?.stringValue else {
            fatalError("variable \(name) of \(offer.pattern) has no text value: \(offer.parameters)")
        }
        values.append(value)
        query[name] = nil
    }
    values += offer.wildcard ?? []
    do {
        return try RoutePattern(offer.pattern).url(values: values, query: query)
    } catch {
        fatalError("\(offer.pattern) cannot build a URL from \(values) and \(query): \(error)")
    }
}

private func checkQueryString(_ text: String, decodePlus: Bool) {
    let parameters = QueryString.parse(text, decodePlus: decodePlus)
    let written: String
    do {
        written = try QueryString.make(from: parameters)
    } catch {
        fatalError("parsed query parameters of \(text.debugDescription) cannot be written: \(error)")
    }
    let reread = QueryString.parse(written, decodePlus: decodePlus)
    precondition(
        sameParameters(parameters, reread),
        "query \(text.debugDescription) read as \(parameters), written as \(written.debugDescription), read back as \(reread)")
}

private func checkPattern(_ text: String) {
    let pattern: RoutePattern
    do {
        pattern = try RoutePattern(text)
    } catch {
        precondition(!error.description.isEmpty)
        return
    }
    let expansions = pattern.expansions
    precondition(!expansions.isEmpty && expansions.count <= 1 << RoutePattern.maximumOptionalGroups)
    do {
        let canonical = try RoutePattern(pattern.canonicalText)
        precondition(canonical.canonicalText == pattern.canonicalText, "canonical form of \(text.debugDescription) is not stable")
    } catch {
        fatalError("canonical form \(pattern.canonicalText.debugDescription) of \(text.debugDescription) does not parse: \(error)")
    }
    // Each expansion, registered alone, accepts the URL it builds (one value per variable and for `*`).
    // Not for a literal holding `#`: `url(values:)` writes literals as they are, and in a URL a `#`
    // starts the fragment (such literals match only fragment paths, as in JLRoutes).
    guard !text.utf8.contains(UInt8(ascii: "#")) else { return }
    for expansion in expansions {
        let router = Router()
        do {
            let concrete = try RoutePattern(expansion)
            try router.add(expansion) { _ in true }
            // By bytes, as the pattern parser reads: a ':' followed by a combining mark is one
            // Character, so `hasPrefix(":")` missed such a variable.
            let variables = expansion.split(separator: "/")
                .filter { $0.utf8.first == UInt8(ascii: ":") || $0.utf8.elementsEqual("*".utf8) }.count
            let url = try concrete.url(values: (0..<variables).map { "v\($0)" })
            precondition(router.canOpen(url), "\(expansion.debugDescription) (from \(text.debugDescription)) does not match the URL it builds, \(url.debugDescription)")
        } catch {
            fatalError("expansion \(expansion.debugDescription) of \(text.debugDescription): \(error)")
        }
    }
}

/// Parameter equality for the texts the router produces (`.opaque` never appears here).
private func sameParameters(_ a: [String: RouteValue], _ b: [String: RouteValue]) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
        switch (value, b[key]) {
        case (.string(let x), .string(let y)) where x == y: continue
        case (.list(let x), .list(let y)) where x == y: continue
        default: return false
        }
    }
    return true
}
