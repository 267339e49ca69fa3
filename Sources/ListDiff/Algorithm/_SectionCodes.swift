/// The identities of one section's items in a diff derived from another (``_Matcher/runSeeded(sections:oldCodes:newCodes:codeCount:copyingStable:from:)``):
/// a code per item, equal on both sides for the same item. Codes are the first diff's flat
/// numbers: an old item's old flat number, or old total plus new flat number for an item the
/// old snapshot lacks.
@usableFromInline
enum _SectionCodes: Sendable {
    /// A section whose items are those of its partner section, in order (the first diff left
    /// it unprocessed, or stage two leaves it as it is), so the derived diff leaves it
    /// unprocessed too.
    case unprocessed
    /// Item `k` has code `start + k` (an old section's items, in order).
    case run(start: Int32)
    /// Item `k` has code `codes[k]`.
    case list(ContiguousArray<Int32>)

    @inlinable
    func code(at offset: Int) -> Int32 {
        switch self {
        case .unprocessed: return _ItemColumns.none
        case .run(let start): return start &+ Int32(truncatingIfNeeded: offset)
        case .list(let codes): return codes[offset]
        }
    }

    /// Whether both sections, of equal length, hold the same items in the same order. An
    /// unprocessed section's partner is unprocessed too and holds the same items.
    @inlinable
    func equals(_ other: _SectionCodes) -> Bool {
        switch (self, other) {
        case (.unprocessed, _), (_, .unprocessed): return true
        case (.run(let left), .run(let right)): return left == right
        case (.run(let start), .list(let codes)), (.list(let codes), .run(let start)):
            return codes.indices.allSatisfy { codes[$0] == start &+ Int32(truncatingIfNeeded: $0) }
        case (.list(let left), .list(let right)): return left == right
        }
    }
}
