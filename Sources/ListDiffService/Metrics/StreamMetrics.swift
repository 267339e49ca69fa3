import Foundation

/// What the snapshots' event streams sent: events by type, and the versions folded into
/// another event because the reader had not taken the last one yet.
final class StreamMetrics: @unchecked Sendable {
    // Sendable argument: `events` and `coalesced` are only touched while holding `lock`.
    private let lock = NSLock()
    private var events: [ServerSentEvent.Kind: Int] = [:]
    private var coalesced = 0

    func sent(_ kind: ServerSentEvent.Kind) {
        lock.withLock { events[kind, default: 0] += 1 }
    }

    /// A version reached a stream whose last event was still unsent: it goes out folded into
    /// the next `changes` event instead.
    func coalescedVersion() {
        lock.withLock { coalesced += 1 }
    }

    /// Events sent by type (every type listed), and versions coalesced.
    var figures: (events: [(ServerSentEvent.Kind, Int)], coalesced: Int) {
        lock.withLock { (ServerSentEvent.Kind.allCases.map { ($0, events[$0] ?? 0) }, coalesced) }
    }
}
