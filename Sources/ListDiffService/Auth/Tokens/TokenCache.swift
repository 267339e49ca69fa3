import Foundation

/// Verified tokens and what they grant, kept until they expire, so the requests of one long
/// poll after another verify the token once. Bounded: when full, expired entries go, and if
/// more than half are still current, all of them (tokens live minutes; a flood of fresh ones
/// costs verifications, never memory).
final class TokenCache: @unchecked Sendable {
    // Sendable argument: `entries` is only touched while holding `lock`.
    private let lock = NSLock()
    private var entries: [Substring: TokenGrants] = [:]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// What `token` was verified to grant, if it was and still is current at `now`. O(token).
    func grants(for token: Substring, at now: Double, leeway: Double) -> TokenGrants? {
        guard let grants = lock.withLock({ entries[token] }) else { return nil }
        guard grants.isCurrent(at: now, leeway: leeway) else { return nil }
        return grants
    }

    /// Keeps `grants` for `token`. O(1) amortised; O(entries) when full.
    func insert(_ grants: TokenGrants, for token: Substring, now: Double) {
        // A copy of the token alone, not of the header it came from.
        let key = Substring(String(token))
        lock.withLock {
            if entries.count >= capacity {
                entries = entries.filter { $0.value.expires > now }
                if entries.count > capacity / 2 { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = grants
        }
    }

    var count: Int { lock.withLock { entries.count } }
}
