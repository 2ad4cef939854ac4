import Foundation
import LunarBridge
import LunarRuntime
import LunarHeadless

extension LunarRuntime {
    /// Runs one spec file in this runtime, which must be fresh (not started):
    /// starts the app headless at the manifest's entry route, loads the file
    /// (`@spec/x_spec.lua`, with `describe`, `it`, `before_each`, `after_each`,
    /// `setup`, `teardown`, `pending`, `expect`, `spy` and `app` as globals), then runs
    /// each test whose full name or file contains `filter`, one after another, in the
    /// app's own state; an `it` without a function is reported pending without running.
    /// Each test after the first starts from a fresh app (``startFresh(renderer:timeout:)``:
    /// the entry screen anew, storage empty) unless it and the test before it are in one
    /// `describe(name, { sharedApp = true }, fn)` group.
    ///
    /// A test runs in a coroutine; `app.wait()` yields it here, the app runs
    /// until idle (``wait(timeout:)``: on a virtual clock timers fire at once)
    /// and the test resumes. A script error the app reports while a test runs
    /// fails that test. Never throws: every problem is in the result.
    ///
    /// - Parameters:
    ///   - relativePath: the spec file, relative to the bundle root.
    ///   - filter: run only tests whose full name or file path contains it.
    ///   - waitTimeout: how long `app.wait()` may find the app busy before it fails.
    ///   - updateSnapshots: replace snapshots that differ (and, when every test runs, drop the
    ///     ones no test asked for) instead of failing; see ``SpecSnapshots``.
    public func runSpecFile(_ relativePath: String, filter: String? = nil, waitTimeout: Double = 10,
                            updateSnapshots: Bool = false) async -> SpecFileResult {
        var result = SpecFileResult(file: relativePath)
        let errors = ScriptErrorLog()
        state.errorHandler = { errors.record($0) }
        host.onScriptError = { errors.record($0) }
        // print in specs and screens must not mix with TAP or JUnit on standard output.
        state.output = { text in StandardStream.error.write(text) }

        let reference = ScreenHostReference()
        reference.host = host
        let snapshots = SpecSnapshots(bundleRoot: bundle.root, specFile: relativePath, update: updateSnapshots)
        state.register(SpecDriverModule.module(host: reference, snapshots: snapshots))
        state.registerSource(SpecLibrary.source)

        let tests: LuaFunction, plan: LuaFunction, startTest: LuaFunction, resume: LuaFunction
        do {
            try start(renderer: HeadlessRenderer())
            let hooks = try state.callReturningAll(state.load(Self.specPrelude), [])
            guard hooks.count == 4, case .function(let t) = hooks[0], case .function(let p) = hooks[1],
                  case .function(let s) = hooks[2], case .function(let r) = hooks[3] else {
                result.loadError = "lunar.test did not load"
                return result
            }
            (tests, plan, startTest, resume) = (t, p, s, r)
            let url = bundle.root.appendingPathComponent(relativePath)
            // Bytes, as Lua reads a file: a comment or string literal need not be UTF-8.
            guard let source = FileManager.default.contents(atPath: url.path) else {
                result.loadError = "\(relativePath): cannot read the file"
                return result
            }
            let chunk = try state.load(source, name: "@" + relativePath)
            _ = try state.callReturningAll(chunk, [])
        } catch let error as LuaScriptError {
            result.loadError = error.message
            return result
        } catch {
            result.loadError = "\(error)"
            return result
        }
        host.flushRender()
        if let first = errors.take().first {
            result.loadError = "script error while starting the app: \(first)"
            return result
        }

        // Each test: its names, whether it has no function (a test to write), and the app it
        // shares (its outermost `sharedApp` group's number; nil: an app of its own).
        let declared: [(names: [String], todo: Bool, sharedApp: Int?)]
        do {
            declared = try state.callReturningAll(tests, []).first?.tableValue?.array.map { entry in
                let table = entry.tableValue
                return (table?["names"].tableValue?.array.compactMap(\.stringValue) ?? [], table?["todo"] == .boolean(true),
                        table?["sharedApp"].intValue)
            } ?? []
        } catch {
            result.loadError = error.message
            return result
        }
        let selected = declared.indices.filter { index in
            guard let filter, !filter.isEmpty else { return true }
            return declared[index].names.joined(separator: " ").contains(filter) || relativePath.contains(filter)
        }
        let runs = selected.filter { !declared[$0].todo }
        do {
            _ = try state.callReturningAll(plan, [.table(LuaTable(array: runs.map { .integer($0 + 1) }))])
        } catch {
            result.loadError = error.message
            return result
        }
        for index in selected {
            let names = declared[index].names
            guard let position = runs.firstIndex(of: index) else {
                result.cases.append(SpecCaseResult(names: names, failures: [], duration: 0, pending: "not written yet", isTodo: true))
                continue
            }
            let began = ContinuousClock.now
            // The first test has the app as it started; a later one a fresh app, unless it
            // shares one with the test before it.
            // shares one with the test before it. A problem starting it fails the test, which
            // still runs (its group's setup and teardown go by the plan).
            var starting: [String] = []
            if position > 0, declared[index].sharedApp == nil || declared[index].sharedApp != declared[runs[position - 1]].sharedApp {
                do {
                    try await startFresh(renderer: HeadlessRenderer(), timeout: waitTimeout)
                } catch {
                    starting.append("lunar test: starting a fresh app: \(error)")
                }
                starting += errors.take().map { "script error while starting a fresh app: \($0)" }
            }
            let (failures, pending) = await runTest(index + 1, position: position + 1, start: startTest, resume: resume,
                                                    errors: errors, waitTimeout: waitTimeout)
            let elapsed = ContinuousClock.now - began
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            result.cases.append(SpecCaseResult(names: names, failures: starting + failures, duration: seconds, pending: pending))
        }
        do {
            result.notes = try snapshots.save(complete: selected.count == declared.count)
        } catch {
            // Only a test that checked a snapshot makes something to save: the last test run fails.
            let message = (error as? SnapshotFileError)?.message ?? "\(error)"
            if let last = result.cases.lastIndex(where: { !$0.isTodo }) {
                result.cases[last].failures.append(message)
            } else {
                result.loadError = message
            }
        }
        return result
    }

    /// Runs test `index` (1-based; the `position`-th of the plan) to its end, waiting whenever
    /// it asks to. Returns its failures and, when it called `pending(...)`, the reason.
    private func runTest(_ index: Int, position: Int, start: LuaFunction, resume: LuaFunction,
                         errors: ScriptErrorLog, waitTimeout: Double) async -> (failures: [String], pending: String?) {
        do {
            _ = try state.callReturningAll(start, [.integer(index), .integer(position)])
            var arguments: [LuaValue] = []
            while true {
                let step = try state.callReturningAll(resume, arguments)
                host.flushRender()
                if step.first?.stringValue != "wait" {
                    let failures = step.count > 1 ? (step[1].tableValue?.array.map { $0.stringValue ?? $0.description } ?? []) : []
                    let pending = step.count > 2 ? step[2].stringValue : nil
                    return (failures + errors.take().map { "script error: \($0)" }, pending)
                }
                let idle = await wait(timeout: waitTimeout)
                arguments = idle ? [.boolean(true)] : [
                    .boolean(false),
                    .string("app.wait(): still busy after \(Int(waitTimeout)) s (a repeating timer, or a request that never ends)"),
                ]
            }
        } catch {
            return (["lunar test: \(error.message)"] + errors.take().map { "script error: \($0)" }, nil)
        }
    }

    /// Makes the spec globals and returns the runner's hooks.
    static let specPrelude = LuaSource("lunar.spec", embedded: PackageResources.prelude_lua)
}

/// Script errors reported while specs run, taken by the test they belong to.
/// Confined to the executor, like the state that reports them.
final class ScriptErrorLog {
    private var messages: [String] = []

    func record(_ error: LuaScriptError) {
        let message = error.message
        // The screen host and the state may both report the same error.
        if messages.last != message { messages.append(message) }
    }

    func take() -> [String] {
        defer { messages = [] }
        return messages
    }
}
