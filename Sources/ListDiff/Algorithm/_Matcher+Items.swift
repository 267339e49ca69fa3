extension _Matcher {
    @inlinable
    func oldID(_ flat: Int) -> ItemID {
        let section = Int(result.oldFlatSection[flat])
        return old.sections[section].items[flat - Int(result.oldBase[section])].id
    }

    @inlinable
    func newID(_ flat: Int) -> ItemID {
        let section = Int(result.newFlatSection[flat])
        return new.sections[section].items[flat - Int(result.newBase[section])].id
    }

    /// Hashes every processed item once: old items enter the table, new items find their
    /// old partner or enter as new-only. A second occurrence on either side is a duplicate.
    ///
    /// String identifiers are hashed by their bytes (a seeded multiply-fold, several times
    /// cheaper than SipHash) as long as every one is ASCII, where byte equality is exactly
    /// `String`'s `==`; at the first non-ASCII identifier the matching starts over with
    /// `hashValue`, which respects canonical equivalence. One diff never mixes the two.
    @inlinable
    mutating func matchItems(hasMarks: Bool) throws(Failure) {
        var asciiStrings = ItemID.self == String.self
        if asciiStrings,
            new.reloadedItems.contains(where: { _hash($0, asciiStrings: true) == nil })
                || new.reconfiguredItems.contains(where: { _hash($0, asciiStrings: true) == nil })
        {
            asciiStrings = false
        }
        // Every section unchanged (no marks, or every section would be processed): no table.
        if !hasMarks, result.oldFlatSection.isEmpty, result.newFlatSection.isEmpty { return }
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
        let oldTotal = result.oldPartner.count
        // ASCII mode is only chosen when every mark is ASCII.
        guard let hash = _hash(id, asciiStrings: asciiStrings) else { return -1 }
        let tag = _SymbolTable.tag(hash)
        var slot = hash & table.mask
        while table.slots[slot] != 0 {
            let entry = table.slots[slot]
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
    func _hash(_ id: ItemID, asciiStrings: Bool) -> Int? {
        asciiStrings ? _IdentifierHash.ofASCII(unsafeBitCast(id, to: String.self)) : _IdentifierHash.of(id)
    }

    /// One interning pass; nil (and nothing recorded) when ASCII mode meets a non-ASCII string.
    @inlinable
    mutating func _intern(asciiStrings: Bool) throws(Failure) -> _SymbolTable? {
        let oldTotal = result.oldFlatSection.count
        let newTotal = result.newFlatSection.count
        var table = _SymbolTable(entries: oldTotal + newTotal)
        var oldDuplicates: [ItemID] = []
        var newDuplicates: [ItemID] = []
        let limit = SnapshotError<SectionID, ItemID>.reportedDuplicateLimit
        var oldPartner = [Int32](repeating: -1, count: oldTotal)
        var newPartner = [Int32](repeating: -1, count: newTotal)
        var aborted = false
        let mask = table.mask
        let codeMask = _SymbolTable.codeMask
        // For integer identifiers equal hashes are equal identifiers: keep each entry's full
        // hash and compare that instead of fetching the identifier.
        let injective = _IdentifierHash.isInjective(ItemID.self)
        // Only entries put in the table are ever read back, and each is written first.
        var fullHashes = [Int](unsafeUninitializedCapacity: injective ? oldTotal + newTotal : 0) { _, count in
            count = injective ? oldTotal + newTotal : 0
        }
        fullHashes.withUnsafeMutableBufferPointer { fullHashes in
            table.slots.withUnsafeMutableBufferPointer { slots in
                for section in 0..<result.oldSectionCount where result.oldBase[section] >= 0 && !aborted {
                    let base = Int(result.oldBase[section])
                    old.sections[section].items.withUnsafeBufferPointer { items in
                        for index in 0..<items.count {
                            let id = items[index].id
                            guard let hash = _hash(id, asciiStrings: asciiStrings) else {
                                aborted = true
                                return
                            }
                            let tag = _SymbolTable.tag(hash)
                            var slot = hash & mask
                            while true {
                                let entry = slots[slot]
                                if entry == 0 {
                                    slots[slot] = tag | UInt64(base + index + 1)
                                    if injective { fullHashes[base + index] = hash }
                                    break
                                }
                                if entry & ~codeMask == tag,
                                    injective
                                        ? fullHashes[Int(entry & codeMask) - 1] == hash
                                        : oldID(Int(entry & codeMask) - 1) == id
                                {
                                    if oldDuplicates.count < limit { oldDuplicates.append(id) }
                                    break
                                }
                                slot = (slot &+ 1) & mask
                            }
                        }
                    }
                }
                for section in 0..<result.newSectionCount where result.newBase[section] >= 0 && !aborted {
                    let base = Int(result.newBase[section])
                    new.sections[section].items.withUnsafeBufferPointer { items in
                        for index in 0..<items.count {
                            let id = items[index].id
                            guard let hash = _hash(id, asciiStrings: asciiStrings) else {
                                aborted = true
                                return
                            }
                            let tag = _SymbolTable.tag(hash)
                            let flat = base + index
                            var slot = hash & mask
                            while true {
                                let entry = slots[slot]
                                if entry == 0 {
                                    slots[slot] = tag | UInt64(oldTotal + flat + 1)
                                    if injective { fullHashes[oldTotal + flat] = hash }
                                    break
                                }
                                if entry & ~codeMask == tag {
                                    let code = Int(entry & codeMask) - 1
                                    if code < oldTotal {
                                        if injective ? fullHashes[code] == hash : oldID(code) == id {
                                            if oldPartner[code] >= 0 {
                                                if newDuplicates.count < limit { newDuplicates.append(id) }
                                            } else {
                                                oldPartner[code] = Int32(flat)
                                                newPartner[flat] = Int32(code)
                                            }
                                            break
                                        }
                                    } else if injective ? fullHashes[code] == hash : newID(code - oldTotal) == id {
                                        if newDuplicates.count < limit { newDuplicates.append(id) }
                                        break
                                    }
                                }
                                slot = (slot &+ 1) & mask
                            }
                        }
                    }
                }
            }
        }
        if aborted { return nil }
        try _record(
            oldPartner: oldPartner, newPartner: newPartner, oldDuplicates: oldDuplicates, newDuplicates: newDuplicates)
        return table
    }

    /// Keeps what an interning pass found: the partners, or the repeated identifiers as an
    /// error (the old side's first).
    @inlinable
    mutating func _record(oldPartner: [Int32], newPartner: [Int32], oldDuplicates: [ItemID], newDuplicates: [ItemID])
        throws(Failure)
    {
        result.oldPartner = oldPartner
        result.newPartner = newPartner
        if !oldDuplicates.isEmpty { throw Failure(side: .old, reason: .duplicateItems(oldDuplicates)) }
        if !newDuplicates.isEmpty { throw Failure(side: .new, reason: .duplicateItems(newDuplicates)) }
    }

    /// Per new flat item, the strongest update its marks ask for. Marks name identifiers; the
    /// update needs their new flat numbers. Every section is processed when marks exist, so
    /// every new item is in the table, whose code for an identifier (less one, -1 when
    /// absent) `code` gives.
    @inlinable
    func resolveMarks(code: (ItemID) -> Int) throws(Failure) -> [UInt8] {
        let oldTotal = result.oldPartner.count
        var marks = [UInt8](_filling: 0, count: result.newPartner.count)
        func flat(of id: ItemID) -> Int? {
            let code = code(id)
            if code < 0 { return nil }
            if code < oldTotal { return result.oldPartner[code] >= 0 ? Int(result.oldPartner[code]) : nil }
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

    /// Within each kept, changed section, the items that stay in it and lie on the LIS of
    /// their old positions are stable; every other kept item is one move.
    @inlinable
    mutating func markStableItems() {
        var members: [Bool] = []
        var scratch = LongestIncreasingSubsequence.Scratch()
        var stable = result.newStable
        result.newStable = []
        for section in 0..<result.newSectionCount
        where result.newBase[section] >= 0 && result.newSectionSource[section] >= 0 {
            let source = result.newSectionSource[section]
            let start = Int(result.newBase[section])
            let kept = Self.collectKept(
                start..<(start + Int(result.newCounts[section])), source: source, oldBase: result.oldBase[Int(source)],
                partners: result.newPartner, oldSections: result.oldFlatSection)
            if kept.increasing {
                // Already in order (no moves within this section): all of them stay.
                stable.withUnsafeMutableBufferPointer { stable in
                    for flat in kept.flats { stable[Int(flat)] = true }
                }
                continue
            }
            members.removeAll(keepingCapacity: true)
            members.append(contentsOf: repeatElement(false, count: kept.positions.count))
            LongestIncreasingSubsequence.mark(kept.positions, into: &members, scratch: &scratch)
            stable.withUnsafeMutableBufferPointer { stable in
                members.withUnsafeBufferPointer { members in
                    for (index, flat) in kept.flats.enumerated() where members[index] { stable[Int(flat)] = true }
                }
            }
        }
        result.newStable = stable
    }

    /// The old positions (and new flat numbers) of the items of a new section that came from
    /// its own old section, in new order, and whether the positions already increase.
    @inlinable
    static func collectKept(
        _ range: Range<Int>, source: Int32, oldBase: Int32, partners: [Int32], oldSections: [Int32]
    ) -> (positions: [Int32], flats: [Int32], increasing: Bool) {
        var increasing = true
        var found = 0
        var flats: [Int32] = []
        let positions = [Int32](unsafeUninitializedCapacity: range.count) { positions, positionCount in
            flats = [Int32](unsafeUninitializedCapacity: range.count) { flats, flatCount in
                partners.withUnsafeBufferPointer { partners in
                    oldSections.withUnsafeBufferPointer { oldSections in
                        var last: Int32 = -1
                        for flat in range {
                            let partner = partners[flat]
                            guard partner >= 0, oldSections[Int(partner)] == source else { continue }
                            let position = partner &- oldBase
                            if position < last { increasing = false }
                            last = position
                            positions.initializeElement(at: found, to: position)
                            flats.initializeElement(at: found, to: Int32(truncatingIfNeeded: flat))
                            found &+= 1
                        }
                    }
                }
                flatCount = found
            }
            positionCount = found
        }
        return (positions, flats, increasing)
    }
}
