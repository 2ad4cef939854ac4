/// A Swift class whose instances scripts hold as Lua objects (full userdata):
/// methods called as `obj:name(...)`, properties read as `obj.name` and
/// assigned as `obj.name = v`, printed by `tostring` as `Counter: 0x...`.
///
/// ```swift
/// final class Counter: LuaObject {
///     var count = 0
///     let label: String
///     init(label: String) { self.label = label }
///
///     static func describe(_ luaClass: inout LuaClassBuilder<Counter>) {
///         luaClass.method("add") { (counter: Counter, amount: Int) -> Int in
///             counter.count += amount
///             return counter.count
///         }
///         luaClass.property("count", \.count)  // read-write: a settable key path
///         luaClass.property("label", \.label)  // read-only
///     }
/// }
/// ```
///
/// An object is an argument or a result of bridged functions like any other
/// value (`m.function("make") { () -> Counter in Counter(label: "a") }`).
///
/// Ownership: pushing retains the object once for Lua; the retain is released
/// from the userdata's `__gc` when Lua collects it (or when the state closes),
/// so the object lives while Lua or Swift holds it. Pushing the same object
/// again gives the same userdata while Lua still holds it, so `==` and table
/// keys see one object. `deinit` may run from Lua's collector, inside any Lua
/// call: it must not call into Lua.
///
/// Threading: objects are used only on the executor of the states they are
/// pushed to; conforming classes need not be `Sendable`. Conform `final`
/// classes: a class's Lua face is declared once, by ``describe(_:)``.
public protocol LuaObject: AnyObject, LuaPushable, LuaReadable {
    /// Declares the methods and properties scripts see. Called once per state,
    /// the first time an object of this class is pushed to it.
    static func describe(_ luaClass: inout LuaClassBuilder<Self>)
}

extension LuaObject {
    /// The name used in messages (`Counter expected, got table`), by
    /// `tostring` and in stubs: the Swift type name unless overridden.
    public static var luaTypeName: String { String(describing: Self.self) }

    /// Pushes the object as a userdata of its class, retaining it for Lua.
    public func push(to stack: LuaStack) {
        let metatable = stack.state.classMetatable(for: Self.self, on: stack.L)
        stack.pushUserdata(of: self, metatable: metatable)
    }

    /// Reads a userdata of this class (checked by metatable identity); anything
    /// else is a mismatch like Lua's own: `Counter expected, got table`.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Self {
        guard let metatable = stack.state.classMetatables[ObjectIdentifier(Self.self)],
              let object = LuaObjectSlot.object(Self.self, at: index, in: stack, metatable: metatable)
        else { throw LuaObjectSlot.mismatch(expected: luaTypeName, at: index, in: stack) }
        return object
    }
}

extension LuaObjectSlot {
    /// The receiver of a method call (argument 1), or Lua's "bad self" error.
    @inlinable
    static func receiver<Object: LuaObject>(_ type: Object.Type, _ frame: LuaCallFrame, metatable: Int32) throws -> Object {
        if let object = object(type, at: 1, in: frame.stack, metatable: metatable) { return object }
        throw badSelf(expected: Object.luaTypeName, frame)
    }

    /// `calling 'Counter:add' on bad self (Counter expected, got table)`.
    @usableFromInline
    static func badSelf(expected: String, _ frame: LuaCallFrame) -> LuaError {
        let problem = mismatch(expected: expected, at: 1, in: frame.stack).problem
        return LuaError.message("calling '\(frame.functionName)' on bad self (\(problem))")
    }
}

extension LuaState {
    /// The registry reference of `Object`'s metatable, built on first use.
    ///
    /// The metatable names the class (`__name`, used by `tostring` and Lua's
    /// own type errors), hides itself from `getmetatable`, releases the object
    /// in `__gc`, and dispatches `__index`: straight to a table of prebuilt
    /// method functions when the class has no properties, else through a C
    /// function that tries methods, then prebuilt getter functions.
    func classMetatable<Object: LuaObject>(for type: Object.Type, on L: OpaquePointer) -> Int32 {
        let id = ObjectIdentifier(type)
        if let ref = classMetatables[id] { return ref }
        var luaClass = LuaClassBuilder<Object>()
        Object.describe(&luaClass)
        let name = Object.luaTypeName
        let stack = LuaStack(L: L, state: self)
        _ = stack.reserve(6)

        let metatable = stack.pushClassMetatable(named: name)
        classMetatables[id] = metatable

        stack.pushUncountedTable(fieldCapacity: Int32(clamping: luaClass.methods.count))
        for (method, makeBody) in luaClass.methods.sorted(by: { $0.key < $1.key }) where !luaClass.hidden.contains(method) {
            if let front = luaClass.fronts[method] {
                _ = stack.reserve(Int32(front.upvalues.count) + 1)
                for upvalue in front.upvalues {
                    guard let body = luaClass.methods[upvalue] else { preconditionFailure("\(name): front of '\(method)' names no method '\(upvalue)'") }
                    pushFunction(named: name + ":" + upvalue, on: L, body(metatable))
                }
                stack.pushCClosure(front.function, upvalues: Int32(front.upvalues.count))
            } else {
                pushFunction(named: name + ":" + method, on: L, makeBody(metatable))
            }
            stack.setField(method, in: -2)
        }
        if luaClass.getters.isEmpty {
            stack.setField("__index", in: -2)  // method lookups never leave Lua
        } else {
            pushIndex(name: name, getters: luaClass.getters, metatable: metatable, on: L)
            stack.setField("__index", in: -2)
        }
        pushNewIndex(name: name, luaClass: luaClass, metatable: metatable, on: L)
        stack.setField("__newindex", in: -2)
        stack.pop()
        return metatable
    }

    /// Pops the method table and pushes `__index` for a class with properties:
    /// a C function (see clunar_object.h) that tries the method table, then a
    /// table of prebuilt getter functions.
    private func pushIndex<Object: LuaObject>(
        name: String, getters: [String: (Object, LuaStack) throws -> Void], metatable: Int32, on L: OpaquePointer
    ) {
        let stack = LuaStack(L: L, state: self)
        _ = stack.reserve(3)
        stack.pushUncountedTable(fieldCapacity: Int32(clamping: getters.count))
        for (property, getter) in getters.sorted(by: { $0.key < $1.key }) {
            pushFunction(named: name + "." + property, on: L) { frame in
                let object = try LuaObjectSlot.receiver(Object.self, frame, metatable: metatable)
                do { try getter(object, frame.stack) } catch { throw LuaObjectSlot.positionedAtScript(error, frame) }
                return .results(1)
            }
            stack.setField(property, in: -2)
        }
        stack.pushObjectIndex()
    }

    /// `__newindex`: runs a setter, or raises for a read-only or unknown name.
    private func pushNewIndex<Object: LuaObject>(
        name: String, luaClass: LuaClassBuilder<Object>, metatable: Int32, on L: OpaquePointer
    ) {
        let setters = luaClass.setters
        let methods = Set(luaClass.methods.keys)
        let readOnly = Set(luaClass.getters.keys).subtracting(setters.keys)
        pushFunction(named: name + ".__newindex", on: L) { frame in
            let object = try LuaObjectSlot.receiver(Object.self, frame, metatable: metatable)
            guard frame.stack.type(at: 2) == .string, let key = try? String.read(from: frame.stack, at: 2) else {
                throw LuaError.message("\(name) has no property \(LuaObjectSlot.describeKey(at: 2, in: frame.stack))")
            }
            if methods.contains(key) { throw LuaError.message("method '\(key)' of \(name) cannot be assigned") }
            guard let setter = setters[key] else {
                if readOnly.contains(key) { throw LuaError.message("property '\(key)' of \(name) is read-only") }
                throw LuaError.message("\(name) has no property '\(key)'")
            }
            try setter(object, frame.stack, 3)
            return .results(0)
        }
    }
}

extension LuaObjectSlot {
    /// A getter's error as the value to raise, prefixed with the line of the
    /// script that read the property (level 2: above the C `__index`).
    static func positionedAtScript(_ error: any Error, _ frame: LuaCallFrame) -> any Error {
        let message: String
        switch error {
        case let e as LuaArgumentError: message = e.message(function: frame.functionName)
        case LuaError.message(let m): message = m
        case is LuaError, is LuaScriptError: return error  // values raised as they are
        default: message = String(describing: error)
        }
        let stack = frame.stack
        _ = stack.reserve(1)
        stack.pushPosition(level: 2)
        let place = (try? String.read(from: stack, at: -1)) ?? ""
        stack.pop()
        return LuaError.value(.string(place + message))
    }

    /// A key that is not a string, as a message shows it: `[1]`, `[true]`, or its type.
    static func describeKey(at index: Int32, in stack: LuaStack) -> String {
        switch stack.type(at: index) {
        case .number, .boolean:
            let value = LuaValue.readLossy(from: stack, at: index)
            return "[\(value)]"
        default:
            return "of type " + stack.typeName(at: index)
        }
    }
}
