import Foundation
import NIOCore

/// A debugger client's channel handler, on its event loop: DAP framing from the first byte
/// (``DAPFrameReader``), each complete body handed to its ``DebugClient``, and the attach
/// deadline counted from the connection's start (a client that sends a byte now and then must
/// not hold the one slot without the token).
final class DAPChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let client: DebugClient
    private var reader = DAPFrameReader()
    private var authorized = false
    private var initialized = false
    private var ended = false
    private var attachDeadline: Scheduled<Void>?

    init(client: DebugClient) { self.client = client }

    func handlerAdded(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        attachDeadline = context.eventLoop.scheduleTask(in: .seconds(Int64(DebugClient.attachSeconds))) {
            guard !handler.value.authorized else { return }
            DebugServer.logger.warning("debugger: a client sent no attach with the token within \(DebugClient.attachSeconds) s; it is dropped")
            handler.value.end()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !ended else { return }
        let buffer = unwrapInboundIn(data)
        reader.append(buffer.readableBytesView)
        while !ended {
            let body: Data?
            do {
                body = try reader.next()
            } catch {
                DebugServer.logger.warning("debugger: refused a malformed message (\(error)); the client is dropped and its breakpoints removed")
                end()
                return
            }
            guard let body else { return }
            let outcome = client.receive(body, authorized: &authorized, initialized: &initialized)
            if authorized { attachDeadline?.cancel() }
            if outcome == .ending { end() }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end()
        context.close(promise: nil)
    }

    /// The client is done: the server detaches, the connection closes after what is queued.
    private func end() {
        guard !ended else { return }
        ended = true
        attachDeadline?.cancel()
        client.end()
    }
}
