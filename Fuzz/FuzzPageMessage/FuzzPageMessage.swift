import Foundation
import LunarUI
import LunarWeb

// Fuzzes the page-message reader (`PageMessage.parse`) every message a browser tab sends passes
// before the renderer or the app sees it.
//
// The input is the message's text (read as UTF-8, invalid bytes repaired). Invariants:
// - parsing never traps (a number no conversion can hold is a refusal, never a conversion);
// - text over `PageMessage.maximumBytes` is refused as oversized;
// - a refusal has a reason of one non-empty line (reasons are logged and sent back to the page);
// - an accepted message's numbers are in their field's range: screen, node and alert ids, an
//   alert's button index and a ping's id whole numbers from 0 to `PageMessage.maximumInteger`;
//   a scroll offset finite within ±`PageMessage.maximumCoordinate`; a viewport extent finite
//   from 0 to `PageMessage.maximumCoordinate`.

private func checkID(_ value: Int, _ what: String) {
    precondition(value >= 0 && value <= PageMessage.maximumInteger, "accepted \(what) \(value) out of range")
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPageMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    let message: PageMessage
    do {
        message = try PageMessage.parse(text)
    } catch {
        precondition(!error.reason.isEmpty, "an empty refusal")
        precondition(!error.reason.contains { $0 == "\n" || $0 == "\r" }, "a refusal spans lines: \(error.reason.debugDescription)")
        if text.utf8.count > PageMessage.maximumBytes {
            precondition(error.reason.hasPrefix("oversized message"), "an oversized text refused as \(error.reason)")
        }
        return 0
    }
    precondition(text.utf8.count <= PageMessage.maximumBytes, "an oversized text was accepted")
    let limit = PageMessage.maximumCoordinate
    switch message {
    case .press(let screen, let node), .longPress(let screen, let node), .pressIn(let screen, let node),
         .pressOut(let screen, let node), .change(let screen, let node, _), .submit(let screen, let node, _):
        checkID(screen.rawValue, "screen")
        checkID(node.rawValue, "node")
    case .scroll(let screen, let node, let offset):
        checkID(screen.rawValue, "screen")
        checkID(node.rawValue, "node")
        precondition(offset.isFinite && offset >= -limit && offset <= limit, "accepted scroll offset \(offset)")
    case .viewport(let screen, let node, let extent):
        checkID(screen.rawValue, "screen")
        checkID(node.rawValue, "node")
        precondition(extent.isFinite && extent >= 0 && extent <= limit, "accepted viewport extent \(extent)")
    case .back(let screen):
        checkID(screen.rawValue, "screen")
    case .alertButton(let alert, let index):
        checkID(alert.rawValue, "alert")
        checkID(index, "button index")
    case .ping(let id):
        checkID(id, "ping id")
    case .appearance:
        break // an Appearance is light or dark by its type: nothing else can be accepted
    case .window(let metrics):
        for (name, value, range) in [("width", metrics.width, 0...limit), ("height", metrics.height, 0...limit),
                                     ("scale", metrics.scale, 0.01...100), ("fontScale", metrics.fontScale, 0.01...100)] {
            precondition(value.isFinite && range.contains(value), "accepted window \(name) \(value)")
        }
    }
    return 0
}
