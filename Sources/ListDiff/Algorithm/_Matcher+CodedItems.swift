extension _Matcher {
    /// ``_intern(asciiStrings:)`` for items the caller has numbered already (``ItemCodes``):
    /// an item's slot is its code, so an item costs a load and a store — no hash, no
    /// identifier compared. The slots hold what ``_DirectSymbolTable``'s do. False, with
    /// nothing recorded (the next pass writes every partner again), when the codes do not fit
    /// the snapshots: other counts, or a code out of range.
    ///
    /// - Complexity: O(n + codes.count) for n processed items.
    @inlinable
    mutating func _internCoded(_ codes: ItemCodes) throws(Failure) -> Bool {
        guard codes.old.count == old.numberOfItems, codes.new.count == new.numberOfItems else { return false }
        var slots = [UInt32](_filling: 0, count: codes.count)
        var duplicates = _Duplicates()
        let fits = slots.withUnsafeMutableBufferPointer { slots in
            _internCoded(codes, slots: slots, duplicates: &duplicates)
        }
        guard fits else { return false }
        try Self._record(duplicates)
        return true
    }

    /// ``_internCoded(_:)`` into `slots`, one per code; false at a code out of range.
    @inlinable @inline(__always)
    mutating func _internCoded(
        _ codes: ItemCodes, slots: UnsafeMutableBufferPointer<UInt32>, duplicates: inout _Duplicates
    ) -> Bool {
        // The loops write the item columns and read the sections beside them.
        _updatingItemColumns { items, sections, old, new in
            codes.old.withUnsafeBufferPointer { oldCodes in
                Self._enterCodedOld(
                    oldCodes, of: old, sections: sections, slots: slots, items: items, duplicates: &duplicates)
            }
                && codes.new.withUnsafeBufferPointer { newCodes in
                    Self._findCodedNew(
                        newCodes, of: new, sections: sections, slots: slots, items: items, duplicates: &duplicates)
                }
        }
    }

    /// Enters the processed old items into the slots of their codes (`codes` numbers every
    /// old item, processed or not), each still without a partner; false at a code out of range.
    @inlinable @inline(__always)
    static func _enterCodedOld(
        _ codes: UnsafeBufferPointer<UInt32>, of old: Source, sections: _DiffIndexes,
        slots: UnsafeMutableBufferPointer<UInt32>, items: _ItemColumns.Handle, duplicates: inout _Duplicates
    ) -> Bool {
        var start = 0
        for section in 0..<sections.oldSectionCount {
            let sectionItems = old.sections[section].items
            defer { start &+= sectionItems.count }
            guard sections.isProcessed(old: section) else { continue }
            let base = Int(sections.oldBase[section])
            for index in 0..<sectionItems.count {
                let slot = Int(codes[start &+ index])
                guard slot < slots.count else { return false }
                items.oldPartner[base &+ index] = _ItemColumns.none
                if slots[slot] != 0 {
                    duplicates.add(old: sectionItems[index].id)
                    continue
                }
                slots[slot] = UInt32(truncatingIfNeeded: base &+ index &+ 1)
            }
        }
        return true
    }

    /// Looks the processed new items up in the slots of their codes: each finds its old
    /// partner, or enters as new-only. False at a code out of range.
    @inlinable @inline(__always)
    static func _findCodedNew(
        _ codes: UnsafeBufferPointer<UInt32>, of new: Source, sections: _DiffIndexes,
        slots: UnsafeMutableBufferPointer<UInt32>, items: _ItemColumns.Handle, duplicates: inout _Duplicates
    ) -> Bool {
        let oldTotal = items.oldPartner.count
        var start = 0
        for section in 0..<sections.newSectionCount {
            let sectionItems = new.sections[section].items
            defer { start &+= sectionItems.count }
            guard sections.isProcessed(new: section) else { continue }
            let base = Int(sections.newBase[section])
            for index in 0..<sectionItems.count {
                let slot = Int(codes[start &+ index])
                guard slot < slots.count else { return false }
                let flat = base &+ index
                let code = Int(slots[slot])
                if code == 0 {
                    slots[slot] = UInt32(truncatingIfNeeded: oldTotal &+ flat &+ 1)
                    items.newPartner[flat] = _ItemColumns.none
                } else if code <= oldTotal, items.oldPartner[code &- 1] == _ItemColumns.none {
                    items.oldPartner[code &- 1] = Int32(truncatingIfNeeded: flat)
                    items.newPartner[flat] = Int32(truncatingIfNeeded: code &- 1)
                } else {
                    items.newPartner[flat] = _ItemColumns.none
                    duplicates.add(new: sectionItems[index].id)
                }
            }
        }
        return true
    }
}
