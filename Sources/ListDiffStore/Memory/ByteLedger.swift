/// The store's bytes by session and by owner, and the rule that decides how a write makes
/// room: `maxStoreBytes` and `maxSessionBytes` are hard limits.
///
/// A write that would pass a limit first drops its own snapshot's oldest versions, then
/// evicts least recently used sessions it may evict; if that still does not make room it is
/// refused and nothing changes. A write may evict its own owner's sessions; with API keys
/// each key's share is `maxStoreBytes ÷ keys`, and a write may evict another key's sessions
/// only while its own key stays within its share, and only sessions of keys over theirs — so
/// a key within its share never loses sessions to another key's writes.
struct ByteLedger {
    let maxStoreBytes: Int
    let maxSessionBytes: Int
    /// Each owner's fair share of the store.
    let ownerShare: Int
    private(set) var total = 0
    private var byOwner: [Int: Int] = [:]

    init(maxStoreBytes: Int, maxSessionBytes: Int, owners: Int) {
        self.maxStoreBytes = maxStoreBytes
        self.maxSessionBytes = maxSessionBytes
        ownerShare = maxStoreBytes / max(1, owners)
    }

    /// A session that could make room; `id` is the caller's name for it.
    struct Candidate {
        var id: Int
        var owner: Int
        var bytes: Int
    }

    /// How a write makes room.
    struct Plan {
        /// Oldest versions of the written snapshot to drop.
        var pruned = 0
        var bytesPruned = 0
        /// The `id`s of the candidates to evict.
        var evicted: [Int] = []
    }

    enum Refusal: Error {
        /// The session would hold this many bytes.
        case sessionFull(wouldHold: Int)
        /// The store would be this many bytes over its limit.
        case storeFull(over: Int)
    }

    func bytes(of owner: Int) -> Int { byOwner[owner, default: 0] }

    /// How a write by `owner` to a session holding `sessionBytes`, growing it by `delta`,
    /// fits: dropping some of `prunable` (its snapshot's older versions, oldest first), then
    /// evicting some of `candidates` (other sessions, least recently used first; read only as
    /// far as needed). O(prunable + candidates read).
    func plan(delta: Int, sessionBytes: Int, owner: Int, prunable: [Int], candidates: some Sequence<Candidate>)
        -> Result<Plan, Refusal>
    {
        var plan = Plan()
        func storeExcess() -> Int { total + delta - plan.bytesPruned - maxStoreBytes }
        func sessionExcess() -> Int { sessionBytes + delta - plan.bytesPruned - maxSessionBytes }
        while (storeExcess() > 0 || sessionExcess() > 0) && plan.pruned < prunable.count {
            plan.bytesPruned += prunable[plan.pruned]
            plan.pruned += 1
        }
        guard sessionExcess() <= 0 else {
            return .failure(.sessionFull(wouldHold: sessionBytes + delta - plan.bytesPruned))
        }
        var excess = storeExcess()
        guard excess > 0 else { return .success(plan) }
        let withinShare = bytes(of: owner) + delta - plan.bytesPruned <= ownerShare
        var projected = byOwner
        for candidate in candidates where candidate.bytes > 0 {
            guard excess > 0 else { break }
            if candidate.owner != owner {
                guard withinShare, projected[candidate.owner, default: 0] > ownerShare else { continue }
            }
            plan.evicted.append(candidate.id)
            projected[candidate.owner, default: 0] -= candidate.bytes
            excess -= candidate.bytes
        }
        return excess > 0
            ? .failure(.storeFull(over: total + delta - plan.bytesPruned - maxStoreBytes)) : .success(plan)
    }

    /// Records `bytes` more (or fewer) held by `owner`.
    mutating func add(_ bytes: Int, owner: Int) {
        total += bytes
        byOwner[owner, default: 0] += bytes
        if byOwner[owner] == 0 { byOwner[owner] = nil }
    }
}
