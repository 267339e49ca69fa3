/// The indexes of `lastUsed` from the least recently used on, found one at a time: a write
/// that must make room usually evicts one session or none, so sorting them all would be
/// wasted. O(n) per index read.
struct LeastRecentlyUsedFirst: Sequence, IteratorProtocol {
    private var lastUsed: [UInt64]

    init(_ lastUsed: [UInt64]) {
        self.lastUsed = lastUsed
    }

    mutating func next() -> Int? {
        guard let oldest = lastUsed.indices.min(by: { lastUsed[$0] < lastUsed[$1] }), lastUsed[oldest] != .max else {
            return nil
        }
        lastUsed[oldest] = .max
        return oldest
    }
}
