import Foundation
import LunarDevServer
import LunarTestSupport
import Synchronization
import Testing

/// Issue 28's web server cases against the real `lunar run --web`: a page message no conversion
/// can hold, a peer that never reads, and connections that never finish their request. Each
/// asserts the server lives and keeps serving.
@Suite(.timeLimit(.minutes(3))) struct WebHardeningTests {
    static let home = """
        local ui = require("lunar.ui")
        return {
          title = "Home",
          load = function(self)
            self.count = 0
            self.items = {}
            for i = 1, 200 do self.items[i] = { id = i, name = "Row " .. i } end
          end,
          render = function(self)
            return ui.Column {
              ui.Text { id = "count", text = "Count: " .. self.count },
              ui.Button { id = "plus", title = "Plus", onPress = function() self.count = self.count + 1 end },
              ui.List { id = "rows", items = self.items, key = "id", estimatedItemSize = 40, style = { height = 400 },
                row = function(item) return ui.Text { item.name } end },
            }
          end,
        }
        """

    func makeBundle() throws -> BundleDirectory {
        try BundleDirectory(prefix: "lunar-web-hardening", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home"]),
            "screens/home.lua": Self.home,
        ])
    }

    /// The node number of the first `kind` in a page's first render.
    func node(_ kind: String, in page: PageClient) throws -> String {
        let first = try #require(page.messages.first { $0.hasPrefix(#"{"t":"m","s":1"#) })
        return String(try #require(first.firstMatch(of: try Regex(#"\["c",(\d+),""# + kind + #"""#))?.output[1].substring))
    }

    /// Presses the Plus button of `page` and waits for the count it shows next.
    func press(_ page: PageClient, expecting count: Int) async throws {
        page.send(#"{"t":"press","s":1,"n":\#(try node("Button", in: page))}"#)
        try await page.waitFor(#""Count: \#(count)""#)
    }

    @Test func aPageMessageNoConversionCanHoldIsRefusedAndEveryTabGoesOn() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        let lunar = try WebProcess(bundle: bundle.root)
        defer { lunar.terminate() }
        let url = try await lunar.url()
        let origin = "http://127.0.0.1:\(url.port!)"
        let attacker = PageClient(server: url, origin: origin)
        let other = PageClient(server: url, origin: origin)
        try await attacker.waitFor(#""Count: 0""#)
        try await other.waitFor(#""Count: 0""#)
        let list = try node("List", in: attacker)
        attacker.send(#"{"t":"viewport","s":1,"n":\#(list),"y":1e300}"#)
        try await attacker.waitFor(#"{"t":"refused","reason":"malformed viewport (\"y\" must be a number from 0 to 1000000000)"}"#)
        attacker.send(#"{"t":"scroll","s":1,"n":\#(list),"y":1e300}"#)
        try await attacker.waitFor(#"{"t":"refused","reason":"malformed scroll"#)
        attacker.send(#"{"t":"alert","id":1,"i":-1}"#)
        try await attacker.waitFor(#"{"t":"refused","reason":"malformed alert"#)
        // Both tabs, and the server, go on.
        try await press(attacker, expecting: 1)
        try await press(other, expecting: 1)
        #expect(lunar.isRunning)
        await attacker.close()
        await other.close()
    }

    @Test(arguments: ["/lunar/ws?path=%2F", "/lunar/devtools/ws"])
    func aPeerThatNeverReadsIsDroppedAndItsRefusalsAreLoggedBoundedly(endpoint: String) async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        let lunar = try WebProcess(bundle: bundle.root)
        defer { lunar.terminate() }
        let url = try await lunar.url()
        let port = url.port!
        // A client that sends small invalid messages as fast as it can and reads nothing.
        let socket = RawSocket(port: port, receiveBuffer: 4096)
        let upgrade = "GET \(endpoint) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:\(port)\r\n\r\n"
        #expect(socket.send(Array(upgrade.utf8)))
        // Each message names an unknown type of 40 control characters, which its refusal quotes
        // escaped (a 254-byte frame asks for a ~340-byte answer): 15 MB sent asks for ~20 MB of
        // answers, several times the 4 MB queue plus what the kernel buffers. (The kernel takes
        // much of it in at first: the server is seen to drop the peer once it has read that far.)
        let junk = (0..<100).flatMap { _ in
            PageClient.frame(opcode: 1, Array((#"{"t":""# + String(repeating: #"\u0001"#, count: 40) + #""}"#).utf8))
        }
        for _ in 0..<600 where socket.send(junk) {}
        try await lunar.waitForError("dropped: it read nothing", within: 60)
        try await withTimeout(30) { await socket.waitForEnd() }
        #expect(!socket.send(junk) || !socket.send(junk), "the connection is still open")
        // A bounded log: a few refusals and a count, not one line each.
        let refusals = lunar.standardError.components(separatedBy: "refused a message").count - 1
        #expect(refusals <= 10, "\(refusals) refusal lines")
        // The server still serves a new tab.
        let page = PageClient(server: url, origin: "http://127.0.0.1:\(port)")
        try await page.waitFor(#""Count: 0""#)
        #expect(lunar.isRunning)
        await page.close()
    }

    @Test func connectionsThatNeverFinishTheirRequestTimeOutAndANormalClientIsServed() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        // 256 descriptors, and 300 connections that send half a request and nothing more.
        let lunar = try WebProcess(bundle: bundle.root, descriptors: 256,
                                   environment: ["LUNAR_HEADER_TIMEOUT": "1", "LUNAR_IDLE_TIMEOUT": "2"])
        defer { lunar.terminate() }
        let url = try await lunar.url()
        let port = url.port!
        let stalled = (0..<300).map { _ in RawSocket(port: port) }
        for socket in stalled { _ = socket.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ".utf8)) }
        // Once the header timeout has closed the stalled ones, an ordinary request is answered.
        let client = try DevServerClient(baseURL: url)
        let reply = try await withTimeout(60) { try await client.send("GET", "/") }
        #expect(reply.status == 200)
        #expect(reply.text.contains("/lunar/lunar.js"))
        // Every stalled connection was closed by the server, none left holding a descriptor.
        try await withTimeout(60) {
            for socket in stalled { await socket.waitForEnd() }
        }
        #expect(lunar.isRunning)
        #expect(!lunar.standardError.contains("Too many open files"), "\(lunar.standardError.suffix(2000))")
        // And a tab still works.
        let page = PageClient(server: url, origin: "http://127.0.0.1:\(port)")
        try await page.waitFor(#""Count: 0""#)
        await page.close()
    }
}

/// `lunar run BUNDLE --web --port 0` started through `/bin/sh`, so a test can lower its
/// descriptor limit (`ulimit -n`) and set its environment; its output is read as it comes.
// Process is used from the test task only; output crosses threads through Awaited.
final class WebProcess: @unchecked Sendable {
    private struct Output: Sendable {
        var out = ""
        var err = ""
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Awaited(Output()) { "stdout: \($0.out)\nstderr: \($0.err.suffix(4000))" }

    init(bundle: URL, descriptors: Int? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let limit = descriptors.map { "ulimit -n \($0) && " } ?? ""
        process.arguments = ["-c", limit + #"exec "$0" "$@""#, LiveProcess.binary.path, "run", bundle.path, "--web", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        read(out.fileHandleForReading) { $0.out += $1 }
        read(err.fileHandleForReading) { $0.err += $1 }
    }

    private func read(_ handle: FileHandle, into append: @escaping @Sendable (inout Output, String) -> Void) {
        let output = self.output
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                let text = String(decoding: data, as: UTF8.self)
                output.update { append(&$0, text) }
            }
        }.start()
    }

    var standardError: String { output.read { $0.err } }
    var isRunning: Bool { process.isRunning }

    /// The address the server printed on standard output's first line.
    func url() async throws -> URL {
        let line = try await output.wait(for: "the printed address") { o -> String? in
            guard let end = o.out.firstIndex(of: "\n") else { return nil }
            return String(o.out[..<end])
        }
        return try #require(URL(string: line), "\(line)")
    }

    /// Waits until standard error contains `text`.
    func waitForError(_ text: String, within seconds: Double = 30) async throws {
        try await output.wait(for: "standard error containing \(text.debugDescription)", within: seconds) { $0.err.contains(text) ? () : nil }
    }

    func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// A loopback TCP connection the test writes raw bytes to and (unless it waits for the end)
/// never reads.
final class RawSocket: Sendable {
    let fd: Int32

    /// Connects to `port`; `receiveBuffer` shrinks the socket's receive buffer first, so little
    /// of what the server sends fits in the kernel.
    init(port: Int, receiveBuffer: Int32? = nil) {
        fd = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    deinit { Foundation.close(fd) }

    /// Writes all of `bytes`; false once the connection is gone (reset or closed by the server).
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Waits (in a thread's blocking read, not by polling) until the server ends the connection.
    func waitForEnd() async {
        let fd = self.fd
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while recv(fd, &buffer, buffer.count, 0) > 0 {}
                done.resume()
            }.start()
        }
    }
}
