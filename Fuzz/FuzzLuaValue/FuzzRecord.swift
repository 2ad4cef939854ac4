/// A Codable record whose fields the fuzz input fills with edge values, for the
/// typed round trip through `LuaValueEncoder`, Lua and `LuaValueDecoder`.
struct FuzzRecord: Codable, Equatable {
    var id: Int64
    var name: String
    var scores: [Double]
    var tags: [String: String]
    var flag: Bool?
    var children: [FuzzRecord]

    init(from input: inout FuzzInput, depth: Int) {
        id = input.integer()
        name = String(decoding: input.rawBytes(), as: UTF8.self)
        // NaN is not equal to itself; the comparison would fail for no fault of the bridge.
        scores = (0..<Int(input.byte() % 4)).map { _ in input.double() }.filter { !$0.isNaN }
        tags = [:]
        for _ in 0..<Int(input.byte() % 3) {
            tags[String(decoding: input.rawBytes(), as: UTF8.self)] = String(decoding: input.rawBytes(), as: UTF8.self)
        }
        let flagChoice = input.byte() % 3
        flag = flagChoice == 0 ? nil : flagChoice == 1
        children = depth < 3 ? (0..<Int(input.byte() % 3)).map { _ in FuzzRecord(from: &input, depth: depth + 1) } : []
    }
}
