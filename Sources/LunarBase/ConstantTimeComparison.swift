/// Whether `given` is `secret` (a token, a receipt), compared without stopping at the first
/// difference, so the time taken says nothing of where they differ.
///
/// Both strings are compared as UTF-8; only their lengths can show in the time.
public func equalInConstantTime(_ given: String, _ secret: String) -> Bool {
    var difference = given.utf8.count ^ secret.utf8.count
    for (a, b) in zip(given.utf8, secret.utf8) { difference |= Int(a ^ b) }
    return difference == 0
}
