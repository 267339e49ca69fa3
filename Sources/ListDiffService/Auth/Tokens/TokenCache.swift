import Foundation

/// Tokens looked at recently: verified ones and what they grant, kept until they expire, so the
/// requests of one long poll after another verify the token once; and refused ones with why,
/// kept while that answer holds (``TokenRefusal``), so a forged token sent again and again costs
/// a lookup, not a signature verification.
///
/// Bounded, each kind on its own, so a flood of forged tokens never pushes verified ones out:
/// when either is full, its entries that no longer hold go, and if more than half still do,
/// all of them (tokens live minutes; a flood of fresh ones costs verifications, never memory).
/// Refused tokens are also bounded in bytes (a forged token may be 8 KiB).
final class TokenCache: @unchecked Sendable {
    private enum Entry {
        case verified(TokenGrants)
        case refused(TokenRefusal)
    }

    // Sendable argument: `entries` and the counts are only touched while holding `lock`.
    private let lock = NSLock()
    private var entries: [Substring: Entry] = [:]
    private var verifiedCount = 0
    private var refusedCount = 0
    private var refusedBytes = 0
    let capacity: Int
    /// Bytes of refused tokens kept at most.
    let refusedByteCapacity: Int

    init(capacity: Int, refusedByteCapacity: Int = 4 << 20) {
        self.capacity = max(capacity, 1)
        self.refusedByteCapacity = max(refusedByteCapacity, 1)
    }

    /// What `token` was verified to grant, if it was and still is current at `now`. O(token).
    func grants(for token: Substring, at now: Double, leeway: Double) -> TokenGrants? {
        guard case .verified(let grants) = lock.withLock({ entries[token] }) else { return nil }
        guard grants.isCurrent(at: now, leeway: leeway) else { return nil }
        return grants
    }

    /// Why `token` was refused, if it was and that still holds at `now`. O(token).
    func refusal(for token: Substring, at now: Double) -> TokenFailure? {
        guard case .refused(let refusal) = lock.withLock({ entries[token] }), refusal.holds.contains(now) else {
            return nil
        }
        return refusal.failure
    }

    /// Keeps `grants` for `token`. O(1) amortised; O(entries) when full.
    func insert(_ grants: TokenGrants, for token: Substring, now: Double) {
        // A copy of the token alone, not of the header it came from.
        let key = Substring(String(token))
        lock.withLock {
            if verifiedCount >= capacity {
                evictVerified(at: now)
            }
            store(.verified(grants), for: key)
        }
    }

    /// Keeps `refusal` for `token`. O(1) amortised; O(entries) when full.
    func insert(_ refusal: TokenRefusal, for token: Substring, now: Double) {
        let key = Substring(String(token))
        lock.withLock {
            if refusedCount >= capacity || refusedBytes + key.utf8.count > refusedByteCapacity {
                evictRefused(at: now)
            }
            store(.refused(refusal), for: key)
        }
    }

    /// Verified tokens kept.
    var count: Int { lock.withLock { verifiedCount } }

    /// Refused tokens kept.
    var refusals: Int { lock.withLock { refusedCount } }

    /// Puts `entry` in for `key`, keeping the counts. Called holding `lock`.
    private func store(_ entry: Entry, for key: Substring) {
        if let old = entries.updateValue(entry, forKey: key) { uncount(old, key) }
        switch entry {
        case .verified: verifiedCount += 1
        case .refused:
            refusedCount += 1
            refusedBytes += key.utf8.count
        }
    }

    private func uncount(_ entry: Entry, _ key: Substring) {
        switch entry {
        case .verified: verifiedCount -= 1
        case .refused:
            refusedCount -= 1
            refusedBytes -= key.utf8.count
        }
    }

    /// Drops the verified tokens expired at `now`, then all of them if more than half remain.
    /// Called holding `lock`. O(entries).
    private func evictVerified(at now: Double) {
        removeAll {
            guard case .verified(let grants) = $0 else { return false }
            return grants.expires <= now
        }
        guard verifiedCount > capacity / 2 else { return }
        removeAll {
            guard case .verified = $0 else { return false }
            return true
        }
    }

    /// Drops the refusals that no longer hold at `now`, then all of them if more than half of
    /// either bound remains. Called holding `lock`. O(entries).
    private func evictRefused(at now: Double) {
        removeAll {
            guard case .refused(let refusal) = $0 else { return false }
            return !refusal.holds.contains(now)
        }
        guard refusedCount > capacity / 2 || refusedBytes > refusedByteCapacity / 2 else { return }
        removeAll {
            guard case .refused = $0 else { return false }
            return true
        }
    }

    private func removeAll(where drop: (Entry) -> Bool) {
        entries = entries.filter { key, entry in
            guard drop(entry) else { return true }
            uncount(entry, key)
            return false
        }
    }
}
