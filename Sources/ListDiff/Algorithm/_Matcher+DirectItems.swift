extension _Matcher {
    /// ``_intern(asciiStrings:)`` for integer identifiers that span at most
    /// ``_DirectSymbolTable/spanLimit(entries:)`` values: each identifier's slot is its offset
    /// from the smallest, so an item costs a subtraction, a load and a store, in a table no
    /// larger than the hashed one. Nil (and nothing recorded) when the identifiers are not
    /// integers or lie too far apart.
    ///
    /// - Complexity: O(n + span) for n processed items: one pass for the span, one to intern.
    @inlinable
    mutating func _internDirect() throws(Failure) -> _DirectSymbolTable? {
        let oldTotal = result.oldFlatSection.count
        let newTotal = result.newFlatSection.count
        guard oldTotal + newTotal > 0,
            let (minimum, maximum) = _keyRange(limit: _DirectSymbolTable.spanLimit(entries: oldTotal + newTotal))
        else { return nil }
        let span = maximum &- minimum
        var table = _DirectSymbolTable(minimum: minimum, span: Int(truncatingIfNeeded: span))
        var oldDuplicates: [ItemID] = []
        var newDuplicates: [ItemID] = []
        let limit = SnapshotError<SectionID, ItemID>.reportedDuplicateLimit
        var oldPartner = [Int32](repeating: -1, count: oldTotal)
        // Every new item's partner is written below, matched or not.
        var newPartner = [Int32](unsafeUninitializedCapacity: newTotal) { _, count in count = newTotal }
        // `orderedKey` is never nil here (`_keyRange` found integers); `?? minimum` costs nothing
        // once specialised.
        table.codes.withUnsafeMutableBufferPointer { codes in
            oldPartner.withUnsafeMutableBufferPointer { oldPartner in
                newPartner.withUnsafeMutableBufferPointer { newPartner in
                    for section in 0..<result.oldSectionCount where result.oldBase[section] >= 0 {
                        let base = Int(result.oldBase[section])
                        old.sections[section].items.withUnsafeBufferPointer { items in
                            for index in 0..<items.count {
                                let slot = Int(
                                    truncatingIfNeeded: (_IdentifierHash.orderedKey(items[index].id) ?? minimum)
                                        &- minimum)
                                if codes[slot] != 0 {
                                    if oldDuplicates.count < limit { oldDuplicates.append(items[index].id) }
                                    continue
                                }
                                codes[slot] = UInt32(truncatingIfNeeded: base &+ index &+ 1)
                            }
                        }
                    }
                    for section in 0..<result.newSectionCount where result.newBase[section] >= 0 {
                        let base = Int(result.newBase[section])
                        new.sections[section].items.withUnsafeBufferPointer { items in
                            for index in 0..<items.count {
                                let slot = Int(
                                    truncatingIfNeeded: (_IdentifierHash.orderedKey(items[index].id) ?? minimum)
                                        &- minimum)
                                let flat = base &+ index
                                let code = Int(codes[slot])
                                newPartner[flat] = -1
                                if code == 0 {
                                    codes[slot] = UInt32(truncatingIfNeeded: oldTotal &+ flat &+ 1)
                                } else if code <= oldTotal, oldPartner[code &- 1] < 0 {
                                    oldPartner[code &- 1] = Int32(truncatingIfNeeded: flat)
                                    newPartner[flat] = Int32(truncatingIfNeeded: code &- 1)
                                } else if newDuplicates.count < limit {
                                    newDuplicates.append(items[index].id)
                                }
                            }
                        }
                    }
                }
            }
        }
        try _record(
            oldPartner: oldPartner, newPartner: newPartner, oldDuplicates: oldDuplicates, newDuplicates: newDuplicates)
        return table
    }

    /// The smallest and largest ordered key of the processed items' identifiers; nil when
    /// they are not integers or span `limit` values or more. O(n).
    ///
    /// Every 64th item (and each section's last) is read first, so identifiers that lie far
    /// apart are usually turned away after n/64 loads rather than a whole pass; the full pass
    /// stops at the first section that takes the span past the limit.
    @inlinable
    func _keyRange(limit: UInt64) -> (minimum: UInt64, maximum: UInt64)? {
        var minimum = UInt64.max
        var maximum = UInt64.min
        func widen(_ items: ContiguousArray<Source.Item>, every step: Int) -> Bool {
            items.withUnsafeBufferPointer { items in
                guard !items.isEmpty else { return true }
                guard let lastKey = _IdentifierHash.orderedKey(items[items.count &- 1].id) else { return false }
                var low = Swift.min(minimum, lastKey)
                var high = Swift.max(maximum, lastKey)
                // Identifiers read in place: an item copied out would retain its content. The
                // whole pass has a loop of its own: through `stride` it costs half as much again.
                if step == 1 {
                    for index in items.indices {
                        guard let key = _IdentifierHash.orderedKey(items[index].id) else { return false }
                        low = Swift.min(low, key)
                        high = Swift.max(high, key)
                    }
                } else {
                    for index in Swift.stride(from: 0, to: items.count, by: step) {
                        guard let key = _IdentifierHash.orderedKey(items[index].id) else { return false }
                        low = Swift.min(low, key)
                        high = Swift.max(high, key)
                    }
                }
                (minimum, maximum) = (low, high)
                return high &- low < limit
            }
        }
        for step in [64, 1] {
            for section in 0..<result.oldSectionCount where result.oldBase[section] >= 0 {
                guard widen(old.sections[section].items, every: step) else { return nil }
            }
            for section in 0..<result.newSectionCount where result.newBase[section] >= 0 {
                guard widen(new.sections[section].items, every: step) else { return nil }
            }
        }
        return minimum <= maximum ? (minimum, maximum) : nil
    }
}
