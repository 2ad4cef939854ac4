import LunarBridge

/// `lunar.test`, written in Lua: `describe`, `it`, `before_each`, `after_each`,
/// `setup`, `teardown`, `pending`, `expect` (its matchers), `spy` and the driver `app`,
/// plus the hooks the Swift runner (``LunarRuntime/runSpecFile(_:filter:waitTimeout:updateSnapshots:)``)
/// drives tests through: the test list, the plan (which tests run, for setup and teardown),
/// start and resume.
///
/// Each test runs in a coroutine of its own, so `app.wait()` yields to the
/// runner, which runs the app until it is idle and resumes the test. A failed
/// expectation raises a string error at level 2, so its message starts with
/// the spec's `file:line`.
enum SpecLibrary {
    static let source = LuaSource("lunar.test", embedded: PackageResources.test_lua)
}
