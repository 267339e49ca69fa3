import Foundation
import ListDiffStore

/// The whole-snapshot documents the service answers — a `GET` of a snapshot, a stream's first
/// `snapshot` event, a `reset` — encoded once per version and form and shared by every reader
/// of that version: the transport queues one buffer however many connections send it
/// (``ListDiffHTTP`` counts it once against `--max-buffered-response-bytes`), where an encode
/// per request held one copy per reader — a large snapshot's readers that stop reading would
/// hold it many times over. Keeps the last few, within ``capacity`` documents and
/// ``capacityBytes`` bytes; a larger document is encoded per request and not kept.
final class SnapshotBodies: @unchecked Sendable {
    // Sendable argument: `recent`, `order` and `heldBytes` are only touched while holding `lock`.
    /// Which document of a version.
    enum Form: Hashable {
        /// `{"version", "digest", "snapshot"}`.
        case snapshot
        /// `{"reset": true, "to", "digest", "snapshot"}`.
        case reset
    }

    private struct Key: Hashable {
        var address: SnapshotAddress
        var version: SnapshotVersion
        var isFlat: Bool
        var form: Form
    }

    static let capacity = 8
    static let capacityBytes = 64 << 20
    private let lock = NSLock()
    private var recent: [Key: [UInt8]] = [:]
    private var order: [Key] = []
    private var heldBytes = 0

    /// The `form` document of `stored` at `address`. O(1) when known, else O(size).
    func body(of stored: StoredVersion, at address: SnapshotAddress, form: Form) -> [UInt8] {
        let key = Key(address: address, version: stored.head.version, isFlat: stored.head.isFlat, form: form)
        if let body = lock.withLock({ recent[key] }) { return body }
        let body: [UInt8]
        switch form {
        case .snapshot: body = ServiceJSON.snapshot(stored)
        case .reset: body = ServiceJSON.reset(to: stored)
        }
        guard body.count <= Self.capacityBytes else { return body }
        return lock.withLock {
            // Another reader encoded it meanwhile: answer with that one, so both share it.
            if let kept = recent[key] { return kept }
            recent[key] = body
            order.append(key)
            heldBytes += body.count
            while order.count > Self.capacity || heldBytes > Self.capacityBytes {
                heldBytes -= recent.removeValue(forKey: order.removeFirst())?.count ?? 0
            }
            return body
        }
    }
}
