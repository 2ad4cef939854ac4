/// The declared shape of one bridged function, for messages and generated stubs.
public struct LuaFunctionSignature: Sendable, Hashable {
    public var name: String
    public var parameters: [String]
    public var results: [String]
    public var isAsync: Bool
    public var summary: String?

    public init(name: String, parameters: [String], results: [String], isAsync: Bool, summary: String? = nil) {
        self.name = name
        self.parameters = parameters
        self.results = results
        self.isAsync = isAsync
        self.summary = summary
    }
}
