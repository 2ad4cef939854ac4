import LunarUI

/// A style checked from script-like keys and values, as a prop value (a bad key or value stops the test).
public func style(_ entries: KeyValuePairs<String, StyleInput>) -> PropValue {
    var style = Style()
    for (key, value) in entries { try! style.set(key, value) }
    return .style(style)
}
