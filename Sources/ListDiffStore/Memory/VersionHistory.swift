/// The versions kept before the current one, newest first, as reverse deltas with the marks
/// each version's write carried; at most `limit` of them (the `versionsKept` setting less the
/// current version).
struct VersionHistory: Sendable {
    private var entries: [(version: Int, digest: String, delta: ReverseDelta, marks: PackedMarks)] = []
    let limit: Int

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Older versions kept.
    var count: Int { entries.count }

    /// Estimated bytes held, marks included. O(kept).
    var bytes: Int { entries.reduce(0) { $0 + $1.delta.bytes + $1.marks.bytes } }

    /// The estimated bytes of each kept version, oldest first. O(kept).
    var bytesOldestFirst: [Int] { entries.reversed().map { $0.delta.bytes + $0.marks.bytes } }

    /// Forgets the `count` oldest versions. O(kept).
    mutating func dropOldest(_ count: Int) {
        entries.removeLast(min(max(0, count), entries.count))
    }

    /// Records `delta`, which rebuilds `version` (whose digest is `digest` and whose write
    /// carried `marks`) from the version after it; drops the oldest beyond the limit. O(kept).
    mutating func push(version: Int, digest: String, marks: PackedMarks, _ delta: ReverseDelta) {
        guard limit > 0 else { return }
        entries.insert((version, digest, delta, marks), at: 0)
        if entries.count > limit { entries.removeLast(entries.count - limit) }
    }

    /// The digest of a kept older version. O(kept).
    func digest(of version: Int) -> String? {
        entries.first { $0.version == version }?.digest
    }

    /// What rebuilds `version` from the current snapshot: the deltas, newest first, and the
    /// marks of the kept versions after it (the current version's are not here); nil if it is
    /// no longer kept. O(kept).
    func rebuilding(_ version: Int) -> (deltas: [ReverseDelta], marksAfter: [PackedMarks])? {
        guard let index = entries.firstIndex(where: { $0.version == version }) else { return nil }
        return (entries[...index].map(\.delta), entries[..<index].map(\.marks))
    }
}
