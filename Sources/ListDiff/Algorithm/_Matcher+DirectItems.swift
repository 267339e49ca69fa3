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
        let oldTotal = result.items.oldCount
        let newTotal = result.items.newCount
        guard oldTotal + newTotal > 0,
            let (minimum, maximum) = _keyRange(limit: _DirectSymbolTable.spanLimit(entries: oldTotal + newTotal))
        else { return nil }
        let span = maximum &- minimum
        var table = _DirectSymbolTable(minimum: minimum, span: Int(truncatingIfNeeded: span))
        var duplicates = _Duplicates()
        table.codes.withUnsafeMutableBufferPointer { codes in
            _internDirect(minimum: minimum, codes: codes, duplicates: &duplicates)
        }
        try Self._record(duplicates)
        return table
    }

    /// ``_internDirect()`` into `codes`, one per key from `minimum`.
    @inlinable @inline(__always)
    mutating func _internDirect(
        minimum: UInt64, codes: UnsafeMutableBufferPointer<UInt32>, duplicates: inout _Duplicates
    ) {
        // The loops write the item columns and read the sections beside them.
        _updatingItemColumns { items, sections, old, new in
            // Every new item's partner is written below, matched or not.
            items.oldPartner.update(repeating: _ItemColumns.none)
            for section in 0..<sections.oldSectionCount where sections.isProcessed(old: section) {
                let base = Int(sections.oldBase[section])
                old.sections[section].items.withUnsafeBufferPointer { snapshotItems in
                    Self._enterOld(snapshotItems, base: base, minimum: minimum, codes: codes, duplicates: &duplicates)
                }
            }
            for section in 0..<sections.newSectionCount where sections.isProcessed(new: section) {
                let base = Int(sections.newBase[section])
                new.sections[section].items.withUnsafeBufferPointer { snapshotItems in
                    Self._findNew(
                        snapshotItems, base: base, minimum: minimum, codes: codes, items: items,
                        duplicates: &duplicates)
                }
            }
        }
    }

    /// Enters old items (flat numbers from `base`) into the direct table.
    @inlinable @inline(__always)
    static func _enterOld(
        _ snapshotItems: UnsafeBufferPointer<Source.Item>, base: Int, minimum: UInt64,
        codes: UnsafeMutableBufferPointer<UInt32>, duplicates: inout _Duplicates
    ) {
        // `orderedKey` is never nil here (`_keyRange` found integers); `?? minimum` costs
        // nothing once specialised.
        for index in 0..<snapshotItems.count {
            let slot = Int(
                truncatingIfNeeded: (_IdentifierHash.orderedKey(snapshotItems[index].id) ?? minimum) &- minimum)
            if codes[slot] != 0 {
                duplicates.add(old: snapshotItems[index].id)
                continue
            }
            codes[slot] = UInt32(truncatingIfNeeded: base &+ index &+ 1)
        }
    }

    /// Looks new items (flat numbers from `base`) up in the direct table: each finds its old
    /// partner, or enters as new-only.
    @inlinable @inline(__always)
    static func _findNew(
        _ snapshotItems: UnsafeBufferPointer<Source.Item>, base: Int, minimum: UInt64,
        codes: UnsafeMutableBufferPointer<UInt32>, items: _ItemColumns.Handle, duplicates: inout _Duplicates
    ) {
        let oldTotal = items.oldPartner.count
        for index in 0..<snapshotItems.count {
            let slot = Int(
                truncatingIfNeeded: (_IdentifierHash.orderedKey(snapshotItems[index].id) ?? minimum) &- minimum)
            let flat = base &+ index
            let code = Int(codes[slot])
            items.newPartner[flat] = _ItemColumns.none
            if code == 0 {
                codes[slot] = UInt32(truncatingIfNeeded: oldTotal &+ flat &+ 1)
            } else if code <= oldTotal, items.oldPartner[code &- 1] == _ItemColumns.none {
                items.oldPartner[code &- 1] = Int32(truncatingIfNeeded: flat)
                items.newPartner[flat] = Int32(truncatingIfNeeded: code &- 1)
            } else {
                duplicates.add(new: snapshotItems[index].id)
            }
        }
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
            for section in 0..<result.oldSectionCount where result.isProcessed(old: section) {
                guard widen(old.sections[section].items, every: step) else { return nil }
            }
            for section in 0..<result.newSectionCount where result.isProcessed(new: section) {
                guard widen(new.sections[section].items, every: step) else { return nil }
            }
        }
        return minimum <= maximum ? (minimum, maximum) : nil
    }
}
