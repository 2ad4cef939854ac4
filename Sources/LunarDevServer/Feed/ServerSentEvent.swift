/// One server-sent event (the `text/event-stream` format of the change feed).
public struct ServerSentEvent: Hashable, Sendable {
    /// The event type; nil means the default type, `message`.
    public var event: String?
    /// The data lines joined with `\n`.
    public var data: String
    /// The event id, if the server set one.
    public var id: String?

    public init(event: String? = nil, data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }

    /// The event in wire format, ending with the blank line that dispatches it.
    public var encoded: String {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }
}

/// Splits a `text/event-stream` byte stream into events, following the
/// HTML event-stream parsing rules (comments and `retry:` are skipped).
public struct ServerSentEventParser: Sendable {
    /// The largest event accepted, in bytes (its lines together, comments included).
    public let limit: Int
    private var pending: [UInt8] = []
    private var event: String?
    private var data: [String] = []
    private var id: String?
    private var sawField = false
    /// The bytes of the event read so far.
    private var size = 0

    /// A parser refusing events larger than `limit` bytes (1 MiB by default).
    public init(limit: Int = 1 << 20) {
        self.limit = limit
    }

    /// Feeds bytes as they arrive; returns the events they complete. Throws ``ReplyTooLarge`` when
    /// the event being read grows past ``limit`` (a server could otherwise send one endless line).
    public mutating func consume(_ bytes: some Sequence<UInt8>) throws(ReplyTooLarge) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            size += 1
            guard size <= limit else { throw ReplyTooLarge(limit: limit, declared: nil) }
            if byte == UInt8(ascii: "\n") {
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                if let event = line(String(decoding: pending, as: UTF8.self)) { events.append(event) }
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
        return events
    }

    private mutating func line(_ line: String) -> ServerSentEvent? {
        if line.isEmpty {
            defer { event = nil; data = []; sawField = false; size = 0 }
            guard sawField, !data.isEmpty else { return nil }
            return ServerSentEvent(event: event, data: data.joined(separator: "\n"), id: id)
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring, value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            let rest = line[line.index(after: colon)...]
            value = rest.hasPrefix(" ") ? rest.dropFirst() : rest
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event": event = String(value); sawField = true
        case "data": data.append(String(value)); sawField = true
        case "id": id = String(value); sawField = true
        default: break
        }
        return nil
    }
}
