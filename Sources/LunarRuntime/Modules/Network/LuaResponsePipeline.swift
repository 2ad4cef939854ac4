import CLunar
import LunarBridge
import LunarNetwork

/// What happens to a `lunar.net` response after the client accepted its status: the body is
/// parsed into a Lua value, checked by the request's `validate` step, then reshaped by the
/// reformers (the global ones from `net.config`, then the request's own), each receiving the
/// previous one's result and the response info.
///
/// A failure is a `NetworkError`: `decode` for a body that is not JSON, `validation` for a
/// shape mismatch or a rejecting validate function, `reform` for a reformer that raised; a Lua
/// error's message carries its file:line. Runs on the state's executor.
struct LuaResponsePipeline {
    var validation: ScriptRequest.Validation?
    var reformers: [LuaFunction]

    /// The reformed result for `response`, whose info table (`{status=, url=, fromCache=, headers=}`) is `info`.
    func run(_ response: Response, info: LuaValue, in state: LuaState) -> Result<LuaValue, NetworkError> {
        func failure(_ kind: NetworkError.Kind, _ message: String) -> Result<LuaValue, NetworkError> {
            .failure(NetworkError(kind: kind, message: message, status: response.status, body: response.body, url: response.url))
        }
        var value: LuaValue
        do {
            value = try ResponseBody.value(of: response.body, in: state)
        } catch {
            return failure(.decode, "the body is not JSON: \(error)")
        }
        switch validation {
        case .shape(let shape):
            let stack = state.stack
            _ = stack.reserve(1)
            value.push(to: stack)
            let mismatch = LuaShapeCheck(stack: stack).mismatch(shape, at: -1)
            lunar_pop(state.L, 1)
            if let mismatch { return failure(.validation, mismatch) }
        case .function(let validate):
            do {
                let results = try state.callReturningAll(validate, [value, info], keepingReferences: true)
                if !(results.first?.isTruthy ?? false) {
                    let reason = results.count > 1 ? results[1].stringValue : nil
                    return failure(.validation, reason ?? "the response did not pass validation")
                }
            } catch {
                return failure(.validation, error.locatedMessage)
            }
        case nil:
            break
        }
        for reformer in reformers {
            do {
                value = try state.callReturningAll(reformer, [value, info], keepingReferences: true).first ?? .nil
            } catch {
                return failure(.reform, error.locatedMessage)
            }
        }
        return .success(value)
    }
}

extension LuaScriptError {
    /// The message, starting with `file:line:` whenever the location is known.
    var locatedMessage: String {
        guard let location, !message.hasPrefix(location.description) else { return message }
        return "\(location): \(message)"
    }
}
