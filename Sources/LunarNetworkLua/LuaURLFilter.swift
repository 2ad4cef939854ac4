import Foundation
import LunarBridge
import LunarNetwork

/// A URL filter written in Lua (`net.config{filters = {fn}}`): `fn(url, req)` returns the URL to
/// use, or nil to keep it. An error, or a result that is not an absolute URL, is reported with
/// file:line and the URL is kept. Runs on the client's executor.
struct LuaURLFilter: URLFilter {
    let function: LuaFunction
    weak var network: ScriptNetwork?

    func filter(_ url: URL, for request: Request) -> URL {
        guard let network else { return url }
        return network.filter(url, through: function, request: LuaRequestTag.object(of: request))
    }
}
