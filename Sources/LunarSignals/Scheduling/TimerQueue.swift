/// A queue of actions ordered by due time, then by the order they were scheduled: the timer heap
/// behind `TestScheduler`, and one a runtime scheduler can reuse over its own clock.
///
/// Cancelled entries stay in the heap and are skipped when they reach the top. Not thread-safe.
public final class TimerQueue {
    /// One scheduled action; disposing it cancels the action and releases its closure.
    final class Entry: Disposable {
        let deadline: Double
        let sequence: UInt64
        var action: (() -> Void)?

        init(deadline: Double, sequence: UInt64, action: @escaping () -> Void) {
            self.deadline = deadline
            self.sequence = sequence
            self.action = action
        }

        var isDisposed: Bool { action == nil }

        func dispose() {
            action = nil
        }

        func runs(before other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// Makes an empty queue.
    public init() {}

    /// Whether any action that has not been cancelled is waiting.
    public var isEmpty: Bool {
        dropCancelledTop()
        return heap.isEmpty
    }

    /// The due time of the earliest action still waiting, if any.
    public var nextDeadline: Double? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// Adds `action`, due at `deadline`. Disposing the result cancels it.
    @discardableResult
    public func add(at deadline: Double, _ action: @escaping () -> Void) -> any Disposable {
        let entry = Entry(deadline: deadline, sequence: nextSequence, action: action)
        nextSequence &+= 1
        heap.append(entry)
        siftUp(heap.count - 1)
        return entry
    }

    /// Cancels every waiting action, releasing its closure.
    public func removeAll() {
        let cancelled = heap
        heap = []
        for entry in cancelled {
            entry.dispose()
        }
    }

    /// Removes and returns the earliest action due at or before `time`, with its due time.
    /// Callers run one action at a time, so actions scheduled by it are seen by the next call.
    public func popDue(notAfter time: Double) -> (deadline: Double, action: () -> Void)? {
        dropCancelledTop()
        guard let top = heap.first, top.deadline <= time, let action = top.action else { return nil }
        removeTop()
        top.action = nil
        return (top.deadline, action)
    }

    private func dropCancelledTop() {
        while let top = heap.first, top.isDisposed {
            removeTop()
        }
    }

    private func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runs(before: heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].runs(before: heap[first]) { first = left }
            if right < heap.count, heap[right].runs(before: heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
