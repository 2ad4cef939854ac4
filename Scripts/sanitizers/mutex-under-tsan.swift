// Shows the Synchronization.Mutex false positive that tsan.supp suppresses, apart from Lunar:
//   swiftc -swift-version 6 -sanitize=thread Scripts/sanitizers/mutex-under-tsan.swift -o /tmp/mutex-under-tsan
//   /tmp/mutex-under-tsan mutex   # exact count, yet TSan reports a "Swift access race"
//   /tmp/mutex-under-tsan nslock  # exact count, no report
// Two threads contend for one lock, so it is handed over through the futex slow path.
import Foundation
import Synchronization

final class Counters: @unchecked Sendable {
    // Unchecked: `plain` is touched only while `lock` is held.
    let guarded = Mutex(0)
    let lock = NSLock()
    var plain = 0
}

let useMutex = CommandLine.arguments.dropFirst().first != "nslock"
let counters = Counters()
let perThread = 200_000
let done = DispatchGroup()
for _ in 0..<2 {
    done.enter()
    Thread {
        for _ in 0..<perThread {
            if useMutex {
                counters.guarded.withLock { $0 += 1 }
            } else {
                counters.lock.withLock { counters.plain += 1 }
            }
        }
        done.leave()
    }.start()
}
done.wait()
let total = useMutex ? counters.guarded.withLock { $0 } : counters.lock.withLock { counters.plain }
print("\(useMutex ? "Mutex" : "NSLock"): \(total) of \(2 * perThread)")
