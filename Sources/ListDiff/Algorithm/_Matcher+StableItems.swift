extension _Matcher {
    /// Within each kept, changed section, the items that stay in it and lie on the LIS of
    /// their old positions are stable; every other kept item is one move.
    @inlinable
    mutating func markStableItems() {
        var members: [Bool] = []
        var scratch = LongestIncreasingSubsequence.Scratch()
        // Out of `result` while written, so the loop may read `result`'s sections.
        var items = result.items
        result.items = _ItemColumns()
        let sections = result
        items.update { items in
            for section in 0..<sections.newSectionCount where !sections.isInserted(new: section) {
                guard let range = sections.flatRange(new: section) else { continue }
                let source = sections.newSectionSource[section]
                let kept = Self.collectKept(range, source: source, oldBase: sections.oldBase[Int(source)], items: items)
                if kept.increasing {
                    // Already in order (no moves within this section): all of them stay.
                    for flat in kept.flats { items.markStable(new: Int(flat)) }
                    continue
                }
                members.removeAll(keepingCapacity: true)
                members.append(contentsOf: repeatElement(false, count: kept.positions.count))
                LongestIncreasingSubsequence.mark(kept.positions, into: &members, scratch: &scratch)
                members.withUnsafeBufferPointer { members in
                    for (index, flat) in kept.flats.enumerated() where members[index] {
                        items.markStable(new: Int(flat))
                    }
                }
            }
        }
        result.items = items
    }

    /// The old positions (and new flat numbers) of the items of a new section that came from
    /// its own old section, in new order, and whether the positions already increase.
    @inlinable
    static func collectKept(
        _ range: Range<Int>, source: Int32, oldBase: Int32, items: _ItemColumns.Handle
    ) -> (positions: [Int32], flats: [Int32], increasing: Bool) {
        var increasing = true
        var found = 0
        var flats: [Int32] = []
        let positions = [Int32](unsafeUninitializedCapacity: range.count) { positions, positionCount in
            flats = [Int32](unsafeUninitializedCapacity: range.count) { flats, flatCount in
                var last: Int32 = -1
                for flat in range {
                    let partner = items.newPartner[flat]
                    guard partner != _ItemColumns.none, items.oldSection[Int(partner)] == source else { continue }
                    let position = partner &- oldBase
                    if position < last { increasing = false }
                    last = position
                    positions.initializeElement(at: found, to: position)
                    flats.initializeElement(at: found, to: Int32(truncatingIfNeeded: flat))
                    found &+= 1
                }
                flatCount = found
            }
            positionCount = found
        }
        return (positions, flats, increasing)
    }
}
