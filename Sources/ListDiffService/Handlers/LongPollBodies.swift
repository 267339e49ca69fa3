import Foundation
import ListDiffHTTP
import ListDiffStore
import ListDiffWire

/// The bodies of the long polls and event streams a write answers. Every wait on a snapshot was registered
/// since its current version, so the waits asking in one format get the same body: written
/// once per write and format, not once per waiting client. Keeps the last few.
final class LongPollBodies: @unchecked Sendable {
    // Sendable argument: `recent` and `order` are only touched while holding `lock`.
    private struct Key: Hashable {
        var address: SnapshotAddress
        var from: SnapshotVersion
        var to: SnapshotVersion
        var format: ChangesetFormat
    }

    private static let capacity = 32
    private let lock = NSLock()
    private var recent: [Key: [UInt8]] = [:]
    private var order: [Key] = []

    /// The response to a wait on `address` that `changes` answers. O(1) when known, else
    /// O(changeset).
    func response(
        to changes: SnapshotChanges, at address: SnapshotAddress, format: ChangesetFormat, metrics: DiffMetrics
    ) -> HTTPResponse {
        guard case .changes(let from, let head, let diff) = changes else {
            return ServiceJSON.response(to: changes, format: format, metrics: metrics)
        }
        let body = changesBody(from: from, to: head, diff: diff, at: address, format: format, metrics: metrics)
        return ServiceJSON.response(body, version: head.version)
    }

    /// The changes document from `from` to `head` on `address` in `format`, shared by every
    /// long poll and event stream a write answers. O(1) when known, else O(changeset).
    func changesBody(
        from: SnapshotVersion, to head: SnapshotHead, diff: WireDiff?, at address: SnapshotAddress,
        format: ChangesetFormat, metrics: DiffMetrics
    ) -> [UInt8] {
        let key = Key(address: address, from: from, to: head.version, format: format)
        if let body = lock.withLock({ recent[key] }) { return body }
        let body = ServiceJSON.changes(from: from, to: head, diff: diff, format: format, metrics: metrics)
        lock.withLock {
            guard recent.updateValue(body, forKey: key) == nil else { return }
            order.append(key)
            if order.count > Self.capacity { recent[order.removeFirst()] = nil }
        }
        return body
    }
}
