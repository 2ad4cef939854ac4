// signals.swift_pipeline: map -> filter -> scan over 1,000,000 integers, pushed synchronously
// from a sequence source into one subscriber, in LunarSignals (ours) and in OpenCombine
// (baseline). Both sides of a sample do the same work and end with the same checksum.
import BenchSupport
import Benchmark
import LunarSignals
import OpenCombine

private let count = 1_000_000

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("signals.swift_pipeline", samples: 30, maxSeconds: 10) {
        Pair(
            ours: {
                var last = 0
                Signal.from(0..<count)
                    .map { $0 &* 3 }
                    .filter { $0 & 1 == 0 }
                    .scan(0) { $0 &+ $1 }
                    .subscribe(next: { last = $0 })
                blackHole(last)
            },
            baseline: {
                var last = 0
                let cancellable = (0..<count).publisher
                    .map { $0 &* 3 }
                    .filter { $0 & 1 == 0 }
                    .scan(0) { $0 &+ $1 }
                    .sink { last = $0 }
                blackHole(last)
                cancellable.cancel()
            })
    }
}
