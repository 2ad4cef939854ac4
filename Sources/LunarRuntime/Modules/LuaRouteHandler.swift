import LunarBridge
import LunarRouter

/// Lua functions adapted to the router's Swift callbacks.
///
/// The closures hold the state weakly (the state owns the router, which owns
/// the closures) and run on the caller's thread, which is the state's executor.
/// A Lua error never escapes: it is reported through ``LuaState/report(_:)``.
enum LuaRouteHandler {
    /// A route handler calling `function(params, match)`. Only an explicit
    /// `false` declines the URL; an error is reported and declines it too.
    static func route(_ function: LuaFunction, state: LuaState) -> Router.Handler {
        { [weak state] match in
            guard let state else { return false }
            do throws(LuaScriptError) {
                return try state.call(
                    function, LuaRouteParameters(match.parameters), LuaRouteMatch(match: match),
                    returning: LuaHandlerVerdict.self
                ).accepted
            } catch {
                state.report(error)
                return false
            }
        }
    }

    /// An unmatched-URL handler calling `function(url, params)`; an error is reported.
    static func unmatched(_ function: LuaFunction, state: LuaState) -> Router.UnmatchedHandler {
        { [weak state] url, parameters in
            guard let state else { return }
            do throws(LuaScriptError) {
                try state.callPushing(function) { stack in
                    url.push(to: stack)
                    LuaRouteParameters(parameters).push(to: stack)
                    return 2
                }
            } catch {
                state.report(error)
            }
        }
    }
}
