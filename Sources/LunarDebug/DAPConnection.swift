import Foundation
import LunarJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client's socket, written from any thread: responses and events, numbered in order.
///
/// A send never blocks its caller (the executor runs Lua and sends the app's output): each
/// message is queued, and a writer thread of the connection's own writes the queue out. The
/// queue is bounded: a message that would take it past ``maximumQueued`` bytes drops the client
/// (closed, logged once), since a client that stops reading must not hold the app.
final class DAPConnection: @unchecked Sendable {
    let socket: Int32
    /// The most bytes waiting for a client; one message bigger than this still goes when the
    /// queue is empty.
    static let maximumQueued = 2 << 20
    /// A send that makes no progress this long ends the connection (the writer never waits for ever).
    static let writeTimeoutSeconds = 10

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var number = 0
    private var queue: [Data] = []
    private var queued = 0
    private var closing = false
    /// The client is going: jobs it sent are not run (sends still go until ``close()``).
    private var ending = false

    init(socket: Int32) {
        self.socket = socket
        var timeout = timeval(tv_sec: Self.writeTimeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A modest kernel buffer: what a stalled client holds is bounded mostly by the queue.
        var size: Int32 = 64 << 10
        setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        Thread.detachNewThread { [self] in writeLoop() }
    }

    deinit {
        #if canImport(Glibc)
        _ = Glibc.close(socket)
        #else
        _ = Darwin.close(socket)
        #endif
    }

    /// Whether the connection is closing or closed (nothing more is sent).
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closing || ending
    }

    /// Marks the client as going (``isClosed``), before the server lets go of it.
    func beginEnding() {
        condition.lock()
        ending = true
        condition.unlock()
    }

    /// Sends a response to `request`.
    func respond(to request: DAPRequest, success: Bool = true, message: String? = nil, body: [String: JSONValue] = [:]) {
        send(Self.response(seq: request.seq, command: request.command, success: success, message: message, body: body))
    }

    /// A response as sent (before its own `seq` is added).
    static func response(seq: Int, command: String, success: Bool = true, message: String? = nil, body: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var out: [String: JSONValue] = ["type": "response", "request_seq": .integer(seq), "command": .string(command), "success": .bool(success)]
        if let message { out["message"] = .string(message) }
        if !body.isEmpty { out["body"] = .object(body) }
        return out
    }

    /// Sends an event.
    func event(_ name: String, _ body: [String: JSONValue] = [:]) {
        var message: [String: JSONValue] = ["type": "event", "event": .string(name)]
        if !body.isEmpty { message["body"] = .object(body) }
        send(message)
    }

    private func send(_ message: [String: JSONValue]) {
        condition.lock()
        defer { condition.unlock() }
        guard !closing else { return }
        // Numbered and queued under one lock, so messages leave in the order they are numbered.
        number += 1
        var numbered = message
        numbered["seq"] = .integer(number)
        guard let body = try? JSONValue.object(numbered).serialized() else { return }
        let frame = DAPFrameReader.frame(body)
        if queued > 0, queued + frame.count > Self.maximumQueued {
            DebugServer.logger.warning("debugger: the client stopped reading (\(queued) bytes waiting for it); it is dropped and its breakpoints removed")
            dropLocked()
            return
        }
        queue.append(frame)
        queued += frame.count
        condition.signal()
    }

    /// Closes after what is queued is written (the writer ends the socket); the reader sees its end now.
    func close() {
        condition.lock()
        closing = true
        condition.signal()
        condition.unlock()
        shutdown(socket, Int32(SHUT_RD))
    }

    /// Ends the connection at once: what is queued is dropped, a blocked write and read return.
    private func dropLocked() {
        closing = true
        queue = []
        queued = 0
        condition.signal()
        shutdown(socket, Int32(SHUT_RDWR))
    }

    private func writeLoop() {
        while true {
            condition.lock()
            while queue.isEmpty && !closing { condition.wait() }
            guard !queue.isEmpty else {
                condition.unlock()
                break
            }
            let frame = queue.removeFirst()
            queued -= frame.count
            condition.unlock()
            if !write(frame) {
                condition.lock()
                dropLocked()
                condition.unlock()
                break
            }
        }
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Writes all of `frame`; false when the client is gone or made no progress for the timeout.
    private func write(_ frame: Data) -> Bool {
        frame.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let n = Glibc.send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let n = Darwin.send(socket, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                        DebugServer.logger.warning("debugger: the client read nothing for \(Self.writeTimeoutSeconds) s; it is dropped")
                    }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}
