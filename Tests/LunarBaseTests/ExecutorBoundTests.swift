import Dispatch
import LunarBase
import Testing

@Suite struct ExecutorBoundTests {
    /// Not Sendable: only the box lets it cross to the queue it belongs to.
    final class Counter { var count = 0 }

    @Test func aValueMadeOnAQueueComesBackToItThroughTheBox() async {
        let queue = DispatchQueue(label: "executor-bound-test")
        let count = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            queue.async {
                let bound = ExecutorBound(Counter())
                bound.value.count += 1
                DispatchQueue.global().async {
                    queue.async {
                        bound.value.count += 1
                        continuation.resume(returning: bound.value.count)
                    }
                }
            }
        }
        #expect(count == 2)
    }
}
