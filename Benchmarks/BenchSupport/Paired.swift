import Benchmark

// A ratio measure taken in pairs. Each sample runs the baseline's work and
// ours back to back (which goes first alternates), and records both times and
// their ratio. Scripts/bench reports the median of the per-sample ratios: a
// shared machine that slows down for a while slows both halves of a pair, so
// the ratio holds where a ratio of two separately taken medians would swing.

/// The metrics a paired measure records: both times (ns) and ours/baseline in millionths.
public enum PairedMetric {
    public static let ours = BenchmarkMetric.custom("ours_ns", polarity: .prefersSmaller, useScalingFactor: false)
    public static let baseline = BenchmarkMetric.custom("baseline_ns", polarity: .prefersSmaller, useScalingFactor: false)
    public static let ratio = BenchmarkMetric.custom("ratio_ppm", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The two sides of a paired measure: each call does one sample's work.
public struct Pair {
    public var ours: () -> Void
    public var baseline: () -> Void
    public init(ours: @escaping () -> Void, baseline: @escaping () -> Void) {
        self.ours = ours
        self.baseline = baseline
    }
}

/// The same for work that awaits.
public struct AsyncPair {
    public var ours: () async -> Void
    public var baseline: () async -> Void
    public init(ours: @escaping () async -> Void, baseline: @escaping () async -> Void) {
        self.ours = ours
        self.baseline = baseline
    }
}

/// What one paired measure keeps between samples: its pair, built on first
/// use, and which side goes first next. Samples run one at a time.
private final class Session<P>: @unchecked Sendable {
    var pair: P?
    var oursFirst = false
    func next() -> Bool {
        oursFirst.toggle()
        return oursFirst
    }
}

private func configuration(_ samples: Int, _ maxSeconds: Int) -> Benchmark.Configuration {
    .init(metrics: [PairedMetric.ratio, PairedMetric.ours, PairedMetric.baseline],
          warmupIterations: 2, scalingFactor: .one, maxDuration: .seconds(maxSeconds), maxIterations: samples)
}

private func record(_ benchmark: Benchmark, ours: Duration, baseline: Duration) {
    let o = ours.nanoseconds, b = baseline.nanoseconds
    benchmark.measurement(PairedMetric.ours, o)
    benchmark.measurement(PairedMetric.baseline, b)
    benchmark.measurement(PairedMetric.ratio, b > 0 ? Int((Double(o) / Double(b) * 1_000_000).rounded()) : 0)
}

extension Duration {
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}

/// Registers the paired measure `name` (`<suite>.<measure>`). `make` builds
/// both sides once, before the first sample, outside the timed part.
public func pairedBenchmark(_ name: String, samples: Int = 25, maxSeconds: Int = 8, _ make: @escaping () -> Pair) {
    let session = Session<Pair>()
    Benchmark(name, configuration: configuration(samples, maxSeconds)) { benchmark in
        let pair = session.pair ?? make()
        session.pair = pair
        let clock = ContinuousClock()
        let oursFirst = session.next()
        benchmark.startMeasurement()
        var ours = Duration.zero, baseline = Duration.zero
        if oursFirst { ours = clock.measure(pair.ours) }
        baseline = clock.measure(pair.baseline)
        if !oursFirst { ours = clock.measure(pair.ours) }
        benchmark.stopMeasurement()
        record(benchmark, ours: ours, baseline: baseline)
    }
}

/// ``pairedBenchmark(_:samples:maxSeconds:_:)`` for work that awaits.
public func pairedBenchmark(_ name: String, samples: Int = 25, maxSeconds: Int = 8, _ make: @escaping () async -> AsyncPair) {
    let session = Session<AsyncPair>()
    Benchmark(name, configuration: configuration(samples, maxSeconds)) { benchmark async in
        let pair: AsyncPair
        if let made = session.pair { pair = made } else { pair = await make() }
        session.pair = pair
        let clock = ContinuousClock()
        let oursFirst = session.next()
        benchmark.startMeasurement()
        var ours = Duration.zero, baseline = Duration.zero
        if oursFirst { ours = await clock.measure { await pair.ours() } }
        baseline = await clock.measure { await pair.baseline() }
        if !oursFirst { ours = await clock.measure { await pair.ours() } }
        benchmark.stopMeasurement()
        record(benchmark, ours: ours, baseline: baseline)
    }
}
