// Comparisons of sizes where `.nan` means undefined.

@inline(__always) func same(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
}

@inline(__always) func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) < 0.0001
}

@inline(__always) func minDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return min(a, b)
}

@inline(__always) func maxDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return max(a, b)
}
