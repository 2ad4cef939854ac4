import Foundation
import LunarBridge
import LunarRuntime
import LunarTestSupport
import Testing

/// The fault catalogue, part 1: a Lua error and an infinite loop in each place a script runs
/// (``FaultPlace/all``). Each case runs in a fresh app and must end with the fault reported at its
/// exact `file:line`, the host alive and the rest of the app usable.
@Suite struct ScriptFaultCatalogue {
    struct Case: Sendable, CustomTestStringConvertible {
        let place: FaultPlace
        let fault: FaultPlace.Fault
        var testDescription: String { "\(fault.rawValue) in \(place.name)" }
    }

    static let cases = FaultPlace.all.flatMap { place in FaultPlace.Fault.allCases.map { Case(place: place, fault: $0) } }

    @Test(arguments: cases)
    func faultIsReportedAtItsLineAndTheAppGoesOn(_ c: Case) async throws {
        let server = try LoopbackServer { _ in .json(#"{"items":[1,2,3]}"#) }
        defer { server.stop() }
        let (files, location) = c.place.files(with: c.fault)
        let app = try await FaultApp(files: files, apiBaseURL: c.place.usesNetwork ? server.baseURL : nil)
        try await c.place.trigger(app)

        // What the app reported, and what a script saw (a reformer's error reaches its callback).
        var messages = app.reported.map(\.message)
        if let seen = try await app.lua("return SEEN_ERROR").first?.stringValue { messages.append(seen) }
        let expected: String
        switch c.fault {
        case .error: expected = c.place.code[.error] == nil ? "\(location): boom" : "\(location): "
        case .infiniteLoop: expected = "\(location): instruction budget exceeded"
        }
        #expect(messages.contains { $0.hasPrefix(expected) || $0.contains(": " + expected) },
                "expected '\(expected)' among \(messages)")
        #expect(try await app.assertUsable(), "the app is not usable after \(c)")
    }
}
