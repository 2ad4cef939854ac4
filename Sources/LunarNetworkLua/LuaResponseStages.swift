import Foundation
import LunarBridge
import LunarNetwork

/// What a `lunar.net` response is while the pipeline works on it, and what scripts get at the end:
/// the value (decoded, then checked and reformed) and its info table
/// (`{status=, url=, fromCache=, headers=}`), which every stage and the callback receive.
struct LuaDocument: Sendable {
    var value: LuaValue
    let info: LuaValue
}

/// The Lua stages of the client's one ``ResponseStage`` pipeline. Each runs on the client's
/// executor, which for a script's client is the state's executor (``ExecutorCallbackScheduler``),
/// so it calls into Lua where it is; a Lua error comes back as a value (a ``ResponseStageFailure``
/// whose message starts with file:line), never as a jump through Swift. They hold the service
/// weakly: a request outliving its state fails as cancelled.
protocol LuaResponseStage {
    var network: ScriptNetwork? { get }
}

extension LuaResponseStage {
    /// The state, or the error a request gets once the state is gone.
    func state() throws -> LuaState {
        guard let network else { throw NetworkError.stopped }
        return network.state
    }
}

extension NetworkError {
    /// What a Lua stage reports when its state, or its request, is already gone.
    static var stopped: NetworkError { NetworkError(kind: .cancelled, message: "the request was cancelled: its Lua state or send has ended") }
}

/// Decodes a body into Lua values with `lunar.json`'s decoder, straight from the bytes (an empty
/// body is nil; `null` is `json.null`).
struct LuaResponseDecoder: ResponseDecoder, LuaResponseStage {
    weak var network: ScriptNetwork?

    func decode(_ body: Data, context: ReformContext) throws -> ResponseValue {
        let value: LuaValue = body.isEmpty ? .nil : try state().decodeJSON(body)
        return .adapted(LuaDocument(value: value, info: context.luaInfo))
    }
}

/// A request's `validate`: a shape (checked in place by ``JSONShape``'s one rule) or a function
/// `fn(value, info)` that passes the value by returning a true value (else its second result is
/// the message).
struct LuaValidation: ResponseStage, LuaResponseStage {
    enum Check {
        case shape(JSONShape)
        case function(LuaStageFunction)
    }

    let check: Check
    weak var network: ScriptNetwork?

    var failureKind: NetworkError.Kind { .validation }

    func run(_ value: ResponseValue, context: ReformContext) throws -> ResponseValue {
        guard case .adapted(let adapted) = value, let document = adapted as? LuaDocument else { return value }
        let state = try state()
        switch check {
        case .shape(let shape):
            let stack = state.stack
            guard stack.reserve(1) else { throw ResponseStageFailure("$: nested too deeply") }
            document.value.push(to: stack)
            defer { stack.pop() }
            if let problem = shape.mismatch(in: LuaShapeSubject(stack: stack, index: stack.top)) {
                throw ResponseStageFailure(problem)
            }
        case .function(let held):
            guard let validate = held.function else { throw NetworkError.stopped }
            let results: [LuaValue]
            do {
                results = try state.callReturningAll(validate, [document.value, document.info], keepingReferences: true)
            } catch {
                throw ResponseStageFailure(error.locatedMessage)
            }
            if !(results.first?.isTruthy ?? false) {
                throw ResponseStageFailure((results.count > 1 ? results[1].stringValue : nil) ?? "the response did not pass validation")
            }
        }
        return value
    }
}

/// A reformer written in Lua: `fn(value, info)` returns the value the next stage gets.
struct LuaReformer: ResponseStage, LuaResponseStage {
    let held: LuaStageFunction
    weak var network: ScriptNetwork?

    var failureKind: NetworkError.Kind { .reform }

    func run(_ value: ResponseValue, context: ReformContext) throws -> ResponseValue {
        guard case .adapted(let adapted) = value, var document = adapted as? LuaDocument else { return value }
        guard let function = held.function else { throw NetworkError.stopped }
        do {
            document.value = try state().callReturningAll(function, [document.value, document.info], keepingReferences: true).first ?? .nil
        } catch let error as LuaScriptError {
            throw ResponseStageFailure(error.locatedMessage)
        }
        return .adapted(document)
    }
}

/// A Lua value on the stack as a ``JSONShape`` sees it, read in place (raw access: no
/// metamethods, no copies). `json.null` is null, and so is nil (an empty body); a table is an
/// array or an object; positions in paths are 1-based, as in Lua: `$.items[2].id`.
struct LuaShapeSubject: JSONShapeSubject {
    let stack: LuaStack
    let index: Int32

    var shapeType: JSONShapeType {
        switch stack.type(at: index) {
        case .none, .nil: .null
        case .boolean: .boolean
        case .number: .number
        case .string: .string
        case .table: .arrayOrObject
        default: stack.isJSONNull(at: index) ? .null : .other
        }
    }

    var shapeTypeName: String {
        stack.isJSONNull(at: index) ? "null" : stack.typeName(at: index)
    }

    func firstElementMismatch(at path: String, _ body: (Int, LuaShapeSubject) -> String?) -> String? {
        guard stack.reserve(2), let array = stack.table(at: index) else { return "\(path): nested too deeply" }
        var problem: String?
        array.forEachElement { position, element in
            problem = body(position, LuaShapeSubject(stack: stack, index: element))
            return problem == nil
        }
        return problem
    }

    func withMember(_ name: String, at path: String, _ body: (LuaShapeSubject?) -> String?) -> String? {
        guard stack.reserve(3), let object = stack.table(at: index) else { return "\(path): nested too deeply" }
        return object.withField(name) { member in
            stack.type(at: member) == .nil ? body(nil) : body(LuaShapeSubject(stack: stack, index: member))
        }
    }

    /// Lua's names: an object is a `table`.
    static func name(of shape: JSONShape) -> String { shape.name(object: "table") }
}

extension LuaScriptError {
    /// The message, starting with `file:line:` whenever the location is known.
    var locatedMessage: String {
        guard let location, !message.hasPrefix(location.description) else { return message }
        return "\(location): \(message)"
    }
}
