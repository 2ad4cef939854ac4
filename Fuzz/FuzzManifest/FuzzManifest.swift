import Foundation
import LunarBundle

// Fuzzes reading a bundle's manifest.json (`BundleManifest.parse`), the first
// thing `lunar run`, the dev server and hot reload do with bytes they did not write.
//
// Invariants:
// - any bytes give a manifest or a `BundleError`, never a trap;
// - the error names the file it is about (`manifest.json: ...`);
// - an accepted manifest, written back with JSONEncoder, parses again to an
//   equal manifest (nothing accepted is lost or unreadable on the way out).

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    let manifest: BundleManifest
    do {
        manifest = try BundleManifest.parse(bytes)
    } catch {
        precondition(error.message.hasPrefix("manifest.json: "), "error does not name the file: \(error.message)")
        return 0
    }
    precondition(!manifest.routes.isEmpty && manifest.entry.hasPrefix("/"), "an invalid manifest was accepted: \(manifest)")
    let written: Data
    do {
        written = try JSONEncoder().encode(manifest)
    } catch {
        fatalError("an accepted manifest cannot be written: \(error)")
    }
    do {
        let reread = try BundleManifest.parse(written)
        precondition(reread == manifest, "manifest changed on the way out and back: \(manifest) became \(reread)")
    } catch {
        fatalError("an accepted manifest, written back, is refused: \(error); written \(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
