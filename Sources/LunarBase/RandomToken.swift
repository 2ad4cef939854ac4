/// A new secret token: 128 bits from the system's random generator (the operating system's
/// cryptographic source), as 32 lowercase hexadecimal digits.
public func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(32)
    for _ in 0..<16 {
        let byte = UInt8.random(in: 0...255, using: &generator)
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
