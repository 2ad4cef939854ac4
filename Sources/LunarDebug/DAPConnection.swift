import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client's socket, written from any thread: responses and events, numbered in order.
final class DAPConnection: Sendable {
    let socket: Int32
    /// The last number sent, and whether the socket is closed (the same lock: no write after close).
    private let sequence = Mutex((number: 0, closed: false))

    init(socket: Int32) {
        self.socket = socket
    }

    /// Sends a response to `request`.
    func respond(to request: DAPRequest, success: Bool = true, message: String? = nil, body: [String: Any] = [:]) {
        var message_: [String: Any] = ["type": "response", "request_seq": request.seq, "command": request.command, "success": success]
        if let message { message_["message"] = message }
        if !body.isEmpty { message_["body"] = body }
        send(message_)
    }

    /// Sends an event.
    func event(_ name: String, _ body: [String: Any] = [:]) {
        var message: [String: Any] = ["type": "event", "event": name]
        if !body.isEmpty { message["body"] = body }
        send(message)
    }

    private func send(_ message: [String: Any]) {
        // The number and the write under one lock, so messages leave in the order they are numbered.
        sequence.withLock { seq in
            guard !seq.closed else { return }
            seq.number += 1
            var numbered = message
            numbered["seq"] = seq.number
            guard let body = try? JSONSerialization.data(withJSONObject: numbered, options: [.sortedKeys]) else { return }
            let frame = DAPFrameReader.frame(body)
            frame.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    #if canImport(Glibc)
                    let n = Glibc.send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    #else
                    let n = Darwin.send(socket, raw.baseAddress! + offset, raw.count - offset, 0)
                    #endif
                    if n <= 0 {
                        if n < 0 && errno == EINTR { continue }
                        return  // the client is gone; its reader sees the end
                    }
                    offset += n
                }
            }
        }
    }
}

extension DAPConnection {
    /// Shuts the socket down (the reader sees its end) and closes it; nothing is sent after.
    func close() {
        sequence.withLock { seq in
            guard !seq.closed else { return }
            seq.closed = true
            shutdown(socket, Int32(SHUT_RDWR))
            #if canImport(Glibc)
            _ = Glibc.close(socket)
            #else
            _ = Darwin.close(socket)
            #endif
        }
    }
}

/// A request as read from the client: the fields every handler needs, Sendable.
struct DAPRequest: Sendable {
    let seq: Int
    let command: String
    /// The `arguments` object, as JSON text (read again where it is used).
    let argumentsJSON: Data

    init?(_ object: [String: Any]) {
        guard object["type"] as? String == "request", let seq = object["seq"] as? Int, let command = object["command"] as? String else {
            return nil
        }
        self.seq = seq
        self.command = command
        let arguments = object["arguments"] as? [String: Any] ?? [:]
        argumentsJSON = (try? JSONSerialization.data(withJSONObject: arguments)) ?? Data("{}".utf8)
    }

    var arguments: [String: Any] {
        (try? JSONSerialization.jsonObject(with: argumentsJSON)) as? [String: Any] ?? [:]
    }
}
