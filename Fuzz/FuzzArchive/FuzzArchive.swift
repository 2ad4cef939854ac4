import Foundation
import LunarArchive

// Fuzzes reading a `.lunar` archive (`ArchiveReader.read`), the first thing
// `lunar run APP.lunar` and the Swift API do with bytes from the network, and
// the two signed files inside it (`_lunar/files.json`, `_lunar/signature`).
//
// Invariants:
// - any bytes give contents or a `BundleArchiveError`, never a trap;
// - every path handed out is relative and normalised: no `..`, `.` or empty
//   component, no leading `/`, no backslash, no control character;
// - paths are unique, list exactly the files, in archive order;
// - no file is over the per-file cap and the total is within the total cap;
// - what was read, written again by the packer's `ZipWriter`, reads back the same.

private let limits = ArchiveLimits(maxEntries: 64, maxFileSize: 64 << 10, maxTotalSize: 256 << 10)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzArchive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    _ = try? BundleFileList.decode(bytes)
    _ = try? BundleSignature.decode(bytes)
    guard let contents = try? ArchiveReader(limits: limits).read(bytes) else { return 0 }
    precondition(Set(contents.paths).count == contents.paths.count, "duplicate paths: \(contents.paths)")
    precondition(Set(contents.paths) == Set(contents.files.keys), "paths and files differ: \(contents.paths)")
    var total = 0
    for path in contents.paths {
        precondition(!path.hasPrefix("/") && !path.contains("\\"), "unsafe path: \(path)")
        precondition(!path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }, "control character in \(path)")
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            precondition(!component.isEmpty && component != "." && component != "..", "unnormalised path: \(path)")
        }
        let count = contents.files[path]?.count ?? 0
        precondition(count <= limits.maxFileSize, "\(path) is \(count) bytes, over the cap")
        total += count
    }
    precondition(total <= limits.maxTotalSize, "\(total) bytes in all, over the cap")
    var zip = ZipWriter()
    do {
        for path in contents.paths { try zip.add(ZipWriter.Entry(path: path, bytes: contents.files[path] ?? Data())) }
        let again = try ArchiveReader(limits: ArchiveLimits(maxEntries: 64, maxFileSize: 64 << 10, maxTotalSize: 1 << 20)).read(zip.finish())
        precondition(again == contents, "written again, the archive reads differently: \(contents.paths)")
    } catch {
        preconditionFailure("written again, the archive is refused: \(error)")
    }
    return 0
}
