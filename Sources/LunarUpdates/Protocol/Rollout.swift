import Crypto
import Foundation

/// Who is inside a release's rollout: a stable hash of the device id and the release id puts
/// each device in one of 100 buckets, and a rollout of `P` percent takes buckets `0..<P`.
///
/// The same device always gets the same answer for the same release, raising a rollout only
/// adds devices (a device inside 10 % is inside 20 %), and each release draws its own
/// buckets, so the first devices to get one release are not always the first to get the next.
public enum Rollout {
    /// The device's bucket for `release`, in `0..<100`: the first 8 bytes of
    /// SHA-256(`"lunar-rollout\0" + release + "\0" + device`), big-endian, modulo 100.
    public static func bucket(device: String, release: String) -> Int {
        let digest = SHA256.hash(data: Data("lunar-rollout\0\(release)\0\(device)".utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % 100)
    }

    /// Whether `device` is inside a rollout of `percent` (0...100) of `release`.
    public static func includes(percent: Int, device: String, release: String) -> Bool {
        bucket(device: device, release: release) < percent
    }
}
