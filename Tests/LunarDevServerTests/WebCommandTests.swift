import Foundation
import LunarDevServer
import LunarTestSupport
import Testing

/// `lunar run --web` and `lunar dev --web` through the real binary: the printed address, the
/// token of an exposed server, and what the page is served.
@Suite(.timeLimit(.minutes(2))) struct WebCommandTests {
    /// The address `lunar` printed: standard output's first line, alone on its line.
    func printedURL(_ process: LiveProcess) async throws -> String {
        try await process.waitForOutput("\n")
        return String(process.standardOutput.prefix { $0 != "\n" })
    }

    @Test func runWebPrintsItsAddressOnItsOwnLine() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let run = try LiveProcess(["run", bundle.root.path, "--web", "--port", "0"])
        defer { run.terminate() }
        let url = try await printedURL(run)
        #expect(url.wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+\//) != nil, "\(url)")
        let page = try await DevServerClient(baseURL: try #require(URL(string: url))).send("GET", "/items/3")
        #expect(page.status == 200)
        #expect(page.text.contains("<script src=\"/lunar/lunar.js\""))
        #expect(!run.standardError.contains("warning"))
    }

    @Test func anExposedServerWarnsAndPrintsATokenItRequires() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let run = try LiveProcess(["run", bundle.root.path, "--web", "--port", "0", "--host", "0.0.0.0"])
        defer { run.terminate() }
        let url = try await printedURL(run)
        let match = try #require(url.wholeMatch(of: /http:\/\/0\.0\.0\.0:(\d+)\/\?token=([0-9a-f]{32})/), "\(url)")
        #expect(run.standardError.contains("lunar: warning: serving on 0.0.0.0"))
        let client = try DevServerClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(match.1)/")))
        let refused = try await client.send("GET", "/")
        #expect(refused.status == 403)
        let allowed = try await client.send("GET", "/?token=\(match.2)")
        #expect(allowed.status == 200)
        // The inspector runs Lua in every tab: an exposed server, whose token every user of the
        // app is given, serves none, and says so.
        #expect(run.standardError.contains("the developer tools are off"))
        #expect(!run.standardError.contains("lunar: developer tools at"))
        let devtools = try await client.send("GET", "/devtools?token=\(match.2)")
        #expect(!devtools.text.contains("/lunar/devtools.js"))
        #expect(try await client.send("GET", "/lunar/devtools.js?token=\(match.2)").text.contains("devtools") == false)
    }

    @Test func devWebPrintsTheAddressAndReloads() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let dev = try LiveProcess(["dev", bundle.root.path, "--web", "--port", "0"])
        defer { dev.terminate() }
        let url = try await printedURL(dev)
        #expect(url.wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+\//) != nil, "\(url)")
        try await dev.waitForError("(attach with: lunar run http://127.0.0.1:")
    }

    @Test func runWebNamesItsInspectorOnStandardError() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let run = try LiveProcess(["run", bundle.root.path, "--web", "--port", "0"])
        defer { run.terminate() }
        let url = try await printedURL(run)
        try await run.waitForError("/devtools\n")
        #expect(run.standardError.contains("lunar: developer tools at \(url)devtools\n"))
        let page = try await DevServerClient(baseURL: try #require(URL(string: url))).send("GET", "/devtools")
        #expect(page.status == 200)
        #expect(page.text.contains("/lunar/devtools.js"))
    }

    @Test func runDevtoolsHeadlessPrintsTheInspectorAloneOnAStandardErrorLine() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let run = try LiveProcess(["run", bundle.root.path, "--headless", "--devtools"])
        defer { run.terminate() }
        try await run.waitForError("/devtools\n")
        let line = try #require(run.standardError.split(separator: "\n").first { $0.hasSuffix("/devtools") })
        let match = try #require(line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/devtools/), "\(line)")
        #expect(!run.standardOutput.contains("/devtools"))
        let client = try DevServerClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(match.1)/")))
        #expect(try await client.send("GET", "/devtools").status == 200)
        #expect(try await client.send("GET", "/").status == 404)
    }

    @Test(arguments: [
        (["--devtools-port", "0"], "--devtools-port goes with --devtools"),
        (["--devtools", "--devtools-port", "70000"], "--devtools-port 70000 is not a port (0 to 65535)"),
        (["--web", "--devtools", "--devtools-port", "0"], "with --web the inspector is at /devtools on the app's own port"),
    ])
    func devtoolsOptionsAreChecked(arguments: [String], message: String) async throws {
        let run = try LiveProcess(["run", "/nowhere"] + arguments)
        #expect(try await run.finish() != 0)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func webAndHeadlessTogetherAreRefused() async throws {
        let run = try LiveProcess(["run", "/nowhere", "--web", "--headless"])
        #expect(try await run.finish() != 0)
        #expect(run.standardError.contains("give --web or --headless, not both"))
    }
}
