// signals.swift_pipeline: map -> filter -> scan over 1,000,000 integers, pushed synchronously
// from a sequence source into one subscriber, in LunarSignals (ours) and in OpenCombine
// (baseline). Both iterations do the same work and end with the same checksum.
import Benchmark
import LunarSignals
import OpenCombine

private let count = 1_000_000

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 30
    )

    Benchmark("signals.swift_pipeline.ours", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var last = 0
            Signal.from(0..<count)
                .map { $0 &* 3 }
                .filter { $0 & 1 == 0 }
                .scan(0) { $0 &+ $1 }
                .subscribe(next: { last = $0 })
            blackHole(last)
        }
    }

    Benchmark("signals.swift_pipeline.baseline", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var last = 0
            let cancellable = (0..<count).publisher
                .map { $0 &* 3 }
                .filter { $0 & 1 == 0 }
                .scan(0) { $0 &+ $1 }
                .sink { last = $0 }
            blackHole(last)
            cancellable.cancel()
        }
    }
}
