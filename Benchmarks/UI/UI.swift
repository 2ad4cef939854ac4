// ui.list_diff: a 1,000-row list where one row's text changes; measures one reconcile and
// reports how many mutations it produced (the issue requires exactly one). ui.virtual_list
// is in VirtualList.swift, ui.component_update in ComponentUpdate.swift.
import Benchmark
import LunarUI

private func listTree(changing row: Int?) -> Element {
    .list((0..<1000).map { (index: Int) -> Element in
        .row(key: "item-\(index)", [
            .text(index == row ? "Changed \(index)" : "Item \(index)"),
            .button("Open", id: "open-\(index)"),
        ])
    })
}

let benchmarks: @Sendable () -> Void = {
    virtualListBenchmark()
    componentUpdateBenchmark()
    Benchmark(
        "ui.list_diff",
        configuration: .init(
            metrics: [.wallClock, .custom("mutations", polarity: .prefersSmaller, useScalingFactor: false)],
            timeUnits: .microseconds,
            scalingFactor: .one,
            maxDuration: .seconds(5),
            maxIterations: 1000
        )
    ) { benchmark in
        // Each sample diffs one fresh pair of trees: building them is not part of the measure.
        let reconciler = Reconciler()
        _ = reconciler.reconcile(listTree(changing: nil))
        let changed = listTree(changing: 500)
        var mutations: [Mutation] = []
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            mutations = reconciler.reconcile(changed)
        }
        benchmark.stopMeasurement()
        blackHole(mutations)
        benchmark.measurement(.custom("mutations", polarity: .prefersSmaller, useScalingFactor: false), mutations.count)
    }
}
