import LunarBridge

extension LuaModuleBuilder {
    /// Adds a function whose messages name it `shownAs` (`net.request`) rather than after this
    /// module: for native parts that a Lua-written module re-exports or wraps.
    mutating func function(_ name: String, shownAs qualifiedName: String,
                           _ body: @escaping @Sendable (LuaCallFrame) throws -> LuaReturn) {
        field(name) { state in state.pushFunction(named: qualifiedName, body) }
    }
}
