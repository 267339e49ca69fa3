import Foundation

/// Where every version number of one epoch comes from: one counter for the whole store, so a
/// number is never issued twice — not to a snapshot deleted and written again under the same
/// name, not to a session evicted and made anew. A client holding a version of a snapshot
/// that is gone then gets a reset (and its `If-Match` a 412), never a changeset computed
/// against a list it never had. A snapshot's numbers increase but need not be consecutive;
/// 0 stays "not written yet".
final class VersionCounter: @unchecked Sendable {
    // Sendable argument: `issued` is only touched while holding `lock`.
    private let lock = NSLock()
    private var issued = 0

    init() {}

    /// The last number handed out.
    var last: Int { lock.withLock { issued } }

    /// A number greater than every number handed out before. O(1).
    func next() -> Int {
        lock.withLock {
            issued += 1
            return issued
        }
    }

    /// Forgets the numbers after `number`, as a store restored from a backup does (a test
    /// hook's: see `MemorySnapshotStore+Rollback.swift`).
    func rewind(to number: Int) {
        lock.withLock { issued = number }
    }
}
