import Foundation

/// A keep-alive HTTP/1.1 client on raw sockets, the same for the update server and nginx.
enum LoadClient {

    /// Sends `targets` over one keep-alive connection; returns each request's seconds, or nil for an error.
    static func run(port: Int, targets: ArraySlice<String>) -> [Double?] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        defer { close(fd) }
        guard connected == 0 else { return targets.map { _ in nil } }
        // Never wait for ever: a stuck answer counts as an error after 5 s.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        var pending: [UInt8] = []
        var results: [Double?] = []
        for target in targets {
            let start = DispatchTime.now().uptimeNanoseconds
            let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            guard send(fd, request, request.count, 0) == request.count else { results.append(nil); continue }
            var ok = false
            // Headers, then Content-Length bytes.
            while true {
                if let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
                    let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self).lowercased()
                    let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                    if pending.count >= end.upperBound + length {
                        let body = pending[end.upperBound..<(end.upperBound + length)]
                        // An answer that offers the release (keys sorted: the receipt may come first).
                        ok = head.hasPrefix("http/1.1 200") && body.firstRange(of: Array("\"release\":{".utf8)) != nil
                        pending.removeFirst(end.upperBound + length)
                        break
                    }
                }
                let n = recv(fd, &buffer, buffer.count, 0)
                if n <= 0 { break }
                pending.append(contentsOf: buffer[0..<n])
            }
            results.append(ok ? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 : nil)
            if !ok { return results + targets.dropFirst(results.count).map { _ in nil } }
        }
        return results
    }

    /// `targets` over `connections` concurrent keep-alive connections; (seconds in all, each request's seconds or nil).
    static func load(port: Int, targets: [String], connections: Int) -> (total: Double, latencies: [Double?]) {
        let slices = (0..<connections).map { index in
            targets[(index * targets.count / connections)..<((index + 1) * targets.count / connections)]
        }
        let results = UnsafeSendableBox(Array(repeating: [Double?](), count: connections))
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: connections) { index in
            let outcome = run(port: port, targets: slices[index])
            results.lock.withLock { results.value[index] = outcome }
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (total, results.value.flatMap { $0 })
    }


    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}

final class UnsafeSendableBox<T>: @unchecked Sendable {
    var value: T
    let lock = NSLock()
    init(_ value: T) { self.value = value }
}
