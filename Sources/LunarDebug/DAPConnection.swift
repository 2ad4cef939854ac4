import Foundation
import LunarJSON
import NIOCore
import Synchronization

/// One client's channel, written from any thread: responses and events, numbered in order.
///
/// A send never blocks its caller (the executor runs Lua and sends the app's output): each
/// message is handed to the channel's event loop, which writes it out. What is sent and not yet
/// written is bounded: a message that would take it past ``maximumQueued`` bytes drops the
/// client (closed, logged once), since a client that stops reading must not hold the app.
final class DAPConnection: Sendable {
    let channel: any Channel
    /// The most bytes waiting for a client; one message bigger than this still goes when nothing waits.
    static let maximumQueued = 2 << 20
    /// Bytes waiting that make no progress this long end the connection (nothing waits for ever).
    static let writeTimeoutSeconds = 10

    private struct State {
        var number = 0
        var queued = 0
        var lastProgress = NIODeadline.now()
        var closing = false
        /// The client is going: jobs it sent are not run (sends still go until ``close()``).
        var ending = false
    }

    private let state = Mutex(State())

    init(channel: any Channel) {
        self.channel = channel
        // A modest kernel buffer: what a stalled client holds is bounded mostly by the queue.
        channel.setOption(.socketOption(.so_sndbuf), value: 64 << 10).whenFailure { _ in }
        watchProgress()
    }

    /// Whether the connection is closing or closed (nothing more is sent).
    var isClosed: Bool { state.withLock { $0.closing || $0.ending } }

    /// Marks the client as going (``isClosed``), before the server lets go of it.
    func beginEnding() { state.withLock { $0.ending = true } }

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
        let channel = self.channel
        state.withLock { state in
            guard !state.closing else { return }
            // Numbered and handed to the event loop under one lock, so messages leave in the order they are numbered.
            state.number += 1
            var numbered = message
            numbered["seq"] = .integer(state.number)
            guard let body = try? JSONValue.object(numbered).serialized() else { return }
            let frame = DAPFrameReader.frame(body)
            if state.queued > 0, state.queued + frame.count > Self.maximumQueued {
                DebugServer.logger.warning("debugger: the client stopped reading (\(state.queued) bytes waiting for it); it is dropped and its breakpoints removed")
                state.closing = true
                channel.close(promise: nil)
                return
            }
            if state.queued == 0 { state.lastProgress = .now() }
            state.queued += frame.count
            let count = frame.count
            // `execute` only enqueues, so the completion below never runs inside this lock.
            channel.eventLoop.execute { [self] in
                channel.writeAndFlush(channel.allocator.buffer(bytes: frame)).whenComplete { [self] _ in
                    self.state.withLock { written in
                        written.queued -= count
                        written.lastProgress = .now()
                    }
                }
            }
        }
    }

    /// Closes after what is queued is written; reading stops now.
    func close() {
        let channel = self.channel
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        guard first else { return }
        channel.eventLoop.execute {
            channel.setOption(.autoRead, value: false).whenFailure { _ in }
            // Queued after every write handed over before: it completes once they are written.
            channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Once a second while open: bytes that waited ``writeTimeoutSeconds`` without progress drop the client.
    private func watchProgress() {
        let channel = self.channel
        channel.eventLoop.scheduleTask(in: .seconds(1)) { [self] in
            guard channel.isActive else { return }
            let stalled = state.withLock { $0.queued > 0 && $0.lastProgress + .seconds(Int64(Self.writeTimeoutSeconds)) < .now() }
            if stalled {
                DebugServer.logger.warning("debugger: the client read nothing for \(Self.writeTimeoutSeconds) s; it is dropped")
                state.withLock { $0.closing = true }
                channel.close(promise: nil)
                return
            }
            watchProgress()
        }
    }
}
