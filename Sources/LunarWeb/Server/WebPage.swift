/// The page the server serves: a small hand-written script and stylesheet carried in the
/// binary (Sources/LunarWeb/Page), with no build step.
enum WebPage {
    /// The HTML every app address answers with (`/`, `/items/3`): it loads the script, which
    /// opens the WebSocket for the address it was opened at.
    static let html = String(decoding: PackageResources.index_html, as: UTF8.self)
    /// lunar.js: the WebSocket client, the DOM mapping and the overlays.
    static let script = String(decoding: PackageResources.lunar_js, as: UTF8.self)
    /// lunar.css: React Native's layout defaults for every element, and the chrome.
    static let stylesheet = String(decoding: PackageResources.lunar_css, as: UTF8.self)
    /// The inspector's page at `/devtools` (devtools.html), its script and its stylesheet.
    static let devtoolsHTML = String(decoding: PackageResources.devtools_html, as: UTF8.self)
    /// devtools.js: the inspector's WebSocket client and its panels.
    static let devtoolsScript = String(decoding: PackageResources.devtools_js, as: UTF8.self)
    /// devtools.css: the inspector's look.
    static let devtoolsStylesheet = String(decoding: PackageResources.devtools_css, as: UTF8.self)
}
