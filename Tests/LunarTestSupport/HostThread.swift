import Foundation

/// A thread that stands in for an app's main thread in tests of a host-driven executor: it
/// runs the blocks handed to it in order, as the main queue does, and waits on a condition
/// otherwise. Its stack is iOS's main-thread size (1 MiB), so what a test runs there fits an app.
public final class HostThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var blocks: [@Sendable () -> Void] = []
    private var stopping = false
    private var finished = false
    private var threadID: pthread_t?
    private var blockCount = 0

    /// How many blocks have run.
    public var blocksRun: Int {
        condition.lock()
        defer { condition.unlock() }
        return blockCount
    }

    public init(name: String = "test.main-thread") {
        let thread = Thread { [self] in loop() }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Runs `block` on the thread after the blocks already handed over (`DispatchQueue.main.async`).
    public func perform(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        blocks.append(block)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the caller is on this thread.
    public var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let threadID else { return false }
        return pthread_equal(threadID, pthread_self()) != 0
    }

    /// Runs the blocks already handed over, then ends the thread; returns once it has ended.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        threadID = pthread_self()
        while true {
            if !blocks.isEmpty {
                let block = blocks.removeFirst()
                condition.unlock()
                block()
                condition.lock()
                blockCount += 1
                continue
            }
            if stopping { break }
            condition.wait()
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
