import Dispatch

/// Hands back to the system the memory a burst left in the heap, once the burst has passed.
///
/// ``AllocatorTuning/retainFreedMemory()`` keeps freed memory for reuse, which makes steady
/// load fast but would keep a spike's high-water mark for ever (many clients' large bodies
/// stay resident after they left). Once a second this compares the resident size with the
/// heap in use; when the difference stays above ``slackBytes`` for two checks in a row while
/// no request body is buffered, it trims the heap. Steady load reuses its freed memory and
/// stays under the slack, so it never pays for a trim. A check is skipped when the transport
/// did nothing since one that found no slack (`activity` unchanged): reading the heap in use
/// walks the allocator's free lists, which costs more the more the server holds, and a server
/// holding 18,000 idle streams would pay it every second for nothing.
final class IdleMemoryReturn: @unchecked Sendable {
    // Sendable argument: `checksOver` and `lastActivity` are only touched on `queue`; `timer`
    // is set up in init.
    static let slackBytes = 64 << 20
    static let checkInterval = DispatchTimeInterval.seconds(1)

    private let queue = DispatchQueue(label: "listdiff-idle-memory-return", qos: .utility)
    private let timer: any DispatchSourceTimer
    private let bodies: SharedBudget
    private let activity: @Sendable () -> Int
    private var checksOver = 0
    private var lastActivity = -1

    /// `activity`: a count that grows whenever the transport works (connections accepted,
    /// requests answered, stream pieces sent).
    init(bodies: SharedBudget, activity: @escaping @Sendable () -> Int) {
        self.bodies = bodies
        self.activity = activity
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.checkInterval, repeating: Self.checkInterval, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.check() }
    }

    func start() { timer.resume() }

    func stop() { timer.cancel() }

    private func check() {
        let current = activity()
        defer { lastActivity = current }
        guard current != lastActivity || checksOver > 0 else { return }
        let slack = AllocatorTuning.residentBytes() - AllocatorTuning.heapBytesInUse()
        guard slack > Self.slackBytes, bodies.heldAmount == 0 else {
            checksOver = 0
            return
        }
        checksOver += 1
        guard checksOver >= 2 else { return }
        checksOver = 0
        AllocatorTuning.releaseFreeMemory()
    }
}
