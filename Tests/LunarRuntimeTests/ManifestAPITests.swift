import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// The manifest's `api` section: what is refused, and the host policy a runtime builds from it.
@Suite struct ManifestAPITests {
    private func manifest(api: String) -> Data {
        Data(#"{"name": "t", "version": "1", "entry": "/home", "routes": {"/home": "screens.home"}, "api": \#(api)}"#.utf8)
    }

    private func refusal(api: String) -> String? {
        do {
            _ = try BundleManifest.parse(manifest(api: api))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func baseURLsMustBeHTTPWithAHost() {
        #expect(refusal(api: #"{"baseURL": "file:///etc/passwd"}"#)
            == "manifest.json: api.baseURL 'file:///etc/passwd' is refused: it must be an http:// or https:// URL with a host")
        #expect(refusal(api: #"{"baseURL": "ftp://files.example.com/"}"#)?.contains("must be an http:// or https:// URL") == true)
        #expect(refusal(api: #"{"baseURL": "javascript:alert(1)"}"#)?.contains("must be an http:// or https:// URL") == true)
        #expect(refusal(api: #"{"baseURL": "http://"}"#) != nil)
        #expect(refusal(api: #"{"baseURL": "not a url"}"#) == "manifest.json: api.baseURL 'not a url' is not an absolute URL")
        #expect(refusal(api: #"{"baseURL": "https://api.example.com/v1"}"#) == nil)
        #expect(refusal(api: #"{"baseURL": "HTTP://127.0.0.1:8080"}"#) == nil)
    }

    @Test func allowedHostsMustBeHostNames() {
        #expect(refusal(api: #"{"allowedHosts": ["api.example.com", "https://cdn.example.com"]}"#)
            == "manifest.json: api.allowedHosts entry 'https://cdn.example.com' is not a host name: write the host alone, without a scheme (api.example.com)")
        #expect(refusal(api: #"{"allowedHosts": ["api.example.com:443"]}"#)?.contains("'api.example.com:443' is not a host name: a port") == true)
        #expect(refusal(api: #"{"allowedHosts": ["*"]}"#)?.contains("whole first label") == true)
        #expect(refusal(api: #"{"allowedHosts": ["*.com"]}"#)?.contains("two parts or more") == true)
        #expect(refusal(api: #"{"allowedHosts": [""]}"#)?.contains("api.allowedHosts entry '' is not a host name") == true)
        #expect(refusal(api: #"{"allowedHosts": ["api.example.com", "*.cdn.example.com", "127.0.0.1", "[::1]"]}"#) == nil)
    }

    @Test func thePolicyAllowsTheListedHostsAndTheBaseURLs() throws {
        let parsed = try BundleManifest.parse(manifest(api: #"{"baseURL": "https://api.example.com/v1", "allowedHosts": ["*.cdn.example.com"]}"#))
        let policy = try parsed.hostPolicy(apiBaseURL: URL(string: "http://127.0.0.1:4321/api"))
        #expect(policy.description == "*.cdn.example.com, api.example.com:443, 127.0.0.1:4321")
        let bare = try BundleManifest.parse(Data(#"{"name": "t", "version": "1", "entry": "/home", "routes": {"/home": "screens.home"}}"#.utf8))
        #expect(try bare.hostPolicy(apiBaseURL: nil).description == "none")
    }

    /// Issue 23 item 4: a bundle allowing only api.example.com sent a request to a local listener.
    @Test func aBundleCanOnlyReachItsAllowedHostsAndBaseURLs() async throws {
        let api = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        let exfil = try LoopbackServer { _ in .json(#"{"stolen":true}"#) }
        defer { api.stop(); exfil.stop() }
        let bundle = try TestBundle(files: ["screens/home.lua": #"return { render = function() return require("lunar.ui").Text "home" end }"#])
        defer { bundle.remove() }
        try bundle.write("manifest.json", """
            {"name": "t", "version": "1", "entry": "/home", "routes": {"/home": "screens.home"},
             "api": {"baseURL": "https://api.example.com", "allowedHosts": ["api.example.com"]}}
            """)
        var options = RuntimeOptions(clock: .virtual, storageDirectory: bundle.root.appendingPathComponent(".storage"))
        options.apiBaseURL = api.baseURL   // the mock API's loopback address, as `lunar run` sets it
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: options)
        _ = try await runtime.startHeadless()
        _ = try await runtime.lua("""
            local net = require("lunar.net")
            net.send(net.request{ url = "\(exfil.baseURL)/exfil?secret=1" }, function(r, e) EXFIL = e end)
            net.send(net.request{ path = "/ok" }, function(r, e) OK = r and r.ok end)
            """)
        #expect(await runtime.wait(timeout: 10))
        let out = try await runtime.lua("return EXFIL.kind, EXFIL.message, EXFIL.url, OK")
        #expect(out.first?.stringValue == "policy")
        #expect(out[1].stringValue == "the request to 127.0.0.1:\(exfil.port) is refused: that host is not allowed (allowed: api.example.com, api.example.com:443, 127.0.0.1:\(api.port))")
        #expect(out[2].stringValue == "\(exfil.baseURL)/exfil?secret=1")
        #expect(out[3] == .boolean(true))
        #expect(exfil.connectionCount == 0)
    }
}
