extension _Matcher {
    /// Within each kept, changed section, the items that stay in it and lie on the LIS of
    /// their old positions are stable; every other kept item is one move.
    ///
    /// One buffer, sized for the longest section, holds each section's kept items in turn:
    /// an allocation per section would cost more than the pass over a section of a hundred.
    ///
    /// A derived diff passes the sections (`copied`, per new section; empty: none) whose items,
    /// and the old items they came from, are those of the same new section in `top`: their
    /// flags are `top`'s, copied rather than found again.
    @inlinable
    mutating func markStableItems(copying copied: [Bool] = [], from top: _DiffIndexes? = nil) {
        var scratch = LongestIncreasingSubsequence.Scratch()
        // `positions | flats`, `longest` each, uninitialized (every element read is written
        // first); on the stack when small, so a small diff allocates nothing for it.
        let longest = Int(result.newCounts.max() ?? 0)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 &* longest) { kept in
            guard let positions = kept.baseAddress else { return }
            _markStableItems(skipping: copied, positions: positions, flats: positions + longest, scratch: &scratch)
        }
        if let top, !copied.isEmpty {
            _updatingItemColumns { items, sections, _, _ in
                Self.copyStableFlags(of: copied, from: top, to: items, at: sections)
            }
        }
    }

    /// ``markStableItems(copying:from:)``'s pass over the sections not `copied`, with room in
    /// `positions` and `flats` for the longest section's items.
    ///
    /// - Complexity: O(p + m log m) for p processed new items, m of them kept.
    @inlinable @inline(__always)
    mutating func _markStableItems(
        skipping copied: [Bool], positions: UnsafeMutablePointer<Int32>, flats: UnsafeMutablePointer<Int32>,
        scratch: inout LongestIncreasingSubsequence.Scratch
    ) {
        // The loop writes the item columns and reads the sections beside them.
        _updatingItemColumns { items, sections, _, _ in
            for section in 0..<sections.newSectionCount where !sections.isInserted(new: section) {
                guard let range = sections.flatRange(new: section), copied.isEmpty || !copied[section] else {
                    continue
                }
                let source = sections.newSectionSource[section]
                let (count, increasing) = Self.collectKept(
                    range, source: source, oldBase: sections.oldBase[Int(source)], items: items,
                    positions: positions, flats: flats)
                if increasing {
                    // Already in order (no moves within this section): all of them stay.
                    for index in 0..<count { items.markStable(new: Int(flats[index])) }
                    continue
                }
                LongestIncreasingSubsequence.forEachMember(
                    of: UnsafeBufferPointer(start: positions, count: count), scratch: &scratch
                ) { items.markStable(new: Int(flats[$0])) }
            }
        }
    }

    /// Copies the stability flags of new sections `copied` from `top` (see
    /// ``markStableItems(copying:from:)``). O(items copied).
    @inlinable
    static func copyStableFlags(
        of copied: [Bool], from top: _DiffIndexes, to items: _ItemColumns.Handle, at sections: _DiffIndexes
    ) {
        top.items.read { source in
            for section in copied.indices where copied[section] {
                guard let range = sections.flatRange(new: section), let from = top.flatRange(new: section) else {
                    continue
                }
                assert(range.count == from.count, "a copied section holds the same items")
                guard let to = items.newStable, let source = source.newStable else { return }
                (to + range.lowerBound).copyMemory(from: source + from.lowerBound, byteCount: range.count)
            }
        }
    }

    /// Writes the old positions (to `positions`) and new flat numbers (to `flats`) of the
    /// items of a new section that came from its own old section, in new order; returns how
    /// many, and whether the positions already increase.
    @inlinable @inline(__always)
    static func collectKept(
        _ range: Range<Int>, source: Int32, oldBase: Int32, items: _ItemColumns.Handle,
        positions: UnsafeMutablePointer<Int32>, flats: UnsafeMutablePointer<Int32>
    ) -> (count: Int, increasing: Bool) {
        var increasing = true
        var found = 0
        var last: Int32 = -1
        for flat in range {
            let partner = items.newPartner[flat]
            guard partner != _ItemColumns.none, items.oldSection[Int(partner)] == source else { continue }
            let position = partner &- oldBase
            if position < last { increasing = false }
            last = position
            positions[found] = position
            flats[found] = Int32(truncatingIfNeeded: flat)
            found &+= 1
        }
        return (found, increasing)
    }
}
