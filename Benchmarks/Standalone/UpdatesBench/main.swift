// Over-the-air update figures (Scripts/bench runs it after the package-benchmark suites):
//   updates.patch_bytes bytes=<patch> archive=<whole archive>     a one-line change to Examples/Showcase
//   updates.load devices=10000 p50_ms=<> p99_ms=<> errors=<>        10,000 devices checking, loopback, SQLite
//   updates.check_vs_nginx ratio=<ours/nginx time> ours=<checks/s> baseline=<nginx req/s>
// nginx (Debian's nginx-light) serves the same check answer as a static file on loopback.
import Foundation
import LunarArchive
import StandaloneSupport
import LunarRuntime
import LunarUpdateServer
import LunarUpdates

/// Prints a line at once (standard output may be a file).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
// Benchmarks/Standalone/UpdatesBench/main.swift -> the package root.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let showcase = root.appendingPathComponent("Examples/Showcase")
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-updates-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

// MARK: - Patch size

let key = BundleSigningKey()
func pack(_ directory: URL, _ name: String) throws -> Data {
    let output = scratch.appendingPathComponent(name)
    _ = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: key).pack(directory: directory, to: output)
    return try Data(contentsOf: output)
}
let edited = scratch.appendingPathComponent("Showcase")
try FileManager.default.copyItem(at: showcase, to: edited)
let login = edited.appendingPathComponent("screens/login.lua")
var loginText = try String(contentsOf: login, encoding: .utf8)
guard let welcome = loginText.range(of: "Welcome to the Lunar showcase") else { fatalError("screens/login.lua changed: update the bench's one-line edit") }
loginText.replaceSubrange(welcome, with: "Welcome back to the Lunar showcase")
try loginText.write(to: login, atomically: true, encoding: .utf8)
let before = try pack(showcase, "before.lunar")
let after = try pack(edited, "after.lunar")
let patch = try ArchivePatch.make(from: before, to: after)
let roundTrip = try ArchivePatch.apply(patch, to: before)
precondition(roundTrip == after)
say("updates.patch_bytes bytes=\(patch.count) archive=\(after.count)")

let devices = 10_000
let connections = 16
let data = scratch.appendingPathComponent("server")
try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
let database = try await SQLiteUpdateDatabase.open(data.appendingPathComponent("updates.sqlite"))
var configuration = UpdateServer.Configuration(dataDirectory: data, adminToken: "bench")
configuration.port = 0
let server = try await UpdateServer(configuration: configuration, database: database).start()
let release = try await UpdateAdminClient(server: server.url, token: "bench").publish(archive: after, channel: "production")
let port = server.url.port!
let targets = (0..<devices).map { "/v1/channels/production/check?bridgeAPI=\(BridgeAPI.version)&device=device-\($0)" }
_ = LoadClient.load(port: port, targets: Array(targets.prefix(500)), connections: connections)  // warm-up
let ours = LoadClient.load(port: port, targets: targets, connections: connections)
let oursSorted = ours.latencies.compactMap { $0 }.sorted()
let errors = ours.latencies.filter { $0 == nil }.count
say(String(format: "updates.load devices=%d p50_ms=%.2f p99_ms=%.2f errors=%d connections=%d seconds=%.2f",
             devices, LoadClient.percentile(oursSorted, 0.5) * 1000, LoadClient.percentile(oursSorted, 0.99) * 1000, errors, connections, ours.total))

// MARK: - The same answer from nginx, as a static file

// The bytes the server answers device-0 (its JSON encoder's settings).
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
// The whole answer, its receipt for device-0 included, so nginx serves as many bytes as the server.
let offered = try await UpdateClient(server: server.url).checkAnswer(channel: "production", device: "device-0", bridgeAPI: BridgeAPI.version)
precondition(offered.release?.id == release.id)
let answer = try encoder.encode(offered)
let nginxRoot = scratch.appendingPathComponent("nginx")
try FileManager.default.createDirectory(at: nginxRoot.appendingPathComponent("logs"), withIntermediateDirectories: true)
try answer.write(to: nginxRoot.appendingPathComponent("check.json"))
let nginxPort = { () -> Int in
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) } }
    close(probe)
    return Int(UInt16(bigEndian: address.sin_port))
}()
try """
    daemon off;
    master_process off;
    worker_processes 1;
    error_log \(nginxRoot.path)/logs/error.log;
    pid \(nginxRoot.path)/nginx.pid;
    events { worker_connections 256; }
    http {
        access_log off;
        keepalive_requests 100000;
        server {
            listen 127.0.0.1:\(nginxPort);
            location = /v1/channels/production/check {
                default_type application/json;
                alias \(nginxRoot.path)/check.json;
            }
        }
    }
    """.write(to: nginxRoot.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
let nginx = try ChildProcess("/usr/sbin/nginx", ["-p", nginxRoot.path, "-c", nginxRoot.appendingPathComponent("nginx.conf").path])
defer { nginx.stop() }
// Wait (bounded) until nginx answers.
var ready = false
for _ in 0..<200 where !ready {
    ready = LoadClient.run(port: nginxPort, targets: [targets[0]]).first.flatMap { $0 } != nil
    if !ready { usleep(20_000) }
}
// fatalError skips the deferred stop: stop nginx first, so a failed run leaves no server behind.
guard ready else {
    nginx.stop()
    fatalError("nginx did not start (see \(nginxRoot.path)/logs/error.log)")
}
_ = LoadClient.load(port: nginxPort, targets: Array(targets.prefix(500)), connections: connections)
let baseline = LoadClient.load(port: nginxPort, targets: targets, connections: connections)
let baselineErrors = baseline.latencies.filter { $0 == nil }.count
say(String(format: "updates.check_vs_nginx ratio=%.2f ours=%.0f baseline=%.0f errors=%d baseline_errors=%d",
             ours.total / baseline.total, Double(devices) / ours.total, Double(devices) / baseline.total, errors, baselineErrors))
await server.stop()
await database.close()
