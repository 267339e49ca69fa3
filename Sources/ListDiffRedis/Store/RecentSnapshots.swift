import Foundation
import ListDiffStore
import ListDiffWire

/// The snapshots this instance wrote last, decoded, so that the next write to one usually needs
/// one round trip (the write script) instead of two (a read, then the script). Only a guess: the
/// script commits only if the snapshot is still at the cached version, and a write that finds
/// it moved on reads it again (see ``RedisSnapshotStore/commit(at:conditions:isFlat:options:existing:_:)``).
/// Bounded by an estimate of bytes; when over, arbitrary entries go.
final class RecentSnapshots: @unchecked Sendable {
    // Sendable argument: `entries` and `bytes` are only touched while holding `lock`.
    struct Entry {
        var epoch: String
        var head: SnapshotHead
        var snapshot: WireSnapshot
        /// Estimated bytes held: the stored JSON's length, times what decoding adds.
        var bytes: Int
    }

    private let lock = NSLock()
    private var entries: [SnapshotAddress: Entry] = [:]
    private var bytes = 0
    let budget: Int

    /// A cache of at most about `budget` bytes; a snapshot over an eighth of it is not kept.
    init(budget: Int) {
        self.budget = budget
    }

    /// Removes and returns the entry for `address`: a write that uses it either commits and
    /// puts back what it wrote, or finds it stale.
    func take(_ address: SnapshotAddress) -> Entry? {
        lock.withLock {
            guard let entry = entries.removeValue(forKey: address) else { return nil }
            bytes -= entry.bytes
            return entry
        }
    }

    func put(_ entry: Entry, at address: SnapshotAddress) {
        guard entry.bytes <= budget / 8 else { return }
        lock.withLock {
            if let old = entries.updateValue(entry, forKey: address) { bytes -= old.bytes }
            bytes += entry.bytes
            while bytes > budget, let victim = entries.first {
                entries.remove(at: entries.startIndex)
                bytes -= victim.value.bytes
            }
        }
    }

    func remove(owner: Int, session: String) {
        lock.withLock {
            for address in entries.keys where address.owner == owner && address.session == session {
                bytes -= entries.removeValue(forKey: address)?.bytes ?? 0
            }
        }
    }
}
