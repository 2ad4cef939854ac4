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

    /// A synchronous function whose body also gets its caller (``LuaCaller``) first.
    @inlinable
    public static func bindWithCaller<each A: LuaReadable, each R: LuaPushable>(
        _ name: String, _ body: @escaping (LuaCaller, repeat each A) throws -> (repeat each R)
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            var position: Int32 = 0
            let arguments = try withUnsafeMutablePointer(to: &position) { cursor throws(LuaArgumentError) in
                (repeat try readNext((each A).self, frame, cursor))
            }
            let results = try body(LuaCaller(stack: frame.stack), repeat each arguments)
            var count: Int32 = 0
            for value in repeat each results {
                value.push(to: frame.stack)
                count += 1
            }
            return .results(count)
        }
    }

    // Fixed shapes, up to three arguments and one result or none: closures of
    // these types are called directly, where a pack-typed closure goes through
    // an abstract calling convention (about 10 ns a call). Overload ranking
    // picks them over the pack-based `bind` above; they behave the same.

    @inlinable
    public static func bind<R: LuaPushable>(
        _ name: String, _ body: @escaping () throws -> R
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            frame.push(try body())
            return .results(1)
        }
    }

    @inlinable
    public static func bind<A: LuaReadable, R: LuaPushable>(
        _ name: String, _ body: @escaping (A) throws -> R
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            frame.push(try body(frame.argument(1)))
            return .results(1)
        }
    }

    @inlinable
    public static func bind<A: LuaReadable, B: LuaReadable, R: LuaPushable>(
        _ name: String, _ body: @escaping (A, B) throws -> R
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            let a: A = try frame.argument(1)
            frame.push(try body(a, frame.argument(2)))
            return .results(1)
        }
    }

    @inlinable
    public static func bind<A: LuaReadable, B: LuaReadable, C: LuaReadable, R: LuaPushable>(
        _ name: String, _ body: @escaping (A, B, C) throws -> R
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            let a: A = try frame.argument(1)
            let b: B = try frame.argument(2)
            frame.push(try body(a, b, frame.argument(3)))
            return .results(1)
        }
    }

    @inlinable
    public static func bind(
        _ name: String, _ body: @escaping () throws -> Void
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { _ in
            try body()
            return .results(0)
        }
    }

    @inlinable
    public static func bind<A: LuaReadable>(
        _ name: String, _ body: @escaping (A) throws -> Void
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            try body(frame.argument(1))
            return .results(0)
        }
    }

    @inlinable
    public static func bind<A: LuaReadable, B: LuaReadable>(
        _ name: String, _ body: @escaping (A, B) throws -> Void
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            let a: A = try frame.argument(1)
            try body(a, frame.argument(2))
            return .results(0)
        }
    }

    @inlinable
    public static func bind<A: LuaReadable, B: LuaReadable, C: LuaReadable>(
        _ name: String, _ body: @escaping (A, B, C) throws -> Void
    ) -> (LuaCallFrame) throws -> LuaReturn {
        { frame in
            let a: A = try frame.argument(1)
            let b: B = try frame.argument(2)
            try body(a, b, frame.argument(3))
            return .results(0)
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
            var callback: LuaFunction?
            if frame.argumentCount == declared + 1, frame.stack.type(at: declared + 1) == .function {
                callback = try frame.argument(declared + 1, as: LuaFunction.self)
            } else if frame.argumentCount > declared, frame.argumentCount == declared + 1, frame.stack.type(at: declared + 1) != .nil {
                throw LuaArgumentError(position: Int(declared + 1), problem: "callback function expected, got \(frame.stack.typeName(at: declared + 1))")
            }
            var position: Int32 = 0
            let arguments = try withUnsafeMutablePointer(to: &position) { cursor throws(LuaArgumentError) in
                (repeat try readNext((each A).self, frame, cursor))
            }
            let operation = LuaAsyncOperation { () async throws -> any LuaPushable & Sendable in
                try await body(repeat each arguments)
            }
            return try frame.state.startAsync(operation, name: name, callback: callback, on: frame.stack.L)
        }
    }
}

/// Work started by a bridged async function, run off the executor.
public struct LuaAsyncOperation: Sendable {
    public let run: @Sendable () async throws -> any LuaPushable & Sendable
    public init(_ run: @escaping @Sendable () async throws -> any LuaPushable & Sendable) { self.run = run }
}
