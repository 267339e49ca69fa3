import Foundation

/// Runs `body(index)` on `count` threads of their own, released together, and returns when all
/// are done. (`DispatchQueue.concurrentPerform` runs only as many at once as there are cores,
/// which on a small machine hides races.)
public func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread.detachNewThread {
            defer { done.leave() }
            start.wait()
            body(index)
        }
    }
    for _ in 0..<count { start.signal() }
    done.wait()
}
