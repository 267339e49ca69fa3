import ListDiffJSON

/// The versions kept before the current one, newest first, as reverse deltas; at most
/// `limit` of them (the `versionsKept` setting less the current version).
struct VersionHistory: Sendable {
    private var deltas: [(version: Int, digest: String, delta: ReverseDelta)] = []
    let limit: Int

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Older versions kept.
    var count: Int { deltas.count }

    /// Estimated bytes held. O(kept).
    var bytes: Int { deltas.reduce(0) { $0 + $1.delta.bytes } }

    /// The estimated bytes of each kept version, oldest first. O(kept).
    var bytesOldestFirst: [Int] { deltas.reversed().map(\.delta.bytes) }

    /// Forgets the `count` oldest versions. O(kept).
    mutating func dropOldest(_ count: Int) {
        deltas.removeLast(min(max(0, count), deltas.count))
    }

    /// Records `delta`, which rebuilds `version` (whose digest is `digest`) from the version
    /// after it; drops the oldest beyond the limit. O(kept).
    mutating func push(version: Int, digest: String, _ delta: ReverseDelta) {
        guard limit > 0 else { return }
        deltas.insert((version, digest, delta), at: 0)
        if deltas.count > limit { deltas.removeLast(deltas.count - limit) }
    }

    /// The digest of a kept older version. O(kept).
    func digest(of version: Int) -> String? {
        deltas.first { $0.version == version }?.digest
    }

    /// The deltas that rebuild `version` from the current snapshot, newest first, or nil if
    /// it is no longer kept. O(kept).
    func deltas(rebuilding version: Int) -> [ReverseDelta]? {
        guard let index = deltas.firstIndex(where: { $0.version == version }) else { return nil }
        return deltas[...index].map(\.delta)
    }
}
