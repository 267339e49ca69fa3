extension _Matcher {
    @inlinable
    func oldID(_ flat: Int) -> ItemID {
        let section = result.items.oldSection(flat)
        return old.sections[section].items[flat - Int(result.oldBase[section])].id
    }

    @inlinable
    func newID(_ flat: Int) -> ItemID {
        let section = result.items.newSection(flat)
        return new.sections[section].items[flat - Int(result.newBase[section])].id
    }

    /// The identifier of item `flat` of `snapshot`, whose sections' flat numbers start at
    /// `bases` and whose items' sections `sections` holds: ``oldID(_:)`` and ``newID(_:)``
    /// while the item columns are out of `result`, read through their handle.
    @inlinable @inline(__always)
    static func _id(
        of flat: Int, in snapshot: Source, bases: _SectionColumn<Int32>, sections: UnsafeMutableBufferPointer<Int32>
    )
        -> ItemID
    {
        let section = Int(sections[flat])
        return snapshot.sections[section].items[flat &- Int(bases[section])].id
    }

    /// Hashes every processed item once: old items enter the table, new items find their
    /// old partner or enter as new-only. A second occurrence on either side is a duplicate.
    ///
    /// String identifiers are hashed by their bytes (a seeded multiply-fold, several times
    /// cheaper than SipHash) as long as every one is ASCII, where byte equality is exactly
    /// `String`'s `==`; at the first non-ASCII identifier the matching starts over with the
    /// standard hash (`_rawHashValue(seed:)`), which respects canonical equivalence. One diff
    /// never mixes the two.
    @inlinable
    mutating func matchItems(hasMarks: Bool) throws(Failure) {
        var asciiStrings = ItemID.self == String.self
        if asciiStrings,
            new.reloadedItems.contains(where: { Self._hash($0, asciiStrings: true) == nil })
                || new.reconfiguredItems.contains(where: { Self._hash($0, asciiStrings: true) == nil })
        {
            asciiStrings = false
        }
        // Every section unchanged (no marks, or every section would be processed): no table.
        if !hasMarks, result.items.oldCount == 0, result.items.newCount == 0 { return }
        if !hasMarks, let codes, try _internCoded(codes) { return }
        if _IdentifierHash.isInjective(ItemID.self), let table = try _internDirect() {
            if hasMarks {
                marks = try resolveMarks { id in table.code(of: _IdentifierHash.orderedKey(id) ?? table.minimum) &- 1 }
            }
            return
        }
        while true {
            if let table = try _intern(asciiStrings: asciiStrings) {
                if hasMarks { marks = try resolveMarks { id in code(of: id, in: table, asciiStrings: asciiStrings) } }
                return
            }
            asciiStrings = false
        }
    }

    /// The code of `id` in the hashed table less one (an old flat number, or old total plus a
    /// new flat number); -1 when no item has it.
    @inlinable
    func code(of id: ItemID, in table: _SymbolTable, asciiStrings: Bool) -> Int {
        let oldTotal = result.items.oldCount
        // ASCII mode is only chosen when every mark is ASCII.
        guard let hash = Self._hash(id, asciiStrings: asciiStrings) else { return -1 }
        let tag = _SymbolTable.tag(hash)
        var slot = hash & table.mask
        while table.entry(at: slot) != 0 {
            let entry = table.entry(at: slot)
            if entry & ~_SymbolTable.codeMask == tag {
                let code = Int(entry & _SymbolTable.codeMask) - 1
                if code < oldTotal ? oldID(code) == id : newID(code - oldTotal) == id { return code }
            }
            slot = (slot &+ 1) & table.mask
        }
        return -1
    }

    /// The hash the table uses for `id` in the given mode; nil for a non-ASCII string in
    /// ASCII mode.
    @inlinable @inline(__always)
    static func _hash(_ id: ItemID, asciiStrings: Bool) -> Int? {
        asciiStrings ? _IdentifierHash.ofASCII(unsafeBitCast(id, to: String.self)) : _IdentifierHash.of(id)
    }

    /// One interning pass; nil (and nothing recorded) when ASCII mode meets a non-ASCII string.
    @inlinable
    mutating func _intern(asciiStrings: Bool) throws(Failure) -> _SymbolTable? {
        let oldTotal = result.items.oldCount
        // For integer identifiers equal hashes are equal identifiers: the table keeps each
        // entry's full hash, compared instead of fetching the identifier.
        let injective = _IdentifierHash.isInjective(ItemID.self)
        var table = _SymbolTable(entries: oldTotal + result.items.newCount, fullHashes: injective)
        var duplicates = _Duplicates()
        // The loops write the item columns and read the sections beside them.
        let completed = table.update { table in
            _updatingItemColumns { items, sections, old, new in
                Self._intern(
                    asciiStrings: asciiStrings, into: table, items: items, sections: sections, snapshots: (old, new),
                    duplicates: &duplicates)
            }
        }
        guard completed else { return nil }
        try Self._record(duplicates)
        return table
    }

    /// ``_intern(asciiStrings:)``'s two passes into `table`, every argument passed on, none
    /// captured (a captured one is copied); false when ASCII mode meets a non-ASCII string.
    @inlinable @inline(__always)
    static func _intern(
        asciiStrings: Bool, into table: _SymbolTable.Handle, items: _ItemColumns.Handle, sections: _DiffIndexes,
        snapshots: (old: Source, new: Source), duplicates: inout _Duplicates
    ) -> Bool {
        let (old, new) = snapshots
        items.forgetPartners()
        for section in 0..<sections.oldSectionCount where sections.isProcessed(old: section) {
            let base = Int(sections.oldBase[section])
            let interned = old.sections[section].items.withUnsafeBufferPointer { snapshotItems in
                _internOld(
                    snapshotItems, base: base, asciiStrings: asciiStrings, into: table, items: items,
                    old: old, sections: sections, duplicates: &duplicates)
            }
            guard interned else { return false }
        }
        for section in 0..<sections.newSectionCount where sections.isProcessed(new: section) {
            let base = Int(sections.newBase[section])
            let interned = new.sections[section].items.withUnsafeBufferPointer { snapshotItems in
                _internNew(
                    snapshotItems, base: base, asciiStrings: asciiStrings, into: table, items: items,
                    snapshots: (old, new), sections: sections, duplicates: &duplicates)
            }
            guard interned else { return false }
        }
        return true
    }

    /// Enters old items (flat numbers from `base`) into the table; false when ASCII mode meets
    /// a non-ASCII string.
    @inlinable @inline(__always)
    static func _internOld(
        _ snapshotItems: UnsafeBufferPointer<Source.Item>, base: Int, asciiStrings: Bool,
        into table: _SymbolTable.Handle,
        items: _ItemColumns.Handle, old: Source, sections: _DiffIndexes, duplicates: inout _Duplicates
    ) -> Bool {
        let mask = table.slots.count &- 1
        let codeMask = _SymbolTable.codeMask
        let injective = !table.fullHashes.isEmpty
        for index in 0..<snapshotItems.count {
            let id = snapshotItems[index].id
            guard let hash = Self._hash(id, asciiStrings: asciiStrings) else { return false }
            let tag = _SymbolTable.tag(hash)
            var slot = hash & mask
            while true {
                let entry = table.slots[slot]
                if entry == 0 {
                    table.slots[slot] = tag | UInt64(base &+ index &+ 1)
                    if injective { table.fullHashes[base &+ index] = UInt64(bitPattern: Int64(hash)) }
                    break
                }
                if entry & ~codeMask == tag,
                    injective
                        ? table.fullHashes[Int(entry & codeMask) &- 1] == UInt64(bitPattern: Int64(hash))
                        : _id(
                            of: Int(entry & codeMask) &- 1, in: old, bases: sections.oldBase, sections: items.oldSection
                        ) == id
                {
                    duplicates.add(old: id)
                    break
                }
                slot = (slot &+ 1) & mask
            }
        }
        return true
    }

    /// Looks new items (flat numbers from `base`) up in the table: each finds its old partner,
    /// or enters as new-only. False when ASCII mode meets a non-ASCII string.
    @inlinable @inline(__always)
    static func _internNew(
        _ snapshotItems: UnsafeBufferPointer<Source.Item>, base: Int, asciiStrings: Bool,
        into table: _SymbolTable.Handle,
        items: _ItemColumns.Handle, snapshots: (old: Source, new: Source), sections: _DiffIndexes,
        duplicates: inout _Duplicates
    ) -> Bool {
        let mask = table.slots.count &- 1
        let codeMask = _SymbolTable.codeMask
        let injective = !table.fullHashes.isEmpty
        let oldTotal = items.oldPartner.count
        for index in 0..<snapshotItems.count {
            let id = snapshotItems[index].id
            guard let hash = Self._hash(id, asciiStrings: asciiStrings) else { return false }
            let tag = _SymbolTable.tag(hash)
            let flat = base &+ index
            var slot = hash & mask
            while true {
                let entry = table.slots[slot]
                if entry == 0 {
                    table.slots[slot] = tag | UInt64(oldTotal &+ flat &+ 1)
                    if injective { table.fullHashes[oldTotal &+ flat] = UInt64(bitPattern: Int64(hash)) }
                    break
                }
                if entry & ~codeMask == tag {
                    let code = Int(entry & codeMask) &- 1
                    let same =
                        injective
                        ? table.fullHashes[code] == UInt64(bitPattern: Int64(hash))
                        : code < oldTotal
                            ? _id(of: code, in: snapshots.old, bases: sections.oldBase, sections: items.oldSection)
                                == id
                            : _id(
                                of: code &- oldTotal, in: snapshots.new, bases: sections.newBase,
                                sections: items.newSection)
                                == id
                    if same {
                        if code >= oldTotal || items.oldPartner[code] != _ItemColumns.none {
                            duplicates.add(new: id)
                        } else {
                            items.oldPartner[code] = Int32(truncatingIfNeeded: flat)
                            items.newPartner[flat] = Int32(truncatingIfNeeded: code)
                        }
                        break
                    }
                }
                slot = (slot &+ 1) & mask
            }
        }
        return true
    }
    /// Throws the repeated identifiers an interning pass found, the old side's first; the
    /// partners stay recorded in `result` either way.
    @inlinable
    static func _record(_ duplicates: _Duplicates) throws(Failure) {
        if !duplicates.old.isEmpty { throw Failure(side: .old, reason: .duplicateItems(duplicates.old)) }
        if !duplicates.new.isEmpty { throw Failure(side: .new, reason: .duplicateItems(duplicates.new)) }
    }

    /// Per new flat item, the strongest update its marks ask for. Marks name identifiers; the
    /// update needs their new flat numbers. Every section is processed when marks exist, so
    /// every new item is in the table, whose code for an identifier (less one, -1 when
    /// absent) `code` gives.
    @inlinable
    func resolveMarks(code: (ItemID) -> Int) throws(Failure) -> [UInt8] {
        let oldTotal = result.items.oldCount
        var marks = [UInt8](_filling: 0, count: result.items.newCount)
        func flat(of id: ItemID) -> Int? {
            let code = code(id)
            if code < 0 { return nil }
            if code < oldTotal { return result.items.oldPartner(code) }
            return code - oldTotal
        }
        for id in new.reconfiguredItems {
            guard let flat = flat(of: id) else { throw Failure(side: .new, reason: .unknownItem(id)) }
            marks[flat] = max(marks[flat], _UpdateKind.reconfigure.rawValue)
        }
        for id in new.reloadedItems {
            guard let flat = flat(of: id) else { throw Failure(side: .new, reason: .unknownItem(id)) }
            marks[flat] = _UpdateKind.reload.rawValue
        }
        return marks
    }
}
