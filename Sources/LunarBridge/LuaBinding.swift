import CLunar

/// Builds function bodies from Swift signatures: the typed layer over the
/// untyped core (``LuaCallFrame``).
public enum LuaBinding {
    /// A synchronous function: reads `A...`, calls, pushes `R...`.
    @inlinable
    public static func bind<each A: LuaReadable, each R: LuaPushable>(
        _ name: String, _ body: @escaping (repeat each A) throws -> (repeat each R)
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            var position: Int32 = 0
            let arguments = try withUnsafeMutablePointer(to: &position) { cursor throws(LuaArgumentError) in
                (repeat try readNext((each A).self, frame, cursor))
            }
            let results = try body(repeat each arguments)
            var count: Int32 = 0
            for value in repeat each results {
                value.push(to: frame.stack)
                count += 1
            }
            return .results(count)
        }
    }

    @inlinable
    static func readNext<T: LuaReadable>(_ type: T.Type, _ frame: LuaCallFrame, _ cursor: UnsafeMutablePointer<Int32>) throws(LuaArgumentError) -> T {
        cursor.pointee += 1
        return try frame.argument(cursor.pointee, as: T.self)
    }

    /// An async function: called with a trailing callback `(result, err)`, or
    /// awaited from a coroutine the runtime manages.
    @inlinable
    public static func bindAsync<each A: LuaReadable & Sendable, R: LuaPushable & Sendable>(
        _ name: String, _ body: @escaping @Sendable (repeat each A) async throws -> R
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            var declared: Int32 = 0
            for _ in repeat (each A).self { declared += 1 }
            let L = frame.stack.L
            var callback: LuaFunction?
            if frame.argumentCount == declared + 1, lua_type(L, declared + 1) == LUA_TFUNCTION {
                callback = try frame.argument(declared + 1, as: LuaFunction.self)
            } else if frame.argumentCount > declared, frame.argumentCount == declared + 1, lua_type(L, declared + 1) != LUA_TNIL {
                throw LuaArgumentError(position: Int(declared + 1), problem: "callback function expected, got \(frame.stack.typeName(at: declared + 1))")
            }
            var position: Int32 = 0
            let arguments = try withUnsafeMutablePointer(to: &position) { cursor throws(LuaArgumentError) in
                (repeat try readNext((each A).self, frame, cursor))
            }
            let operation = LuaAsyncOperation { () async throws -> any LuaPushable & Sendable in
                try await body(repeat each arguments)
            }
            return try frame.state.startAsync(operation, name: name, callback: callback, on: L)
        }
    }
}

/// Work started by a bridged async function, run off the executor.
public struct LuaAsyncOperation: Sendable {
    public let run: @Sendable () async throws -> any LuaPushable & Sendable
    public init(_ run: @escaping @Sendable () async throws -> any LuaPushable & Sendable) { self.run = run }
}
