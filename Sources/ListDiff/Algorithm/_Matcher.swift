/// Paul Heckel's symbol-table pass, sectioned: sections are matched first, unchanged
/// sections are skipped without hashing, and every item of the remaining sections is hashed
/// exactly once into one open-addressing table shared by both sides (integer identifiers that
/// lie close together are not hashed: their table is indexed by value, ``_DirectSymbolTable``).
/// Because identifiers are
/// unique, a symbol's single old and single new occurrence *are* the match (Heckel's
/// neighbour-extension passes have nothing left to do), and the longest increasing
/// subsequence then picks the items that stay.
@usableFromInline
struct _Matcher<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Content: Equatable & Sendable> {
    @usableFromInline typealias Source = Snapshot<SectionID, ItemID, Content>
    @usableFromInline typealias Failure = SectionedDiffError<SectionID, ItemID>

    @usableFromInline let old: Source
    @usableFromInline let new: Source
    @usableFromInline let options: DiffOptions
    /// The caller's codes for the items (``ItemCodes``), if it has them.
    @usableFromInline let codes: ItemCodes?
    @usableFromInline var result = _DiffIndexes()
    /// Per new flat item, the strongest update its marks ask for (``_UpdateKind``); empty
    /// when the new snapshot has no item marks.
    @usableFromInline var marks: [UInt8] = []

    @inlinable
    init(old: Source, new: Source, codes: ItemCodes? = nil, options: DiffOptions) {
        self.old = old
        self.new = new
        self.codes = codes
        self.options = options
    }

    /// Runs every pass. O(n) expected plus O(m log m) for the LIS of m kept items.
    @inlinable
    mutating func run() throws(Failure) -> _DiffIndexes {
        try matchSections()
        let hasMarks = !new.reloadedItems.isEmpty || !new.reconfiguredItems.isEmpty
        let unchanged = findUnchangedSections(forceProcessing: hasMarks)
        assignFlatNumbers(unchanged: unchanged)
        try matchItems(hasMarks: hasMarks)
        markStableItems()
        try collectUpdates(unchanged: unchanged, hasMarks: hasMarks)
        return _takeResult()
    }

    /// ``result``, moved out rather than copied: a copy retains every column, and the
    /// matcher's end releases them again. The matcher is done with afterwards.
    @inlinable
    mutating func _takeResult() -> _DiffIndexes {
        var indexes = _DiffIndexes()
        swap(&indexes, &result)
        return indexes
    }

    /// Runs `body` with ``result``'s item columns open for writing and the rest of ``result``
    /// to read, both moved out of `self` meanwhile (and back after), and the two snapshots:
    /// copies of the indexes and snapshots would retain every column and array and release
    /// them again. `body` must not reach `self`.
    @inlinable
    mutating func _updatingItemColumns<R>(_ body: (_ItemColumns.Handle, _DiffIndexes, Source, Source) -> R) -> R {
        var sections = _DiffIndexes()
        swap(&sections, &result)
        var items = _ItemColumns()
        swap(&items, &sections.items)
        let answer = Self._update(&items, lending: sections, old, new, body)
        swap(&items, &sections.items)
        swap(&sections, &result)
        return answer
    }

    /// `body` with `items` open for writing and the rest lent: parameters the closure captures
    /// are passed on without a copy, where captured variables would be copied.
    @inlinable
    static func _update<R>(
        _ items: inout _ItemColumns, lending sections: _DiffIndexes, _ old: Source, _ new: Source,
        _ body: (_ItemColumns.Handle, _DiffIndexes, Source, Source) -> R
    ) -> R {
        items.update { items in body(items, sections, old, new) }
    }

    // MARK: Sections

    @inlinable
    mutating func matchSections() throws(Failure) {
        let oldCount = old.sections.count
        let newCount = new.sections.count
        result.oldSectionCount = oldCount
        result.newSectionCount = newCount
        result.oldSectionTarget = _SectionColumn(repeating: _DiffIndexes.none, count: oldCount)
        result.newSectionSource = _SectionColumn(repeating: _DiffIndexes.none, count: newCount)
        result.newSectionStable = _SectionColumn(repeating: false, count: newCount)
        // One section a side (every flat list): nothing to hash, no repeat possible.
        if oldCount == 1 && newCount == 1 {
            if old.sections[0].id == new.sections[0].id {
                result.oldSectionTarget[0] = 0
                result.newSectionSource[0] = 0
                result.newSectionStable[0] = true
            }
            return
        }
        // Old sections map to their index; new-only sections to -2 - index, to catch repeats.
        var symbols = [SectionID: Int32](minimumCapacity: oldCount + newCount)
        var oldDuplicates: [SectionID] = []
        var newDuplicates: [SectionID] = []
        let limit = SnapshotError<SectionID, ItemID>.reportedDuplicateLimit
        for (index, section) in old.sections.enumerated()
        where symbols.updateValue(Int32(index), forKey: section.id) != nil {
            if oldDuplicates.count < limit { oldDuplicates.append(section.id) }
        }
        if !oldDuplicates.isEmpty { throw Failure(side: .old, reason: .duplicateSections(oldDuplicates)) }
        for (index, section) in new.sections.enumerated() {
            let symbol = symbols[section.id]
            if let symbol, symbol >= 0, result.isDeleted(old: Int(symbol)) {
                result.oldSectionTarget[Int(symbol)] = Int32(index)
                result.newSectionSource[index] = symbol
            } else if symbol != nil {
                if newDuplicates.count < limit { newDuplicates.append(section.id) }
            } else {
                symbols[section.id] = -2 - Int32(index)
            }
        }
        if !newDuplicates.isEmpty { throw Failure(side: .new, reason: .duplicateSections(newDuplicates)) }
        result.stabiliseSections()
    }

    /// Kept sections whose item identifiers are equal in order need no hashing at all.
    @inlinable
    func findUnchangedSections(forceProcessing: Bool) -> _SectionColumn<Bool> {
        var unchanged = _SectionColumn(repeating: false, count: result.newSectionCount)
        guard !forceProcessing else { return unchanged }
        for index in 0..<result.newSectionCount {
            guard !result.isInserted(new: index) else { continue }
            let source = Int(result.newSectionSource[index])
            unchanged[index] = Self.sameIdentifiers(old.sections[source].items, new.sections[index].items)
        }
        return unchanged
    }

    @inlinable
    static func sameIdentifiers(_ left: ContiguousArray<Source.Item>, _ right: ContiguousArray<Source.Item>) -> Bool {
        guard left.count == right.count else { return false }
        // 64-bit integer identifiers: compare their words in place, sixteen items a step.
        if _IdentifierHash.isInjective(ItemID.self), MemoryLayout<ItemID>.size == 8,
            let offset = MemoryLayout<Source.Item>.offset(of: \Source.Item.id)
        {
            return left.withUnsafeBytes { left in
                right.withUnsafeBytes { right in
                    _sameWords(
                        left, right, count: right.count / MemoryLayout<Source.Item>.stride,
                        stride: MemoryLayout<Source.Item>.stride, offset: offset)
                }
            }
        }
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                for index in 0..<left.count where left[index].id != right[index].id { return false }
                return true
            }
        }
    }

    @inlinable
    mutating func assignFlatNumbers(unchanged: _SectionColumn<Bool>) {
        var oldTotal: Int32 = 0
        result.oldBase = _SectionColumn(repeating: _DiffIndexes.none, count: result.oldSectionCount)
        result.oldCounts = _SectionColumn(repeating: 0, count: result.oldSectionCount)
        for index in 0..<result.oldSectionCount {
            guard result.isDeleted(old: index) || !unchanged[Int(result.oldSectionTarget[index])] else { continue }
            result.oldBase[index] = oldTotal
            result.oldCounts[index] = Int32(old.sections[index].items.count)
            oldTotal += result.oldCounts[index]
        }
        var newTotal: Int32 = 0
        result.newBase = _SectionColumn(repeating: _DiffIndexes.none, count: result.newSectionCount)
        result.newCounts = _SectionColumn(repeating: 0, count: result.newSectionCount)
        for index in 0..<result.newSectionCount where !unchanged[index] {
            result.newBase[index] = newTotal
            result.newCounts[index] = Int32(new.sections[index].items.count)
            newTotal += result.newCounts[index]
        }
        result.items = _ItemColumns(oldCount: Int(oldTotal), newCount: Int(newTotal))
        let (oldBase, oldCounts, newBase, newCounts) = (
            result.oldBase, result.oldCounts, result.newBase, result.newCounts
        )
        result.items.update { items in
            Self.writeSections(of: items.oldSection, bases: oldBase, counts: oldCounts)
            Self.writeSections(of: items.newSection, bases: newBase, counts: newCounts)
        }
    }

    /// Each flat item's section. Processed sections tile the column exactly, so every element
    /// is written once.
    @inlinable
    static func writeSections(
        of column: UnsafeMutableBufferPointer<Int32>, bases: _SectionColumn<Int32>, counts: _SectionColumn<Int32>
    ) {
        for section in bases.indices where bases[section] != _DiffIndexes.none {
            let start = Int(bases[section])
            for flat in start..<(start + Int(counts[section])) {
                column[flat] = Int32(truncatingIfNeeded: section)
            }
        }
    }

    /// Whether the 64-bit words at `offset` of each of `count` elements `stride` bytes apart
    /// are equal in both buffers. O(count).
    ///
    /// Sixteen elements a step, their words' differences OR-ed together and tested once: about
    /// three instructions an element (a load, a compare with the other side's word in memory,
    /// a branch the compiler makes of the OR), the loop's own costs spread over sixteen.
    /// Baseline x86-64 has no wider compare to offer: an element is 16 bytes (an 8-byte
    /// identifier, an optional's tag, padding), so a 16-byte vector holds one word of interest.
    @inlinable
    static func _sameWords(
        _ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer, count: Int, stride: Int, offset: Int
    ) -> Bool {
        var index = 0
        var position = offset
        while index &+ 16 <= count {
            var difference: UInt64 = 0
            for _ in 0..<16 {
                difference |=
                    left.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                    ^ right.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                position &+= stride
            }
            if difference != 0 { return false }
            index &+= 16
        }
        while index < count {
            if left.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            {
                return false
            }
            position &+= stride
            index &+= 1
        }
        return true
    }
}
