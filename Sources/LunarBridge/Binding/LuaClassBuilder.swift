import CLunar

/// The declared shape of one property of a ``LuaObject`` class, for stubs.
public struct LuaPropertySignature: Sendable, Hashable {
    /// The name scripts use: `obj.name`.
    public var name: String
    /// The LuaLS type of the value.
    public var type: String
    /// Whether scripts may assign it (`obj.name = v`).
    public var isWritable: Bool

    /// Describes a property.
    public init(name: String, type: String, isWritable: Bool) {
        self.name = name
        self.type = type
        self.isWritable = isWritable
    }
}

/// Collects the methods and properties a ``LuaObject`` class shows to Lua;
/// see ``LuaObject/describe(_:)``.
///
/// Methods are typed by their Swift signatures with the object first and are
/// called as `obj:name(...)`; properties are read as `obj.name` and, when
/// writable, assigned as `obj.name = v`. A method shadows a property of the
/// same name; declaring a name twice keeps the last declaration.
///
/// The builder is filled once per class per state, on the state's executor;
/// its closures run there too, so they need not be `@Sendable`.
public struct LuaClassBuilder<Object: LuaObject> {
    typealias Method = (_ metatable: Int32) -> (LuaCallFrame) throws -> LuaReturn
    typealias Getter = (Object, LuaStack) throws -> Void
    typealias Setter = (Object, LuaStack, _ index: Int32) throws -> Void

    var methods: [String: Method] = [:]
    /// C functions serving methods in front of their Swift bodies (see ``front(_:with:upvalues:hiding:)``).
    var fronts: [String: (function: lua_CFunction, upvalues: [String])] = [:]
    /// Methods only fronts reach.
    var hidden: Set<String> = []
    var getters: [String: Getter] = [:]
    var setters: [String: Setter] = [:]

    /// The methods in declaration order (the receiver is not listed).
    public private(set) var methodDescriptions: [LuaFunctionDescription] = []
    /// The class's type parameters (`T` for `Signal<T>`); see ``generic(_:)``.
    public private(set) var typeParameters: [String] = []
    /// The properties in declaration order.
    public private(set) var propertySignatures: [LuaPropertySignature] = []

    /// An empty description; ``LuaObject/describe(_:)`` fills it.
    public init() {}

    /// Adds a method. Lua calls it as `obj:name(...)`; the receiver is
    /// checked (`calling 'Counter:add' on bad self (Counter expected, got
    /// table)`), the other arguments converted with errors numbered as Lua
    /// numbers them for methods (`bad argument #1 to 'Counter:add'` is the
    /// first after `self`), the results pushed, and a thrown error raised.
    ///
    /// The declaration names the parameters after `self`, as a module
    /// function's does (see ``LuaModule``): `add(amount)`, or with LuaLS types
    /// that replace the Swift ones, `map<U>(transform: fun(value: T): U): Signal<U>`.
    ///
    /// ```swift
    /// luaClass.method("add(amount)", summary: "Adds amount; returns the new count.") { (counter: Counter, amount: Int) -> Int in
    ///     counter.count += amount
    ///     return counter.count
    /// }
    /// ```
    @inlinable
    public mutating func method<each A: LuaReadable, each R: LuaPushable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping (Object, repeat each A) throws -> (repeat each R)
    ) {
        var parameters: [String] = []
        for type in repeat (each A).self { parameters.append(type.luaTypeName) }
        var results: [String] = []
        for type in repeat (each R).self { results.append(LuaTypeNames.name(of: type)) }
        addMethod(declaration, summary: summary, parameters: parameters, results: results) { metatable in
            { frame in
                let object = try LuaObjectSlot.receiver(Object.self, frame, metatable: metatable)
                var position: Int32 = 1
                let arguments = try withUnsafeMutablePointer(to: &position) { cursor throws(LuaArgumentError) in
                    (repeat try LuaClassBuilder.readArgument((each A).self, frame, cursor))
                }
                let results = try body(object, repeat each arguments)
                var count: Int32 = 0
                for value in repeat each results {
                    value.push(to: frame.stack)
                    count += 1
                }
                return .results(count)
            }
        }
    }

    /// Serves the method `name` with the C function `function` in front of the declared one:
    /// scripts calling `obj:name(...)` call `function`, whose upvalues are the declared methods
    /// named in `upvalues`, in that order (so it can hand a call to Swift when its fast path does
    /// not apply). Methods in `hiding` are left out of the class's method table and signatures:
    /// only a front reaches them. For hot paths that must not cross into Swift on every call;
    /// `function` follows Lua's rules for C functions (it may raise).
    public mutating func front(_ name: String, with function: lua_CFunction, upvalues: [String], hiding: Set<String> = []) {
        fronts[name] = (function, upvalues)
        hidden.formUnion(hiding)
        let qualified = Set(hiding.map { Object.luaTypeName + ":" + $0 })
        methodDescriptions.removeAll { qualified.contains($0.signature.name) }
    }

    /// Makes the class generic over `names` in stubs (`---@class Signal<T>`),
    /// so method declarations can say `get(): T`.
    public mutating func generic(_ names: String...) {
        typeParameters = names
    }

    /// Records a method whose body is made per state, given the class metatable.
    @usableFromInline
    mutating func addMethod(
        _ declaration: String, summary: String?, parameters: [String], results: [String],
        makeBody: @escaping (_ metatable: Int32) -> (LuaCallFrame) throws -> LuaReturn
    ) {
        var description = LuaFunctionDescription(declaring: declaration, parameters: parameters, results: results, summary: summary)
        methods[description.signature.name] = makeBody
        let qualified = Object.luaTypeName + ":" + description.signature.name
        description.signature.name = qualified
        methodDescriptions.removeAll { $0.signature.name == qualified }
        methodDescriptions.append(description)
    }

    /// Reads argument `cursor + 1`; Lua counts method arguments after `self`.
    @inlinable
    static func readArgument<T: LuaReadable>(
        _ type: T.Type, _ frame: LuaCallFrame, _ cursor: UnsafeMutablePointer<Int32>
    ) throws(LuaArgumentError) -> T {
        cursor.pointee += 1
        do {
            return try T.read(from: frame.stack, at: cursor.pointee)
        } catch {
            throw LuaArgumentError(position: Int(cursor.pointee - 1), problem: error.problem)
        }
    }

    /// Adds a read-only property backed by a key path: `obj.name` reads it,
    /// assigning raises `property 'name' of Counter is read-only`.
    @inlinable
    public mutating func property<Value: LuaPushable>(_ name: String, _ keyPath: KeyPath<Object, Value>) {
        property(name, get: { $0[keyPath: keyPath] })
    }

    /// Adds a read-write property backed by a key path: `obj.name = v`
    /// converts `v` (`bad value for property 'name' of Counter (number
    /// expected, got string)`) and stores it.
    @inlinable
    public mutating func property<Value: LuaConvertible>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Value>) {
        property(name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// Adds a read-only property computed by `get`; a thrown error raises.
    @inlinable
    public mutating func property<Value: LuaPushable>(_ name: String, get: @escaping (Object) throws -> Value) {
        addProperty(
            LuaPropertySignature(name: name, type: LuaTypeNames.name(of: Value.self), isWritable: false),
            getter: { object, stack in try get(object).push(to: stack) },
            setter: nil)
    }

    /// Adds a read-write property; `set` may throw to refuse a value (the
    /// error raises in the assigning script).
    @inlinable
    public mutating func property<Value: LuaConvertible>(
        _ name: String, get: @escaping (Object) throws -> Value, set: @escaping (Object, Value) throws -> Void
    ) {
        let problemPrefix = "bad value for property '\(name)' of \(Object.luaTypeName)"
        addProperty(
            LuaPropertySignature(name: name, type: Value.luaTypeName, isWritable: true),
            getter: { object, stack in try get(object).push(to: stack) },
            setter: { object, stack, index in
                let value: Value
                do throws(LuaTypeMismatch) { value = try Value.read(from: stack, at: index) } catch {
                    throw LuaError.message("\(problemPrefix) (\(error.problem))")
                }
                try set(object, value)
            })
    }

    /// Records a property: its getter pushes the value, its setter (nil when
    /// read-only) reads the value at `index` and stores it.
    @usableFromInline
    mutating func addProperty(
        _ signature: LuaPropertySignature,
        getter: @escaping (Object, LuaStack) throws -> Void,
        setter: ((Object, LuaStack, _ index: Int32) throws -> Void)?
    ) {
        getters[signature.name] = getter
        setters[signature.name] = setter
        propertySignatures.removeAll { $0.name == signature.name }
        propertySignatures.append(signature)
    }
}
