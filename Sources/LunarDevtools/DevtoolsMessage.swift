import LunarJSON

/// An inspector message: a JSON object, written by LunarJSON's writer (keys sorted, so its bytes
/// are stable).
typealias DevtoolsMessage = [String: JSONValue]

extension Dictionary where Key == String, Value == JSONValue {
    /// The message as JSON text; one that cannot be written (a NaN that slipped past
    /// ``JSONValue/finite(_:)``) becomes a `refused` message, so the page always hears something.
    var messageText: String {
        (try? JSONValue.object(self).serializedText()) ?? "{\"t\":\"refused\",\"reason\":\"a message could not be written as JSON\"}"
    }
}

extension JSONValue {
    /// A number the app produced, with NaN and the infinities (which JSON has no text for) as 0.
    static func finite(_ number: Double) -> JSONValue { .number(number.isFinite ? number : 0) }
}
