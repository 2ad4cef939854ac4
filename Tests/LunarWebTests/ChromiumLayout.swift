import Foundation
@testable import LunarWeb
import Testing

/// Lays HTML out in headless Chromium (Debian's, which Scripts/bootstrap installs; or
/// `LUNAR_CHROMIUM`) over the page's own stylesheet, and reads back every `data-k` element's
/// frame in its parent's border box.
enum ChromiumLayout {
    /// `[key: [left, top, width, height]]` for each element of `body` with a `data-k`.
    static func frames(body: String) throws -> [String: [Double]] {
        let chromium = ProcessInfo.processInfo.environment["LUNAR_CHROMIUM"] ?? "/usr/bin/chromium"
        try #require(FileManager.default.isExecutableFile(atPath: chromium), "no \(chromium): Scripts/bootstrap installs Debian's chromium")
        let html = """
            <!doctype html><html><head><meta charset=utf-8><style>\(WebPage.stylesheet)</style></head><body style="margin:0">
            \(body)
            <pre id="out"></pre><script>
            const lines = [];
            for (const el of document.querySelectorAll("[data-k]")) {
              const r = el.getBoundingClientRect(), p = el.parentElement.getBoundingClientRect();
              lines.push([el.dataset.k, r.left - p.left, r.top - p.top, r.width, r.height].join(" "));
            }
            document.getElementById("out").textContent = lines.join("\\n");
            </script></body></html>
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trees.html")
        try html.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory.path)/profile",
                             "--window-size=1000,2400", "--dump-dom", file.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let text = try #require(dom.firstMatch(of: /<pre id="out">([^<]*)<\/pre>/)?.1, "no results in \(dom.suffix(300))")
        var measured: [String: [Double]] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            measured[String(parts[0])] = parts.dropFirst().compactMap { Double(String($0)) }
        }
        return measured
    }
}
